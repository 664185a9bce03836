// A player's whole archive of finished games at "/player/<name>/games" (GET /api/players/{name}/games):
// its filters as a form whose values are the page's address (a filtered list is a link), the list
// newest ended first, and "More games" for the next page. And, for the player's page, the line that
// tells a logged-in reader their record against its player (GET /api/players/{me}/vs/{them}).
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { playedGame, playerHref } from "./players.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** @typedef {import("./players.js").PlayedGame & {ended_at: string | null}} ArchivedGame */
/** A page of the archive. @typedef {{name: string, games: ArchivedGame[], next: string | null, total: number}} ArchivePage */
/** Two players' record. @typedef {{name: string, other: string, games: number, wins: number, other_wins: number}} HeadToHead */

const POOLS = ["kingdomino-2", "kingdomino-3-4", "duel", "origins-2", "origins-3-4"];
/** Each filter of a list (the API's query parameters) and the values its menu offers; "" is any. */
const CHOICES = {
  pool: ["", ...POOLS],
  result: ["", "won", "lost"],
  rated: ["", "true", "false"],
  against: ["", "people", "bots", "ai"],
  clock: ["", "real_time", "turn_based", "none"],
};
/** @typedef {keyof typeof CHOICES} Choice */

/** The address of a player's archive, with `filters` (their empty values left out).
 * @param {string} name @param {Record<string, string>} [filters] */
export function archiveHref(name, filters = {}) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value)).toString();
  return `${playerHref(name)}/games${query ? `?${query}` : ""}`;
}

/** The filters the address asks for: each menu's value if it offers it (else any), the opponent's name.
 * @returns {Record<string, string>} */
function filtersAsked() {
  const asked = new URLSearchParams(location.search);
  /** @type {Record<string, string>} */
  const filters = {};
  for (const [field, values] of Object.entries(CHOICES)) {
    const value = asked.get(field) || "";
    filters[field] = values.includes(value) ? value : "";
  }
  filters.opponent = (asked.get("opponent") || "").trim();
  return filters;
}

/** A menu of the filter `field`, its label above it. @param {Choice} field @param {string} chosen */
function menu(field, chosen) {
  const id = `archive-${field}`;
  const words = (/** @type {string} */ value) => field === "pool" && value ? t(`pool.${value}`) : t(`archive.${field}_${value || "any"}`);
  return el("p", { class: "archive-filter" }, el("label", { for: id }, t(`archive.${field}`)),
    el("select", { id, name: field }, CHOICES[field].map((value) => el("option", { value, selected: value === chosen }, words(value)))));
}

/** The filters' form, folded on a phone's narrow screen (they filled its first screen, the games
 * under them) under "Filters (2)", which says how many are set; open on a wider one.
 * @param {string} name @param {Record<string, string>} filters */
function filterFold(name, filters) {
  return foldedFilters("archive", filters, filterForm(name, filters));
}

/** A page's filters' `form` in a fold, open where the screen is wide (the archive's, the statistics'):
 * "Filters (2)" says how many of `filters` are set. @param {string} page the ids' prefix
 * @param {Record<string, string>} filters @param {HTMLElement} form */
export function foldedFilters(page, filters, form) {
  const set = Object.values(filters).filter(Boolean).length;
  return el("details", { class: "archive-fold", id: `${page}-fold`, open: matchMedia("(min-width: 40rem)").matches },
    el("summary", { id: `${page}-fold-summary` }, set ? t("archive.filters_n", { n: set }) : t("archive.filters")), form);
}

/** The filters' form: sent, it opens the address of the list it asks for (its empty values left out),
 * so that Back and a shared link show the same list. @param {string} name @param {Record<string, string>} filters */
function filterForm(name, filters) {
  const opponent = el("input", { id: "archive-opponent", name: "opponent", type: "search", value: filters.opponent,
    autocomplete: "off", maxlength: "64" });
  const form = /** @type {HTMLFormElement} */ (el("form", { class: "archive-filters", id: "archive-filters", role: "search",
    "aria-label": t("archive.filters") },
  /** @type {Choice[]} */ (Object.keys(CHOICES)).map((field) => menu(field, filters[field])),
  el("p", { class: "archive-filter" }, el("label", { for: "archive-opponent" }, t("archive.opponent")), opponent),
  el("p", { class: "archive-actions" }, el("button", { type: "submit", class: "primary" }, t("archive.show")),
    Object.values(filters).some(Boolean) ? el("a", { href: archiveHref(name), id: "archive-clear" }, t("archive.clear")) : "")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    location.assign(archiveHref(name, Object.fromEntries(Array.from(new FormData(form), ([k, v]) => [k, String(v).trim()]))));
  });
  return form;
}

