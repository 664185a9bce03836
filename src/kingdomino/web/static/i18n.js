// Translations: every text of the UI comes from static/i18n/<lang>.json through t(key, params).
// The language is the one a link names (?lang=hu), else the one chosen in the selector (kept in
// localStorage), else the browser's, else English.

import { fillPlaceholders } from "./articles.js";

/** The languages of the rulebooks, with their own names. */
export const LANGUAGES = { en: "English", hu: "Magyar", bg: "Български", uk: "Українська", ru: "Русский" };
/** Where the browser keeps the language chosen (a logged-in account's too: preferences-sync.js). */
export const LANGUAGE_KEY = "kingdomino.language";
const KEY = LANGUAGE_KEY;

/** @type {Record<string, string>} */
let texts = {};
/** @type {Record<string, string>} */
let english = {};
let current = "en";

/** The query parameter of a link that opens the page in a language ("/?lang=hu"; web/pages.py). */
const PARAMETER = "lang";

/** Whether the page's address names its language ("/?lang=hu"): the page then speaks it, whatever
 * the browser or the account chose, and showing it again in another would show it in the same. */
export function languageLinked() {
  return new URLSearchParams(location.search).has(PARAMETER);
}

/** The language to use: the one a shared link names (then remembered, as if chosen), else the
 * remembered choice, else the first of the browser's we have. */
export function preferredLanguage() {
  const linked = new URLSearchParams(location.search).get(PARAMETER);
  if (linked && linked in LANGUAGES) localStorage.setItem(KEY, linked);
  const saved = localStorage.getItem(KEY);
  if (saved && saved in LANGUAGES) {
    tellServer(saved);
    return saved;
  }
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag || "").toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

/** @param {string} lang */
async function fetchTexts(lang) {
  // Beside this module, at its version's address (web/static_files.py), as the page preloads them.
  const response = await fetch(new URL(`./i18n/${lang}.json`, import.meta.url));
  return /** @type {Record<string, string>} */ (await response.json());
}

/** Load a language (and English as the fallback) and set <html lang>. @param {string} lang */
export async function loadLanguage(lang) {
  if (!(lang in LANGUAGES)) lang = "en";
  const [en, chosen] = await Promise.all([fetchTexts("en"), lang === "en" ? null : fetchTexts(lang)]);
  english = en;
  texts = chosen || en;
  current = lang;
  document.documentElement.lang = lang;
}

/** The language the page speaks now (its code, "en"): what a drawing kept by its words depends on. */
export function language() {
  return current;
}

/** The language dates and times are written in: the browser's own variant of the page's language
 * when it has one ("en-GB": 30 Nov, 19:05), else the page's ("en": Nov 30, 07:05 PM). */
export function dateLanguage() {
  return (navigator.languages || [navigator.language]).find((tag) => String(tag || "").toLowerCase().split("-")[0] === current)
    || current;
}

/** Remember a language and reload the page in it. @param {string} lang */
export function chooseLanguage(lang) {
  rememberLanguage(lang);
  location.reload();
}

/** Remember a language for the pages to come, in the browser and its cookie. @param {string} lang */
export function rememberLanguage(lang) {
  localStorage.setItem(KEY, lang);
  tellServer(lang);
}

/** Keep the chosen language in a cookie too: the server preloads its texts with the next page
 * (web/pages.py), which would otherwise be fetched only once every module has run.
 * @param {string} lang */
function tellServer(lang) {
  const cookie = `${KEY}=${lang}`;
  if (!document.cookie.split("; ").includes(cookie)) document.cookie = `${cookie}; path=/; max-age=31536000; SameSite=Lax`;
}

/** The plural rules of the current language, made once: making them is slow (a few hundredths of
 * a millisecond, on a phone a tenth), and a board's redrawing asks for them a thousand times. */
let plurals = /** @type {{lang: string, rules: Intl.PluralRules} | null} */ (null);
function pluralRules() {
  if (!plurals || plurals.lang !== current) plurals = { lang: current, rules: new Intl.PluralRules(current) };
  return plurals.rules;
}

/**
 * The text of `key` in the current language, with `{name}` placeholders filled from `params` (and
 * the article chosen by the value that follows, `{a:name}`: articles.js).
 * With a number `n`, the language's plural form `key#one`, `key#few`, `key#many`… is used where
 * the language has one (Intl.PluralRules), else `key` itself.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 */
export function t(key, params = {}) {
  const plural = typeof params.n === "number" ? `${key}#${pluralRules().select(params.n)}` : "";
  const template = (plural ? texts[plural] : undefined) ?? texts[key] ?? (plural ? english[plural] : undefined) ?? english[key] ?? key;
  return fillPlaceholders(template, params, current);
}

/** Whether the hand that plays is a finger (a touch screen without a mouse). */
export function byTouch() {
  return typeof matchMedia === "function" && matchMedia("(hover: none) and (pointer: coarse)").matches;
}

/**
 * The text of `key` as `t` gives it, in its `key_touch` form on a touch screen: "tap" where a mouse
 * would "point" or "click", and no keyboard shortcut.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 */
export function tTouch(key, params = {}) {
  return t(byTouch() && has(`${key}_touch`) ? `${key}_touch` : key, params);
}

/** Whether a key exists (for optional texts such as a terrain's name). @param {string} key */
export function has(key) {
  return key in texts || key in english;
}

/** Format a number for the current language. @param {number} n @param {Intl.NumberFormatOptions} [options] */
export function number(n, options) {
  return new Intl.NumberFormat(current, options).format(n);
}
