// The preferences' page (/account/preferences): who may challenge me and my chat, which the server
// enforces (web/preferences.py), and the page's settings (the language, the AI moves' pace, whether
// a move chosen waits for Confirm, the draft aids shown, the lobby's "Play now" game and AI level), kept with a logged-in account for
// every device it logs in on. Each change is saved at once and said ("Saved"); a guest's page
// offers the page's settings alone, kept in this browser as before, and says how to keep them
// everywhere.
import { el } from "./dom.js";
import { LANGUAGES, LANGUAGE_KEY, chooseLanguage, t } from "./i18n.js";
import { PACES } from "./game-pace.js";
import { AIDS_KEY, CONFIRM_KEY, PACE_KEY, QUICK_AI_KEY, keepPreference, readPreferences } from "./preferences-sync.js";
import { CONFIRMS, chosenConfirm } from "./move-confirm.js";
import { QUICK_GAMES, levelWord, quickChosen } from "./lobby-quick.js";
import { aiLevels } from "./ai-levels.js";
import { vacationPart } from "./vacation.js";
import { mailNoticesPart } from "./mail-notices.js";
import { errorWords } from "./words.js";
import { DROPPED, latestOnly } from "./latest.js";

/** @typedef {import("./preferences-sync.js").Preferences} Preferences */

const AIDS = /** @type {const} */ (["unseen", "order", "regions", "placements"]);
const CHALLENGERS = /** @type {const} */ (["everyone", "following", "nobody"]);

/** A check box with its words, whose label is the whole target. @param {string} id @param {string} words
 * @param {boolean} checked @param {(on: boolean) => void} changed */
function checkBox(id, words, checked, changed) {
  const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id, checked }));
  box.addEventListener("change", () => changed(box.checked));
  return el("label", { class: "block pref-choice" }, box, " ", words);
}

/** A labelled menu of `options` ([value, words]). @param {string} id @param {string} words
 * @param {Array<[string, string]>} options @param {string} chosen @param {(value: string) => void} changed */
function menu(id, words, options, chosen, changed) {
  const select = /** @type {HTMLSelectElement} */ (el("select", { id },
    options.map(([value, said]) => el("option", { value, selected: value === chosen }, said))));
  select.addEventListener("change", () => changed(select.value));
  return el("label", { class: "block pref-menu", for: id }, el("span", {}, words), " ", select);
}

/** A part of the page: a fieldset with its legend. @param {string} id @param {string} legend @param {...Node} parts */
function part(id, legend, ...parts) {
  return el("fieldset", { class: "pref-part", id }, el("legend", {}, legend), ...parts);
}

/** Who may challenge me and whether bots may: the server refuses the others' challenges.
 * @param {Preferences} chosen @param {(change: Partial<Preferences>) => void} save */
function challengesPart(chosen, save) {
  const radios = el("fieldset", { class: "pref-radios", id: "pref-challengers" }, el("legend", {}, t("prefs.challengers")),
    CHALLENGERS.map((who) => {
      const radio = /** @type {HTMLInputElement} */ (el("input", { type: "radio", name: "challengers", value: who,
        id: `pref-challengers-${who}`, checked: chosen.challenges === who }));
      radio.addEventListener("change", () => { if (radio.checked) save({ challenges: who }); });
      return el("label", { class: "block pref-choice" }, radio, " ", t(`prefs.challengers.${who}`));
    }));
  return part("pref-challenges", t("prefs.challenges"), radios,
    checkBox("pref-bots", t("prefs.bot_challenges"), chosen.bot_challenges, (on) => save({ bot_challenges: on })));
}

/** The chat at the start of my games, and the spectators' words of my games.
 * @param {Preferences} chosen @param {(change: Partial<Preferences>) => void} save */
function chatPart(chosen, save) {
  return part("pref-chat", t("chat.title"),
    checkBox("pref-chat-off", t("prefs.chat_off"), chosen.chat_off, (on) => save({ chat_off: on })),
    checkBox("pref-spectators", t("prefs.spectators_chat"), chosen.spectators_chat, (on) => save({ spectators_chat: on })));
}

/** The page's settings: the language (a change shows the page again in it), the AI moves' pace,
 * whether a move waits for Confirm and the aids. @param {Preferences} chosen @param {(change: Partial<Preferences>) => Promise<void>} save */
function pagePart(chosen, save) {
  const languages = /** @type {Array<[string, string]>} */ ([["", t("prefs.language_browser")], ...Object.entries(LANGUAGES)]);
  const language = menu("pref-language", t("app.language"), languages, chosen.language || "", (value) => {
    save({ language: value || null }).then(() => {
      if (value) chooseLanguage(value);
      else { localStorage.removeItem(LANGUAGE_KEY); location.reload(); }
    }, () => {});
  });
  const paces = /** @type {Array<[string, string]>} */ (Object.keys(PACES).map((pace) => [pace, t(`pace.${pace}`)]));
  const pace = menu("pref-pace", t("pace.label"), paces, chosen.ai_pace, (value) => save({ ai_pace: value }));
  const confirms = /** @type {Array<[string, string]>} */ (CONFIRMS.map((value) => [value, t(`confirm.${value}`)]));
  const confirm = menu("pref-confirm", t("confirm.label"), confirms, chosen.confirm_moves,
    (value) => save({ confirm_moves: /** @type {Preferences["confirm_moves"]} */ (value) }));
  const aids = el("fieldset", { class: "pref-aids", id: "pref-aids" }, el("legend", {}, t("aids.choose")),
    AIDS.map((aid) => checkBox(`pref-aid-${aid}`, t(`aids.show_${aid}`), chosen.aids[aid],
      (on) => save({ aids: { ...chosen.aids, [aid]: on } }))));
  return part("pref-page", t("prefs.page"), language, pace, confirm, el("p", { class: "small" }, t("confirm.about")), aids);
}

