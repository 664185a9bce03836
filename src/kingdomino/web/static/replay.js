// The replay viewer of a finished game: step through every action, the board and the scores of
// that moment, and the log following the step (the current action marked and scrolled to).
// The game's review (computed by the server once the game is over) follows the steps: the marked
// moves are flagged in the log, and at the position a human decided in, the move played and the
// best alternative (drawn on the board, as a hint) are given with their estimated win chances.
import { el } from "./dom.js";
import { api } from "./server.js";
import { number, t } from "./i18n.js";
import { keepOpen, matchNoteWords, pastGames, scoreSheets } from "./ending.js";
import { actionWords, inSentence, localSeatNames, logWords, seatWords, winChanceWords, winPercent } from "./words.js";

/** Seconds between two looks at a review still being computed. */
const REVIEW_POLL_MS = 1500;

/**
 * @typedef {{index: number, seat: number, action: string, forced: boolean, value?: number, best?: string,
 *   best_value?: number, loss?: number, mark: "inaccuracy" | "mistake" | null}} ReviewedMove
 */

/** A mark as a flag for the log: "?!" an inaccuracy, "?" a mistake, with its name for screen readers. @param {string} mark */
export function markFlag(mark) {
  return el("span", { class: `review-mark ${mark}`, title: t(`review.mark.${mark}`) },
    " ", mark === "mistake" ? "?" : "?!", el("span", { class: "visually-hidden" }, ` ${t(`review.mark.${mark}`)}`));
}

/** A game's board module: it draws the table and a small kingdom for the score sheets.
 * @typedef {{render: (c: HTMLElement, v: any, ctx: any) => void, miniKingdom: (v: any, seat: number) => Element}} BoardModule */

/** Where the replay draws on the game's page: the board; the step's controls (`bar`, above the
 * board, at hand while it is looked at); the replay's title and review (`panel`); the step's scores
 * (under the board, beside the log); the log.
 * @typedef {{board: HTMLElement, bar: HTMLElement, panel: HTMLElement, scores: HTMLElement, log: HTMLElement}} Places */

/**
 * @param {string} id @param {any} view the finished game's view
 * @param {BoardModule} renderer @param {any} ctx @param {Places} places @param {() => void} back
 */
