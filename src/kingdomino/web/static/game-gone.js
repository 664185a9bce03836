// A real-time game's player to act gone from the table (no page of theirs open, or speaking, on
// any server: the server's "gone"): the other players' pages count down to the moment they may
// end the wait, then offer it. Ending it puts the gone seat out of time, as its clock running
// out would: an AI of the table's level plays it on (the server's gone_claims).
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { localName } from "./words.js";

/** @typedef {import("./game-state.js").GameState} GameState */

/** The timer that draws the countdown's next second (one game a page). @type {number | undefined} */
let ticking;

/** The card that says so, built once (game-layout.js): its note and its button.
 * @param {() => void} claim what the button does */
export function goneCard(claim) {
  return el("div", { id: "gone-card", class: "away", hidden: true },
    el("p", { id: "gone-note" }),
    el("button", { type: "button", id: "claim-game", hidden: true, onclick: claim }));
}

/** The seat to act, gone, and the seconds left before this page may end the wait (null: nobody is
 * gone, or not for us: a spectator, or our own turn). @param {GameState} game
 * @returns {{seat: number, left: number} | null} */
export function goneSeat(game) {
  const { view, presence } = game;
  if (!view || view.status !== "playing" || !view.your_seats.length || view.your_seats.includes(view.current_player)) return null;
  // An AI plays the seat now (claimed a moment before the presence news comes): nobody is gone.
  if ((view.seats[view.current_player] || {}).kind !== "human") return null;
  const gone = presence.gone[String(view.current_player)];
  if (gone === undefined) return null;
  return { seat: view.current_player, left: presence.claimAfter - gone - (performance.now() - presence.at) / 1000 };
}

/** Say who is gone and the seconds left (drawn again each second), then offer to end the wait.
 * The offer is said once to a screen reader (the page's presence line), when it comes: the
 * countdown before it is not read out second by second.
 * @param {GameState} game */
export function drawGone(game) {
  const card = game.page.goneCard;
  const note = /** @type {HTMLElement} */ (card.querySelector("#gone-note"));
  const button = /** @type {HTMLElement} */ (card.querySelector("#claim-game"));
  clearTimeout(ticking);
  const gone = goneSeat(game);
  card.hidden = !gone || game.ctx.replay;
  if (!gone || !game.view) {
    delete card.dataset.offered;
    return;
  }
  const name = localName(game.view.seats[gone.seat].name);
  const left = Math.ceil(gone.left);
  note.textContent = left > 0 ? t("game.gone_wait", { name, n: left }) : t("game.gone_note", { name });
  button.textContent = t("game.gone_claim", { name });
  button.hidden = left > 0;
  if (left <= 0 && !card.hidden && card.dataset.offered !== String(gone.seat)) {
    card.dataset.offered = String(gone.seat);
    game.page.presenceSaid.textContent = note.textContent;
  }
  if (left > 0) ticking = window.setTimeout(() => drawGone(game), (gone.left - left + 1) * 1000 + 50);
}
