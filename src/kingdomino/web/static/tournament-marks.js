// What a tournament's lists say beside a number or a name (tournament.js, tournament-tables.js,
// tournament-arena.js): the kingdom points' difference as a signed number, and a bot's "(bot)".
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** A difference as a signed number in the page's language: "+16", "−16" (a minus sign, not a
 * hyphen: on a phone "± -16" read as a range), "0". @param {number} value */
export function signed(value) {
  const size = new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 2 }).format(Math.abs(value));
  return value > 0 ? `+${size}` : value < 0 ? `\u2212${size}` : size;
}

/** The kingdom points' difference with its words, as a phone's standings say it under the name
 * ("Kingdom point difference: −16"). @param {number} value */
export function kingdomWords(value) {
  return t("tournament.kingdom_line", { n: signed(value) });
}

/** The names of the tournament's entrants whose accounts are bots.
 * @param {{entrants: Array<{name: string, bot: boolean}>}} found */
export function botNames(found) {
  return new Set(found.entrants.filter((p) => p.bot).map((p) => p.name));
}

/** A bot's mark after its name in a tournament's list, "(bot)" as the players' lists and the
 * leaderboards say it ("" for a person). @param {Set<string>} bots @param {string} name */
export function botMark(bots, name) {
  return bots.has(name) ? el("span", { class: "bot-mark small", title: t("players.bot_title") }, ` (${t("players.bot")})`) : "";
}
