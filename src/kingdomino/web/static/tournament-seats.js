// The club tournaments' games waiting for the logged-in player's seat, as the lobby's "Your move"
// card lists them beside the games awaiting a move (the tournaments card lists them too:
// tournament-card.js), each with the button that takes the seat.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { openJoined } from "./open-games.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** @typedef {import("./tournament-card.js").Awaiting} Awaiting */

/** The games of club tournaments whose seat waits for the logged-in player (none for a guest, or
 * when the server is not heard): the lobby's "Your move" card lists them with the games awaiting a
 * move. @returns {Promise<Awaiting[]>} */
export async function seatsAwaiting() {
  try {
    return /** @type {{awaiting?: Awaiting[]}} */ (await api("/api/tournaments")).awaiting || [];
  } catch { return []; }
}

/** What a game waiting for the player's seat is: a round's ("round 3: your game against Mia
 * waits for your seat"), or an arena's, whose number no player counts ("arena: ..."). @param {Awaiting} game */
export function awaitingWords(game) {
  return game.arena ? t("arena.awaiting", { name: game.opponent || "" }) : t("tournament.awaiting", { n: game.round, name: game.opponent || "" });
}

/** A line of the "Your move" card for a tournament game waiting for the player's seat: what it is,
 * and "Take your seat", described by the line's words, which takes the seat and opens the game at
 * once, as a move awaited opens its game (the game's page links to its tournament).
 * @param {Awaiting} game */
export function seatLine(game) {
  const about = `seat-words-${game.game_id}`;
  const said = el("span", { class: "error", role: "alert" });
  const take = async () => {
    try {
      openJoined(/** @type {import("./view-types.js").Seated} */ (await api(`/api/games/${game.game_id}/join`, { method: "POST", body: {} })));
    } catch (problem) { said.textContent = errorWords(problem); }
  };
  return el("li", { "data-game": game.game_id, class: "seat-awaiting" },
    el("span", { id: about }, `${game.name} · ${awaitingWords(game)}`), " ",
    el("button", { type: "button", class: "primary take-seat", onclick: take, "aria-describedby": about }, t("tournament.take_seat")),
    " ", said);
}
