// The scorer's state: the kingdom being built (kept in this browser), the brush, the games' text
// formats, and the page's elements; with what the scorer's modules share about a kingdom.

/** @typedef {import("./view-types.js").TextFormat} TextFormat */

/**
 * A square as the brush lays it: a terrain (or coat) letter and its number (crowns, fires, craters or
 * crosses), and in Origins a fire marker, the terrain's resource and a caveman.
 * @typedef {{letter: string, n: number, marker: number, resource: boolean, caveman: string}} Square
 * @typedef {{game: string, frame: number, options: Record<string, string | boolean>, domains: string, squares: Record<string, Square>}} Kingdom
 */

/**
 * The scorer: the `kingdom` being built, each game's text `formats`, the `brush`, the score asked
 * last (`asked`) and the one asked when a square beyond the frame was refused (`refusedAfter`:
 * that score's answer, still on its way, must not take the refusal away; it did, and the refusal
 * flashed and went), its elements, and `drawAll`, which draws it all and asks for the score.
 * @typedef {{kingdom: Kingdom, formats: Record<string, TextFormat>, brush: Square, asked: number, refusedAfter: number,
 *   optionsBox: HTMLElement, board: HTMLElement, palette: HTMLElement, total: HTMLElement, error: HTMLElement,
 *   sheet: HTMLElement, text: HTMLTextAreaElement, drawAll: () => void, score: () => void}} Scorer
 */

/** The text format of the game being built. @param {Scorer} scorer */
export function format(scorer) {
  return scorer.formats[scorer.kingdom.game];
}

/** The entry of `list` (terrains, coats, resources) written with `letter`.
 * @template {{letter: string}} E @param {E[] | undefined} list @param {string} letter @returns {E | undefined} */
export function lettered(list, letter) {
  return (list || []).find((entry) => entry.letter === letter);
}

/** The rows and columns the laid squares and the castle (hut) span: [rowLo, rowHi, colLo, colHi].
 * @param {Kingdom} kingdom @returns {[number, number, number, number]} */
export function bounds(kingdom) {
  const keys = [...Object.keys(kingdom.squares), "0,0"].map((k) => k.split(",").map(Number));
  const rows = keys.map(([r]) => r), cols = keys.map(([, c]) => c);
  return [Math.min(...rows), Math.max(...rows), Math.min(...cols), Math.max(...cols)];
}

/** The game's terrains by letter, as a board's legend: what its squares are drawn and named by. @param {Scorer} scorer */
export function legend(scorer) {
  return Object.fromEntries((format(scorer).terrains || []).map((x) => [x.letter, { id: x.id }]));
}

/** A brush ready to lay: the game's first terrain (coat of arms) without crowns. A page that
 * opened on the empty square laid nothing at a first tap. @param {Scorer} scorer @returns {Square} */
export function freshBrush(scorer) {
  const f = format(scorer);
  const first = (f.coats || f.terrains || []).find((x) => !("volcano" in x && x.volcano));
  return { letter: first ? first.letter : "", n: 0, marker: 0, resource: false, caveman: "" };
}
