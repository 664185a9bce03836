// A player's statistics at "/player/<name>/stats" (GET /api/players/{name}/stats), as lichess's
// Insights show them: per game and mode, the results, how the kingdoms scored (the scorer's lines:
// crowns, largest region, terrains, bonuses, cavemen), the score of the latest games as a line, and
// the rating of each pool over time (rating-graph.js). Its filters are the address, as the archive's,
// and folded on a phone as the archive's are (five menus filled its first screen, the figures under them).
import { foldedFilters } from "./archive.js";
import { el, svg } from "./dom.js";
import { number, t } from "./i18n.js";
import { playerHref } from "./players.js";
import { ratingGraph } from "./rating-graph.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** A terrain's line. @typedef {{kind: string, average_points: number}} TerrainLine */
/** A bonus's line. @typedef {{key: string, detail: string | null, games: number, earned: number, average_points: number, count: number}} BonusLine */
/** A game's score in the graph. @typedef {{id: string, ended_at: string, score: number, place: number}} ScorePoint */
/** A game and mode's statistics.
 * @typedef {{game: string, mode: string, games: number, wins: number, draws: number, average_place: number,
 *   average_score: number, best_score: number, crowns: string, average_crowns: number, average_largest: number,
 *   terrains: TerrainLine[], bonuses: BonusLine[], scores: ScorePoint[]}} Group */
/** The answer. @typedef {{name: string, pending: number, groups: Group[]}} Statistics */

const POOLS = ["kingdomino-2", "kingdomino-3-4", "duel", "origins-2", "origins-3-4"];
/** Each filter (the API's query parameters) and the values its menu offers; "" is any. */
const CHOICES = {
  pool: ["", ...POOLS],
  rated: ["", "true", "false"],
  against: ["", "people", "bots", "ai"],
  clock: ["", "real_time", "turn_based"],
  last: ["", "20", "50", "100", "200"],
};
/** @typedef {keyof typeof CHOICES} Choice */
/** The bonuses a game may have played, earned or missed: their lines say how often they were earned. */
const EARNED = ["middle_kingdom", "harmony", "fire_kingdom", "homo_habilis"];

/** The address of a player's statistics with `filters` (their empty values left out).
 * @param {string} name @param {Record<string, string>} [filters] */
export function insightsHref(name, filters = {}) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value)).toString();
  return `${playerHref(name)}/stats${query ? `?${query}` : ""}`;
}

/** The link to a player's statistics, for their page. @param {string} name */
export function insightsLink(name) {
  return el("p", {}, el("a", { href: insightsHref(name), id: "player-insights" }, t("insights.link")));
}

/** The filters the address asks for: each menu's value if it offers it, else any. @returns {Record<string, string>} */
function filtersAsked() {
  const asked = new URLSearchParams(location.search);
  return Object.fromEntries(Object.entries(CHOICES).map(([field, values]) => {
    const value = asked.get(field) || "";
    return [field, values.includes(value) ? value : ""];
  }));
}

/** A filter's menu, its label above it (the archive's words, and "Games: the latest 50").
 * @param {Choice} field @param {string} chosen */
function menu(field, chosen) {
  const id = `insights-${field}`;
  const words = (/** @type {string} */ value) => field === "pool" && value ? t(`pool.${value}`)
    : field === "last" ? (value ? t("insights.last_n", { n: Number(value) }) : t("insights.last_any"))
      : t(`archive.${field}_${value || "any"}`);
  return el("p", { class: "archive-filter" }, el("label", { for: id }, field === "last" ? t("insights.last") : t(`archive.${field}`)),
    el("select", { id, name: field }, CHOICES[field].map((value) => el("option", { value, selected: value === chosen }, words(value)))));
}

/** The filters' form: sent, it opens the address it asks for. @param {string} name @param {Record<string, string>} filters */
function filterForm(name, filters) {
  const form = /** @type {HTMLFormElement} */ (el("form", { class: "archive-filters", id: "insights-filters", role: "search",
    "aria-label": t("archive.filters") },
  /** @type {Choice[]} */ (Object.keys(CHOICES)).map((field) => menu(field, filters[field])),
  el("p", { class: "archive-actions" }, el("button", { type: "submit", class: "primary" }, t("archive.show")),
    Object.values(filters).some(Boolean) ? el("a", { href: insightsHref(name), id: "insights-clear" }, t("archive.clear")) : "")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    location.assign(insightsHref(name, Object.fromEntries(Array.from(new FormData(form), ([k, v]) => [k, String(v)]))));
  });
  return form;
}

