// The sets of puzzles the puzzles' page offers, one a game (Kingdomino, Duel, each mode of Origins),
// their names, and the set the page shows: the one its address names (`?game=duel`), else the one
// chosen last in this browser, else Kingdomino's.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** The sets, as the server names them (`GET /api/puzzles/next?game=...`). */
export const KINDS = ["kingdomino", "duel", "origins-discovery", "origins-totem", "origins-tribe"];
const CHOSEN = "kingdomino.puzzles.game";

/** A set's name: its game's, with the mode for Origins. @param {string} kind */
export function kindTitle(kind) {
  const [game, mode] = kind.split("-");
  return mode ? `${t(`game.${game}`)} · ${t(`mode.${mode}`)}` : t(`game.${game}`);
}

/** The set the page starts with. @returns {string} */
export function startingKind() {
  const asked = new URLSearchParams(location.search).get("game");
  if (asked && KINDS.includes(asked)) return asked;
  const kept = localStorage.getItem(CHOSEN);
  return kept && KINDS.includes(kept) ? kept : "kingdomino";
}

/** The choice of set: `onChoose` is called with the set chosen, which this browser keeps.
 * @param {string} kind the set shown @param {(kind: string) => void} onChoose @returns {HTMLElement} */
export function kindChoice(kind, onChoose) {
  const select = el("select", { id: "puzzle-game" }, KINDS.map((k) => el("option", { value: k, selected: k === kind }, kindTitle(k))));
  select.addEventListener("change", () => {
    const value = /** @type {HTMLSelectElement} */ (select).value;
    localStorage.setItem(CHOSEN, value);
    onChoose(value);
  });
  return el("label", { class: "puzzle-game" }, t("puzzle.game"), " ", select);
}

/** Show `kind` as the set chosen (a puzzle opened by its address may be of another). @param {HTMLElement} choice @param {string} kind */
export function showKind(choice, kind) {
  const select = choice.querySelector("select");
  if (select) select.value = kind;
}
