// A finished game's replay on its page: opened from the end screen or at its own address
// (/game/ID/replay), left for the end screen again, and the browser's Back and Forward between them.
// A game without a move has no replay: its address says so in the end screen, with a way back.
import { BOARDS } from "./boards.js";
import { el } from "./dom.js";
import { anyMove } from "./ending.js";
import { t } from "./i18n.js";
import { seatsAfter } from "./game-ratings.js";
import { startReplay } from "./replay.js";
import { dropStepLink } from "./replay-link.js";

/** @typedef {import("./game-state.js").GameState} GameState */

/** Step through the finished game (its address ends in /replay meanwhile); back to the end screen.
 * @param {GameState} game */
export function replayGame(game) {
  const { view, page } = game;
  if (!view) return;
  if (!anyMove(view)) { noReplay(game); return; }
  game.ctx.replay = true; page.replayBar.hidden = false;
  startReplay(game.id, view, BOARDS[view.game], game.ctx,
    { board: page.board, bar: page.replayBar, panel: page.end, scores: page.scores, log: page.log, share: page.shareCard }, () => {
      history.replaceState(null, "", `/game/${game.id}`);
      endReplay(game);
    }, () => seatsAfter(view, game.ratings).seats);
}

/** A game resigned or called off before anyone moved, its replay's address opened (a link kept
 * from before, a typed address): its end screen, saying where the replay's button would be that
 * there is nothing to replay, with a way back to the page before (the site sends no referrer to say
 * which), else to the lobby; the address the end screen's. @param {GameState} game */
function noReplay(game) {
  history.replaceState(null, "", `/game/${game.id}`);
  // The Navigation API knows whether there is a page before (a new tab's history counts its blank page).
  const navigation = /** @type {{navigation?: {canGoBack: boolean}}} */ (/** @type {unknown} */ (window)).navigation;
  game.replayMissed = (navigation ? navigation.canGoBack : history.length > 1)
    ? el("button", { type: "button", id: "replay-none-back", onclick: () => history.back() }, `← ${t("replay.none_back")}`)
    : el("a", { href: "/", class: "button", id: "replay-none-back" }, `← ${t("game.to_lobby")}`);
  game.draw();
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
