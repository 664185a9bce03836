// The scorer's table of totals: each player's score and its parts (regions, each bonus), the
// ranking and the winner in words. The server ranks (POST /api/score/table: the engine's own
// tie-breaks); the page only shows its answer, or its refusal named by the player it concerns.
import { el } from "./dom.js";
import { api } from "./server.js";
import { has, language, t } from "./i18n.js";
import { bonusName } from "./ending.js";
import { capitalised, localName } from "./words.js";
import { scorerErrorWords } from "./scorer-words.js";
import { format, kingdomText } from "./scorer-state.js";
import { playerName } from "./scorer-table.js";

/** @typedef {import("./scorer-state.js").Scorer} Scorer */
/** @typedef {import("./view-types.js").ScoredTable} ScoredTable */

/** Ask the server for the table's totals and ranking, and show them (only the answer to the last
 * asked); a table of one player has none. @param {Scorer} scorer */
export async function scoreTable(scorer) {
  const { table, kingdom, totals } = scorer;
  const mine = ++scorer.tableAsked;
  totals.hidden = table.players.length < 2;
  if (totals.hidden) return;
  const f = format(scorer);
  const kingdoms = table.players.map((k, i) => ({ name: playerName(table, i), text: kingdomText(k, f),
    ...(k.options.totems ? { totems: String(k.options.totems) } : {}) }));
  /** @type {Record<string, string | boolean | number>} */
  const options = { ...kingdom.options };
  if (kingdom.game === "origins") options.frame = kingdom.frame;
  delete options.totems;
  const box = /** @type {HTMLElement} */ (totals.querySelector("#scorer-totals"));
  const ties = /** @type {HTMLElement} */ (totals.querySelector("#scorer-ties"));
  try {
    const answer = /** @type {ScoredTable} */ (await api("/api/score/table", { method: "POST", body: { game: kingdom.game, options, kingdoms } }));
    if (mine !== scorer.tableAsked) return;
    box.replaceChildren(totalsTable(kingdom.game, answer));
    sayWinner(totals, winnerWords(answer));
    ties.replaceChildren(...tieSentences(kingdom.game, answer));
  } catch (problem) {
    if (mine !== scorer.tableAsked) return;
    box.replaceChildren(el("p", { class: "error", id: "scorer-table-error", role: "alert" }, refusalWords(scorer, problem)));
    sayWinner(totals, "");
    ties.replaceChildren();
  }
}

/** The winner in the totals' status, changed only when the words change: a square that moves no
 * one is not said again after its score. @param {HTMLElement} totals @param {string} words */
function sayWinner(totals, words) {
  const winner = /** @type {HTMLElement} */ (totals.querySelector("#scorer-winner"));
  if (winner.textContent !== words) winner.textContent = words;
}

/** A refusal of the table in words, after the name of the player whose kingdom it concerns
 * (`kingdoms.2.text`). @param {Scorer} scorer @param {unknown} problem */
function refusalWords(scorer, problem) {
  const words = scorerErrorWords(problem, scorer.kingdom.game);
  const field = (/** @type {{field?: string} | null} */ (problem) || {}).field || "";
  const at = /^kingdoms\.(\d+)\./.exec(field);
  const i = at ? Number(at[1]) : -1;
  return i >= 0 && i < scorer.table.players.length ? `${localName(playerName(scorer.table, i))}: ${words}` : words;
}

/** The totals' table, best placed first. @param {string} game @param {ScoredTable} answer */
function totalsTable(game, answer) {
  const { kingdoms, places, winners } = answer;
  const keys = [...new Set(kingdoms.flatMap((k) => k.bonuses.map((b) => b.key)))];
  const order = kingdoms.map((_, i) => i).sort((a, b) => places[a] - places[b] || a - b);
  const th = (/** @type {string} */ text) => el("th", { scope: "col" }, text);
  const regions = t(game === "duel" ? "scorer.part.regions_duel" : perGame("scorer.part.regions", game));
  // The total right after the name: on a phone the parts and tie-breaks scroll in the card.
  const head = el("tr", {}, th(t("end.place")), th(t("scorer.player")), th(t("sheet.total")), th(regions),
    ...keys.map((key) => th(partName(key))), ...answer.tiebreaks.map((name) => th(t(perGame(`scorer.tiebreak.${name}`, game)))));
  const rows = order.map((i) => {
    const k = kingdoms[i];
    const parts = keys.map((key) => {
      const lines = k.bonuses.filter((b) => b.key === key);
      return el("td", {}, lines.length ? String(lines.reduce((sum, b) => sum + b.points, 0)) : "–");
    });
    return el("tr", { class: winners.includes(i) ? "winner" : "" }, el("td", {}, String(places[i])), el("th", { scope: "row" }, localName(k.name)),
      el("td", { class: "total" }, String(k.total)), el("td", {}, String(k.regions.reduce((sum, r) => sum + r.points, 0))), ...parts,
      ...k.tiebreaks.map((value) => el("td", {}, String(value))));
  });
  const table = el("table", { class: "sheet totals", id: "scorer-totals-table", "aria-labelledby": "scorer-totals-title" },
    el("thead", {}, head), el("tbody", {}, rows));
  return el("div", { class: "table-scroll" }, table);
}

/** The players of `seats` named as a list ("Anna and Boris"). @param {ScoredTable} answer @param {number[]} seats */
function named(answer, seats) {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(seats.map((i) => localName(answer.kingdoms[i].name)));
}

/** "Boris wins.", or who share the victory. @param {ScoredTable} answer */
function winnerWords(answer) {
  const { winners } = answer;
  return winners.length === 1 ? t("scorer.wins", { name: named(answer, winners) }) : t("scorer.share_win", { names: named(answer, winners) });
}

/** Each tie on points with what ranked it, or a shared place; the winners' shared place aside, as
 * the winner sentence says it already. @param {string} game @param {ScoredTable} answer */
function tieSentences(game, answer) {
  const { winners } = answer;
  const sharedWin = (/** @type {ScoredTable["ties"][number]} */ tie) => !tie.by && tie.kingdoms.length === winners.length
    && tie.kingdoms.every((seat) => winners.includes(seat));
  return answer.ties.filter((tie) => !sharedWin(tie)).map((tie) => el("p", { class: "small scorer-tie" },
    t(perGame(`scorer.tie.${tie.by || "shared"}`, game), { names: named(answer, tie.kingdoms) })));
}

/** A column of bonuses by its rule: "Middle Kingdom", "Totems", "Cavemen". @param {string} key */
function partName(key) {
  return has(`scorer.part.${key}`) ? t(`scorer.part.${key}`) : capitalised(bonusName({ key, name: key, values: {} }));
}

/** The text of `key` in `game`'s words where they differ (Kingdomino's regions are its rulebook's
 * territories). @param {string} key @param {string} game */
function perGame(key, game) {
  return has(`${key}.${game}`) ? `${key}.${game}` : key;
}
