// Each game's board module, by the game's name: Kingdomino and Origins share theirs.
import * as kingdoms from "./board-kingdoms.js";
import * as duel from "./board-duel.js";

/** The module that draws a game's table and its small kingdoms, by the view's `game`.
 * @type {Record<string, import("./replay.js").BoardModule>} */
export const BOARDS = { kingdomino: kingdoms, origins: kingdoms, duel };
