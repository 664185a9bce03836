// A moment the server sends as ISO 8601 (a silence's end, a club's bar's end) worded for the page:
// a date and time in the page's language and the browser's time zone, never the server's text.
import { dateLanguage } from "./i18n.js";

/** `moment` as a date and time for the reader; any text that is no ISO moment as it is.
 * @param {string} moment @returns {string} */
export function momentWords(moment) {
  const when = /^\d{4}-\d{2}-\d{2}T/.test(moment) ? new Date(moment) : null;
  if (!when || Number.isNaN(when.getTime())) return moment;
  return new Intl.DateTimeFormat(dateLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(when);
}

/** A refusal whose `until` (an ISO moment: `silenced`, `club_barred`) is worded for the reader,
 * for `errorWords`; any other refusal as it is.
 * @template {unknown} T @param {T} problem @returns {T | {code: string, message: string, values: Record<string, string | number>}} */
export function withMoment(problem) {
  const named = /** @type {{code?: string, message?: string, values?: Record<string, string | number>} | null} */ (problem);
  const until = named && named.values && named.values.until;
  if (!named || typeof until !== "string") return problem;
  return { code: named.code || "", message: named.message || "", values: { ...named.values, until: momentWords(until) } };
}
