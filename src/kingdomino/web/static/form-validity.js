// The browser's own bubbles for a form's field left wrong (`required`, `min`, `max`, `step`,
// `minlength`, `type=email`...) say it in the page's language, not the browser's: a Hungarian page
// in an English browser said "Please fill out this field". On each field's `invalid` event the
// field is given the page's words for its validity state (`setCustomValidity`), cleared as soon as
// it is changed, so that the browser judges it again. Listened to once, on the document, for every
// form of every page.
import { dateLanguage, number, t } from "./i18n.js";

/** @typedef {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} Field */

/** A field's limit (`min`, `max`, `step`) as the page writes it: a date's in its language's way.
 * @param {Field} field @param {string} limit */
function written(field, limit) {
  if (field.type === "date") return new Date(`${limit}T00:00:00`).toLocaleDateString(dateLanguage());
  const value = Number(limit);
  return Number.isFinite(value) ? number(value) : limit;
}

/** What is missing, by the field's kind. @param {Field} field */
function missingWords(field) {
  if (field.type === "checkbox") return t("form.tick");
  if (field.type === "radio") return t("form.choose_one");
  if (field instanceof HTMLSelectElement) return t("form.choose_item");
  return t("form.fill_in");
}

/**
 * The page's words for what is wrong with `field` ("" if nothing is: its own message, if the page
 * set one, is kept). A pattern's field says its `title` (what the pattern asks, in words).
 * @param {Field} field
 */
export function validityWords(field) {
  const state = field.validity;
  const attr = (/** @type {string} */ name) => field.getAttribute(name) || "";
  const length = "value" in field ? field.value.length : 0;
  if (state.valueMissing) return missingWords(field);
  if (state.badInput) return field.type === "date" ? t("form.date") : t("form.number");
  if (state.typeMismatch) return field.type === "email" ? t("form.email") : t("form.kind");
  if (state.tooShort) return t("form.too_short", { min: number(Number(attr("minlength"))), n: number(length) });
  if (state.tooLong) return t("form.too_long", { max: number(Number(attr("maxlength"))), n: number(length) });
  if (state.rangeUnderflow) return t("form.least", { min: written(field, attr("min")) });
  if (state.rangeOverflow) return t("form.most", { max: written(field, attr("max")) });
  if (state.stepMismatch) return Number(attr("step") || 1) === 1 ? t("form.whole") : t("form.step", { step: written(field, attr("step")) });
  if (state.patternMismatch) return attr("title") || t("form.pattern");
  return "";
}

/** Whether `target` is a form's field that the browser judges. @param {EventTarget | null} target
 * @returns {target is Field} */
function isField(target) {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** The fields given the page's words here (a message the page set itself is left to the page). */
const said = new WeakSet();

/** Give every form field of `root` the page's words when the browser finds it wrong, and take them
 * back once the field changes (else the words alone would keep it wrong). @param {Document | HTMLElement} [root] */
export function speakValidity(root = document) {
  root.addEventListener("invalid", (event) => {
    const field = event.target;
    if (!isField(field) || (field.validity.customError && !said.has(field))) return;
    field.setCustomValidity("");
    const words = validityWords(field);
    field.setCustomValidity(words);
    if (words) said.add(field);
  }, true);
  /** @param {Event} event */
  const changed = (event) => {
    const field = event.target;
    if (!isField(field) || !said.has(field)) return;
    said.delete(field);
    field.setCustomValidity("");
    // A radio group is judged as one: its other buttons' words go too.
    if (field.type === "radio" && field.form && field.name) {
      for (const other of field.form.querySelectorAll(`input[type=radio][name="${CSS.escape(field.name)}"]`)) {
        if (said.has(/** @type {Field} */ (other))) { said.delete(/** @type {Field} */ (other)); /** @type {Field} */ (other).setCustomValidity(""); }
      }
    }
  };
  root.addEventListener("input", changed, true);
  root.addEventListener("change", changed, true);
}
