// The mark by the name of a seat an account plays: a guest may type any name, an account's is its
// own, so a guest "Magnus" is not taken for the account Magnus; at a rated table, its rating.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { ratingMoved, ratingShown } from "./rating-mark.js";

/** The mark by the name of a seat an account plays (a guest may type any name, an account's is
 * its own), small, its words for the pointer and screen readers, and at a rated table the
 * account's rating in the game's pool ("1500?" while provisional), at a finished game's end the
 * rating after it with its change ("1532 (+32)"; "…" until it is recorded); nothing for another seat.
 * @param {{account?: boolean, rating?: import("./view-types.js").SeatRating} | undefined} seat */
export function accountMark(seat) {
  if (!seat || !seat.account) return "";
  const mark = el("span", { class: "account-mark", title: t("seat.account_title") },
    el("span", { "aria-hidden": "true" }, "✓"), el("span", { class: "visually-hidden" }, ` (${t("seat.account")})`));
  const rating = seat.rating;
  if (!rating) return mark;
  const shown = rating.change === null ? "…" : rating.change === undefined ? ratingShown(rating.value, rating.provisional)
    : ratingMoved(rating.value, rating.provisional, rating.change);
  return el("span", { class: "seat-marks" }, mark, " ", el("span", { class: "seat-rating" },
    el("span", { class: "visually-hidden" }, `${t("players.rating")} `), shown));
}
