// One square of a Kingdomino or Origins board (a kingdom's or a domino half's): its terrain, crowns,
// fires, craters, marker, resource and caveman, drawn at any size.
import { svg } from "./dom.js";
import { SEAT_COLOURS, caveman, icons, terrainSymbol, use } from "./pictures.js";

/** @typedef {import("./view-types.js").DominoSquare} DominoSquare */
/** @typedef {import("./words.js").SquareContext} SquareContext */
/** Whether resources count in this game (not in Discovery mode). @param {SquareContext} obs */
function resourcesShown(obs) {
  return !(obs.options && obs.options.mode === "discovery");
}

/**
 * Draw one square (a kingdom's or a domino half) into an SVG group.
 * @param {SquareContext} obs @param {DominoSquare} square @param {number} x @param {number} y @param {number} size @param {number} [seat]
 */
export function squareGroup(obs, square, x, y, size, seat) {
  const g = /** @type {SVGGElement} */ (svg("g", { class: "square" }));
  const symbol = terrainSymbol(obs.legend || {}, square.terrain);
  g.append(use(symbol, x, y, size, size, symbol === "castle" || symbol === "hut" ? { color: SEAT_COLOURS[seat ?? 0] || "#777" } : {}));
  const s = size / 40;
  if (square.crowns) g.append(icons("crown", square.crowns, x + 2 * s, y + 2 * s, 12 * s));
  if (square.fires) g.append(icons("fire", square.fires, x + 2 * s, y + 2 * s, 12 * s));
  if (square.craters) g.append(icons("crater", square.craters, x + 3 * s, y + 26 * s, 11 * s));
  if (square.marker) {
    g.append(use("marker", x + 20 * s, y + 20 * s, 18 * s), icons("fire", square.marker, x + 22 * s, y + 24 * s, 8 * s));
  }
  if (square.resource && resourcesShown(obs) && !square.caveman) g.append(use(`r-${square.resource}`, x + 22 * s, y + 22 * s, 16 * s));
  if (square.caveman) g.append(caveman(square.caveman, x + 18 * s, y + 18 * s, 21 * s));
  return g;
}
