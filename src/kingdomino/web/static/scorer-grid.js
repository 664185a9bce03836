// The scorer's kingdom: every square of the frame around the castle (hut), each a button that lays
// the brush; a square beyond the frame is refused with the reason, as the game refuses it.
import { svg } from "./dom.js";
import { t } from "./i18n.js";
import { SEAT_COLOURS, use } from "./pictures.js";
import { squareGroup } from "./board-square.js";
import { coatSquare } from "./duel-dice.js";
import { cavemanName, coatName, errorWords, halfWords, where } from "./words.js";
import { bounds, format, legend, lettered } from "./scorer-state.js";

/** @typedef {import("./scorer-state.js").Scorer} Scorer */
/** @typedef {import("./scorer-state.js").Square} Square */

const CELL = 40;
/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** The kingdom's grid: every square of the frame around the castle, each a button that lays the brush. @param {Scorer} scorer */
export function drawBoard(scorer) {
  const { kingdom } = scorer;
  const f = format(scorer);
  const duel = kingdom.game === "duel";
  const reach = kingdom.frame - 1;
  const [r0, r1] = duel && f.rows ? f.rows : [-reach, reach];
  const [c0, c1] = duel && f.cols ? f.cols : [-reach, reach];
  // At least 40 px a square (a finger's width): a grid wider than a phone scrolls in its card.
  const image = svg("svg", { viewBox: `0 0 ${(c1 - c0 + 1) * CELL} ${(r1 - r0 + 1) * CELL}`, class: "scorer-grid", "data-seat": 0, role: "group",
    "aria-label": t("scorer.grid") });
  image.style.minWidth = `${(c1 - c0 + 1) * CELL}px`;
  const obs = { legend: legend(scorer), options: kingdom.options };
  // Squares the kingdom can no longer reach in its frame are shaded, as on the game's board.
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) {
    const x = (c - c0) * CELL, y = (r - r0) * CELL, key = `${r},${c}`;
    const square = kingdom.squares[key];
    const home = r === 0 && c === 0;
    const label = home ? t(kingdom.game === "origins" ? "hut" : "castle") : `${where(r, c)}: ${square ? squareWords(scorer,
      square) : t("scorer.empty")}`;
    const g = svg("g", { class: "cell", "data-square": key, tabindex: home ? undefined : 0, role: home ? "img" : "button", "aria-label": label },
      svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 3, fill: reachable(scorer, r, c) ? "#fbf8ef" : "#d6ceb8",
        stroke: "#c9bfa6" }));
    if (home) g.append(duel ? use("castle", x, y, CELL, CELL, { color: SEAT_COLOURS[0] }) : squareGroup(obs, { terrain: f.home }, x, y, CELL, 0));
    else if (square) {
      g.append(duel ? coatSquare(coatOf(scorer, square), square.n, x, y, CELL) : squareGroup(obs, drawnSquare(scorer, square), x, y, CELL, 0));
    }
    if (!home) listenToCell(scorer, g, image, [r, c], Math.max(r1 - r0, c1 - c0));
    image.append(g);
  }
  scorer.board.replaceChildren(image);
}

/** A cell's keys and clicks: Enter, Space or a click lays the brush; an arrow goes on to the next
 * square that way (past the castle, which takes no brush).
 * @param {Scorer} scorer @param {SVGElement} g @param {SVGElement} image @param {[number, number]} cell @param {number} span */
function listenToCell(scorer, g, image, [r, c], span) {
  const lay = () => { paint(scorer, `${r},${c}`); };
  g.addEventListener("click", lay);
  g.addEventListener("keydown", (/** @type {KeyboardEvent} */ e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); lay(); return; }
    const step = ARROWS[e.key];
    if (!step) return;
    e.preventDefault();
    for (let k = 1; k <= span; k++) {
      const next = image.querySelector(`g.cell[data-square="${r + k * step[0]},${c + k * step[1]}"][tabindex]`);
      if (next) { /** @type {SVGGElement} */ (next).focus(); break; }
    }
  });
}

/** The coat of arms a Duel square is written with. @param {Scorer} scorer @param {Square} square */
function coatOf(scorer, square) {
  return (lettered(format(scorer).coats, square.letter) || { id: "?" }).id;
}

