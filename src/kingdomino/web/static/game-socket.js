// A game's socket: connected with the tokens this browser holds, connected again whenever it
// closes (but when the server refused it), and what the page sends on it: a move, an undo, a hint
// asked, why a move is not legal.
import { el } from "./dom.js";
import { has, t } from "./i18n.js";

/** @typedef {import("./game-state.js").GameState} GameState */
/** @typedef {import("./view-types.js").ServerMessage} ServerMessage */
/** @typedef {import("./view-types.js").ClientMessage} ClientMessage */

/** The game cannot be shown here (no link to it in this browser, or the server refused): say why,
 * with the way back to the lobby, instead of an empty table. @param {GameState} game @param {string} why */
export function unavailable(game, why) {
  game.main.replaceChildren(el("section", { class: "card", id: "unavailable" }, el("h1", {}, t("game.unavailable")),
    el("p", { class: "error", role: "alert" }, why), el("p", {}, el("a", { href: "/", class: "button", id: "to-lobby" }, t("game.to_lobby")))));
}

/** Open the game's socket, each message it brings handed to `receive`; when it closes, say so and
 * open it again a second later. @param {GameState} game @param {(message: ServerMessage) => void} receive */
export function connect(game, receive) {
  if (!game.tokens.length) { unavailable(game, t("game.no_token")); return; }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${game.id}?tokens=${game.tokens.join(",")}`);
  game.socket = socket;
  socket.onmessage = (event) => receive(/** @type {ServerMessage} */ (JSON.parse(event.data)));
  // 4403: the server refused our tokens; 4429: too many connections to this game. Retrying cannot help.
  socket.onclose = (event) => {
    if (event.code === 4403 || event.code === 4429) { if (!game.view) unavailable(game, game.refusedWith || t("game.no_token")); return; }
    // Say so until the game's state comes again: a move made meanwhile would be lost unseen.
    if (game.view) { game.page.error.textContent = t("game.reconnecting"); document.body.classList.add("offline"); }
    setTimeout(() => connect(game, receive), 1000);
  };
}

/** Send `message` if the connection is open; else say the game is reconnecting. @param {GameState} game @param {ClientMessage} message */
export function tell(game, message) {
  const socket = game.socket;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else game.page.error.textContent = t("game.reconnecting");
}

/** Play `action` on the view shown (a view the game has left by then is refused and ignored).
 * @param {GameState} game @param {string} action */
export function send(game, action) {
  game.page.error.textContent = "";
  tell(game, { type: "action", action, index: game.view ? game.view.index : undefined });
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
