// The replay viewer of a finished game: step through every action, the board and the scores of
// that moment, and the log following the step (the current action marked and scrolled to).
// The game's review (review.js) follows the steps: the marked moves are flagged in the log, and at
// the position a human decided in, the best alternative is drawn on the board, as a hint; each
// player's marks and accuracy (review-seats.js) stand in its summary, its win chance graph
// (review-graph.js) under it, a point of the graph a way to its decision's position.
import { el } from "./dom.js";
import { api } from "./server.js";
import { t } from "./i18n.js";
import { keepOpen, matchNoteWords, pastGames, scoreSheets } from "./ending.js";
import { betterMove, decisionWords, loadReview, markFlag } from "./review.js";
import { winChanceGraph } from "./review-graph.js";
import { seatMarksList } from "./review-seats.js";
import { errorWords, localSeatNames, logWords } from "./words.js";
import { askedStep, followSteps } from "./replay-link.js";

/** @typedef {import("./view-types.js").View} View */
/** @typedef {import("./view-types.js").ShownView} ShownView */
/** @typedef {import("./view-types.js").ReplayFrame} ReplayFrame */
/** @typedef {import("./view-types.js").ReviewedMove} ReviewedMove */
/** @typedef {import("./board-kingdoms.js").Ctx} Ctx */

/** A game's board module: it draws the table and a small kingdom for the score sheets.
 * @typedef {{render: (c: HTMLElement, v: ShownView, ctx: Ctx) => void, miniKingdom: (v: ShownView, seat: number) => Element}} BoardModule */

/** Where the replay draws on the game's page: the board; the step's controls (`bar`, above the
 * board, at hand while it is looked at); the replay's title and review (`panel`); the step's scores
 * (under the board, beside the log); the log; the share card, where the link to the step shown goes.
 * @typedef {{board: HTMLElement, bar: HTMLElement, panel: HTMLElement, scores: HTMLElement, log: HTMLElement, share: HTMLElement}} Places */

/**
 * A replay being looked at: the finished game (`view`) and how it is drawn, the step shown, the
 * frames asked for so far (only the last one asked is drawn: a step's answer that comes after a
 * later step's, as when a slider is dragged, would show the wrong board; and none once the replay
 * is left), the decisions reviewed by log index, the review's graph once ready, the replay's own
 * elements, and what follows the step in the page's address and the link to it (replay-link.js).
 * @typedef {{id: string, view: View, renderer: BoardModule, ctx: Ctx, places: Places, total: number, step: number,
 *   asked: number, reviewed: Map<number, ReviewedMove>, graph: import("./review-graph.js").WinChanceGraph | null,
 *   slider: HTMLInputElement, label: HTMLElement, verdict: HTMLElement, scores: HTMLElement, note: HTMLElement, matchNote: HTMLElement,
 *   playOn: HTMLButtonElement, frame: ReplayFrame | null, marks: () => View["seats"], follow: (step: number, total: number) => void}} Replay
 */

/** The replay being looked at (null: none), drawn again when the seats' ratings come. @type {Replay | null} */
let current = null;

/** A frame's `current_player` once the game is over (core/game.py's TERMINAL). */
const GAME_OVER = -2;

/**
 * Show the replay of the finished game `id` (its `view`) in `places` on the game's page, drawn by
 * its board module `renderer`, from the step its address asks for (`?step=N`, a link to a move) else
 * the first; `back` leaves it (its button). `marks`: the
 * seats as the end screen says them (game-ratings.js seatsAfter), whose account marks and ratings
 * the score sheets of every step show: a frame names the seats only.
 * @param {string} id @param {View} view the finished game's view
 * @param {BoardModule} renderer @param {Ctx} ctx @param {Places} places @param {() => void} back
 * @param {() => View["seats"]} marks
 */
