// A player's puzzle rating on their page (players.js): a card after their ratings once they
// answered a puzzle (GET /api/puzzles/players/{name}), nothing before.
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { api } from "./server.js";
import { ratingShown } from "./rating-mark.js";

/** The card of `name`'s puzzle rating, or null when they answered none (or the server did not say).
 * @param {string} name @returns {Promise<HTMLElement | null>} */
export async function puzzleRatingCard(name) {
  try {
    const found = /** @type {{rating: {rating: number, provisional: boolean, tried: number, solved: number} | null}} */ (
      await api(`/api/puzzles/players/${encodeURIComponent(name)}`));
    const rating = found.rating;
    if (!rating) return null;
    return el("section", { class: "card", id: "player-puzzles" },
      el("h2", {}, el("a", { href: "/puzzles" }, t("puzzle.player_rating"))),
      el("p", {}, el("strong", {}, ratingShown(rating.rating, rating.provisional)), " · ",
        t("puzzle.solved_of", { solved: number(rating.solved), tried: number(rating.tried) })));
  } catch {
    return null;
  }
}
