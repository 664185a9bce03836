// A player's rating in a pool over its rated games, drawn as a line (SVG): the rating before the
// first game, then after each, between the lowest and the highest it reached, written as the page
// writes its ratings ("1 623" in Russian); read in words by a screen reader (the figure's label).
// Each game's point is reached by every hand (rating-graph-points.js): the one chosen is said under
// the graph, its date, rating and place, with a link to the game's replay.
import { svg } from "./dom.js";
import { number, t } from "./i18n.js";
import { choosablePoints } from "./rating-graph-points.js";

/** A point of a pool's history, as the server's player page gives it (GET /api/players/{name}).
 * @typedef {{game_id: string, at: string, before: number, rating: number, deviation: number, place: number}} RatingPoint */

/** The drawing's size in its own units: the line is drawn inside the margins. */
export const WIDTH = 300, HEIGHT = 80, LEFT = 34, RIGHT = 6, TOP = 8, BOTTOM = 8;

/** The ratings the line goes through: before the first game, then after each. @param {RatingPoint[]} history */
export function ratingsOver(history) {
  return history.length ? [history[0].before, ...history.map((point) => point.rating)] : [];
}

/** The graph of a pool's `history` (none: null). @param {RatingPoint[]} history @returns {HTMLElement | null} */
export function ratingGraph(history) {
  const ratings = ratingsOver(history);
  if (!ratings.length) return null;
  const low = Math.min(...ratings), high = Math.max(...ratings);
  // A flat line (one game, or no change) is drawn in the middle of a span of 20 points.
  const bottom = high - low < 20 ? (low + high) / 2 - 10 : low, top = high - low < 20 ? bottom + 20 : high;
  const x = (/** @type {number} */ i) => LEFT + ((WIDTH - LEFT - RIGHT) * i) / Math.max(1, ratings.length - 1);
  const y = (/** @type {number} */ r) => TOP + ((HEIGHT - TOP - BOTTOM) * (top - r)) / (top - bottom);
  const words = t("players.graph", { first: number(Math.round(ratings[0])), last: number(Math.round(ratings[ratings.length - 1])),
    low: number(Math.round(low)), high: number(Math.round(high)) });
  const drawing = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "rating-graph", "aria-label": words },
    svg("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: y(top), y2: y(top), class: "rating-grid" }),
    svg("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: y(bottom), y2: y(bottom), class: "rating-grid" }),
    svg("text", { x: LEFT - 4, y: y(top) + 3, class: "rating-axis" }, number(Math.round(top))),
    svg("text", { x: LEFT - 4, y: y(bottom) + 3, class: "rating-axis" }, number(Math.round(bottom))),
    svg("polyline", { class: "rating-line", points: ratings.map((r, i) => `${x(i)},${y(r)}`).join(" ") }),
    ratings.map((r, i) => svg("circle", { cx: x(i), cy: y(r), r: 2.2, class: "rating-point" })));
  return choosablePoints(/** @type {SVGSVGElement} */ (/** @type {unknown} */ (drawing)), history, (i) => [x(i), y(ratings[i])]);
}
