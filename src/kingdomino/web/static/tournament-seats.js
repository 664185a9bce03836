// The club tournaments' games waiting for the logged-in player's seat, as the lobby's "Your move"
// card lists them beside the games awaiting a move (the tournaments card lists them too, with the
// button that takes the seat: tournament-card.js).
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./server.js";

/** @typedef {import("./tournament-card.js").Awaiting} Awaiting */

/** The games of club tournaments whose seat waits for the logged-in player (none for a guest, or
 * when the server is not heard): the lobby's "Your move" card lists them with the games awaiting a
 * move. @returns {Promise<Awaiting[]>} */
export async function seatsAwaiting() {
  try {
    return /** @type {{awaiting?: Awaiting[]}} */ (await api("/api/tournaments")).awaiting || [];
  } catch { return []; }
}

/** A line of the "Your move" card for a tournament game waiting for the player's seat: what it is,
 * and "Take your seat", the way to the tournament's page, described by the line's words.
 * @param {Awaiting} game */
export function seatLine(game) {
  const about = `seat-words-${game.game_id}`;
  return el("li", { "data-game": game.game_id, class: "seat-awaiting" },
    el("span", { id: about }, `${game.name} · ${t("tournament.awaiting", { n: game.round, name: game.opponent || "" })}`), " ",
    el("a", { href: `/tournament/${game.tournament}`, class: "button take-seat", "aria-describedby": about }, t("tournament.take_seat")));
}