export async function startReplay(id, view, renderer, ctx, places, back, marks) {
  const total = view.index;
  const step = Math.min(askedStep(), total);
  /** @type {Replay} */
  const replay = current = { id, view, renderer, ctx, places, total, step, asked: 0, reviewed: new Map(), graph: null, marks,
    follow: followSteps(id, places.share),
    slider: /** @type {HTMLInputElement} */ (el("input", { type: "range", min: 0, max: total, value: step, id: "replay-step",
      "aria-label": t("replay.step") })),
    label: el("span", { id: "replay-label", "aria-live": "polite" }),
    verdict: el("strong", { id: "replay-verdict" }),
    scores: el("div", { id: "replay-scores" }),
    note: el("p", { id: "review-note", "aria-live": "polite" }),
    matchNote: el("p", { id: "replay-match-note", class: "away", hidden: true }),
    playOn: /** @type {HTMLButtonElement} */ (el("button", { type: "button", id: "replay-play-on", title: t("replay.play_on_title"),
      onclick: () => playOn(replay) }, t("replay.play_on"))),
    frame: null };
  const reviewState = el("div", { id: "review-state", class: "small" });
  const nextMarked = el("button", { type: "button", id: "review-next", disabled: true, onclick: () => jumpToMarked(replay) }, t("review.next"));
  replay.slider.addEventListener("input", () => { replay.step = Number(replay.slider.value); showStep(replay); });
  listenToKeys(replay);
  // The title, the way back and the review's summary share a line, so a laptop's board keeps its
  // room; the review's graph goes under them once ready, as wide as the card.
  const head = el("div", { class: "replay-head" }, el("h2", {}, t("replay.title")),
    el("button", { type: "button", id: "replay-back", onclick: back }, t("replay.back")),
    el("div", { class: "review replay-head", id: "review" }, el("h3", {}, t("review.title")), reviewState));
  places.panel.replaceChildren(el("section", { class: "card replay", id: "replay-panel" }, head, replay.note));
  places.bar.replaceChildren(stepControls(replay, nextMarked), replay.matchNote);
  // The link to send stays at the page's foot (#share-card: a finished game's page has it).
  places.scores.replaceChildren(replay.scores);
  // The button that opened the replay is gone: a keyboard's focus goes on to the step buttons
  // (it fell to the page).
  if (document.activeElement === document.body) /** @type {HTMLElement} */ (places.bar.querySelector("#replay-next")).focus({ preventScroll: true });
  await showStep(replay);
  loadReview(id, { state: reviewState, next: nextMarked, panel: places.panel }, async (reviewed, review) => {
    replay.reviewed = reviewed;
    nextMarked.toggleAttribute("disabled", !markedSteps(replay).length);
    const names = seatNames(view);
    // Each player's marks and accuracy where the game's count was: a coach reviews them apart.
    const seats = seatMarksList(review.seats, review.accuracy, names);
    if (seats) reviewState.replaceChildren(seats);
    if ([...reviewed.values()].some((m) => m.value !== undefined)) {
      replay.graph = winChanceGraph(review.moves, names, total, (step) => jumpTo(replay, step));
      head.append(replay.graph.figure);
    }
    await showStep(replay);
  });
}

/** The seats' names in the page's language (an AI's level, an unnamed player's "Player 2"), by
 * seat. @param {View} view */
function seatNames(view) {
  const seats = view.seats.map((seat) => ({ ...seat }));
  localSeatNames(seats, view.your_seats || []);
  return seats.map((seat) => seat.name);
}

/** The step buttons and the slider, "Next marked move" (in the bar that sticks to the screen's top:
 * in the review's summary, the marked move it scrolled to could leave it under the bar or above
 * the screen) and "Play on from here", then the step's words, the verdict first: on a phone the
 * verdict and "Play on" took a line of their own, the bar a quarter of the screen over the board.
 * @param {Replay} replay @param {HTMLElement} nextMarked */
