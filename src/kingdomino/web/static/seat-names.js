// Seats' names for people, in the page's language: a name as the server stored it said here
// ("Bruno (AI, hard)" is "Bruno (ИИ, сложный)" in Russian, an unnamed "Player 2" "Игрок 2"), a
// view's seats named in place, and "you" where the seat is the one this page plays. Its own module
// because a name crosses languages here in one way for every page: the server stores names as they
// are sent, so what it made up ("Player 2", "You", an AI's level) is recognised and said again,
// and what a person typed is kept. Pages import these through words.js.
import { AI_ENDING, levelWords, withoutAi } from "./ai-levels.js";
import { t } from "./i18n.js";

/** What a seat's name needs of a view: its seats, and the seats it plays (said as "you").
 * @typedef {{seats: Array<{name: string, kind?: string}>, your_seats?: number[], viewer_seats?: number[]}} SeatsView */

/** The name the lobby gives the seat its player left unnamed: one word in every language, so a
 * game made in Hungarian says "You" in English when the page's language is changed (the server
 * stores names as they are sent, and "Te" would stay Hungarian). */
export const UNNAMED_YOU = "You";

/** A seat's name for people ("Anna", "Bruno (AI, hard)"), "you" marked. @param {SeatsView} view @param {number} seat */
export function seatName(view, seat) {
  const info = view.seats[seat];
  if (!info) return t("nobody");
  const mine = (view.your_seats || []).includes(seat) && (view.your_seats || []).length === 1;
  return mine && info.name !== t("name.you") ? t("name.you_are", { name: info.name }) : info.name;
}

/** A seat's name as the server gave it, with an AI's level in the current language: the server names
 * an AI seat "Bruno (AI, hard)" (`web/seats.py`, `ai_name`), "Bruno (ИИ, сложный)" in Russian (an operator's
 * agent "Bo (AI, ppo-2)", "Bo (ИИ, ppo-2)"), an unnamed player's seat "Player 2" ("Игрок 2"), the lobby's unnamed
 * "You" ("Te" in Hungarian), a seat open to the lobby "Open seat". Names typed are kept. @param {string} name @returns {string}
 */
export function localName(name) {
  if (name === "") return t("seat.waiting");
  const m = name.match(AI_ENDING);
  if (m) return `${localName(withoutAi(name))} (${levelWords(m[1])})`;
  if (name === UNNAMED_YOU) return t("name.you");
  // A seat left unnamed is "Player 2" on the server: "Игрок 2" in Russian.
  const unnamed = name.match(/^Player (\d+)$/);
  return unnamed ? t("player_n", { n: Number(unnamed[1]) }) : name;
}

/** Each seat's name in the current language (`localName`), in place: the seats of a view or of a
 * replay's frame, as the server sent them. A seat its creator left unnamed ("You") is "you" only
 * on the pages that play it: a friend at another screen, or a spectator, sees "Player 1".
 * A seat open to the lobby is "Open seat" (one kept for a challenged player: their name); a bot's account says it is a bot. @param {number[]} mine
 * the seats this page plays @param {Array<{name: string, kind?: string, bot?: boolean, challenged?: boolean}> | undefined} seats */
export function localSeatNames(seats, mine) {
  (seats || []).forEach((seat, index) => {
    seat.name = seat.kind === "open" ? seat.challenged ? seat.name : t("seat.waiting")
      : seat.name === UNNAMED_YOU && !mine.includes(index) ? t("player_n", { n: index + 1 }) : localName(seat.name);
    if (seat.bot) seat.name = t("seat.bot_name", { name: seat.name });
  });
}

/** What `seat` did: `key` with its name, or the key's own second-person words ("You chose", "Your
 * king") where the seat is the one this page plays (or is named "You"; a sentence built on "You"
 * breaks in most languages). With two players on one screen, each is named.
 * @param {SeatsView} view @param {string} key @param {number} seat @param {Record<string, string>} [params] */
export function seatWords(view, key, seat, params = {}) {
  if (isYours(view, seat)) return t(`${key}_you`, params);
  const info = view.seats[seat];
  // A seat still waiting for its player is named by its number ("Player 2"), not "Open seat".
  return t(key, { ...params, name: !info ? "" : info.kind === "open" ? t("player_n", { n: seat + 1 }) : info.name });
}

/** Whether `seat` is spoken to as "you": the one this page plays, or a seat named "You".
 * @param {SeatsView} view @param {number} seat */
export function isYours(view, seat) {
  const mine = view.viewer_seats || view.your_seats || [];
  return (view.seats[seat] && view.seats[seat].name === t("name.you")) || (mine.length === 1 && mine[0] === seat);
}
