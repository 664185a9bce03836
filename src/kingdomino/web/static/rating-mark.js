// A rating as the pages show it: its figures, and a "?" while it is provisional (its deviation over
// the threshold, kingdomino.ratings.glicko2's PROVISIONAL, as the server says it: server-meta.js),
// wherever a rating is shown: the end screen, a player's page, the account card, the players' names
// at a rated table, an open game's creator in the lobby. The server says which ratings are provisional.
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { serverMeta } from "./server-meta.js";

/** What a provisional rating's "?" means, for a pointer and a screen reader: with the server's
 * threshold, or the bare word while the server has not said it. */
export function provisionalMeaning() {
  const threshold = serverMeta()?.provisional_threshold;
  return threshold === undefined ? t("players.provisional_tag") : t("rating.provisional_title", { threshold: number(threshold) });
}

/** A rating in figures, "1500?" while it is provisional: as text, for a sentence or a screen
 * reader's words. @param {number} rating @param {boolean | undefined} provisional */
export function ratingText(rating, provisional) {
  return `${number(Math.round(rating))}${provisional ? "?" : ""}`;
}

/** A rating after a game with its change, "1532 (+32)" ("1532? (+32)" while provisional), as an
 * element: the end screen's ranking and the seats' names say it alike.
 * @param {number} after @param {boolean | undefined} provisional @param {number} change */
export function ratingMoved(after, provisional, change) {
  return el("span", { class: "rating-moved" }, ratingShown(after, provisional), ` (${number(change, { signDisplay: "always" })})`);
}

/** A rating as an element: its figures, and while it is provisional a "?" whose meaning a pointer
 * and a screen reader are told. @param {number} rating @param {boolean | undefined} provisional */
export function ratingShown(rating, provisional) {
  const figures = number(Math.round(rating));
  if (!provisional) return el("span", { class: "rating" }, figures);
  const meaning = provisionalMeaning();
  return el("span", { class: "rating provisional-rating" }, figures,
    el("span", { class: "provisional-mark", role: "img", title: meaning, "aria-label": meaning }, "?"));
}
