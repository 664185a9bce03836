// The points of a rating graph (rating-graph.js), each game's reached by every hand, as a slider of
// the games: a pointer over the graph chooses the game nearest it, a tap too, and a click or a
// second tap on it opens its replay; a keyboard's arrows, Home and End choose, Enter opens. The game
// chosen (at first the last) is said under the graph, its date, rating, change and place, with a
// link to its replay; a screen reader hears it as the slider's value.
import { el, svg } from "./dom.js";
import { dateLanguage, number, t } from "./i18n.js";

/** @typedef {import("./rating-graph.js").RatingPoint} RatingPoint */

/** The words of a game's point. @param {RatingPoint} point */
export function pointWords(point) {
  const [rating, before] = [Math.round(point.rating), Math.round(point.before)];
  return t("players.graph_point", { rating: number(rating), change: number(rating - before, { signDisplay: "always" }),
    date: new Date(point.at).toLocaleDateString(dateLanguage(), { dateStyle: "medium" }), place: number(point.place) });
}

/** The replay's address of a game's point. @param {RatingPoint} point */
const replayOf = (point) => `/game/${point.game_id}/replay`;

/**
 * The figure of `drawing`, its game points chosen by pointer, touch and keyboard; `at(i)`: where the
 * line's point `i` is drawn (0: before the first game, `i`: after `history[i - 1]`).
 * @param {SVGSVGElement} drawing @param {RatingPoint[]} history @param {(i: number) => [number, number]} at
 */
export function choosablePoints(drawing, history, at) {
  const mark = svg("circle", { r: 4, class: "rating-chosen" });
  drawing.append(mark);
  const said = el("span", { class: "rating-point-words" });
  const link = el("a", { class: "rating-point-replay" }, t("players.replay"));
  const caption = el("figcaption", { class: "rating-point-said" }, said, " · ", link);
  Object.entries({ role: "slider", tabindex: "0", "aria-valuemin": "1", "aria-valuemax": String(history.length),
    "aria-roledescription": t("players.graph_role") }).forEach(([name, value]) => drawing.setAttribute(name, value));
  let chosen = history.length, armed = false;
  /** Choose the game of the line's point `i` (clamped to the games'). @param {number} i */
  const choose = (i) => {
    chosen = Math.min(history.length, Math.max(1, i));
    const point = history[chosen - 1], [cx, cy] = at(chosen), words = pointWords(point);
    mark.setAttribute("cx", String(cx));
    mark.setAttribute("cy", String(cy));
    drawing.setAttribute("aria-valuenow", String(chosen));
    drawing.setAttribute("aria-valuetext", words);
    said.textContent = words;
    link.setAttribute("href", replayOf(point));
  };
  /** The game's point nearest a pointer's place. @param {MouseEvent} event */
  const nearest = (event) => {
    const box = drawing.getBoundingClientRect();
    const across = ((event.clientX - box.left) / box.width) * drawing.viewBox.baseVal.width;
    const steps = history.map((_p, k) => Math.abs(at(k + 1)[0] - across));
    return steps.indexOf(Math.min(...steps)) + 1;
  };
  drawing.addEventListener("pointermove", (event) => { if (event.pointerType === "mouse") { choose(nearest(event)); armed = true; } });
  drawing.addEventListener("click", (event) => {
    const i = nearest(event);
    if (armed && i === chosen) location.assign(replayOf(history[chosen - 1]));
    else { choose(i); armed = true; }
  });
  /** @type {Record<string, () => void>} */
  const keys = { ArrowLeft: () => choose(chosen - 1), ArrowDown: () => choose(chosen - 1), ArrowRight: () => choose(chosen + 1),
    ArrowUp: () => choose(chosen + 1), Home: () => choose(1), End: () => choose(history.length),
    Enter: () => location.assign(replayOf(history[chosen - 1])) };
  drawing.addEventListener("keydown", (event) => {
    const key = keys[event.key];
    if (!key || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    armed = false;
    key();
  });
  choose(history.length);
  return el("figure", { class: "rating-figure" }, drawing, caption);
}