function stepControls(replay, nextMarked) {
  /** A step button, its key said to pointers and screen readers.
   * @param {string} id @param {string} words @param {string} key @param {string} sign @param {() => void} onclick */
  const stepButton = (id, words, key, sign, onclick) => el("button", { type: "button", id, onclick, "aria-label": words, "aria-keyshortcuts": key,
    title: `${words} (${key === "ArrowLeft" ? "←" : key === "ArrowRight" ? "→" : key})` }, sign);
  return el("div", { class: "controls" },
    stepButton("replay-first", t("replay.first"), "Home", "|◀", () => goTo(replay, 0)), " ",
    stepButton("replay-prev", t("replay.previous"), "ArrowLeft", "◀", () => goTo(replay, replay.step - 1)), " ",
    stepButton("replay-next", t("replay.next"), "ArrowRight", "▶", () => goTo(replay, replay.step + 1)), " ",
    stepButton("replay-last", t("replay.last"), "End", "▶|", () => goTo(replay, replay.total)), " ", replay.slider, " ",
    nextMarked, " ", replay.playOn, el("span", { class: "replay-caption" }, replay.verdict, replay.label));
}

/** The keys, wherever the focus is but in a field one types in (the slider has them itself) or the
 * rules: the arrows step back and on, Home and End go to the first and the last step; until the
 * replay is left. A link's read-only field is no such field: its copy button leaves the focus in it.
 * @param {Replay} replay */
function listenToKeys(replay) {
  /** @param {KeyboardEvent} event */
  const onKey = (event) => {
    if (!replay.slider.isConnected) { document.removeEventListener("keydown", onKey); return; }
    const target = /** @type {HTMLElement} */ (event.target);
    if (event.ctrlKey || event.metaKey || event.altKey || target.closest("input:not([readonly]), select, textarea, dialog")) return;
    /** @type {Record<string, number>} */
    const steps = { ArrowLeft: replay.step - 1, ArrowRight: replay.step + 1, Home: 0, End: replay.total };
    if (!(event.key in steps)) return;
    event.preventDefault();
    goTo(replay, steps[event.key]);
  };
  document.addEventListener("keydown", onKey);
}

/** Draw the step shown again (the seats' ratings came once the server recorded the result), if a
 * replay is being looked at. */
export function redrawReplay() {
  if (current && current.slider.isConnected) showStep(current);
}

/** A new game from the step shown, you against AIs: in your seat of this game, else in the seat
 * to play there; opened once made. @param {Replay} replay */
async function playOn(replay) {
  const { id, view, step, frame } = replay;
  const acting = frame && frame.current_player >= 0 ? frame.current_player : frame?.next?.seat ?? 0;
  const seat = view.your_seats?.[0] ?? acting;
  try {
    const created = /** @type {import("./view-types.js").Created} */ (
      await api(`/api/games/${id}/play-on`, { method: "POST", body: { step, seat } }));
    const { rememberCreated } = await import("./lobby.js");
    rememberCreated(created, undefined, created.seats.map((s) => s.kind === "human" ? "me" : `ai:${s.level}`), false);
    location.href = `/game/${created.id}`;
  } catch (problem) {
    replay.note.textContent = errorWords(problem);
  }
}

/** Show step `to` (kept within the game). @param {Replay} replay @param {number} to */
function goTo(replay, to) {
  replay.step = Math.max(0, Math.min(replay.total, to));
  showStep(replay);
}

/** The log indexes of the marked moves "Next marked move" walks: a seat of the game's own (a
 * player reviews their own game), every seat's for anyone else. @param {Replay} replay */
function markedSteps(replay) {
  const own = replay.view.your_seats || [];
  return [...replay.reviewed.values()].filter((m) => m.mark && (!own.length || own.includes(m.seat))).map((m) => m.index);
}

/** Go to the position of the next marked move walked (after this step), else the first one. @param {Replay} replay */
function jumpToMarked(replay) {
  const marked = markedSteps(replay);
  const next = marked.find((index) => index > replay.step) ?? marked[0];
  if (next !== undefined) jumpTo(replay, next);
}

