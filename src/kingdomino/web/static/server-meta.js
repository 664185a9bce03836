// What the server offers, as its one table of each says (`GET /api/meta`), read once as the page
// starts: the AI levels a seat may have (ai-levels.js) and the deviation over which a rating is
// provisional (rating-mark.js, kingdomino.ratings.glicko2 PROVISIONAL), an open game's rating
// range's steps (rating-range.js). The page keeps no copy.
import { api } from "./server.js";

/** `rating_range`: the steps and bounds of an open game's rating range (web/seek_ranges.py).
 * @typedef {{levels: string[], provisional_threshold: number,
 *   rating_range?: {step: number, lowest: number, highest: number}}} ServerMeta */

/** What the server said; null until `loadMeta` has read it, or if it could not. @type {ServerMeta | null} */
let meta = null;

/** Read what the server offers (once, as the page starts). A server that cannot say it leaves a
 * page without AI seats and without the threshold's figure, not a page that does not open. */
export async function loadMeta() {
  try {
    meta = /** @type {ServerMeta} */ (await api("/api/meta"));
  } catch {
    meta = null;
  }
}

/** What the server offers, as `loadMeta` read it (null: not read). */
export function serverMeta() {
  return meta;
}
