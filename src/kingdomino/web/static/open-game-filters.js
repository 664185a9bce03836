// The lobby's filters of the open games: by game (and mode), players, clock and rated or casual,
// kept in this browser (localStorage) and said in words at the head of the list, where a phone
// shows them folded; and the games this page may join listed before the others, each of those
// marked with why not (a rated game or a rating range to a guest, a range without your rating:
// web/seek_ranges.py), or hidden while "Only games I may join" is ticked.
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { gameTitle } from "./words.js";

/** @typedef {import("./view-types.js").OpenGame} OpenGame */
/** @typedef {import("./view-types.js").SeatRating} SeatRating */
/** The filters chosen: each menu's value ("" for any) and whether only joinable games are shown.
 * @typedef {{game: string, players: string, clock: string, rated: string, joinable: boolean}} Filters */

/** Where the filters are kept between visits. */
const FILTERS_KEY = "kingdomino.lobby_filters";
/** The clocks a filter tells apart, by a listing's time control. */
const CLOCKS = { real: "lobby.filter_real_time", days: "lobby.filter_by_day", none: "clock.none" };

/** What kind of clock `game` has: "real" (minutes a game or seconds a move), "days" or "none". @param {OpenGame} game */
function clockOf(game) {
  return !game.time_control ? "none" : game.time_control.kind === "days" ? "days" : "real";
}

/** Whether `game` passes `filters` (its game and mode, players, clock, rated or casual). @param {OpenGame} game @param {Filters} filters */
function passes(game, filters) {
  const [name, mode] = filters.game.split("|");
  return (!name || (game.game === name && (!mode || game.options.mode === mode)))
    && (!filters.players || game.players === Number(filters.players))
    && (!filters.clock || clockOf(game) === filters.clock)
    && (!filters.rated || game.rated === (filters.rated === "rated"));
}

/** Why this page may not join `game`, in words ("": it may, or its ratings are not known yet).
 * `ratings`: the account's by pool (`GET /api/open-games/ratings`), null for a guest.
 * @param {OpenGame} game @param {Record<string, SeatRating> | null | undefined} ratings */
export function whyNotYours(game, ratings) {
  if (ratings === undefined) return "";
  if (ratings === null) return game.rated || game.rating_range ? t("lobby.log_in_to_join") : "";
  const range = game.rating_range;
  const mine = range && game.pool ? ratings[game.pool] : undefined;
  if (!range || !mine) return "";
  const value = Math.round(mine.value);
  if (value >= range.low && value <= range.high) return "";
  return t("lobby.not_your_range", { rating: `${number(value)}${mine.provisional ? "?" : ""}` });
}

/** The filters kept in this browser, each value one of its menu's (else any). @param {Record<string, string[]>} offered */
function kept(offered) {
  /** @type {Record<string, unknown>} */
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(FILTERS_KEY) || "{}") || {}; } catch { saved = {}; }
  const value = (/** @type {string} */ key) => (offered[key].includes(String(saved[key])) ? String(saved[key]) : "");
  return { game: value("game"), players: value("players"), clock: value("clock"), rated: value("rated"), joinable: saved.joinable === true };
}

/** The filters' bar: its menus folded under a line saying them in words, and `arrange`, which
 * orders a list of games by them. `changed` is called at each change (the list is drawn again).
 * @param {Record<string, {players: number[], modes?: string[]}>} games each game's player counts and modes
 * @param {() => void} changed */
export function openGameFilters(games, changed) {
  const gameChoices = Object.entries(games).flatMap(([game, spec]) => [[`${game}|`, gameTitle({ game, options: {} })],
    ...(spec.modes || []).map((mode) => [`${game}|${mode}`, gameTitle({ game, options: { mode } })])]);
  const counts = [...new Set(Object.values(games).flatMap((spec) => spec.players))].filter((n) => n > 1).sort((a, b) => a - b);
  /** Each menu's choices: [value, words]. @type {Record<string, string[][]>} */
  const choices = {
    game: gameChoices,
    players: counts.map((n) => [String(n), t("lobby.players_n", { n })]),
    clock: Object.entries(CLOCKS).map(([kind, key]) => [kind, t(key)]),
    rated: [["rated", t("lobby.rated")], ["casual", t("lobby.casual")]],
  };
  const offered = Object.fromEntries(Object.entries(choices).map(([key, list]) => [key, list.map(([value]) => value)]));
  const filters = kept(offered);
  const said = el("summary", { id: "open-filters-said" });
  const menu = (/** @type {"game" | "players" | "clock" | "rated"} */ key, /** @type {string} */ name) => el("label", {}, name, " ",
    el("select", { id: `filter-${key}`, onchange: (/** @type {Event} */ event) => {
      filters[key] = /** @type {HTMLSelectElement} */ (event.target).value;
      keep();
    } }, el("option", { value: "" }, t("lobby.filter_any")),
    choices[key].map(([value, words]) => el("option", { value, selected: value === filters[key] }, words))));
  const joinable = el("label", {}, el("input", { type: "checkbox", id: "filter-joinable", checked: filters.joinable,
    onchange: (/** @type {Event} */ event) => { filters.joinable = /** @type {HTMLInputElement} */ (event.target).checked; keep(); } }),
  " ", t("lobby.filter_joinable"));
  const keep = () => {
    localStorage.setItem(FILTERS_KEY, JSON.stringify(filters));
    changed();
  };
  const bar = el("details", { id: "open-filters" }, said, el("div", { class: "open-filters" },
    menu("game", t("lobby.filter_game")), " ", menu("players", t("lobby.filter_players")), " ",
    menu("clock", t("lobby.filter_clock")), " ", menu("rated", t("lobby.filter_rated")), " ", joinable));
  /** The filters in words: "Duel, 2 players, rated, Only games I may join" (or "none"). */
  const words = () => {
    const chosen = /** @type {const} */ (["game", "players", "clock", "rated"]).filter((key) => filters[key])
      .map((key) => choices[key].find(([value]) => value === filters[key])?.[1] || "");
    if (filters.joinable) chosen.push(t("lobby.filter_joinable"));
    return chosen.length ? chosen.join(", ") : t("lobby.filters_none");
  };
  /** `games` that pass the filters, those this page may join first (their order kept), the others
   * each with why not (left out while only joinable games are shown); the words said at the bar.
   * @param {OpenGame[]} listed @param {(game: OpenGame) => string} whyNot */
  const arrange = (listed, whyNot) => {
    const passing = listed.filter((game) => passes(game, filters)).map((game) => ({ game, why: whyNot(game) }));
    const shown = [...passing.filter((line) => !line.why), ...(filters.joinable ? [] : passing.filter((line) => line.why))];
    said.textContent = t("lobby.filters_said", { filters: words(), shown: shown.length, total: listed.length });
    return shown;
  };
  return { bar, arrange };
}