/** A group's heading: the game, and its mode when it has one of its own ("Kingdomino Origins · Tribe").
 * @param {Group} group */
function groupTitle(group) {
  const mode = group.mode === "standard" ? "" : group.game === "origins" ? t(`mode.${group.mode}`) : t(`option.${group.mode}`);
  return mode ? `${t(`game.${group.game}`)} · ${mode}` : t(`game.${group.game}`);
}

/** A figure with its words, as a term and its value. @param {string} words @param {string} value @param {string} key */
function figure(words, value, key) {
  return el("div", { class: "insights-figure", "data-figure": key }, el("dt", {}, words), el("dd", {}, value));
}

/** The group's results and kingdoms in figures. @param {Group} group */
function figures(group) {
  const decimal = (/** @type {number} */ n) => number(n, { maximumFractionDigits: 1 });
  const wonShare = number(group.wins / group.games, { style: "percent" });
  return el("dl", { class: "insights-figures" },
    figure(t("players.games"), number(group.games), "games"),
    figure(t("players.wins"), `${number(group.wins)} (${wonShare})`, "wins"),
    figure(t("insights.draws"), number(group.draws), "draws"),
    figure(t("insights.average_place"), decimal(group.average_place), "average_place"),
    figure(t("insights.average_score"), decimal(group.average_score), "average_score"),
    figure(t("insights.best_score"), number(group.best_score), "best_score"),
    figure(t(`insights.average_${group.crowns}`), decimal(group.average_crowns), "average_crowns"),
    figure(t(`insights.largest.${group.game}`), decimal(group.average_largest), "average_largest"));
}

/** A bonus's words: what it is and how it went ("Harmony: earned in 2 of 3 games"). @param {BonusLine} bonus */
function bonusLine(bonus) {
  const decimal = (/** @type {number} */ n) => number(n, { maximumFractionDigits: 1 });
  if (EARNED.includes(bonus.key)) {
    return el("li", { "data-bonus": bonus.key }, el("strong", {}, t(`bonus.${bonus.key}`)), ": ",
      t("insights.earned", { earned: number(bonus.earned), n: bonus.games }));
  }
  const name = bonus.key === "caveman" && bonus.detail ? t(`caveman.${bonus.detail}`)
    : bonus.key === "totem" && bonus.detail ? t("bonus.totem", { resource: t(`resource.${bonus.detail}`) })
      : bonus.key === "domains" && bonus.detail ? t("insights.domains", { coat: t(`coat.${bonus.detail}`) })
        : t(`bonus.${bonus.key}`);
  const times = bonus.key === "caveman" ? t("insights.recruited", { count: number(bonus.count), n: bonus.games })
    : t("insights.in_games", { n: bonus.games });
  const named = name.charAt(0).toLocaleUpperCase() + name.slice(1);  // "warrior horde" begins a line
  return el("li", { "data-bonus": bonus.detail ? `${bonus.key}:${bonus.detail}` : bonus.key }, el("strong", {}, named), ": ",
    times, " · ", t("insights.points_a_game", { points: decimal(bonus.average_points) }));
}

/** The terrains' points a game, most first. @param {Group} group */
function terrainTable(group) {
  const kind = (/** @type {string} */ k) => group.game === "duel" ? t(`coat.${k}`) : t(`terrain.${k}`);
  return el("div", { class: "table-scroll" }, el("table", { class: "players-table insights-terrains" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t(group.game === "duel" ? "insights.coat" : "insights.terrain")),
      el("th", { scope: "col", class: "figure" }, t("insights.points")))),
    el("tbody", {}, group.terrains.map((line) => el("tr", { "data-terrain": line.kind }, el("td", {}, kind(line.kind)),
      el("td", { class: "figure" }, number(line.average_points, { maximumFractionDigits: 1 })))))));
}

/** The drawing's size in its own units, as the rating's graph. */
const WIDTH = 300, HEIGHT = 80, LEFT = 34, RIGHT = 6, TOP = 8, BOTTOM = 8;

