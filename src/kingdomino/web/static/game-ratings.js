// What a finished rated game did to its players' ratings, for its end screen: asked once the game
// is over, and again while the server has not recorded the result yet (a moment after the last
// move, off its event loop: web/game_results.py).
import { api } from "./server.js";

/** @typedef {import("./game-state.js").DrawnGame} DrawnGame */
/** @typedef {import("./view-types.js").RatingChange} RatingChange */

/** How many times the changes are asked for while they are not recorded, and how long apart. */
const TRIES = 40;
const APART_MS = 500;

/** Ask for the rating changes of the game if it is a finished rated one not asked about yet; the
 * game is drawn again once they come (`game.ratings`), unless its replay is open (opened at its
 * address, it begins before they come): the end screen drawn then took the replay's place, and
 * leaving the replay draws them. @param {DrawnGame} game */
export function askRatings(game) {
  if (!game.view.rated || game.view.status !== "finished" || game.ratingsAsked) return;
  game.ratingsAsked = true;
  void (async () => {
    for (let tries = 0; tries < TRIES; tries++) {
      const answer = /** @type {{status: string, seats?: RatingChange[]} | null} */ (
        await api(`/api/games/${game.id}/ratings`).catch(() => null));
      if (!answer) return;
      if (answer.seats) { game.ratings = answer.seats; if (!game.ctx.replay) game.draw(); return; }
      await new Promise((resolve) => setTimeout(resolve, APART_MS));
    }
  })();
}
