// The seats of people an AI took over (they left, were away and another player handed the seat
// over, or their clock ran out), said in words in a note under the status line: to the player
// whose seat it was (else only "You are watching this game"), even on a page opened after the
// handover (the view's `former_seats`), and to the others (else only the seat's name changed, to
// "Vera (AI, medium)").
import { levelWords } from "./ai-levels.js";
import { t } from "./i18n.js";

/** @typedef {import("./view-types.js").View} View */
/** @typedef {import("./view-types.js").ViewSeat} ViewSeat */

/** The name of a seat an AI took over, without the AI's level it now bears ("Vera (AI, medium)"
 * is "Vera"; the names are the page's, localSeatNames's). @param {ViewSeat} seat */
function playerName(seat) {
  const suffix = ` (${levelWords(seat.level || "")})`;
  return seat.name.endsWith(suffix) ? seat.name.slice(0, -suffix.length) : seat.name;
}

/** The seats of `view` an AI took over from a person, in seat order. @param {View} view */
export function handedOver(view) {
  return view.seats.filter((seat) => seat.kind === "ai" && seat.ai_since !== undefined);
}

/** Why an AI took `seat` over, as the key of the words said to its player (`you`) or to the others.
 * @param {ViewSeat} seat @param {boolean} you */
function whyKey(seat, you) {
  if (seat.timed_out) return you ? "game.your_time_ran_out" : "game.seat_timed_out";
  if (seat.away) return you ? "game.you_were_away" : "game.seat_away";
  if (seat.resigned) return you ? "game.you_resigned" : "game.seat_resigned";
  return you ? "game.you_left" : "game.seat_left";
}

/** The seats this browser played: those it remembers (`remembered`) and those the server says its
 * links held (`former_seats`: a page opened after the handover never saw its seat).
 * @param {View} view @param {number[]} remembered */
export function formerSeats(view, remembered) {
  return [...new Set([...remembered, ...(view.former_seats || [])])];
}

/** What the page says of the seats this browser played (`former`) that an AI took over, to their
 * player: "You left the game: an AI plays your seat from here on (AI, medium)", and in a rated
 * game that it counts as their last place (null: none). @param {View} view @param {number[]} former */
export function yourHandover(view, former) {
  const seat = handedOver(view).find((s) => former.includes(s.seat) && !view.your_seats.includes(s.seat));
  if (!seat) return null;
  const said = t(whyKey(seat, true), { ai: levelWords(seat.level || "") });
  return view.rated ? `${said}. ${t("game.forfeit_rated")}` : said;
}

/** What the page says to the others of each seat an AI took over, but those this browser played
 * (`former`): "Vera left the game: an AI plays Vera's seat from here on (AI, medium)".
 * @param {View} view @param {number[]} former @returns {string[]} */
export function othersHandovers(view, former) {
  return handedOver(view).filter((s) => !former.includes(s.seat) && !view.your_seats.includes(s.seat))
    .map((s) => t(whyKey(s, false), { name: playerName(s), ai: levelWords(s.level || "") }));
}
