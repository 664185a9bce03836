// The seats of people an AI took over (they left, or their clock ran out), said in words in a note
// under the status line: to the player whose seat it was (else only "You are watching this game")
// and to the others (else only the seat's name changed, to "Vera (AI, medium)").
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

/** What the page says of the seats this browser played (`former`) that an AI took over, to their
 * player: "You left the game: an AI plays your seat from here on (AI, medium)" (null: none).
 * @param {View} view @param {number[]} former */
export function yourHandover(view, former) {
  const seat = handedOver(view).find((s) => former.includes(s.seat) && !view.your_seats.includes(s.seat));
  if (!seat) return null;
  return t(seat.timed_out ? "game.your_time_ran_out" : "game.you_left", { ai: levelWords(seat.level || "") });
}

/** What the page says to the others of each seat an AI took over, but those this browser played
 * (`former`): "Vera left the game: an AI plays Vera's seat from here on (AI, medium)".
 * @param {View} view @param {number[]} former @returns {string[]} */
export function othersHandovers(view, former) {
  return handedOver(view).filter((s) => !former.includes(s.seat) && !view.your_seats.includes(s.seat))
    .map((s) => t(s.timed_out ? "game.seat_timed_out" : "game.seat_left", { name: playerName(s), ai: levelWords(s.level || "") }));
}
