// Keeping a game page in step with the game: every message of the socket names the game's version
// (`v`) and each state the version it shows. A state no newer than the one the page has is not
// shown again (one older never); a message naming a newer version than the page's state means a
// state is on its way, or was missed (a change the server could not tell), and if none has come a
// moment later the page asks for it (`sync`). The move awaiting the server's answer (game-socket.js)
// is settled here: acknowledged, refused (a hint's or the chat's refusal is not its), or overtaken by the game.
import { tell } from "./game-socket.js";

/** @typedef {import("./game-state.js").GameState} GameState */
/** @typedef {import("./view-types.js").ServerMessage} ServerMessage */

/** Milliseconds a page waits for the state of a version it heard of before asking for it: the
 * server sends it right after an `ack` of the same version, so asking at once would send it twice. */
const CATCH_UP_MS = 1000;

/**
 * Whether the page is to act on `message`: false for a state it has already (the page is back
 * online, no more) and for the refusal of a move sent again after a reconnection (the state shows
 * what became of it).
 * @param {GameState} game @param {ServerMessage} message
 */
export function taken(game, message) {
  let take = true;
  if (message.type === "state") {
    back(game);
    take = message.version > game.version;
    if (take) game.version = message.version;
    if (game.pending && game.pending.index !== undefined && message.index > game.pending.index) game.pending = null;
  } else if (message.type === "ack" && message.action !== undefined) {
    game.pending = null;
  } else if (message.type === "error" && game.pending && !["hint", "room", "text", "phrase"].includes(message.field)) {
    take = !game.pending.resent;
    game.pending = null;
  }
  if (message.v !== null && message.v > game.version) catchUp(game, message.v);
  return take;
}

/** The socket brought a state: the page is online again. @param {GameState} game */
function back(game) {
  if (!document.body.classList.contains("offline")) return;
  document.body.classList.remove("offline");
  game.page.error.textContent = "";
}

/** Ask for the state of version `v` unless it comes within a moment. @param {GameState} game @param {number} v */
function catchUp(game, v) {
  game.awaited = Math.max(game.awaited, v);
  if (game.catchUp) return;
  game.catchUp = window.setTimeout(() => {
    game.catchUp = 0;
    if (game.version < game.awaited) tell(game, { type: "sync" });
  }, CATCH_UP_MS);
}