/** Go to step `to` from the review ("Next marked move", a point of its graph): the step drawn, its
 * marked moves and the review's words brought into view. @param {Replay} replay @param {number} to */
function jumpTo(replay, to) {
  replay.step = Math.max(0, Math.min(replay.total, to));
  showStep(replay).then(() => markedInView(replay.places.board, replay.note));
}

/** The room kept between a move the review marks and the screen's edges, in CSS pixels. */
const ROOM = 24;
/** The room kept above the review's words at the screen's top, in CSS pixels. */
const WORDS_ROOM = 4;

/** Bring the moves a review marks on the board (the one played and the better one) into view with
 * room around them, below the step bar that sticks to the screen's top: at 150 % on a laptop the
 * better move sat at the screen's bottom edge. Scrolled as little as that takes, and never so far
 * that the review's words (`note`, above the bar) start above the screen's top: on a phone their
 * first line went there, the move judged unsaid; the page goes back up to them if they are there
 * already. Where both do not fit (a 320 x 568 phone: the words and the step bar take 385 px), the
 * moves marked come first: kept to the words, they were under the screen's foot, nothing of what the
 * words said marked in sight, while the bar's verdict says the move judged and the words are a
 * swipe up. @param {HTMLElement} board @param {HTMLElement} note */
function markedInView(board, note) {
  const boxes = [...board.querySelectorAll(".hint-mark, .played-mark, .domino.hinted, .domino.played")]
    .map((mark) => mark.getBoundingClientRect());
  const words = note.textContent ? note.getBoundingClientRect().top - WORDS_ROOM : Infinity;
  let by = 0;
  if (boxes.length) {
    const top = Math.min(...boxes.map((box) => box.top)), bottom = Math.max(...boxes.map((box) => box.bottom));
    const bar = document.querySelector(".replay-bar")?.getBoundingClientRect().height ?? 0;
    const under = bottom + ROOM - window.innerHeight;  // how far the lowest mark is below the room kept
    const over = bar + ROOM - top;  // how far the highest is above it (under the step bar)
    by = under > 0 ? Math.min(under, -over) : over > 0 ? -over : 0;
    // Kept to the words, the lowest mark must still be whole on the screen (but a pixel's fraction).
    if (by > words && bottom - words <= window.innerHeight + 1) by = words;
  } else by = Math.min(by, words);
  if (by) window.scrollBy({ top: by, behavior: "instant" });
}

/** Ask for the replay's step and draw it: its words, the board (the review's better move marked),
 * the scores and the log. @param {Replay} replay */
async function showStep(replay) {
  const { id, view, step, slider } = replay;
  const ask = ++replay.asked;
  const frame = /** @type {ReplayFrame} */ (await api(`/api/games/${id}/replay?step=${step}`));
  if (ask !== replay.asked || !slider.isConnected) return;  // a later step asked for, or the replay left
  const marks = replay.marks();
  frame.seats = frame.seats.map((seat, i) => ({ ...seat, account: marks[i]?.account, rating: marks[i]?.rating }));
  localSeatNames(frame.seats, view.your_seats || []);
  slider.value = String(step);
  replay.follow(step, frame.steps);
  replay.frame = frame;
  replay.playOn.disabled = frame.current_player === GAME_OVER;
  replay.graph?.show(step);
  const seat = frame.last ? frame.last.seat : -1;
  /** @type {ShownView} */
  const shown = { ...view, ...frame, status: step === frame.steps ? "finished" : "playing", legal_actions: [], your_seats: [],
    viewer_seats: view.your_seats, winners: step === frame.steps ? view.winners : [], log: [] };
  // At a reviewed decision the caption names the move judged, played from the position shown (it
  // named the event before it, while the verdict spoke of the next move), and its verdict if marked:
  // the caption stays in view over a phone's board, the review's words a screen above it.
  const judged = replay.reviewed.has(step) && frame.next ? frame.next : null;
  const mark = judged ? replay.reviewed.get(step)?.mark : undefined;
  replay.label.textContent = ` ${t("replay.step_of", { n: step, of: frame.steps })}${judged
    ? " · " + t("replay.judged", { move: logWords(shown, judged) })
    : frame.last ? " · " + logWords(shown, { seat, text: frame.last.text, description: frame.last.description }) : ""}`;
  // Beside the caption, not in it: the review's note says the verdict to a screen reader already.
  replay.verdict.className = `review-verdict ${mark ?? ""}`.trim();
  replay.verdict.textContent = mark ? `${mark === "mistake" ? "?" : "?!"} ${t(`review.mark.${mark}`)}` : "";
  replay.matchNote.textContent = matchNoteWords(shown);  // before the board is fitted below it
  replay.matchNote.hidden = !replay.matchNote.textContent;
  drawStep(replay, shown, frame);
  showLog(replay, shown, frame);
}

