// Confirm moves: a move chosen on the board (a domino claimed, dice taken, a placement, an Origins
// action, a move of the list) can wait for the player's Confirm instead of going at once, so that
// a stray tap on a phone or a tablet passed round the table plays nothing. The preference says
// when (kept with the others: preferences-sync.js): `never`, `turn_based` (games of a day or more
// a move, where a slip costs most and time is plenty) or `always`. The move chosen is marked where
// it would go (the board's highlight, as a hint's move is) and a bar at the window's foot says it
// in words, with Confirm (Enter) and Cancel (Escape). Once confirmed, until the game's next view is
// drawn, the mark stays on a board drawn waiting and the bar says the move is being sent (a tap
// meanwhile is told so). Every move of the page comes through `chooseMove` (game.js gives it as the
// board's `play`).
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { CONFIRM_KEY, noteSetting } from "./preferences-sync.js";
import { send } from "./game-socket.js";
import { moveWords } from "./move-gains.js";

/** @typedef {import("./game-state.js").GameState} GameState */
/** @typedef {import("./view-types.js").View} View */

/** The preference's values, in the order the menus offer them. */
export const CONFIRMS = /** @type {const} */ (["never", "turn_based", "always"]);

/** The choice in this browser (an account's is written here: preferences-sync.js). @returns {typeof CONFIRMS[number]} */
export function chosenConfirm() {
  const saved = localStorage.getItem(CONFIRM_KEY);
  return saved === "turn_based" || saved === "always" ? saved : "never";
}

/** Whether a move chosen in `view` waits for Confirm. @param {View} view */
export function confirming(view) {
  const chosen = chosenConfirm();
  return chosen === "always" || (chosen === "turn_based" && view.time_control?.kind === "days");
}

/** The game page's own menu of the preference (beside the AI's pace), kept as the preferences' page keeps it. */
export function confirmChooser() {
  const select = /** @type {HTMLSelectElement} */ (el("select", { id: "confirm-moves", "aria-labelledby": "confirm-moves-label" },
    CONFIRMS.map((value) => el("option", { value, selected: value === chosenConfirm() }, t(`confirm.${value}`)))));
  select.addEventListener("change", () => {
    localStorage.setItem(CONFIRM_KEY, select.value);
    noteSetting({ confirm_moves: /** @type {typeof CONFIRMS[number]} */ (select.value) });
  });
  return el("label", { class: "small pace" }, el("span", { id: "confirm-moves-label" }, t("confirm.label")), " ", select);
}

/** The move chosen and waiting for Confirm, on the view of `index`, in words (`words`), and the
 * control it was chosen with, by its place among the board's controls (`from`; -1: another), for
 * the focus to go back there on Cancel (the board drawn again makes that control anew); null: none. */
let waiting = /** @type {{action: string, index: number, words: string, from: number} | null} */ (null);

/** The move confirmed and sent from the view of `index`, until the game's next view is drawn or a
 * refusal comes; null: none. */
let sending = /** @type {{action: string, index: number, words: string} | null} */ (null);

/** What takes the focus on a board. */
const CONTROLS = "button, [tabindex]";

/** The bar saying the move chosen, with Confirm and Cancel (built at the first choice). */
let bar = /** @type {HTMLElement | null} */ (null);

/** Play `action`, or hold it for Confirm when the preference asks so: marked on the board, said
 * in the bar, Confirm focused (a screen reader hears the move and its buttons).
 * @param {GameState} game @param {string} action */
export function chooseMove(game, action) {
  const view = game.view;
  if (!view || !confirming(view)) { send(game, action); return; }
  // The board still drawn is the one the move confirmed left: the tap is told that it waits.
  if (sending && sending.index === view.index) { showBar(game, t("confirm.still_sending", { move: sending.words }), "wait"); return; }
  // A board the game has left (a move sent, its answer not come yet) or not awaiting this page
  // offers no move to confirm: the next view would take it back before Confirm.
  if (game.pending || !view.your_seats.includes(view.current_player)) return;
  const active = document.activeElement;
  const from = waiting?.from ?? (active ? [...game.page.board.querySelectorAll(CONTROLS)].indexOf(active) : -1);
  const words = moveWords(view, action);
  waiting = { action, index: view.index, words, from };
  game.hints = null;
  game.page.hintBox.replaceChildren();
  game.ctx.highlight = { seat: view.current_player, action, chosen: true };
  game.draw();
  showBar(game, t("confirm.chosen", { move: words }), "ask");
  markChosen(game.page.board, action);
  /** @type {HTMLElement} */ (confirmBar(game).querySelector("#confirm-move")).focus({ preventScroll: true });
}

/** The bar shown saying `words`: with Confirm and Cancel when a move waits (`ask`), a note with OK
 * alone (`note`), or no button while a move confirmed is being sent (`wait`).
 * @param {GameState} game @param {string} words @param {"ask" | "note" | "wait"} mode */
function showBar(game, words, mode) {
  const shown = confirmBar(game);
  /** @type {HTMLElement} */ (shown.querySelector("#move-chosen")).textContent = words;
  for (const id of ["#confirm-move", "#cancel-move"]) /** @type {HTMLElement} */ (shown.querySelector(id)).hidden = mode !== "ask";
  /** @type {HTMLElement} */ (shown.querySelector("#dismiss-note")).hidden = mode !== "note";
  shown.classList.toggle("sending", mode === "wait");
  shown.hidden = false;
}

