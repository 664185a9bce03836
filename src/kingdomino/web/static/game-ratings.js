// What a finished rated game did to its players' ratings, for its end screen: asked once the game
// is over, and again while the server has not recorded the result yet (a moment after the last
// move, off its event loop: web/game_results.py).
import { ratingWords } from "./ending.js";
import { t } from "./i18n.js";
import { redrawReplay } from "./replay.js";
import { api } from "./server.js";

/** @typedef {import("./game-state.js").DrawnGame} DrawnGame */
/** @typedef {import("./view-types.js").RatingChange} RatingChange */
/** @typedef {import("./view-types.js").View} View */

/** How many times the changes are asked for while they are not recorded, and how long apart. */
const TRIES = 40;
const APART_MS = 500;

/** Ask for the rating changes of the game if it is a finished rated one not asked about yet; the
 * game is drawn again once they come (`game.ratings`), or its replay's step if the replay is open
 * (opened at its address, it begins before they come: the end screen drawn then would take the
 * replay's place; leaving the replay draws it). @param {DrawnGame} game */
export function askRatings(game) {
  if (!game.view.rated || game.view.status !== "finished" || game.ratingsAsked) return;
  game.ratingsAsked = true;
  void (async () => {
    for (let tries = 0; tries < TRIES; tries++) {
      const answer = /** @type {{status: string, seats?: RatingChange[]} | null} */ (
        await api(`/api/games/${game.id}/ratings`).catch(() => null));
      if (!answer) return;
      if (answer.seats) {
        game.ratings = answer.seats;
        if (game.ctx.replay) redrawReplay(); else game.draw();
        sayRatings(game, answer.seats);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, APART_MS));
    }
  })();
}

/** Say how this page's players' ratings moved: the ranking's cells fill in a moment after the
 * game's end, where a screen reader's user, told the game is over, would not look again.
 * @param {DrawnGame} game @param {RatingChange[]} changes */
function sayRatings(game, changes) {
  const { view, page } = game;
  const said = view.your_seats.filter((seat) => changes[seat])
    .map((seat) => t("end.rating_said", { name: view.seats[seat].name, change: ratingWords(changes[seat]) }));
  if (said.length) page.heard.textContent = said.join(". ");
}

/** `view` with its seats' ratings as a finished rated game's end says them, the ranking's figures:
 * each account's rating after the game with its change ("1532 (+32)"), "…" while the server has
 * not recorded it (`ratings` null); the rating the game was played at is the ranking's "before".
 * Any other view as it is. @param {View} view @param {RatingChange[] | null | undefined} ratings @returns {View} */
export function seatsAfter(view, ratings) {
  if (!view.rated || view.status !== "finished") return view;
  return { ...view, seats: view.seats.map((seat, i) => {
    if (!seat.rating) return seat;
    if (!ratings) return { ...seat, rating: { ...seat.rating, change: null } };
    const change = ratings[i];
    if (!change) return seat;
    const [before, after] = [Math.round(change.before), Math.round(change.after)];
    return { ...seat, rating: { value: after, provisional: Boolean(change.provisional), change: after - before } };
  }) };
}
