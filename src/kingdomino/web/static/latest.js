// One place on a page (a puzzle, a list, a board's labels) is drawn from the answer to the latest
// ask for it only. A page asks again when the player chooses something else (a set, a game, "more"),
// when it acts (a join), or on a timer or a socket's nudge; the answers come back in any order
// (a phone network, a busy server), and an older one drawn last showed the wrong thing. Each
// place keeps its own `latestOnly()`; an answer that a later ask overtook comes back as DROPPED,
// an error of such an ask too: the caller draws nothing, and its next steps (a timer set again, a
// "finally") still run.

/** What an overtaken ask gives instead of its answer. */
export const DROPPED = Symbol("dropped");

/** An ask for a place on the page: `latest(promise)` gives the promise's answer, or DROPPED once
 * a later ask through the same `latest` began before it came back.
 * @typedef {<T>(asked: Promise<T>) => Promise<T | typeof DROPPED>} Latest */

/** A new place's asks, only the latest of which is answered. @returns {Latest} */
export function latestOnly() {
  let asks = 0;
  return async (asked) => {
    const mine = ++asks;
    try {
      const answer = await asked;
      return mine === asks ? answer : DROPPED;
    } catch (problem) {
      if (mine === asks) throw problem;
      return DROPPED;
    }
  };
}
