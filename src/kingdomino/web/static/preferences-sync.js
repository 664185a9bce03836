// The page's settings kept with a logged-in account (web/preferences.py), so that what a player
// chose on one device holds on the others: at each page of a logged-in account (and at a login)
// the account's preferences are read and written into this browser's storage, where the modules
// read their settings as a guest's page does (the language, the AI moves' pace, the draft aids,
// "Chat off", the lobby's quick game against the AI, "Confirm moves"); a change made on a page is
// written to the account too. A guest's settings stay in the browser alone, as before. The turn
// notifications' setting stays each browser's own: it needs that browser's permission, and its
// push subscription is that browser's (turn-notify.js).
import { LANGUAGE_KEY, chooseLanguage, language, languageLinked, rememberLanguage } from "./i18n.js";
import { api } from "./server.js";

/** The browser's storage keys of the settings an account keeps (the modules that use them read them). */
export const PACE_KEY = "kingdomino.ai-pace";
export const AIDS_KEY = "kingdomino.aids";
export const CHAT_OFF_KEY = "kingdomino.chat_off";
export const QUICK_AI_KEY = "kingdomino.quick-ai";
export const CONFIRM_KEY = "kingdomino.confirm-moves";
/** The event said on the document once a login on the page has read its account's preferences
 * into this browser (`detail`: them, or null), for a part drawn before to show them. */
export const PREFERENCES_READ = "kingdomino:preferences-read";

/** The account's preferences, as `GET /api/account/preferences` answers.
 * @typedef {{challenges: "everyone" | "following" | "nobody", bot_challenges: boolean, chat_off: boolean,
 *   spectators_chat: boolean, language: string | null, ai_pace: string,
 *   aids: {unseen: boolean, order: boolean, regions: boolean, placements: boolean},
 *   quick_ai: {game: string, level: string} | null, confirm_moves: "never" | "turn_based" | "always"}} Preferences */

/** The preferences of the account this page is logged in as (null: a guest, or not known yet). @type {Preferences | null} */
let known = null;
/** The reading of them under way, or the last one. @type {Promise<Preferences | null>} */
let reading = Promise.resolve(null);

/** Every preference at its default (web/preferences.py `Preferences`). @param {Preferences} chosen */
function allDefaults(chosen) {
  const aids = chosen.aids;
  return chosen.challenges === "everyone" && chosen.bot_challenges && !chosen.chat_off && chosen.spectators_chat
    && chosen.language === null && chosen.ai_pace === "server" && aids.unseen && aids.order && aids.regions && aids.placements
    && !chosen.quick_ai && chosen.confirm_moves === "never";
}

/** The page settings this browser holds that differ from their defaults, as a change of preferences. */
function thisBrowsers() {
  /** @type {Record<string, unknown>} */
  const change = {};
  const language = localStorage.getItem(LANGUAGE_KEY);
  if (language) change.language = language;
  const pace = localStorage.getItem(PACE_KEY);
  if (pace === "slow" || pace === "slower") change.ai_pace = pace;
  try {
    const aids = JSON.parse(localStorage.getItem(AIDS_KEY) || "{}") || {};
    if (Object.values(aids).includes(false)) {
      change.aids = { unseen: aids.unseen !== false, order: aids.order !== false, regions: aids.regions !== false,
        placements: aids.placements !== false };
    }
  } catch { /* a setting unreadable is no setting */ }
  if (localStorage.getItem(CHAT_OFF_KEY) === "1") change.chat_off = true;
  const confirm = localStorage.getItem(CONFIRM_KEY);
  if (confirm === "turn_based" || confirm === "always") change.confirm_moves = confirm;
  try {
    const quick = JSON.parse(localStorage.getItem(QUICK_AI_KEY) || "null");
    if (quick?.game && quick?.level) change.quick_ai = { game: quick.game, level: quick.level };
  } catch { /* a setting unreadable is no setting */ }
  return change;
}

/** Write the account's page settings into this browser's storage (a language of null leaves the
 * browser's own). @param {Preferences} chosen */
function mirror(chosen) {
  if (chosen.language) rememberLanguage(chosen.language);
  localStorage.setItem(PACE_KEY, chosen.ai_pace);
  localStorage.setItem(AIDS_KEY, JSON.stringify(chosen.aids));
  localStorage.setItem(CHAT_OFF_KEY, chosen.chat_off ? "1" : "0");
  if (chosen.quick_ai) localStorage.setItem(QUICK_AI_KEY, JSON.stringify(chosen.quick_ai));
  localStorage.setItem(CONFIRM_KEY, chosen.confirm_moves);
}

