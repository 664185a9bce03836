// How soon a tournament (or an arena) starts, beside its moment on its page ("Starts at 1 Dec 2026,
// 19:30 (in 12 minutes)"), counted down as the page stays open: the words are made again each 15
// seconds and change once a minute at most. They are no live region: a screen reader reads them
// where they stand, as often as its reader comes to them, and is not told each change.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** How often the words are made again, in milliseconds (well under the minute they count). */
const TICK_MS = 15000;

/** How soon `at` is from `now`, in the page's language and its plural forms: "in 12 minutes" up
 * to 90 minutes, then "in 2 hours" up to 36 hours, then "in 3 days"; a moment reached or gone by
 * (the server starts it at once) is "any moment now".
 * @param {number} at seconds since the epoch @param {number} [now] milliseconds since the epoch */
export function soonWords(at, now = Date.now()) {
  const minutes = Math.ceil((at * 1000 - now) / 60000);
  if (minutes <= 0) return t("tournament.any_moment");
  if (minutes <= 90) return t("tournament.in_minutes", { n: minutes });
  const hours = Math.round(minutes / 60);
  if (hours <= 36) return t("tournament.in_hours", { n: hours });
  return t("tournament.in_days", { n: Math.round(hours / 24) });
}

/** "Starts at {time} ({soon})", kept up to date while it is on the page (its timer stops once the
 * page has drawn it away). @param {number} at seconds since the epoch @param {string} time `at` written */
export function startsIn(at, time) {
  const said = el("span", { id: "tournament-starts-in" });
  const say = () => {
    const words = t("tournament.starts", { time, soon: soonWords(at) });
    if (said.textContent !== words) said.textContent = words;
  };
  say();
  let shown = false;  // once drawn away after being on the page, the timer stops
  const timer = setInterval(() => {
    if (said.isConnected) { shown = true; say(); } else if (shown) clearInterval(timer);
  }, TICK_MS);
  return said;
}
