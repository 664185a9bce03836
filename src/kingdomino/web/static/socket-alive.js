// A page's socket kept alive (a game's, the lobby's): pinged at the server's pace, and taken for
// dead when it hears nothing for two pings, or does not even open within two: a network gone
// without a goodbye (a phone in a tunnel, a proxy dropping idle connections) leaves a socket the
// browser still calls open, which would bring the page nothing more, unsaid.

/** Milliseconds between pings until the server's first pong says its own pace (`ping_every`). */
export const PING_MS = 10000;

/** @typedef {{opened: () => void, heard: (at: number) => void, pace: (seconds: number) => void, stop: () => void}} KeepAlive */

/** Keep `socket` alive: once `opened()`, ping it every `pace` (10 s until told); when nothing was
 * `heard()` for two pings since one was sent, or it did not open within two, close it and call
 * `dead()`. Checked at each ping, so a background tab's slowed timers never make a live socket
 * look dead. A new pace takes the place of the ping set at the old one: a server that closes
 * sockets silent for less than 10 s would close this one first. `pinged` is told when each ping
 * goes (`performance.now()`).
 * @param {WebSocket} socket @param {() => void} dead @param {(at: number) => void} [pinged]
 * @returns {KeepAlive} */
export function keepAlive(socket, dead, pinged = () => {}) {
  let every = PING_MS, heard = performance.now(), last = 0, ticker = 0, pinging = false;
  const gone = () => { clearTimeout(ticker); pinging = false; socket.close(); dead(); };
  const tick = () => {
    if (last > heard) {
      if (performance.now() - last >= 2 * every) { gone(); return; }
    } else {
      socket.send(JSON.stringify({ type: "ping" }));
      last = performance.now();
      pinged(last);
    }
    ticker = window.setTimeout(tick, every);
  };
  ticker = window.setTimeout(gone, 2 * every);
  return {
    opened: () => { clearTimeout(ticker); pinging = true; tick(); },
    heard: (at) => { heard = at; },
    pace: (seconds) => {
      if (!(seconds > 0) || seconds * 1000 === every) return;
      every = seconds * 1000;
      if (pinging) { clearTimeout(ticker); ticker = window.setTimeout(tick, every); }
    },
    stop: () => { clearTimeout(ticker); pinging = false; },
  };
}
