// Who is away in a game with friends online: once the seat to play has been awaited long enough
// while its player is away (the server's "presence"), the others are offered to hand it to an AI.
import { t } from "./i18n.js";
import { localName } from "./words.js";

/** @typedef {import("./game-state.js").GameState} GameState */

/** The seat awaited while away long enough to be handed to an AI, with the seconds left before it
 * is (null: none; or not for us). @param {GameState} game @returns {{seat: number, left: number} | null} */
export function awaySeat(game) {
  const { view, presence } = game;
  if (!view || view.status === "finished" || !view.your_seats.length || view.your_seats.includes(view.current_player)) return null;
  // An AI plays the seat now (handed over a moment before the presence news comes): nobody awaited.
  if ((view.seats[view.current_player] || {}).kind === "ai") return null;
  const waited = presence.away[String(view.current_player)];
  if (waited === undefined) return null;
  const left = presence.after - waited - (performance.now() - presence.at) / 1000;
  return { seat: view.current_player, left };
}

/** Offer to hand the awaited seat to an AI once its player has been away long enough (drawn again
 * when that time comes). @param {GameState} game */
export function drawAway(game) {
  const { awayCard, awayNote, awayButton } = game.page;
  clearTimeout(game.awayTimer);
  const away = awaySeat(game);
  awayCard.hidden = !away || away.left > 0;
  if (away && away.left > 0) game.awayTimer = window.setTimeout(() => drawAway(game), away.left * 1000 + 250);
  if (!away || away.left > 0 || !game.view) return;
  const name = localName(game.view.seats[away.seat].name);
  awayNote.textContent = t("game.away_note", { name });
  awayButton.textContent = t("game.away_take", { name });
}
