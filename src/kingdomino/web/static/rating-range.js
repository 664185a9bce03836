// An open game's rating range (web/seek_ranges.py) in the new game's form: how far below and above
// your rating in the game a player who joins may be, in the server's steps (`GET /api/meta`'s
// `rating_range`). Offered to a logged-in player only: a guest has no rating to make it around.
import { ACCOUNT_SHOWN } from "./account.js";
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { serverMeta } from "./server-meta.js";

/** @typedef {import("./view-types.js").RatingRange} RatingRange */

/** Points against a rating, signed in the page's language: "−200", "+300", "0". @param {number} points */
function signed(points) {
  return number(points, { signDisplay: "exceptZero" });
}

/** A menu of the offsets from `from` to `to` in steps of `step`, `chosen` first chosen.
 * @param {string} id @param {string} name @param {number} from @param {number} to @param {number} step @param {number} chosen */
function offsetMenu(id, name, from, to, step, chosen) {
  const points = Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
  return /** @type {HTMLSelectElement} */ (el("select", { id, "aria-label": name, disabled: "" },
    points.map((point) => el("option", { value: point, selected: point === chosen }, signed(point)))));
}

/** The form's rating range, `id`s begun with `prefix`: a box that names one, and its lowest and
 * highest offsets (the widest the server allows first chosen). `chosen()`: the offsets asked for,
 * or null while the box is not ticked (anyone may join), for a guest and on a server that did not
 * say its steps. @param {string} prefix */
export function ratingRangeField(prefix) {
  const rules = serverMeta()?.rating_range;
  const step = rules?.step ?? 50;
  const low = offsetMenu(`${prefix}-low`, t("lobby.range_low"), rules?.lowest ?? 0, 0, step, rules?.lowest ?? 0);
  const high = offsetMenu(`${prefix}-high`, t("lobby.range_high"), 0, rules?.highest ?? 0, step, rules?.highest ?? 0);
  const on = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: `${prefix}-on`,
    onchange: () => { low.disabled = high.disabled = !on.checked; } }));
  const field = el("span", { class: "rating-range", hidden: "" },
    el("label", { title: t("lobby.range_title") }, on, " ", t("lobby.range")), " ", el("span", { class: "range-menus" }, low, " … ", high));
  let guest = true;
  document.addEventListener(ACCOUNT_SHOWN, (event) => {
    guest = !(/** @type {CustomEvent} */ (event).detail);
    field.hidden = guest || !rules;
  });
  /** @returns {RatingRange | null} */
  const chosen = () => (on.checked && !guest && rules ? { low: Number(low.value), high: Number(high.value) } : null);
  return { field, chosen };
}
