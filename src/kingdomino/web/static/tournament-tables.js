// A club tournament by tables (tables of three or four) on its page (tournament.js): each table
// of a round with its players, and once it ended their places and points; a bye's half point;
// the standings with the opponents' points and the kingdom margin.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { botMark } from "./tournament-marks.js";

/** A player of a table (GET /api/tournaments/{id}: a game's `players`, in seat order).
 * @typedef {{name: string, place: number | null, points: number | null, score: number | null, forfeit: boolean}} TablePlayer */

/** A number of points in the page's language: at most two decimals (a third is 0.33). @param {number} value */
export function pointsWords(value) {
  return new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 2 }).format(value);
}

/** The names of a game's players: a table's, else its two. @param {{first: string, second: string | null, players?: TablePlayer[]}} game */
export function namesOf(game) {
  return game.players ? game.players.map((p) => p.name) : [game.first, game.second || ""];
}

/** A table of a round: "Table 1: Anna, Boris, Kira, Lena", "your table" for its players, what it
 * waits for or its places and points (the first place first), and the reader's button.
 * @param {import("./tournament.js").RoundGame} game @param {number} index its table's number
 * @param {Node | string} button */
export function tableLine(game, index, button) {
  const players = game.players || [];
  if (players.length === 1) return el("li", { class: "bye" }, t("tournament.bye_table", { name: players[0].name }));
  const id = game.game_id || "";
  const over = players.every((p) => p.points !== null);
  // Kingdom points only of a game played: one nobody played to its end has none.
  const played = game.status === "finished";
  const heading = el("span", { id: `pairing-${id}` }, t("tournament.table_n", { n: index, names: namesOf(game).join(", ") }));
  // The reader's own table, said beside its players: among several, and once over, where "Watch" is on each.
  const mine = game.yours ? [" · ", el("strong", { class: "your-table" }, t("tournament.your_table"))] : "";
  const state = over ? "" : [" · ", t(game.status === "open" ? "tournament.waiting_players" : "tournament.under_way")];
  const places = over ? el("ol", { class: "table-places" }, [...players]
    .sort((a, b) => (a.place ?? 0) - (b.place ?? 0))
    .map((p) => el("li", { value: p.place ?? undefined }, t("tournament.table_place", { name: p.name, points: pointsWords(p.points ?? 0) }),
      p.forfeit ? ` (${t("tournament.table_forfeit")})` : played ? ` · ${t("tournament.table_score", { n: p.score ?? 0 })}` : ""))) : "";
  return el("li", { class: "table-game", "data-game": id, "data-id": id }, heading, mine, state, " ", button, places);
}

/** The standings of a tournament by tables, its tie-break columns left out on a phone (said under
 * each name there), named by the heading of id `titleId`, the names of `bots` marked.
 * @param {import("./tournament.js").StandingLine[]} lines @param {string} titleId @param {Set<string>} bots */
export function tableStandings(lines, titleId, bots) {
  const heads = ["tournament.rank", "tournament.player", "tournament.points", "tournament.opponents",
    "tournament.kingdom_margin", "tournament.played"].map((key) => t(key));
  const kind = (/** @type {number} */ i) => [i === 1 ? "" : "figure", i >= 3 ? "minor" : ""].join(" ").trim() || undefined;
  const rows = lines.map((line) => [String(line.rank),
    [el("a", { href: `/player/${encodeURIComponent(line.name)}` }, line.name), botMark(bots, line.name),
      line.withdrew ? ` (${t("tournament.withdrew")})` : "",
      el("span", { class: "minor-line" }, `${t("tournament.opponents")} ${pointsWords(line.opponents ?? 0)} · ${
        t("tournament.kingdom_margin")} ${pointsWords(line.kingdom_margin ?? 0)}`)],
    pointsWords(line.points), pointsWords(line.opponents ?? 0), pointsWords(line.kingdom_margin ?? 0), String(line.played)]);
  return el("div", { class: "table-scroll" }, el("table", { class: "players-table", id: "standings", "aria-labelledby": titleId },
    el("thead", {}, el("tr", {}, heads.map((head, i) => el("th", { scope: "col", class: kind(i) }, head)))),
    el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((cell, i) => el("td", { class: kind(i) }, cell)))))));
}