/** A square in the shape the board's drawing reads. @param {Scorer} scorer @param {Square} square
 * @returns {import("./view-types.js").DominoSquare} */
function drawnSquare(scorer, square) {
  const { kingdom } = scorer;
  const f = format(scorer);
  const terrain = lettered(f.terrains, square.letter);
  const resource = square.resource && terrain && terrain.resource ? (lettered(f.resources, terrain.resource) || { id: undefined }).id : undefined;
  const caveman = square.caveman && kingdom.options.mode === "tribe"
    ? ((f.cavemen || []).find((c) => c.code === square.caveman) || { id: undefined }).id : undefined;
  if (kingdom.game !== "origins") return { terrain: square.letter, crowns: square.n };
  return terrain && terrain.volcano ? { terrain: square.letter, craters: square.n, caveman }
    : { terrain: square.letter, fires: square.n, marker: square.marker, resource, caveman };
}

/** A laid square in words, for its label. @param {Scorer} scorer @param {Square} square */
function squareWords(scorer, square) {
  const { kingdom } = scorer;
  if (kingdom.game !== "duel") {
    const drawn = drawnSquare(scorer, square);
    const extras = [drawn.marker ? `${t("scorer.marker")} ${drawn.marker}` : "", drawn.caveman ? cavemanName(drawn.caveman) : ""].filter(Boolean);
    return [halfWords({ legend: legend(scorer), options: kingdom.options }, drawn), ...extras].join(", ");
  }
  return `${coatName(coatOf(scorer, square))}, ${t("count.crosses", { n: square.n })}`;
}

/** What the brush lays: only what the square's terrain and the mode hold (a volcano no
 * marker or resource, but a caveman; Discovery no resource; only Tribe a caveman), so a choice
 * left on the brush from another terrain is never laid unseen. @param {Scorer} scorer @param {Square} chosen @returns {Square} */
function laid(scorer, chosen) {
  const { kingdom } = scorer;
  if (kingdom.game !== "origins") return { letter: chosen.letter, n: chosen.n, marker: 0, resource: false, caveman: "" };
  const terrain = lettered(format(scorer).terrains, chosen.letter);
  const mode = kingdom.options.mode;
  if (terrain && terrain.volcano) {
    return { letter: chosen.letter, n: chosen.n, marker: 0, resource: false, caveman: mode === "tribe" ? chosen.caveman : "" };
  }
  return { ...chosen, resource: chosen.resource && Boolean(terrain && terrain.resource) && mode !== "discovery",
    caveman: mode === "tribe" ? chosen.caveman : "" };
}

/** Whether a square laid at row `r`, column `c` keeps the kingdom within its frame (Duel's map
 * has a fixed grid, every square of it in reach). @param {Scorer} scorer @param {number} r @param {number} c */
function reachable(scorer, r, c) {
  const { kingdom } = scorer;
  if (kingdom.game === "duel") return true;
  const [rowLo, rowHi, colLo, colHi] = bounds(kingdom), reach = kingdom.frame - 1;
  return Math.max(rowHi, r) - Math.min(rowLo, r) <= reach && Math.max(colHi, c) - Math.min(colLo, c) <= reach;
}

/** Lay the brush on a square (an empty brush clears it); a square beyond the frame is refused
 * with the reason, as the game refuses it. @param {Scorer} scorer @param {string} key */
function paint(scorer, key) {
  const { kingdom, brush } = scorer;
  const [r, c] = key.split(",").map(Number);
  if (brush.letter && !kingdom.squares[key] && !reachable(scorer, r, c)) {
    scorer.error.textContent = errorWords({ code: "out_of_frame", values: { n: kingdom.frame } }, kingdom.game);
    scorer.refusedAfter = scorer.asked;
    return;
  }
  const focused = document.activeElement && document.activeElement.getAttribute("data-square") === key;
  if (brush.letter) kingdom.squares[key] = laid(scorer, brush);
  else delete kingdom.squares[key];
  drawBoard(scorer);
  // The keyboard stays where it laid, the grid being drawn anew.
  if (focused) /** @type {SVGGElement | null} */ (scorer.board.querySelector(`g.cell[data-square="${key}"]`))?.focus();
  scorer.score();
}
