// The review's graph of each player's win chance over the game: the
// reviewed decisions' values drawn step by step, each decision a point that takes the replay to
// the position it was chosen in.
//
// In a 2-player game the other seat's chance at a decision is 100 % less the decider's (the
// search's values of the two seats add up to 1: docs/server/ai.md, "Win chance over the game"), so
// both players have a line even when one is an AI; with more players only the deciding seat's
// chance is known, and a seat never reviewed (an AI's) has no line.
import { el, svg } from "./dom.js";
import { number, t } from "./i18n.js";
import { SEAT_COLOURS, seatPiece } from "./pictures.js";
import { winPercent } from "./win-chance.js";

/** @typedef {import("./view-types.js").ReviewedMove} ReviewedMove */

/** A point of a seat's line: the step (log index) of a decision, the seat's win chance there in
 * whole percent, and the decision if it is the seat's own (else a 2-player opponent's, mirrored).
 * @typedef {{step: number, percent: number, own: ReviewedMove | null}} LinePoint */

/** What the replay keeps of the graph: the figure, and how to show the replay's step on it.
 * @typedef {{figure: HTMLElement, show: (step: number) => void}} WinChanceGraph */

/** Each seat's line: its own decisions' win chances and, in a 2-player game, the other's mirrored.
 * @param {ReviewedMove[]} moves @param {number} players @returns {LinePoint[][]} */
export function winChanceLines(moves, players) {
  /** @type {LinePoint[][]} */
  const lines = Array.from({ length: players }, () => []);
  for (const move of moves) {
    if (move.forced || move.reviewed === false || move.value === undefined || !lines[move.seat]) continue;
    const percent = winPercent(move.value);
    lines[move.seat].push({ step: move.index, percent, own: move });
    if (players === 2) lines[1 - move.seat].push({ step: move.index, percent: 100 - percent, own: null });
  }
  return lines;
}

/**
 * The graph of the players' win chance over a game of `total` steps: a line per seat that has
 * one, in the seats' colours, with a legend naming them (and the seats without a line); each
 * reviewed decision a button ("Step 12: Anna 62 %", its mark if any) that calls `pick` with its
 * step. A seat's two decisions of a turn are a step apart, their points a few pixels (fewer than a
 * finger's width): a click or a tap on the graph goes to the point nearest to it, so the one seen
 * under the pointer, and the empty graph a tap away from its points. The arrows go between the
 * points (and the replay with them), Tab passes them at once.
 * @param {ReviewedMove[]} moves @param {string[]} names by seat @param {number} total
 * @param {(step: number) => void} pick @returns {WinChanceGraph}
 */
export function winChanceGraph(moves, names, total, pick) {
  const lines = winChanceLines(moves, names.length);
  const x = (/** @type {number} */ step) => (total ? (100 * step) / total : 0);
  const drawn = svg("svg", { viewBox: "0 0 100 100", preserveAspectRatio: "none", role: "img", "aria-label": summary(lines, names) },
    svg("line", { x1: 0, x2: 100, y1: 50, y2: 50, class: "review-even" }),
    ...lines.map((line, seat) => line.length ? svg("polyline", { class: "review-line", stroke: SEAT_COLOURS[seat] || "#444",
      points: line.map((p) => `${x(p.step)},${100 - p.percent}`).join(" ") }) : null));
  const now = svg("line", { y1: 0, y2: 100, class: "review-now" });
  drawn.append(now);
  const points = lines.flatMap((line, seat) => line.filter((p) => p.own).map((p) => point(p, seat, names[seat], x)))
    .sort((a, b) => Number(a.dataset.step) - Number(b.dataset.step));
  if (points.length) points[0].tabIndex = 0;
  const group = el("div", { class: "review-points", role: "group", "aria-label": t("review.graph_points"),
    onkeydown: (/** @type {KeyboardEvent} */ event) => goAlong(event, points) }, points);
  const axis = ["100 %", "50 %", "0 %"].map((words, n) => el("span", { class: `review-axis at-${n}`, "aria-hidden": "true" }, words));
  const legend = el("ul", { class: "review-legend" }, names.map((name, seat) => el("li", { class: `seat${seat}` },
    svg("svg", { viewBox: "0 0 20 20", width: 12, height: 12, "aria-hidden": "true" }, seatPiece(seat, 10, 10, 8)), " ",
    lines[seat].length ? name : t("review.graph_no_line", { name }))));
  const plot = el("div", { class: "review-plot", onclick: (/** @type {MouseEvent} */ event) => {
    // A key's click (Enter, Space, the arrows') is its point's; a pointer's, the nearest point's.
    const pressed = /** @type {HTMLElement} */ (event.target).closest(".review-point");
    const chosen = event.detail === 0 ? pressed : nearest(points, event.clientX, event.clientY);
    if (!(chosen instanceof HTMLElement)) return;
    if (chosen !== pressed) chosen.focus({ preventScroll: true });
    pick(Number(chosen.dataset.step));
  } }, axis, drawn, group);
  new ResizeObserver(() => flagsApart(points)).observe(plot);
  const figure = el("figure", { class: "review-graph", id: "review-graph" },
    el("figcaption", {}, el("span", { class: "review-graph-title" }, t("review.graph_title")), legend), plot);
  return {
    figure,
    show(step) {
      now.setAttribute("x1", String(x(step)));
      now.setAttribute("x2", String(x(step)));
      const here = points.find((button) => Number(button.dataset.step) === step);
      for (const button of points) {
        button.classList.toggle("current", button === here);
        if (button === here) button.setAttribute("aria-current", "step"); else button.removeAttribute("aria-current");
        // The point of the step shown is the graph's Tab stop.
        if (here) button.tabIndex = button === here ? 0 : -1;
      }
    },
  };
}