/** An archived game as the player's page lists one, dated by its end. @param {ArchivedGame} game */
function archivedGame(game) {
  return playedGame({ ...game, created: game.ended_at || game.created });
}

/** A player's archive at "/player/<name>/games". @param {HTMLElement} main @param {string} name */
export async function showArchive(main, name) {
  document.title = `${t("archive.title", { name })} · ${t("app.name")}`;
  main.replaceChildren(el("p", {}, t("players.loading")));
  const filters = filtersAsked();
  const query = (/** @type {string | null} */ before) => archiveHref(name, { ...filters, ...(before ? { before } : {}) })
    .replace(/^\/player\//, "/api/players/");
  const back = el("p", {}, el("a", { href: playerHref(name), id: "archive-player" }, t("archive.to_player", { name })));
  /** @type {ArchivePage} */
  let page;
  try {
    page = /** @type {ArchivePage} */ (await api(query(null)));
  } catch (problem) {
    main.replaceChildren(el("section", { class: "card", id: "archive" }, el("h1", { class: "players-title" }, t("archive.title", { name })),
      back, filterFold(name, filters), el("p", { class: "error", role: "alert", id: "archive-error" }, errorWords(problem))));
    return;
  }
  document.title = `${t("archive.title", { name: page.name })} · ${t("app.name")}`;
  const list = el("ul", { class: "player-games archive-games", id: "archive-games" }, page.games.map(archivedGame));
  const status = el("p", { class: "small", id: "archive-count", role: "status" });
  const more = el("button", { type: "button", id: "archive-more", class: "archive-more" }, t("archive.more"));
  const counted = () => {
    status.textContent = `${t("archive.count", { n: page.total })}`
      + (list.children.length < page.total ? ` · ${t("archive.shown", { shown: number(list.children.length) })}` : "");
    more.hidden = !page.next;
  };
  more.addEventListener("click", async () => {
    // A second click while the next games are on their way would ask for (and list) them twice.
    if (more.getAttribute("aria-busy")) return;
    more.setAttribute("aria-busy", "true");
    try {
      const before = list.children.length;
      page = /** @type {ArchivePage} */ (await api(query(page.next)));
      list.append(...page.games.map(archivedGame));
      // The first game added takes the focus: a keyboard and a screen reader go on where the list grew.
      const first = /** @type {HTMLElement | undefined} */ (list.children[before]);
      if (first) { first.tabIndex = -1; first.focus(); }
    } catch (problem) {
      status.textContent = errorWords(problem);
    } finally {
      more.removeAttribute("aria-busy");
      counted();
    }
  });
  counted();
  main.replaceChildren(el("section", { class: "card", id: "archive" },
    el("h1", { class: "players-title" }, t("archive.title", { name: page.name })), back, filterFold(page.name, filters),
    status, page.games.length ? list : el("p", { class: "small", id: "archive-none" },
      // No filter set: the player has finished no game yet, which "none matches" would not say.
      t(Object.values(filters).some(Boolean) ? "archive.none" : "players.no_games")), more));
}

/** The link to the player's whole archive, under their recent games ("All 132 games"), or nothing
 * before their first finished game. @param {string} name @param {number} games */
export function archiveLink(name, games) {
  return games ? el("p", {}, el("a", { href: archiveHref(name), id: "player-archive" }, t("archive.all", { count: number(games) }))) : "";
}

/** A logged-in reader's record against the player of the page ("You and Bela: 12 games · you won 7,
 * Bela won 4"), with the link to their games together in the reader's archive; nothing for a guest,
 * on the reader's own page, or before their first game together. @param {string} name */
export async function headToHead(name) {
  const { account } = /** @type {{account: {name: string} | null}} */ (await api("/api/account").catch(() => ({ account: null })));
  if (!account || account.name.toLowerCase() === name.toLowerCase()) return "";
  /** @type {HeadToHead | null} */
  const found = await /** @type {Promise<HeadToHead>} */ (api(`/api/players/${encodeURIComponent(account.name)}/vs/${encodeURIComponent(name)}`))
    .catch(() => null);
  if (!found || !found.games) return "";
  return el("p", { id: "head-to-head", class: "head-to-head" },
    t("archive.vs", { n: found.games, name: found.other }), " · ",
    t("archive.vs_wins", { wins: number(found.wins), other: number(found.other_wins), name: found.other }), " · ",
    el("a", { href: archiveHref(account.name, { opponent: found.other }), id: "head-to-head-games" }, t("archive.vs_games")));
}