/** The lobby's quick game against the AI ("Play now"): its game and the AI's level, as the lobby's
 * card keeps them (none kept yet: Kingdomino at medium, as the card shows them).
 * @param {Preferences} chosen @param {(change: Partial<Preferences>) => void} save */
function quickPart(chosen, save) {
  const quick = chosen.quick_ai || quickChosen();
  const games = /** @type {Array<[string, string]>} */ (QUICK_GAMES.map((game) => [game, t(`game.${game}`)]));
  const levels = /** @type {Array<[string, string]>} */ ((aiLevels().length ? aiLevels() : [quick.level])
    .map((level) => [level, levelWord(level)]));
  const game = menu("pref-quick-game", t("prefs.quick_game"), games, quick.game,
    (value) => save({ quick_ai: { ...(chosen.quick_ai || quickChosen()), game: value } }));
  const level = menu("pref-quick-level", t("lobby.quick_level"), levels, quick.level,
    (value) => save({ quick_ai: { ...(chosen.quick_ai || quickChosen()), level: value } }));
  return part("pref-quick", t("prefs.quick"), el("p", { class: "small" }, t("prefs.quick_about")), game, level);
}

/** This browser's own settings, as a guest's page keeps them (the defaults where none is set). @returns {Preferences} */
function browserSettings() {
  /** @type {Record<string, unknown>} */
  let aids = {};
  try { aids = JSON.parse(localStorage.getItem(AIDS_KEY) || "{}") || {}; } catch { aids = {}; }
  const pace = localStorage.getItem(PACE_KEY);
  return { challenges: "everyone", bot_challenges: true, chat_off: false, spectators_chat: true,
    language: localStorage.getItem(LANGUAGE_KEY), ai_pace: pace === "slow" || pace === "slower" ? pace : "server",
    aids: { unseen: aids.unseen !== false, order: aids.order !== false, regions: aids.regions !== false,
      placements: aids.placements !== false }, quick_ai: localStorage.getItem(QUICK_AI_KEY) ? quickChosen() : null,
    confirm_moves: chosenConfirm() };
}

/** A guest's change: kept in this browser. @param {Preferences} chosen @param {Partial<Preferences>} change */
function keepHere(chosen, change) {
  Object.assign(chosen, change);
  if (change.ai_pace) localStorage.setItem(PACE_KEY, change.ai_pace);
  if (change.aids) localStorage.setItem(AIDS_KEY, JSON.stringify(change.aids));
  if (change.quick_ai) localStorage.setItem(QUICK_AI_KEY, JSON.stringify(change.quick_ai));
  if (change.confirm_moves) localStorage.setItem(CONFIRM_KEY, change.confirm_moves);
}

/** Show the preferences' page in `root`, once the page knows whether it is logged in. @param {HTMLElement} root */
export async function showPreferences(root) {
  const account = await readPreferences();
  const chosen = account ? { ...account, aids: { ...account.aids } } : browserSettings();
  const saved = el("p", { role: "status", id: "pref-saved", class: "small" });
  const refused = el("p", { role: "alert", id: "pref-error", class: "error" });
  // The changes are sent one after another (preferences-sync.js); only the latest's answer holds them all.
  const latest = latestOnly();
  /** Save a change (the account's, or this browser's for a guest) and say so. @param {Partial<Preferences>} change */
  const save = async (change) => {
    saved.textContent = refused.textContent = "";
    try {
      // Taken at once: a change made before this one is answered (a second aid) is made from it.
      Object.assign(chosen, change);
      if (account) {
        const kept = await latest(keepPreference(change));
        if (kept === DROPPED) return;
        Object.assign(chosen, kept);
      } else keepHere(chosen, change);
      saved.textContent = t(account ? "prefs.saved" : "prefs.saved_here");
    } catch (problem) {
      refused.textContent = errorWords(problem);
      throw problem;
    }
  };
  /** @param {Partial<Preferences>} change */
  const saveQuietly = (change) => { save(change).catch(() => {}); };
  const parts = account ? [challengesPart(chosen, saveQuietly), chatPart(chosen, saveQuietly), vacationPart(), mailNoticesPart()] : [];
  const about = account ? el("p", { class: "small" }, t("prefs.about"))
    : el("p", { class: "small", id: "pref-guest" }, t("prefs.guest"), " ", el("a", { href: "/" }, t("prefs.to_lobby")));
  document.title = `${t("prefs.title")} · ${t("app.name")}`;
  root.replaceChildren(el("section", { class: "card preferences", id: "preferences", "aria-labelledby": "pref-title" },
    el("h1", { id: "pref-title" }, t("prefs.title")), about, ...parts, pagePart(chosen, save),
    quickPart(chosen, saveQuietly),
    el("div", { class: "pref-said" }, saved, refused)));
}