/** Read the logged-in account's preferences into this browser (nothing for a guest). An account
 * that has set none yet takes this browser's own settings instead: a guest who chose Русский and a
 * slower pace keeps them on creating an account. The answer: the preferences, or null for a guest.
 * @returns {Promise<Preferences | null>} */
export function syncPreferences() {
  reading = readIntoBrowser(false);
  return reading;
}

/** Who is logged in as the page opened (`GET /api/account`, `{account}`; a failure: nobody), asked
 * once: the account card asks the same (account.js), and the page's first answer holds for both.
 * @type {Promise<{account: unknown}> | null} */
let asked = null;
export function loggedInAtFirst() {
  asked ??= /** @type {Promise<{account: unknown}>} */ (api("/api/account").catch(() => ({ account: null })));
  return asked;
}

/** The latest reading of the account's preferences (`syncPreferences`): the preferences, or null
 * for a guest. @returns {Promise<Preferences | null>} */
export function readPreferences() {
  return reading;
}

/** Read them into the browser; `loggedIn`: the page has just logged in (no need to ask who is).
 * @param {boolean} loggedIn @returns {Promise<Preferences | null>} */
async function readIntoBrowser(loggedIn) {
  if (!loggedIn && !(await loggedInAtFirst()).account) { known = null; return null; }
  try {
    let chosen = /** @type {Preferences} */ (await api("/api/account/preferences"));
    const mine = thisBrowsers();
    if (allDefaults(chosen) && Object.keys(mine).length) {
      chosen = /** @type {Preferences} */ (await api("/api/account/preferences", { method: "PUT", body: mine }));
    }
    known = chosen;
    mirror(chosen);
    return chosen;
  } catch {
    return null;  // the page goes on with this browser's settings
  }
}

/** Keep a change of the page's settings with the account, when the page is logged in (a guest's
 * stays in the browser, where the module that changed it wrote it). Resolves with the account's
 * preferences after the change (null for a guest); a refusal throws (`Refused`).
 * @param {Partial<Preferences>} change @returns {Promise<Preferences | null>} */
export function keepPreference(change) {
  const before = sending;
  const kept = (async () => {
    await before;
    await reading;
    if (!known) return null;
    known = /** @type {Preferences} */ (await api("/api/account/preferences", { method: "PUT", body: change }));
    mirror(known);
    return known;
  })();
  sending = kept.catch(() => null);
  return kept;
}

/** The account's last change on its way: the next is sent once it is answered. Sent at once, two
 * quick changes reached the server in either order, and the first's answer, come back last, put
 * the second's setting back in this browser. @type {Promise<unknown>} */
let sending = Promise.resolve();

/** The same, for a module that only notes a change (the pace, an aid, "Chat off"): a refusal
 * leaves the change in this browser. @param {Partial<Preferences>} change */
export function noteSetting(change) {
  keepPreference(change).catch(() => {});
}

/** Follow the lobby's logins and logouts (account.js's `kingdomino:account` event, `detail` the
 * account or null): a login reads the account's preferences into this browser, and the page is
 * shown again in the account's language if it speaks another and its address names none; a logout
 * keeps them no more. The card says "no one" before it knows who is logged in, then the account:
 * only the latest word counts once the page's first reading is done, else that "no one" forgot the
 * account and its word was taken for a login, which showed a page whose address names a language
 * again and again. */
export function followLogins() {
  let latest = 0;
  document.addEventListener("kingdomino:account", async (event) => {
    const account = /** @type {CustomEvent} */ (event).detail;
    const said = ++latest;
    await reading;  // the page's own first reading, if it is still under way
    if (said !== latest) return;  // the card has said since who is logged in now
    if (Boolean(account) === (known !== null)) return;  // no change of who is logged in
    if (!account) { known = null; return; }
    reading = readIntoBrowser(true);
    const chosen = await reading;
    document.dispatchEvent(new CustomEvent(PREFERENCES_READ, { detail: chosen }));
    if (chosen?.language && !languageLinked() && chosen.language !== language()) chooseLanguage(chosen.language);
  });
}