/** The score of the latest games as a line, its words for a screen reader. @param {ScorePoint[]} points */
export function scoreGraph(points) {
  if (!points.length) return "";
  const scores = points.map((p) => p.score);
  const low = Math.min(...scores), high = Math.max(...scores);
  const bottom = high - low < 10 ? Math.max(0, low - 5) : low, top = Math.max(high, bottom + 10);
  const x = (/** @type {number} */ i) => LEFT + ((WIDTH - LEFT - RIGHT) * i) / Math.max(1, scores.length - 1);
  const y = (/** @type {number} */ s) => TOP + ((HEIGHT - TOP - BOTTOM) * (top - s)) / (top - bottom);
  const words = t("insights.graph", { n: scores.length, low: number(low), high: number(high), last: number(scores[scores.length - 1]) });
  return el("figure", { class: "rating-figure" },
    svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "rating-graph insights-graph", role: "img", "aria-label": words },
      [top, bottom].flatMap((s) => [svg("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: y(s), y2: y(s), class: "rating-grid" }),
        svg("text", { x: LEFT - 4, y: y(s) + 3, class: "rating-axis" }, String(s))]),
      svg("polyline", { class: "rating-line", points: scores.map((s, i) => `${x(i)},${y(s)}`).join(" ") }),
      points.map((p, i) => svg("circle", { cx: x(i), cy: y(p.score), r: 2.2, class: p.place === 1 ? "rating-point insights-won" : "rating-point" },
        svg("title", {}, `${number(p.score)} · ${t("insights.place", { place: number(p.place) })}`)))),
    el("figcaption", { class: "small" }, t("insights.graph_caption", { n: scores.length })));
}

/** A game and mode's card. @param {Group} group */
function groupCard(group) {
  return el("section", { class: "card insights-group", "data-game": group.game, "data-mode": group.mode },
    el("h2", {}, groupTitle(group)), figures(group),
    group.bonuses.length ? [el("h3", {}, t("insights.bonuses")), el("ul", { class: "insights-bonuses" }, group.bonuses.map(bonusLine))] : "",
    group.terrains.length ? [el("h3", {}, t(group.game === "duel" ? "insights.by_coat" : "insights.by_terrain")), terrainTable(group)] : "",
    el("h3", {}, t("insights.scores")), scoreGraph(group.scores));
}

/** The rating of each pool over time (the player's page's history), the pool asked for alone if any.
 * @param {string} name @param {string} pool */
async function ratingsCard(name, pool) {
  /** @type {{ratings: Array<{pool: string, history: import("./rating-graph.js").RatingPoint[]}>}} */
  const page = /** @type {any} */ (await api(`/api/players/${encodeURIComponent(name)}`).catch(() => ({ ratings: [] })));
  const ratings = page.ratings.filter((rating) => !pool || rating.pool === pool);
  if (!ratings.length) return "";
  return el("section", { class: "card", id: "insights-ratings" }, el("h2", {}, t("insights.ratings")),
    ratings.map((rating) => el("div", { class: "player-pool", "data-pool": rating.pool }, el("h3", {}, t(`pool.${rating.pool}`)),
      ratingGraph(rating.history))));
}

/** A player's statistics at "/player/<name>/stats". @param {HTMLElement} main @param {string} name */
export async function showInsights(main, name) {
  document.title = `${t("insights.title", { name })} · ${t("app.name")}`;
  main.replaceChildren(el("p", {}, t("players.loading")));
  const filters = filtersAsked();
  const back = el("p", {}, el("a", { href: playerHref(name), id: "insights-player" }, t("archive.to_player", { name })));
  const heading = (/** @type {string} */ shown) => el("h1", { class: "players-title" }, t("insights.title", { name: shown }));
  /** @type {Statistics} */
  let found;
  try {
    found = /** @type {Statistics} */ (await api(insightsHref(name, filters).replace(/^\/player\//, "/api/players/")));
  } catch (problem) {
    main.replaceChildren(el("section", { class: "card", id: "insights" }, heading(name), back, filterForm(name, filters),
      el("p", { class: "error", role: "alert", id: "insights-error" }, errorWords(problem))));
    return;
  }
  document.title = `${t("insights.title", { name: found.name })} · ${t("app.name")}`;
  main.replaceChildren(el("section", { class: "card", id: "insights" }, heading(found.name), back,
    el("p", { class: "small" }, t("insights.about")), foldedFilters("insights", filters, filterForm(found.name, filters)),
    found.pending ? el("p", { class: "small", id: "insights-pending", role: "status" },
      t("insights.pending", { n: found.pending })) : "",
    found.groups.length ? "" : el("p", { class: "small", id: "insights-none" },
      t(Object.values(filters).some(Boolean) ? "insights.none" : "insights.none_yet", { name: found.name }))),
  ...found.groups.map(groupCard));
  const ratings = await ratingsCard(found.name, filters.pool);
  if (ratings) main.append(ratings);
}
