// The lobby's "Play now": you against the AI at once, in each game, or a guided first game against
// the easy AI. The quick game is the game and the AI's level the player last chose on this browser
// (its account's, once logged in: preferences-sync.js), said on its button ("Kingdomino against
// the AI · hard"): a player who always plays hard no longer picks it each time; medium and
// Kingdomino until a choice is made.
import { aiLevels } from "./ai-levels.js";
import { el } from "./dom.js";
import { has, t } from "./i18n.js";
import { PREFERENCES_READ, QUICK_AI_KEY, noteSetting, readPreferences } from "./preferences-sync.js";
import { UNNAMED_YOU } from "./words.js";

/** The games of the quick game, as their buttons stand when none was chosen yet; each game's options. */
export const QUICK_GAMES = /** @type {const} */ (["kingdomino", "duel", "origins"]);
/** @type {Record<string, Record<string, string>>} */
const OPTIONS = { kingdomino: {}, duel: {}, origins: { mode: "discovery" } };

/** The quick game this browser keeps: its game and level, the defaults for what is missing or no
 * longer offered. @returns {{game: string, level: string}} */
export function quickChosen() {
  /** @type {{game?: unknown, level?: unknown}} */
  let kept = {};
  try { kept = JSON.parse(localStorage.getItem(QUICK_AI_KEY) || "{}") || {}; } catch { /* unreadable: none */ }
  const game = QUICK_GAMES.find((known) => known === kept.game) || "kingdomino";
  const levels = aiLevels();
  const level = typeof kept.level === "string" && levels.includes(kept.level) ? kept.level : "medium";
  return { game, level };
}

/** Keep the quick game chosen, in this browser and with a logged-in account.
 * @param {{game: string, level: string}} chosen */
function keep(chosen) {
  localStorage.setItem(QUICK_AI_KEY, JSON.stringify(chosen));
  noteSetting({ quick_ai: chosen });
}

/** A level's own word ("hard"); an operator's agent is said by its name. @param {string} level */
export function levelWord(level) {
  return has(`lobby.level.${level}`) ? t(`lobby.level.${level}`) : level;
}

/** The "Play now" card; `go` starts the game asked for.
 * @param {(request: import("./lobby.js").GameRequest, kinds: string[]) => void} go */
export function quickPlay(go) {
  /** You against the AI at `level`, at once, the game and level kept. @param {string} game */
  const playNow = (game) => () => {
    const level = levelMenu.value;
    keep({ game, level });
    go({ game, players: 2, options: OPTIONS[game], seats: [{ kind: "human", name: UNNAMED_YOU }, { kind: "ai", level }] },
      ["me", `ai:${level}`]);
  };
  const guided = () => go({ game: "kingdomino", players: 2, options: {}, guided: true,
    seats: [{ kind: "human", name: UNNAMED_YOU }, { kind: "ai", level: "easy" }] }, ["me", "ai:easy"]);
  const levelMenu = /** @type {HTMLSelectElement} */ (el("select", { id: "quick-level" }));
  const buttons = el("span", { class: "quick-games" });
  /** The buttons and the menu as `chosen` has them: its game the big button, with its level. */
  const draw = (/** @type {{game: string, level: string}} */ chosen) => {
    const levels = aiLevels().length ? aiLevels() : [chosen.level];
    levelMenu.replaceChildren(...levels.map((level) => el("option", { value: level, selected: level === chosen.level }, levelWord(level))));
    const first = el("button", { type: "button", class: "primary big", id: "play-now", onclick: playNow(chosen.game) },
      "▶ ", t("lobby.play_ai", { game: t(`game.${chosen.game}`), level: levelWord(chosen.level) }));
    const others = QUICK_GAMES.filter((game) => game !== chosen.game).flatMap((game) => [" ",
      el("button", { type: "button", id: `play-${game}`, onclick: playNow(game) }, "▶ ", t(`game.${game}`))]);
    buttons.replaceChildren(first, ...others);
  };
  levelMenu.addEventListener("change", () => {
    const chosen = { game: quickChosen().game, level: levelMenu.value };
    keep(chosen);
    draw(chosen);
  });
  draw(quickChosen());
  // A logged-in account's choice, read into this browser after the lobby was drawn (as the page
  // opened, or at a login on it); the buttons are left alone while one has the focus.
  /** @param {import("./preferences-sync.js").Preferences | null} preferences */
  const read = (preferences) => {
    if (preferences?.quick_ai && !buttons.contains(document.activeElement) && document.activeElement !== levelMenu) draw(quickChosen());
  };
  readPreferences().then(read);
  document.addEventListener(PREFERENCES_READ, (event) => read(/** @type {CustomEvent} */ (event).detail));
  return el("section", { class: "card quick" }, el("h2", {}, t("lobby.play_now")),
    el("div", { class: "controls" }, buttons, " ",
      el("button", { type: "button", id: "guided", onclick: guided }, t("lobby.guided"))),
    el("p", { class: "quick-level" }, el("label", { for: "quick-level" }, t("lobby.quick_level")), " ", levelMenu),
    el("p", { class: "small" }, t("lobby.play_now_text")));
}
