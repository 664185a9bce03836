// The scorer's state: the kingdom being built (kept in this browser), the brush, the games' text
// formats, and the page's elements; with what the scorer's modules share about a kingdom.

/** @typedef {import("./view-types.js").TextFormat} TextFormat */

/**
 * A square as the brush lays it: a terrain (or coat) letter and its number (crowns, fires, craters or
 * crosses), and in Origins a fire marker, the terrain's resource and a caveman.
 * @typedef {{letter: string, n: number, marker: number, resource: boolean, caveman: string}} Square
 * @typedef {{game: string, frame: number, options: Record<string, string | boolean>, domains: string, squares: Record<string, Square>,
 *   name?: string}} Kingdom
 * A table: each player's kingdom (its `name` typed in, else "Player 2"), the game, frame and
 * options the same in each but the totems held; `at`: the player whose kingdom is shown.
 * @typedef {{players: Kingdom[], at: number}} Table
 */

/**
 * The scorer: the `table`, the `kingdom` being built (the table's player `at`), each game's text
 * `formats`, the `brush`, the score asked last (`asked`; `tableAsked`: the table's) and the one
 * asked when a square beyond the frame was refused (`refusedAfter`: that score's answer, still on
 * its way, must not take the refusal away; it did, and the refusal flashed and went), its
 * elements, and `drawAll`, which draws it all and asks for the score.
 * @typedef {{table: Table, kingdom: Kingdom, formats: Record<string, TextFormat>, brush: Square, asked: number, refusedAfter: number,
 *   tableAsked: number, tabs: HTMLElement, totals: HTMLElement,
 *   optionsBox: HTMLElement, board: HTMLElement, palette: HTMLElement, total: HTMLElement, error: HTMLElement,
 *   sheet: HTMLElement, text: HTMLTextAreaElement, drawAll: () => void, score: () => void}} Scorer
 */

/** The text format of the game being built. @param {Scorer} scorer */
export function format(scorer) {
  return scorer.formats[scorer.kingdom.game];
}

/** The most players a table of the kingdom's game and options may have, and the option turned on
 * that holds it there (null: the game's own most). @param {Scorer} scorer @param {Record<string, unknown>} [options]
 * @returns {{most: number, option: string | null}} */
export function tableLimit(scorer, options = scorer.kingdom.options) {
  const f = format(scorer);
  let limit = { most: Math.max(1, ...(f.players || [])), option: /** @type {string | null} */ (null) };
  for (const [option, counts] of Object.entries(f.players_with || {})) {
    const most = Math.max(1, ...counts);
    if (options[option] === true && most < limit.most) limit = { most, option };
  }
  return limit;
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

/**
 * The kingdom as the game's text: rows of cells around the castle (hut), "." where empty.
 * @param {Kingdom} kingdom @param {TextFormat} f
 */
export function kingdomText(kingdom, f) {
  const [rowLo, rowHi, colLo, colHi] = bounds(kingdom);
  const lines = [];
  for (let r = rowLo; r <= rowHi; r++) {
    const cells = [];
    for (let c = colLo; c <= colHi; c++) {
      const square = kingdom.squares[`${r},${c}`];
      cells.push(r === 0 && c === 0 ? f.home : square ? cellText(square, kingdom, f) : f.empty);
    }
    lines.push(cells.join(" "));
  }
  if (kingdom.game === "duel" && kingdom.domains) lines.push(`domains ${kingdom.domains}`);
  return lines.join("\n");
}

/** A square as its game's text writes it. @param {Square} square @param {Kingdom} kingdom @param {TextFormat} f */
function cellText(square, kingdom, f) {
  let text = `${square.letter}${square.n}`;
  if (kingdom.game !== "origins") return text;
  const terrain = lettered(f.terrains, square.letter);
  if (square.marker) text += `*${square.marker}`;
  if (square.resource && terrain && terrain.resource && kingdom.options.mode !== "discovery") text += terrain.resource;
  if (square.caveman && kingdom.options.mode === "tribe") text += `@${square.caveman}`;
  return text;
}