/** The step's board, with the review of the decision taken there, and its scores.
 * @param {Replay} replay @param {ShownView} shown @param {ReplayFrame} frame */
function drawStep(replay, shown, frame) {
  const { view, renderer, ctx, step, note, scores } = replay;
  const { board } = replay.places;
  // The decision taken from this position, if a human's: the best alternative drawn as a hint.
  const decision = replay.reviewed.get(step);
  const better = betterMove(decision);
  // The review's words above the board before it is fitted to the room they leave; said marked
  // on the board only once it is drawn there.
  const words = (/** @type {boolean} */ marked) => decision ? decisionWords(shown, decision, better, frame.next, marked) : [];
  note.replaceChildren(...words(Boolean(better)));
  renderer.render(board, shown, { ...ctx, legal: [], replay: true, mainSeat: view.your_seats[0] ?? 0,
    highlight: decision && better ? { seat: decision.seat, action: better, played: decision.action } : null });
  const marked = Boolean(board.querySelector(".hint-mark, .hinted"));
  if (marked !== Boolean(better)) note.replaceChildren(...words(marked));
  // A Dynasty's games played by this step: their kingdoms, and the last one's result while the
  // next one is young (the board has gone back to empty kingdoms).
  keepOpen(scores, pastGames(shown, renderer.miniKingdom, scores), scoreSheets(shown, renderer.miniKingdom, scores));
}

/** The log up to the step, its last action marked and scrolled to, the review's marks flagged.
 * @param {Replay} replay @param {ShownView} shown @param {ReplayFrame} frame */
function showLog(replay, shown, frame) {
  const { step, reviewed, places: { log } } = replay;
  // At a reviewed decision the move judged is the log's current line (played from this position).
  const judged = reviewed.has(step) && frame.next ? [{ ...frame.next, index: step }] : [];
  const lit = judged.length ? step : step - 1;
  log.replaceChildren(...[...frame.log, ...judged].reverse().map((entry) => {
    const mark = reviewed.get(entry.index)?.mark;
    return el("li", { value: entry.index + 1, class: [entry.index === lit ? "current" : "", mark ? `marked ${mark}` : ""].join(" ").trim(),
      "aria-current": entry.index === lit ? "step" : undefined }, logWords(shown, entry), mark ? markFlag(mark) : "");
  }));
  const current = log.querySelector("li.current");
  if (current) showInLog(log, current);
}

/** Scroll the log's own box (never the page: the board stays in view) to show `item`.
 * @param {HTMLElement} log @param {Element} item */
function showInLog(log, item) {
  const box = log.getBoundingClientRect(), line = item.getBoundingClientRect();
  if (line.top < box.top) log.scrollTop -= box.top - line.top;
  else if (line.bottom > box.bottom) log.scrollTop += line.bottom - box.bottom;
}