/** A decision's point: a button at its place on the graph (placed by the style, as the page's
 * policy allows no style attribute), the seat's piece, the mark's flag if any.
 * @param {LinePoint} p @param {number} seat @param {string} name @param {(step: number) => number} x */
function point(p, seat, name, x) {
  const mark = p.own?.mark;
  const label = t("review.point", { n: p.step, name, percent: number(p.percent) }) + (mark ? ` (${t(`review.mark.${mark}`)})` : "");
  const button = el("button", { type: "button", class: `review-point seat${seat}${mark ? ` ${mark}` : ""}`, "data-step": p.step,
    tabindex: -1, "aria-label": label, title: label },
  svg("svg", { viewBox: "0 0 20 20", width: 12, height: 12, "aria-hidden": "true" }, seatPiece(seat, 10, 10, 8)),
  mark ? el("span", { class: "review-flag", "aria-hidden": "true" }, mark === "mistake" ? "?" : "?!") : null);
  button.style.left = `${x(p.step)}%`;
  button.style.top = `${100 - p.percent}%`;
  return button;
}

/** Lay out the flags of the marked points ("?", "?!") so that each reads alone: above its point,
 * else under it where that would touch a flag already placed (two marked decisions a few pixels
 * apart), else not drawn (its mark stays in the point's name and the log). Measured on the page,
 * again whenever the graph's width changes. @param {HTMLElement[]} points in step order */
function flagsApart(points) {
  /** @type {DOMRect[]} */
  const placed = [];
  /** @param {DOMRect} box */
  const touches = (box) => placed.some((other) =>
    box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom);
  for (const button of points) {
    const flag = button.querySelector(".review-flag");
    if (!flag) continue;
    button.classList.remove("flag-below", "flag-hidden");
    if (touches(flag.getBoundingClientRect())) button.classList.add("flag-below");
    if (touches(flag.getBoundingClientRect())) {
      button.classList.replace("flag-below", "flag-hidden");
      continue;
    }
    placed.push(flag.getBoundingClientRect());
  }
}

/** The point whose centre is nearest to (`left`, `top`) on the screen, if any.
 * @param {HTMLElement[]} points @param {number} left @param {number} top */
function nearest(points, left, top) {
  let best = null, bestDistance = Infinity;
  for (const button of points) {
    const box = button.getBoundingClientRect();
    const distance = Math.hypot(box.left + box.width / 2 - left, box.top + box.height / 2 - top);
    if (distance < bestDistance) { best = button; bestDistance = distance; }
  }
  return best;
}

/** The arrows, Home and End on a point: to the point before, after, first or last, which takes
 * the replay there (not stepping it one action, as the arrows do elsewhere on the page).
 * @param {KeyboardEvent} event @param {HTMLElement[]} points */
function goAlong(event, points) {
  const at = points.indexOf(/** @type {HTMLElement} */ (event.target));
  /** @type {Record<string, number>} */
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: points.length - 1 };
  if (at < 0 || !(event.key in to) || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault();
  event.stopPropagation();
  const next = points[Math.max(0, Math.min(points.length - 1, to[event.key]))];
  next.focus();
  next.click();
}

/** The graph in words, for screen readers: each line from its first to its last point, with its
 * lowest and highest, and the seats without one. @param {LinePoint[][]} lines @param {string[]} names */
function summary(lines, names) {
  const parts = lines.map((line, seat) => {
    if (!line.length) return t("review.graph_no_line", { name: names[seat] });
    const percents = line.map((p) => p.percent);
    return t("review.graph_line", { name: names[seat], first: number(percents[0]), last: number(percents[percents.length - 1]),
      low: number(Math.min(...percents)), high: number(Math.max(...percents)) });
  });
  return `${t("review.graph_title")}: ${parts.join("; ")}.`;
}
