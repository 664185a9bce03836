// A game's socket: connected with the tokens this browser holds (none to watch a public game), kept
// alive with pings (socket-alive.js; each pong, echoed at once, says the server's time), connected
// again with a growing wait whenever it closes or dies (but when the server refused it), and what
// the page sends on it: a move (kept until acknowledged, and sent again once connected again), an
// undo, a hint asked, why a move is not legal.
import { el } from "./dom.js";
import { has, t } from "./i18n.js";
import { drawAway } from "./game-presence.js";
import { heardServerTime } from "./server-time.js";
import { retryMs } from "./socket-retry.js";
import { keepAlive } from "./socket-alive.js";

/** @typedef {import("./game-state.js").GameState} GameState */
/** @typedef {import("./view-types.js").ServerMessage} ServerMessage */
/** @typedef {import("./view-types.js").ClientMessage} ClientMessage */

/** The game cannot be shown here (no link to it in this browser, or the server refused): say why,
 * with what to do about it if anything, and the way back to the lobby, instead of an empty table.
 * @param {GameState} game @param {string} why @param {string} [help] */
export function unavailable(game, why, help = "") {
  game.main.replaceChildren(el("section", { class: "card", id: "unavailable" }, el("h1", {}, t("game.unavailable")),
    el("p", { class: "error", role: "alert" }, why), help ? el("p", { id: "unavailable-help" }, help) : "",
    el("p", {}, el("a", { href: "/", class: "button", id: "to-lobby" }, t("game.to_lobby")))));
}

/** Open the game's socket, each message it brings handed to `receive`; when it closes or dies,
 * say the page is offline and open it again after `attempt` tries failed in a row.
 * @param {GameState} game @param {(message: ServerMessage) => void} receive @param {number} [attempt] */
export function connect(game, receive, attempt = 0) {
  // Most often a friend was sent the address of a player's own page, which holds no link to the game.
  if (!game.tokens.length && !game.watching) { unavailable(game, t("game.no_token"), t("game.no_token_help")); return; }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${game.id}?tokens=${game.tokens.join(",")}`);
  game.socket = socket;
  let opened = false;
  // When each ping whose pong has not come was sent, oldest first: the server answers them in
  // order, so a pong is timed from its own ping, not the last one. A pong held up while another
  // message came and the page pinged again, timed from that later ping, would claim a short round
  // trip for a server time seconds old, and set the clocks that far wrong.
  /** @type {number[]} */
  const unanswered = [];
  /** The socket is gone: say so, and connect again after a while (at once when the browser is back online). */
  const lost = () => {
    alive.stop();
    socket.onopen = socket.onmessage = socket.onclose = null;
    if (game.socket === socket) game.socket = null;
    offline(game);
    const tries = opened ? 0 : attempt + 1;
    const again = () => { window.removeEventListener("online", again); clearTimeout(timer); connect(game, receive, tries); };
    const timer = setTimeout(again, retryMs(tries));
    window.addEventListener("online", again);
  };
  const alive = keepAlive(socket, lost, (at) => unanswered.push(at));
  socket.onopen = () => {
    opened = true;
    // Who is at the table is told anew on each socket (only what differs from nobody and no other window).
    game.presence = { ...game.presence, away: {}, here: null, elsewhere: [], watching: 0, lost: [], gone: {} };
    drawAway(game);
    alive.opened();
    if (game.pending) { game.pending.resent = true; socket.send(JSON.stringify(moveMessage(game.pending))); }
    // The chat's rooms, read anew on each socket (messages may have come while it was closed).
    socket.send(JSON.stringify(/** @type {ClientMessage} */ ({ type: "chat_read" })));
  };
  socket.onmessage = (event) => {
    const heard = performance.now();
    alive.heard(heard);
    const message = /** @type {ServerMessage} */ (JSON.parse(event.data));
    if (message.type === "pong") {
      // Echoed at once: the server measures the socket's round trip by it, and gives it back to our moves.
      socket.send(JSON.stringify(/** @type {ClientMessage} */ ({ type: "echo" })));
      alive.pace(message.ping_every);
      const sent = unanswered.shift();
      if (sent !== undefined) heardServerTime(message.now, heard - sent);
    }
    receive(message);
  };
  // 4403: the server refused our tokens; 4429: too many connections to this game. Retrying cannot help.
  socket.onclose = (event) => {
    if (event.code !== 4403 && event.code !== 4429) { lost(); return; }
    alive.stop();
    if (!game.view) unavailable(game, game.refusedWith || t("game.no_token"));
  };
}

/** Say the game is offline until its state comes again (a move made meanwhile waits).
 * @param {GameState} game */
function offline(game) {
  if (!game.view) return;
  game.page.error.textContent = t(game.pending ? "game.move_waits" : "game.reconnecting");
  document.body.classList.add("offline");
}

/** Send `message` if the connection is open; else say the game is reconnecting. @param {GameState} game @param {ClientMessage} message */
export function tell(game, message) {
  const socket = game.socket;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else game.page.error.textContent = t("game.reconnecting");
}

/** The socket's message of a move. @param {{action: string, index?: number}} move @returns {ClientMessage} */
function moveMessage(move) {
  return { type: "action", action: move.action, index: move.index };
}

/** Play `action` on the view shown (a view the game has left by then is refused and ignored). The
 * move is kept until the server acknowledges it: made offline, or still unanswered when the socket
 * closes, it is sent once the socket is open again (its `index` makes sure it never applies twice).
 * @param {GameState} game @param {string} action */
export function send(game, action) {
  game.page.error.textContent = "";
  game.pending = { action, index: game.view ? game.view.index : undefined, resent: false };
  const socket = game.socket;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(moveMessage(game.pending)));
  else offline(game);
}

/** Ask the engine why an action is not legal (answered as a "why" message); an empty action
 * takes back what was said (a legal square chosen since). @param {GameState} game @param {string} action */
export function why(game, action) {
  const { view, page } = game;
  if (!action) { if (game.askedWhy !== null) { game.askedWhy = null; page.error.textContent = ""; } return; }
  if (!view || !view.your_seats.includes(view.current_player)) {
    page.error.textContent = view && view.status === "finished" ? "" : t("game.not_your_turn");
    return;
  }
  game.askedWhy = action;
  tell(game, { type: "why", action });
}

/** The engine's refusal in the page's language where it names its rule (a square where a domino
 * may not go), else in the engine's words.
 * @param {GameState} game @param {{reason: string, refusal: import("./view-types.js").Refusal | null}} message */
export function refusalWords(game, message) {
  const refusal = message.refusal;
  if (!refusal || !game.view) return message.reason;
  const perGame = `why.${refusal.key}.${game.view.game}`;
  const key = has(perGame) ? perGame : `why.${refusal.key}`;
  return has(key) ? t(key, refusal.values) : message.reason;
}
