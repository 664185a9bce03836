// The server's time on this page. A game's clocks count down from when the turn began by the
// server's clock (`since`, epoch seconds); a phone's own clock may be minutes off, so the page
// counts by the server's time, learnt from the pongs of the game's socket (`now`): the server's
// clock at a pong, plus half its ping's round trip, is the server's time when the pong came. Of
// the last few pongs, the one of the shortest round trip says it: its error is at most half that
// trip, and a pong held up on a slow network (seconds, on a train) would set the clocks wrong.
// Each round trip is from the pong's own ping (game-socket.js), never from a later one.
// A pong that cannot agree with the best within their errors says this browser's clock was set
// meanwhile (a phone setting its time): the pongs before it are forgotten.

/** How many of the last pongs the page chooses from. */
const KEPT = 5;
/** Seconds two pongs may disagree beyond their errors (a clock's rounding, a busy browser) before
 * this browser's clock is taken to have been set. */
const SLACK = 1;

/** The last pongs' measures: the seconds to add to this browser's clock, and the round trip. @type {{offset: number, trip: number}[]} */
const heard = [];

/** A pong said the server's time `now` (epoch seconds), `roundTripMs` after its ping was sent.
 * @param {number} now @param {number} roundTripMs */
export function heardServerTime(now, roundTripMs) {
  if (typeof now !== "number" || !Number.isFinite(now) || !(roundTripMs >= 0)) return;
  const sample = { offset: now + roundTripMs / 2000 - Date.now() / 1000, trip: roundTripMs };
  const known = best();
  if (known && Math.abs(known.offset - sample.offset) > (known.trip + sample.trip) / 2000 + SLACK) heard.length = 0;
  heard.push(sample);
  if (heard.length > KEPT) heard.shift();
}

/** The measure of the shortest round trip kept (undefined: no pong yet). */
function best() {
  return heard.reduce((/** @type {{offset: number, trip: number} | undefined} */ a, b) => (a && a.trip <= b.trip ? a : b), undefined);
}

/** The server's time now, epoch seconds, as this page knows it (this browser's until a pong came). */
export function serverNow() {
  return Date.now() / 1000 + (best()?.offset ?? 0);
}
