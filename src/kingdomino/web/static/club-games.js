// A club's recent games: the latest games finished between its members (a Thursday evening's),
// each with when it ended, its kind, its players' scores (the winner starred) and its replay.
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { momentWords } from "./moments.js";
import { playerHref } from "./players.js";
import { gameTitle, localName } from "./words.js";

/** A game finished between a club's members (GET /api/clubs/{name}, `recent`).
 * @typedef {{id: string, game: string, options: import("./view-types.js").GameOptions, rated: boolean, ended_at: string,
 *   players: Array<{name: string, player: string | null, score: number | null, place: number | null}>, replay: string | null}} ClubGame */

/** A game's line: when it ended (day and time, the reader's), its kind, rated or casual, each
 * player with their score, and its replay. A game that ended before anyone moved stays listed (its
 * players look for the game they sat at) and says so in place of a replay. @param {ClubGame} game */
function gameLine(game) {
  const names = game.players.map((seat) => seat.player ?? localName(seat.name));
  const seats = game.players.flatMap((seat, i) => [i ? ", " : "",
    seat.player ? el("a", { href: playerHref(seat.player) }, seat.player) : localName(seat.name),
    seat.score === null ? "" : ` ${number(seat.score)}`,
    seat.place === 1 ? el("span", { class: "leader", role: "img", "aria-label": t("board.winner") }, " ★") : ""]);
  return el("li", { "data-game": game.id },
    el("time", { datetime: game.ended_at, class: "small" }, momentWords(game.ended_at)), " · ", el("strong", {}, gameTitle(game)),
    el("span", { class: game.rated ? "rated" : "casual" }, ` · ${t(game.rated ? "players.rated" : "club.game_casual")}`),
    el("br", {}), seats, " · ",
    game.replay ? el("a", { href: game.replay, class: "replay-link", "aria-label": t("club.replay_label", { names: names.join(", ") }) },
      t("players.replay")) : el("span", { class: "unplayed" }, t("club.ended_unplayed")));
}

/** The card of the club's recent games. @param {{recent: ClubGame[]}} club */
export function recentCard(club) {
  return el("section", { class: "card", id: "club-recent" }, el("h2", {}, t("club.recent")),
    club.recent.length ? el("ul", { class: "club-list player-games" }, club.recent.map(gameLine))
      : el("p", { class: "small" }, t("club.recent_none")));
}
