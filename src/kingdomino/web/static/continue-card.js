// "Continue your game": a guest's unfinished games, kept by this browser (saved-games.js), at the
// top of the lobby where a phone sees them first, as an account's "Your move" card is
// (account-games.js). The lobby's "Your games" list, far down a phone's lobby, lists them all.
import { ACCOUNT_SHOWN } from "./account.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { replaceKeepingFocus } from "./keep-focus.js";
import { statusWords } from "./wait-end.js";
import { gameTitle, localName } from "./words.js";
import { seatsHere } from "./saved-games.js";

/** @typedef {import("./view-types.js").GameSummary} GameSummary */

/** The games listed last, and whether an account is logged in (its "Your move" card says it then). */
const shown = { games: /** @type {GameSummary[]} */ ([]), loggedIn: false };

/** The card, hidden until this browser's games are read and one of them is unfinished. */
export function continueCard() {
  document.addEventListener(ACCOUNT_SHOWN, (event) => {
    shown.loggedIn = Boolean(/** @type {CustomEvent} */ (event).detail);
    showContinue(shown.games);
  });
  return el("section", { class: "card", id: "continue-game", hidden: true, "aria-labelledby": "continue-game-title" });
}

/** Whether the move of game `g` is one of this browser's seats' (any of a shared screen's). @param {GameSummary} g */
export function movesHere(g) {
  return g.seat !== null && seatsHere(g.id, g.seat).includes(g.current_player);
}

/** What a game awaiting a move here says: "Your turn", or at a screen shared by several players
 * the name of the one to move ("Dóra's turn"), the tablet's lobby being everyone's. @param {GameSummary} g */
export function turnHere(g) {
  const shared = seatsHere(g.id, g.seat).length > 1;
  return shared ? t("lobby.turn_of", { name: localName(g.seats[g.current_player]) }) : t("title.your_turn");
}

/** The players of game `g` elsewhere or AIs (" · Ben, Dmitri (AI, easy)"): a shared screen's
 * own players are not its opponents (nothing for a Duel of two at one screen). @param {GameSummary} g */
function othersWords(g) {
  const here = seatsHere(g.id, g.seat);
  const others = g.seats.filter((_name, i) => !here.includes(i)).map((name) => localName(name));
  return others.length ? ` · ${others.join(", ")}` : "";
}

/** A game played at a seat of this browser and not over (waiting for players or under way). @param {GameSummary} g */
const unfinished = (g) => (g.status === "playing" || g.status === "open") && g.seat !== null && !g.challenge;

/** Fill the card with the unfinished games among `games` (this browser's, as the server says they
 * stand: lobby.js reads them), the one awaiting the player's move first; hidden for an account.
 * @param {GameSummary[]} games */
export function showContinue(games) {
  shown.games = games;
  const card = document.getElementById("continue-game");
  if (!card) return;
  const awaits = (/** @type {GameSummary} */ g) => g.status === "playing" && movesHere(g);
  const going = games.filter(unfinished);
  const ordered = [...going.filter(awaits), ...going.filter((g) => !awaits(g))];
  card.hidden = shown.loggedIn || !ordered.length;
  const fresh = el("div", {}, el("h2", { id: "continue-game-title" }, t(ordered.length > 1 ? "lobby.continue_several" : "lobby.continue")),
    el("ul", {}, ordered.map((g) => el("li", {},
      el("a", { href: `/game/${g.id}`, class: "game-link" }, gameTitle(g)), " · ",
      awaits(g) ? el("strong", { class: "awaits-you" }, el("span", { "aria-hidden": "true" }, "● "), turnHere(g))
        : statusWords(g),
      othersWords(g)))));
  // Drawn again only when it reads otherwise: the focus of a player going through its links stays.
  if (card.firstElementChild?.outerHTML !== fresh.outerHTML) replaceKeepingFocus(card, [fresh]);
}