export async function startReplay(id, view, renderer, ctx, places, back) {
  const { board, bar, panel, log } = places;
  const total = view.index;
  let step = 0;
  /** @type {Map<number, ReviewedMove>} */
  let reviewed = new Map();
  const slider = /** @type {HTMLInputElement} */ (el("input", { type: "range", min: 0, max: total, value: 0, id: "replay-step", "aria-label": t("replay.step") }));
  const label = el("span", { id: "replay-label", "aria-live": "polite" });
  const scores = el("div", { id: "replay-scores" });
  const reviewState = el("p", { id: "review-state", class: "small" });
  const nextMarked = el("button", { type: "button", id: "review-next", disabled: true, onclick: () => jumpToMarked() }, t("review.next"));
  const note = el("p", { id: "review-note", "aria-live": "polite" });
  const matchNote = el("p", { id: "replay-match-note", class: "away", hidden: true });

  /** The frames asked for so far: only the last one asked is drawn (a step's answer that comes
   * after a later step's, as when a slider is dragged, would show the wrong board), and none once
   * the replay is left. */
  let asked = 0;
  const show = async () => {
    const ask = ++asked;
    const frame = await api(`/api/games/${id}/replay?step=${step}`);
    if (ask !== asked || !slider.isConnected) return;  // a later step asked for, or the replay left
    localSeatNames(frame.seats, view.your_seats || []);
    slider.value = String(step);
    const seat = frame.last ? frame.last.seat : -1;
    const fake = { ...view, ...frame, status: step === frame.steps ? "finished" : "playing", legal_actions: [], your_seats: [], viewer_seats: view.your_seats,
      winners: step === frame.steps ? view.winners : [], log: [] };
    label.textContent = ` ${t("replay.step_of", { n: step, of: frame.steps })}${frame.last ? " · " + logWords(fake, { seat, text: frame.last.text, description: frame.last.description }) : ""}`;
    matchNote.textContent = matchNoteWords(fake);  // before the board is fitted below it
    matchNote.hidden = !matchNote.textContent;
    // The decision taken from this position, if a human's: the best alternative drawn as a hint.
    const decision = reviewed.get(step);
    // A move no better in whole percent of win chance is not offered as a better one.
    const better = decision && !decision.forced && decision.best && decision.best !== decision.action
      && winPercent(decision.best_value ?? 0) > winPercent(decision.value ?? 0) ? decision.best : null;
    // The review's words above the board before it is fitted to the room they leave; said marked
    // on the board only once it is drawn there.
    const words = (/** @type {boolean} */ marked) => decision ? decisionWords(fake, decision, better, frame.next, marked) : [];
    note.replaceChildren(...words(Boolean(better)));
    renderer.render(board, fake, { ...ctx, legal: [], replay: true, mainSeat: view.your_seats[0] ?? 0,
      highlight: decision && better ? { seat: decision.seat, action: better } : null });
    const marked = Boolean(board.querySelector(".hint-mark, .hinted"));
    if (marked !== Boolean(better)) note.replaceChildren(...words(marked));
    // A Dynasty's games played by this step: their kingdoms, and the last one's result while the
    // next one is young (the board has gone back to empty kingdoms).
    keepOpen(scores, pastGames(fake, renderer.miniKingdom, scores), scoreSheets(fake, renderer.miniKingdom, scores));
    log.replaceChildren(...frame.log.slice().reverse().map((/** @type {any} */ entry) => {
      const mark = reviewed.get(entry.index)?.mark;
      return el("li", { value: entry.index + 1, class: [entry.index === step - 1 ? "current" : "", mark ? `marked ${mark}` : ""].join(" ").trim(),
        "aria-current": entry.index === step - 1 ? "step" : undefined }, logWords(fake, entry), mark ? markFlag(mark) : "");
    }));
    const current = log.querySelector("li.current");
    if (current) showInLog(current);
  };

  /** Scroll the log's own box (never the page: the board stays in view) to show `item`. @param {Element} item */
  function showInLog(item) {
    const box = log.getBoundingClientRect(), line = item.getBoundingClientRect();
    if (line.top < box.top) log.scrollTop -= box.top - line.top;
    else if (line.bottom > box.bottom) log.scrollTop += line.bottom - box.bottom;
  }

  /**
   * The review of one decision in words: the move played as the log tells it ("You chose domino
   * 36"), its win chance, and the better move if any, as a sentence that compares them ("Better:
   * choose domino 20 (...), marked on the board (win chance 62 % instead of 48 %)"; it read as a
   * menu's line, "Best: Choose domino 20 (...) (about 60 % to win)"), said marked only when the
   * board shows it.
   * @param {any} fake @param {ReviewedMove} decision @param {string | null} better
   * @param {{seat: number, text: string, description?: string} | null} played the action taken here
   * @param {boolean} marked
   */
  function decisionWords(fake, decision, better, played, marked) {
    if (decision.forced) return [seatWords(view, "review.forced", decision.seat)];
    const move = played ? logWords(fake, played) : actionWords(fake, decision.action);
    /** @type {Array<string | HTMLElement>} */
    const words = [better ? t("review.played_worse", { move }) : t("review.played", { move, chance: winChanceWords(decision.value ?? 0) })];
    if (decision.mark) words.push(" ", el("strong", { class: `review-verdict ${decision.mark}` }, t(`review.mark.${decision.mark}`)), ".");
    if (better) {
      const chances = { better: number(winPercent(decision.best_value ?? 0)), played: number(winPercent(decision.value ?? 0)) };
      words.push(" ", t(marked ? "review.best" : "review.best_unmarked", { move: inSentence(actionWords(fake, better)), ...chances }));
    } else words.push(" ", t("review.good"));
    return words;
  }

  /** Go to the position of the next marked decision (after this step), else the first one. */
  function jumpToMarked() {
    const marked = [...reviewed.values()].filter((m) => m.mark).map((m) => m.index);
    const next = marked.find((index) => index > step) ?? marked[0];
    if (next !== undefined) { step = next; show(); }
  }

  async function loadReview() {
    let answer;
    try { answer = await api(`/api/games/${id}/review`); } catch { reviewState.textContent = ""; return; }
    if (!panel.contains(reviewState)) return;
    if (answer.status !== "ready") {
      reviewState.textContent = t("review.pending", { done: answer.done, total: answer.total });
      setTimeout(loadReview, REVIEW_POLL_MS);
      return;
    }
    reviewed = new Map(answer.moves.map((/** @type {ReviewedMove} */ m) => [m.index, m]));
    reviewState.textContent = t("review.summary", { mistakes: answer.summary.mistake, inaccuracies: answer.summary.inaccuracy });
    nextMarked.toggleAttribute("disabled", !answer.summary.mistake && !answer.summary.inaccuracy);
    await show();
  }

  /** @param {number} to */
  const goTo = (to) => { step = Math.max(0, Math.min(total, to)); show(); };
  /** @param {number} delta */
  const go = (delta) => goTo(step + delta);
  slider.addEventListener("input", () => { step = Number(slider.value); show(); });
  /** The keys, wherever the focus is but in a field (the slider has them itself) or the rules:
   * the arrows step back and on, Home and End go to the first and the last step. @param {KeyboardEvent} event */
  const onKey = (event) => {
    if (!slider.isConnected) { document.removeEventListener("keydown", onKey); return; }
    const target = /** @type {HTMLElement} */ (event.target);
    if (event.ctrlKey || event.metaKey || event.altKey || target.closest("input, select, textarea, dialog")) return;
    /** @type {Record<string, () => void>} */
    const keys = { ArrowLeft: () => go(-1), ArrowRight: () => go(1), Home: () => goTo(0), End: () => goTo(total) };
    if (!keys[event.key]) return;
    event.preventDefault();
    keys[event.key]();
  };
  document.addEventListener("keydown", onKey);
  /** A step button, its key said to pointers and screen readers. @param {string} id @param {string} words @param {string} key @param {string} sign @param {() => void} onclick */
  const stepButton = (id, words, key, sign, onclick) => el("button", { type: "button", id, onclick, "aria-label": words, "aria-keyshortcuts": key,
    title: `${words} (${key === "ArrowLeft" ? "←" : key === "ArrowRight" ? "→" : key})` }, sign);
  // The title, the way back and the review's summary share a line, so a laptop's board keeps its room.
  panel.replaceChildren(el("section", { class: "card replay", id: "replay-panel" },
    el("div", { class: "replay-head" }, el("h2", {}, t("replay.title")), el("button", { type: "button", id: "replay-back", onclick: back }, t("replay.back")),
      el("div", { class: "review replay-head", id: "review" }, el("h3", {}, t("review.title")), reviewState, nextMarked)),
    note));
  bar.replaceChildren(el("div", { class: "controls" },
    stepButton("replay-first", t("replay.first"), "Home", "|◀", () => goTo(0)), " ",
    stepButton("replay-prev", t("replay.previous"), "ArrowLeft", "◀", () => go(-1)), " ",
    stepButton("replay-next", t("replay.next"), "ArrowRight", "▶", () => go(1)), " ",
    stepButton("replay-last", t("replay.last"), "End", "▶|", () => goTo(total)), " ", slider, label), matchNote);
  places.scores.replaceChildren(scores);
  // The button that opened the replay is gone: a keyboard's focus goes on to the step buttons
  // (it fell to the page).
  if (document.activeElement === document.body) /** @type {HTMLElement} */ (bar.querySelector("#replay-next")).focus({ preventScroll: true });
  await show();
  loadReview();
}
