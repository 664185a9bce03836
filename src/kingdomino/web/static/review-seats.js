// Each player's part of a finished game's review, as a coach reads it: per seat (its piece in its
// colour, its name), its mistakes and inaccuracies, the decisions left out, the win chance its
// decisions lost on average (comparable between a short game and a long one) and its accuracy. The figures are the server's (web/review.py, `by_seat`
// and `accuracy`): the page only says them.
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { seatBadge } from "./pictures.js";

/** A ready review's figures for each reviewed seat, by seat number.
 * @typedef {Record<string, {inaccuracy: number, mistake: number, not_reviewed: number, lost: number, lost_each: number}>} SeatMarks */

/** One seat's figures in words, each a piece of its own: "mistakes: 1 · inaccuracies: 2 · average loss: 4.5 % a move · accuracy: 81 %".
 * @param {SeatMarks[string]} marks @param {number | undefined} accuracy */
export function seatMarkWords(marks, accuracy) {
  const parts = [t("review.seat_marks", { mistakes: number(marks.mistake), inaccuracies: number(marks.inaccuracy) })];
  if (marks.not_reviewed) parts.push(t("review.seat_skipped", { skipped: number(marks.not_reviewed) }));
  parts.push(t("review.seat_lost", { lost: number(marks.lost_each, { maximumFractionDigits: 1 }) }));
  if (accuracy !== undefined) parts.push(t("review.seat_accuracy", { percent: number(Math.round(accuracy)) }));
  // Each figure kept whole on a line ("average / loss" split over two read badly on a laptop).
  return parts.flatMap((part, n) => [n ? " · " : "", el("span", { class: "review-figure" }, part)]);
}

/** The list of the reviewed seats, each a line with its piece, its name and its figures; null when
 * the review names no seat (a game of AI seats alone).
 * @param {SeatMarks | undefined} seats @param {Record<string, number> | undefined} accuracy by seat number
 * @param {string[]} names by seat */
export function seatMarksList(seats, accuracy, names) {
  const reviewed = Object.entries(seats || {});
  if (!reviewed.length) return null;
  return el("ul", { class: "review-seats", id: "review-seats" }, reviewed.map(([seat, marks]) =>
    el("li", { class: `review-seat seat${seat}`, "data-seat": seat }, seatBadge(Number(seat), 14), " ",
      el("strong", {}, names[Number(seat)] ?? ""), ": ", seatMarkWords(marks, accuracy?.[seat]))));
}
