// A finished game's review, as the replay shows it: computed by the server once the game is over
// (asked again while it is pending), the marked moves flagged in the log, and at the position a
// human decided in, the move played and the better one if any, with their estimated win chances.
import { el } from "./dom.js";
import { api } from "./server.js";
import { number, t } from "./i18n.js";
import { actionWords, inSentence, logWords, seatWords } from "./words.js";
import { winChanceWords, winPercent } from "./win-chance.js";

/** @typedef {import("./view-types.js").ReviewedMove} ReviewedMove */
/** @typedef {import("./view-types.js").ShownView} ShownView */
/** A review once computed. @typedef {Extract<import("./view-types.js").Review, {status: "ready"}>} ReadyReview */

/** Milliseconds between two looks at a review still being computed. */
const REVIEW_POLL_MS = 1500;

/** The searches a game's review spends at most (the ready review's `searches_per_game`), for the
 * words of a decision it left out. */
let searchesPerGame = 0;

/** A mark as a flag for the log: "?!" an inaccuracy, "?" a mistake, with its name for screen readers. @param {string} mark */
export function markFlag(mark) {
  return el("span", { class: `review-mark ${mark}`, title: t(`review.mark.${mark}`) },
    " ", mark === "mistake" ? "?" : "?!", el("span", { class: "visually-hidden" }, ` ${t(`review.mark.${mark}`)}`));
}

/** The move the review offers instead of the one played, or null: none for a forced move, the best
 * move itself, or one no better in whole percent of win chance. @param {ReviewedMove | undefined} decision */
export function betterMove(decision) {
  if (!decision || decision.forced || !decision.best || decision.best === decision.action) return null;
  return winPercent(decision.best_value ?? 0) > winPercent(decision.value ?? 0) ? decision.best : null;
}

/**
 * The review of one decision in words: the move played as the log tells it ("You chose domino
 * 36"), its win chance, and the better move if any, as a sentence that compares them ("Better:
 * choose domino 20 (...), marked on the board (win chance 62 % instead of 48 %)"; it read as a
 * menu's line, "Best: Choose domino 20 (...) (about 60 % to win)"), said marked only when the
 * board shows it.
 * @param {ShownView} shown the step's view @param {ReviewedMove} decision @param {string | null} better
 * @param {{seat: number, text: string, description?: string} | null} played the action taken here
 * @param {boolean} marked
 */
export function decisionWords(shown, decision, better, played, marked) {
  if (decision.forced) return [seatWords(shown, "review.forced", decision.seat)];
  if (decision.reviewed === false) return [t("review.not_reviewed", { budget: number(searchesPerGame) })];
  const move = played ? logWords(shown, played) : actionWords(shown, decision.action);
  /** @type {Array<string | HTMLElement>} */
  const words = [better ? t("review.played_worse", { move }) : t("review.played", { move, chance: winChanceWords(decision.value ?? 0) })];
  if (decision.mark) words.push(" ", el("strong", { class: `review-verdict ${decision.mark}` }, t(`review.mark.${decision.mark}`)), ".");
  if (better) {
    const chances = { better: number(winPercent(decision.best_value ?? 0)), played: number(winPercent(decision.value ?? 0)) };
    words.push(" ", t(marked ? "review.best" : "review.best_unmarked", { move: inSentence(actionWords(shown, better)), ...chances }));
  } else words.push(" ", t("review.good"));
  return words;
}

/**
 * Ask the server for game `id`'s review until it is ready, its progress said in `state` meanwhile
 * (nothing once the replay is left: `state` out of `panel`); then its summary there, `next`
 * enabled if anything is marked, and `ready` told the decisions reviewed, by log index, and the
 * review itself.
 * @param {string} id @param {{state: HTMLElement, next: HTMLElement, panel: HTMLElement}} places
 * @param {(reviewed: Map<number, ReviewedMove>, review: ReadyReview) => Promise<void>} ready
 */
export async function loadReview(id, places, ready) {
  const { state, next, panel } = places;
  /** @type {import("./view-types.js").Review} */
  let answer;
  try { answer = /** @type {import("./view-types.js").Review} */ (await api(`/api/games/${id}/review`)); } catch { state.textContent = ""; return; }
  if (!panel.contains(state)) return;
  if (answer.status !== "ready") {
    // Waiting behind other reviews ("queued", its place in line), or being computed.
    state.textContent = answer.status === "queued" ? t("review.queued", { place: number(answer.place) })
      : t("review.pending", { done: answer.done, total: answer.total });
    setTimeout(() => loadReview(id, places, ready), REVIEW_POLL_MS);
    return;
  }
  searchesPerGame = answer.searches_per_game ?? 0;
  const counts = { mistakes: answer.summary.mistake, inaccuracies: answer.summary.inaccuracy, skipped: answer.summary.not_reviewed ?? 0 };
  state.textContent = t(counts.skipped ? "review.summary_partial" : "review.summary", counts);
  next.toggleAttribute("disabled", !answer.summary.mistake && !answer.summary.inaccuracy);
  await ready(new Map(answer.moves.map((m) => [m.index, m])), answer);
}
