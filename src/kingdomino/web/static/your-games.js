// The lobby's list of this browser's games ("Your games"), as the server says they stand now: the
// ones awaiting a move here first, each with its status, scores and winners; looked at again every
// `REFRESH_SECONDS` while notifications are on, so that what changed meanwhile is notified.
import { REFRESH_SECONDS, whoEnded } from "./account-games.js";
import { movesHere, showContinue, turnHere } from "./continue-card.js";
import { el } from "./dom.js";
import { dateLanguage, t } from "./i18n.js";
import { replaceKeepingFocus } from "./keep-focus.js";
import { savedGames } from "./saved-games.js";
import { api } from "./server.js";
import { listed, noticeListed, notifying } from "./turn-notify.js";
import { statusWords } from "./wait-end.js";
import { errorWords, gameTitle, localName } from "./words.js";

/** @typedef {import("./view-types.js").GameSummary} GameSummary */

/** List this browser's games, and look at them again every `REFRESH_SECONDS` while notifications
 * are on and the lobby shows the list: what changed in them meanwhile is notified (turn-notify.js).
 * @param {HTMLElement} list */
export function followGames(list) {
  /** The games played here at the last look (null: none taken while notifications were off). @type {import("./turn-notify.js").Listed[] | null} */
  let before = null;
  const mine = (/** @type {GameSummary[] | null} */ games) => games ? games.flatMap((g) => listed(g) ?? []) : null;
  const look = () => {
    if (!list.isConnected) return;
    const looked = notifying() ? listGames(list).then((games) => { noticeListed(before, mine(games) ?? []); before = mine(games); })
      : Promise.resolve().then(() => { before = null; });
    looked.finally(() => setTimeout(look, REFRESH_SECONDS * 1000));
  };
  listGames(list).then((games) => { before = mine(games); setTimeout(look, REFRESH_SECONDS * 1000); });
}

/** The one seat this browser played in game `id` before an AI took it over (its player resigned
 * a game of three or four, and the page kept only the spectator's link: game-endings.js), so
 * that the list says "You resigned" to its player; null if it played none, or several.
 * @param {import("./saved-games.js").SavedGame[]} saved @param {string} id @returns {number | null} */
function formerSeat(saved, id) {
  const seats = saved.find((g) => g.id === id)?.seats;
  return seats && seats.length === 1 ? seats[0] : null;
}

/** The games this browser holds, as the server says they stand now: the ones awaiting you first
 * (a list that reads as before is kept, with the focus in it); the games (null: none, or the
 * server was not heard). @param {HTMLElement} list @returns {Promise<GameSummary[] | null>} */
async function listGames(list) {
  const saved = savedGames();
  const pairs = saved.flatMap((g) => g.tokens.slice(0, 1).map((token) => ({ id: g.id, token })));
  if (!pairs.length) { list.replaceChildren(el("p", { class: "small" }, t("lobby.no_games"))); return null; }
  try {
    const { games } = /** @type {{games: GameSummary[]}} */ (await api("/api/games/lookup", { method: "POST", body: { games: pairs } }));
    showContinue(games);
    /** A game awaiting a move of yours. @param {GameSummary} g */
    const awaits = (g) => g.status !== "finished" && g.status !== "aborted" && movesHere(g);
    // A challenge still awaiting answers is listed once, in the challenges card, where its answers are.
    const listed = games.filter((g) => !g.challenge);
    if (!listed.length) { list.replaceChildren(el("p", { class: "small" }, t("lobby.no_games"))); return games; }
    // The games awaiting you first, each group in the order kept (newest first).
    const ordered = [...listed.filter(awaits), ...listed.filter((g) => !awaits(g))];
    // When each began, so two games of one kind are told apart: "26 Nov, 20:41" in the page's language.
    const when = new Intl.DateTimeFormat(dateLanguage(),
      { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
    const fresh = el("ul", {}, ordered.map((g) => el("li", { class: awaits(g) ? "awaits" : "" },
      el("a", { href: `/game/${g.id}`, class: "game-link" }, gameTitle(g)), " · ", statusWords(g), " · ",
      ...whoEnded({ ...g, seat: g.seat ?? formerSeat(saved, g.id) }, g.seats).map((words) => `${words} · `),
      el("time", { datetime: g.created, class: "small" }, when.format(new Date(g.created))), " · ",
      awaits(g) ? el("strong", { class: "awaits-you" }, el("span", { "aria-hidden": "true" }, "● "), turnHere(g), " · ") : "",
      // Each seat's points, a star by a finished game's winners (a tie on points is told apart).
      g.seats.flatMap((name, i) => [i ? ", " : "", `${localName(name)} ${g.scores[i]}`,
        (g.winners || []).includes(i) ? el("span", { class: "leader", title: t("board.winner"), "aria-label": t("board.winner"), role: "img" },
          " ★") : ""]),
      g.practice ? ` · ${t("game.practice_short")}` : "")));
    if (list.firstElementChild?.outerHTML !== fresh.outerHTML) replaceKeepingFocus(list, [fresh]);
    return games;
  } catch (problem) {
    list.replaceChildren(el("p", { class: "error" }, errorWords(problem)));
    return null;
  }
}
