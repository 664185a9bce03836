// A player's puzzle ratings on their page (players.js): a card after their ratings once they
// answered a puzzle (GET /api/puzzles/players/{name}), a line for each set they are rated in (a Duel
// puzzle rating is not a Kingdomino one), nothing before.
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { api } from "./server.js";
import { ratingShown } from "./rating-mark.js";
import { kindTitle } from "./puzzle-sets.js";

/** A rating in one set. @typedef {{rating: number, provisional: boolean, tried: number, solved: number}} SetRating */

/** The card of `name`'s puzzle ratings, or null when they answered none (or the server did not say).
 * @param {string} name @returns {Promise<HTMLElement | null>} */
export async function puzzleRatingCard(name) {
  try {
    const found = /** @type {{ratings: Record<string, SetRating>}} */ (
      await api(`/api/puzzles/players/${encodeURIComponent(name)}`));
    const sets = Object.entries(found.ratings || {});
    if (!sets.length) return null;
    return el("section", { class: "card", id: "player-puzzles" },
      el("h2", {}, el("a", { href: "/puzzles" }, t("puzzle.player_rating"))),
      el("ul", { class: "puzzle-ratings" }, sets.map(([kind, rating]) => el("li", { "data-kind": kind },
        el("a", { href: `/puzzles?game=${kind}` }, kindTitle(kind)), ": ",
        el("strong", {}, ratingShown(rating.rating, rating.provisional)), " · ",
        t("puzzle.solved_of", { solved: number(rating.solved), tried: number(rating.tried) })))));
  } catch {
    return null;
  }
}
