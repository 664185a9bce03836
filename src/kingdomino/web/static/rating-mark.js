// A rating as the pages show it: its figures, and a "?" while it is provisional (its deviation over
// the threshold, kingdomino.ratings.glicko2's PROVISIONAL), wherever a rating is shown: the end
// screen, a player's page, the account card, the players' names at a rated table.
import { el } from "./dom.js";
import { number, t } from "./i18n.js";

/** The deviation over which a rating is provisional (kingdomino.ratings.glicko2 PROVISIONAL). */
export const PROVISIONAL = 110;

/** A rating in figures, "1500?" while it is provisional: as text, for a sentence or a screen
 * reader's words. @param {number} rating @param {boolean | undefined} provisional */
export function ratingText(rating, provisional) {
  return `${number(Math.round(rating))}${provisional ? "?" : ""}`;
}

/** A rating as an element: its figures, and while it is provisional a "?" whose meaning a pointer
 * and a screen reader are told. @param {number} rating @param {boolean | undefined} provisional */
export function ratingShown(rating, provisional) {
  const figures = number(Math.round(rating));
  if (!provisional) return el("span", { class: "rating" }, figures);
  const meaning = t("rating.provisional_title", { threshold: number(PROVISIONAL) });
  return el("span", { class: "rating provisional-rating" }, figures,
    el("span", { class: "provisional-mark", role: "img", title: meaning, "aria-label": meaning }, "?"));
}
