// A finished game's replay on its page: opened from the end screen or at its own address
// (/game/ID/replay), left for the end screen again, and the browser's Back and Forward between them.
import { BOARDS } from "./boards.js";
import { seatsAfter } from "./game-ratings.js";
import { startReplay } from "./replay.js";
import { dropStepLink } from "./replay-link.js";

/** @typedef {import("./game-state.js").GameState} GameState */

/** Step through the finished game (its address ends in /replay meanwhile); back to the end screen.
 * @param {GameState} game */
export function replayGame(game) {
  const { view, page } = game;
  if (!view) return;
  game.ctx.replay = true; page.replayBar.hidden = false;
  startReplay(game.id, view, BOARDS[view.game], game.ctx,
    { board: page.board, bar: page.replayBar, panel: page.end, scores: page.scores, log: page.log, share: page.shareCard }, () => {
      history.replaceState(null, "", `/game/${game.id}`);
      endReplay(game);
    }, () => seatsAfter(view, game.ratings).seats);
}

/** The end screen again, the replay left (a keyboard's focus on the button that opens it again,
 * where it fell to the page). @param {GameState} game */
function endReplay(game) {
  const { replayBar, end, shareCard } = game.page;
  dropStepLink(shareCard);
  const lost = replayBar.contains(document.activeElement) || end.contains(document.activeElement);
  game.ctx.replay = false; replayBar.hidden = true; replayBar.replaceChildren();
  game.draw();
  const again = /** @type {HTMLElement | null} */ (end.querySelector("#replay"));
  if (again && (lost || document.activeElement === document.body)) again.focus({ preventScroll: true });
}

/** The browser's Back and Forward go between the end screen and the replay, as its address says
 * (Back left the address at the end screen's and the page in the replay). @param {GameState} game */
export function followHistory(game) {
  window.addEventListener("popstate", () => {
    const replaying = location.pathname.endsWith("/replay");
    if (replaying && !game.ctx.replay && game.view && game.view.status === "finished") replayGame(game);
    else if (!replaying && game.ctx.replay) endReplay(game);
  });
}
