// What a legal move adds at once to the mover's score, said beside the move ("+6", "Place: … · +6
// points") on the board and in the move list: the figures are the server's (`score_gains`, counted
// by the engine), never added up here.
import { t } from "./i18n.js";
import { actionWords } from "./words.js";

/** @typedef {import("./words.js").ViewLike} ViewLike */

/** Moves that lay something on a kingdom: what they add is said even when it is nothing. */
const LAID = new Set(["place", "draw", "die"]);

/**
 * What a legal move adds at once to the mover's score, from the server's `score_gains` (counted by
 * the engine); null where it is not known or, for a move that lays nothing on a kingdom, nothing.
 * @param {ViewLike} view @param {string} action @returns {number | null}
 */
function shownGain(view, action) {
  const gain = (view.score_gains || {})[action];
  return typeof gain !== "number" || (!gain && !LAID.has(action.split(" ")[0])) ? null : gain;
}

/** That gain as a sign and a number ("+6"), or "". @param {ViewLike} view @param {string} action */
export function gainSign(view, action) {
  const gain = shownGain(view, action);
  return gain === null ? "" : `${gain < 0 ? "−" : "+"}${Math.abs(gain)}`;
}

/** That gain in words ("+6 points"), or "". @param {ViewLike} view @param {string} action */
export function gainWords(view, action) {
  const gain = shownGain(view, action);
  return gain === null ? "" : `${gain < 0 ? "−" : "+"}${t("points_n", { n: Math.abs(gain) })}`;
}

/** A legal move in words with what it adds ("Place: … · +6 points"), for the board and the move list.
 * @param {ViewLike} view @param {string} action */
export function moveWords(view, action) {
  const gain = gainWords(view, action);
  return gain ? `${actionWords(view, action)} · ${gain}` : actionWords(view, action);
}
