// How long a page waits before opening a lost socket again (a game's, the lobby's): growing with
// each try that fails, and drawn at random within its step, so that pages that lost their sockets
// together (a server's restart) do not all come back in the same instant.

/** Milliseconds before connecting again: about 1 s after a socket's end, twice as long after each
 * try that fails, 5 s at most: 40 pages of a club behind one address, back when a restarted server
 * answers, stay within the 20 sockets a second it lets one address open (`bench_club_reconnect.py`). */
const RETRY_MS = 1000;
const MAX_RETRY_MS = 5000;

/** The wait before the next try after `tries` failed in a row: between half of it and all of it,
 * drawn by `random` (in [0, 1)), so pages that lost their sockets at once do not all try at once.
 * @param {number} tries @param {number} [random] */
export function retryMs(tries, random = Math.random()) {
  const most = Math.min(MAX_RETRY_MS, RETRY_MS * 2 ** tries);
  return most / 2 + random * most / 2;
}
