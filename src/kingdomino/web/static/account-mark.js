// The mark by the name of a seat an account plays: a guest may type any name, an account's is its
// own, so a guest "Magnus" is not taken for the account Magnus.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** The mark by the name of a seat an account plays (a guest may type any name, an account's is
 * its own), small, its words for the pointer and screen readers; nothing for another seat.
 * @param {{account?: boolean} | undefined} seat */
export function accountMark(seat) {
  if (!seat || !seat.account) return "";
  return el("span", { class: "account-mark", title: t("seat.account_title") },
    el("span", { "aria-hidden": "true" }, "✓"), el("span", { class: "visually-hidden" }, ` (${t("seat.account")})`));
}
