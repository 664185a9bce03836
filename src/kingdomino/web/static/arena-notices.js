// Why an arena leaves its player out, said on its page (web/arena_notices.py): held back from
// pairing for calling games off by pausing, until a moment said in the page's language and the
// browser's time zone; their page would otherwise show no game, and no reason, for minutes. Or
// withdrawn to free their place, paused too long while the arena was full.
import { dateLanguage, t } from "./i18n.js";

/** The player's part of an arena's view that says why they are left out.
 * @typedef {{held_until?: number | null, call_offs?: number, freed_place?: {minutes: number} | null}} Hold */

/** The words of the player's hold ("You called off 2 games by pausing: you are paired again at
 * 12:04. Keep this page open: …"), "" when they are not held or the hold is over on this browser's clock.
 * @param {Hold | null | undefined} you @returns {string} */
export function heldWords(you) {
  const until = you?.held_until;
  if (!until || until * 1000 <= Date.now()) return "";
  const time = new Intl.DateTimeFormat(dateLanguage(), { timeStyle: "short" }).format(new Date(until * 1000));
  // Pairing needs the page open: a player who closed it to wait would never be paired.
  return `${t("arena.held", { n: you?.call_offs ?? 0, time })} ${t("arena.held_next")}`;
}

/** The words of the player's withdrawal to free their place ("You were withdrawn from this arena
 * to free your place: …"), and what is left to them (their results stay; no join again: the
 * page offers none), "" when they were not. @param {Hold | null | undefined} you @returns {string} */
export function freedWords(you) {
  const freed = you?.freed_place;
  return freed ? `${t("arena.freed_place", { n: freed.minutes })} ${t("arena.freed_next")}` : "";
}
