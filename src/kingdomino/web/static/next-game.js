// The way on to the next game awaiting the player, once their move in a turn-based game (a days
// clock) is made: a player with several such games plays them one after another ("Next game
// awaiting you: Kingdomino Duel with Boris · 17 hours left"), as lichess's "next game" does, not
// back through the lobby each time; once none is left, it says so, with the way back to the lobby.
// The account's games say which (GET /api/account/games); a guest's page, which has none, offers
// nothing and asks for none.
import { gameHref, othersAt, turnTime } from "./account-games.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./server.js";
import { gameTitle } from "./words.js";

/** @typedef {import("./view-types.js").View} View */
/** @typedef {import("./account-games.js").AccountGame} AccountGame */

/** Whether someone is logged in on this browser (GET /api/account), asked once a page. @type {Promise<boolean> | null} */
let loggedIn = null;
/** How many times the offer was asked or taken back: an answer that comes after a later one is dropped. */
let asked = 0;

/** Whether `view` awaits a move of this page's player. @param {View} view */
function awaitsHere(view) {
  return view.status === "playing" && view.your_seats.includes(view.current_player) && view.legal_actions.length > 0;
}

/** Offer the next game awaiting the player under the status line of game `id`'s page (`status`),
 * when its view (`view`, after `before`; null: the page just opened) no longer awaits their move;
 * take the offer back when it does again. The account's games are read only then, once a turn.
 * The offer is said once in the page's polite live line (`heard`): it comes after "Waiting for
 * Boris", where a screen reader's user would not look for it.
 * @param {string} id @param {View | null} before @param {View} view @param {HTMLElement} status @param {HTMLElement} heard */
export function offerNextGame(id, before, view, status, heard) {
  if (awaitsHere(view) || !view.your_seats.length || view.time_control?.kind !== "days") {
    asked += 1;
    document.getElementById("next-game")?.remove();
    return;
  }
  if (before && !awaitsHere(before)) return;  // the turn did not just leave the player: as it was
  const ask = ++asked;
  loggedIn ??= api("/api/account").then((answer) => Boolean(/** @type {{account: unknown}} */ (answer).account), () => false);
  loggedIn.then((known) => (known ? api("/api/account/games") : Promise.reject(new Error("a guest")))).then((answer) => {
    const games = /** @type {{playing: AccountGame[]}} */ (answer).playing;
    const due = (/** @type {AccountGame} */ g) => g.deadline ?? Infinity;
    const next = games.filter((g) => g.your_turn && g.id !== id).sort((a, b) => due(a) - due(b))[0];
    if (ask !== asked) return;
    document.getElementById("next-game")?.remove();
    const row = status.closest(".status-row");
    if (!next) {
      // Nothing else awaits the player's move: said, with the way back, not the status line alone.
      const back = el("a", { href: "/", id: "next-game-lobby" }, t("game.to_lobby"));
      row?.after(el("p", { id: "next-game", class: "next-game" }, t("game.next_none"), " ", back));
      heard.textContent = t("game.next_none");
      return;
    }
    // One link, its time left included: on a phone the whole line is the finger's target.
    const link = el("a", { href: gameHref(next), id: "next-game-link" }, el("span", { "aria-hidden": "true" }, "→ "),
      t("game.next_awaiting", { game: gameTitle(next), players: othersAt(next) }), turnTime(next));
    row?.after(el("p", { id: "next-game", class: "next-game" }, link));
    heard.textContent = [...link.childNodes].slice(1).map((node) => node.textContent).join("");
  }, () => {});  // a guest, or the server not heard: no offer, the game goes on
}
