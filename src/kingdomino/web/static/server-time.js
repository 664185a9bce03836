// The server's time on this page. A game's clocks count down from when the turn began by the
// server's clock (`since`, epoch seconds); a phone's own clock may be minutes off, so the page
// counts by the server's time, learnt from each pong of the game's socket (`now`): the server's
// clock at the pong, plus half the ping's round trip, is the server's time when the pong came.

/** Seconds to add to this browser's clock for the server's (0 until a pong has said it). */
let offset = 0;

/** A pong said the server's time `now` (epoch seconds), `roundTripMs` after its ping was sent.
 * @param {number} now @param {number} roundTripMs */
export function heardServerTime(now, roundTripMs) {
  if (typeof now !== "number" || !Number.isFinite(now) || roundTripMs < 0) return;
  offset = now + roundTripMs / 2000 - Date.now() / 1000;
}

/** The server's time now, epoch seconds, as this page knows it. */
export function serverNow() {
  return Date.now() / 1000 + offset;
}
