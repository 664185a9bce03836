// A game's hint: asked on the socket, asked again a while later when the server is busy, and shown
// as the best moves with their win chances, the best one marked on the board.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { tell } from "./game-socket.js";
import { winChanceWords } from "./win-chance.js";
import { moveWords } from "./move-gains.js";

/** @typedef {import("./game-state.js").GameState} GameState */
/** @typedef {import("./game-state.js").DrawnGame} DrawnGame */

/** Seconds to wait before each new try of a hint the server refused as busy: it computes two at
 * a time and one per network, each in about half a second, so two players behind one router who
 * ask at the same moment both get theirs, the second a moment later. */
const HINT_RETRY_SECONDS = [0.5, 1, 2, 4];

/** Ask the server for a hint, saying meanwhile that it is being looked for. @param {GameState} game */
export function askHint(game) {
  stopHint(game);
  game.hintTries = 0;
  game.page.hintBox.replaceChildren(el("p", { class: "small" }, t("hint.thinking")));
  tell(game, { type: "hint" });
}

/** Ask the awaited hint again after a while if the server refused it as busy (`code`) and tries
 * are left after the `tries` made: true. Else the hint is no longer awaited and its "looking" line
 * goes (the refusal is said instead): false. @param {GameState} game @param {string | undefined} code @param {number} tries */
export function retryHint(game, code, tries) {
  if ((code === "hints_busy" || code === "client_hints_busy" || code === "unavailable") && tries < HINT_RETRY_SECONDS.length) {
    game.hintTries = tries + 1;
    game.hintRetry = window.setTimeout(() => tell(game, { type: "hint" }), HINT_RETRY_SECONDS[tries] * 1000);
    return true;
  }
  stopHint(game);
  game.page.hintBox.replaceChildren();
  return false;
}

/** No hint awaited any more (it came, or the game moved on): no try left to make. @param {GameState} game */
export function stopHint(game) {
  window.clearTimeout(game.hintRetry);
  game.hintTries = null;
}

/** The hint's moves, best first, each with its estimated win chance and the games the search
 * played out after it (a forced move, which the search never values, is said to be the only one),
 * the best marked on the board. The best is the move the search played out most: one after it
 * may show a higher chance, from fewer games, which the count says.
 * @param {DrawnGame} game @param {import("./view-types.js").HintCandidate[]} candidates */
export function showHint(game, candidates) {
  const view = game.view;
  game.hints = candidates;
  const best = candidates[0];
  game.ctx.highlight = best ? { seat: view.current_player, action: best.action } : null;
  // On a phone the box covers the dominoes it is about: a button (and Escape) closes it.
  const close = el("button", { type: "button", class: "hint-close", id: "hint-close", "aria-label": t("hint.close"),
    title: t("hint.close"), onclick: () => closeHint(game) }, "×");
  const box = el("div", { class: "hint", id: "hint-result" }, close, el("strong", {}, t("hint.suggested")), " ",
    el("ol", {}, candidates.slice(0, 3).map((c) => el("li", {},
      el("button", { type: "button", onclick: () => game.ctx.play(c.action) }, moveWords(view, c.action)), " ",
      el("span", { class: "small" }, candidates.length === 1 && !c.visits ? t("hint.only_move")
        : c.visits ? `${winChanceWords(c.value)} ${t("hint.played_out", { n: c.visits })}` : winChanceWords(c.value))))));
  box.addEventListener("keydown", (event) => { if (event.key === "Escape") closeHint(game); });
  game.page.hintBox.replaceChildren(box);
  game.draw();
}

/** Close the hint shown, its mark on the board too, the focus back on the Hint button. @param {DrawnGame} game */
export function closeHint(game) {
  game.hints = null;
  game.ctx.highlight = null;
  game.page.hintBox.replaceChildren();
  game.page.hintBox.classList.remove("shown");
  game.draw();
  game.page.hintButton.focus();
}