/** Send the move waiting: its mark stays, on a board drawn waiting, and the bar says it is on its
 * way, until the game's next view. @param {GameState} game */
function confirmMove(game) {
  if (!waiting || !game.view) return;
  const { action, words } = waiting;
  const focused = bar?.contains(document.activeElement);
  drop(game);
  sending = { action, index: game.view.index, words };
  game.ctx.highlight = { seat: game.view.current_player, action, chosen: true };
  game.page.board.classList.add("move-sending");
  game.page.board.setAttribute("aria-busy", "true");
  showBar(game, t("confirm.sending", { move: words }), "wait");
  // Confirm hidden under it, the keyboard's focus stays in the bar rather than falling to the page's top.
  if (focused) /** @type {HTMLElement} */ (confirmBar(game).querySelector("#move-chosen")).focus({ preventScroll: true });
  send(game, action);
}

/** The move sent is answered (the game's next view, or a refusal): the board is no longer waiting.
 * @param {GameState} game */
export function moveAnswered(game) {
  if (!sending) return;
  sending = null;
  game.page.board.classList.remove("move-sending");
  game.page.board.removeAttribute("aria-busy");
  if (bar?.classList.contains("sending")) { bar.hidden = true; bar.classList.remove("sending"); }
}

/** Take the move waiting back: the board as it was, the focus where the move was chosen. @param {GameState} game */
export function cancelMove(game) {
  if (!waiting) return;
  const from = waiting.from;
  drop(game);
  game.draw();
  const again = /** @type {HTMLElement | undefined} */ (game.page.board.querySelectorAll(CONTROLS)[from]);
  (again ?? game.page.boardCard).focus({ preventScroll: true });
}

/** Take the move waiting back without a word: the player's Undo, which takes the position back
 * anyway (left waiting, the undone view would say it was not played). @param {GameState} game */
export function forgetChoice(game) {
  if (!waiting) return;
  drop(game);
  game.draw();
}

/** No move waits any more. @param {GameState} game */
function drop(game) {
  waiting = null;
  game.ctx.highlight = null;
  if (bar) bar.hidden = true;
}

/** A new view of the game came: the move waiting goes unless it is still the same turn's and
 * legal (the same view sent again after a reconnection); kept, it is marked again. Gone, the bar
 * says so in its place (the player's other window played, or a take-back), not a bar vanishing
 * under a thumb reaching for Confirm. @param {GameState} game @param {View} view */
export function keepChoice(game, view) {
  moveAnswered(game);
  if (!waiting) return;
  if (waiting.index !== view.index || !view.legal_actions.includes(waiting.action)) {
    const words = waiting.words;
    drop(game);
    showBar(game, t("confirm.moved_on", { move: words }), "note");
    return;
  }
  game.ctx.highlight = { seat: view.current_player, action: waiting.action, chosen: true };
}

/** After a drawing, the pieces and buttons of the move waiting marked as chosen (the board's
 * highlight marks placements and claims; this the buttons naming the action: Origins' choices,
 * a discard). @param {HTMLElement} board @param {string} [action] */
export function markChosen(board, action = waiting?.action ?? sending?.action) {
  for (const node of board.querySelectorAll("[data-action].chosen")) node.classList.remove("chosen");
  if (!action) return;
  for (const node of board.querySelectorAll("[data-action]")) {
    if (/** @type {HTMLElement} */ (node).dataset.action === action) node.classList.add("chosen");
  }
}

/** The bar, made once and put at the page's end: the move's words (a live region) and its buttons.
 * @param {GameState} game */
function confirmBar(game) {
  if (bar && bar.isConnected) return bar;
  bar = el("div", { class: "move-confirm", id: "move-confirm", role: "group", "aria-labelledby": "move-chosen", hidden: true },
    el("p", { id: "move-chosen", role: "status", tabindex: -1 }),
    el("div", { class: "move-confirm-buttons" },
      el("button", { type: "button", id: "confirm-move", class: "primary", onclick: () => confirmMove(game) }, t("confirm.confirm")),
      el("button", { type: "button", id: "cancel-move", onclick: () => cancelMove(game) }, t("confirm.cancel")),
      el("button", { type: "button", id: "dismiss-note", hidden: true, onclick: () => drop(game) }, t("confirm.ok"))));
  game.main.append(bar);
  return bar;
}

/** Enter confirms and Escape cancels the move waiting, wherever the focus is but in a field, on
 * another control or on the board (Enter there presses it, or chooses another move). @param {GameState} game */
export function listenForConfirm(game) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!waiting) { if (event.key === "Escape" && bar && !bar.hidden && !bar.classList.contains("sending")) drop(game); return; }
    const target = /** @type {Element | null} */ (event.target);
    if (event.key === "Escape") { event.preventDefault(); cancelMove(game); return; }
    if (event.key !== "Enter") return;
    if (target && (target.closest("input, textarea, select, button, a, [role=button]") || game.page.board.contains(target))) return;
    event.preventDefault();
    confirmMove(game);
  }, true);
}
