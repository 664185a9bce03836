// Takebacks between people (web/take_back.py): with another person at the table the Undo button
// asks them ("Ask to take back"), and a note under the status line says the request to every page:
// to the people it awaits, with Accept and Decline (Accept takes the focus when it comes); to the
// asker, whom it waits for, then its answer; to the others and to spectators, what happened.
import { el } from "./dom.js";
import { language, t } from "./i18n.js";
import { tell } from "./game-socket.js";
import { errorWords } from "./words.js";

/** @typedef {import("./game-state.js").DrawnGame} DrawnGame */
/** @typedef {import("./game-state.js").GameState} GameState */
/** @typedef {import("./view-types.js").View} View */

/** The note of a takeback, its words read out as they change, and its two answers (hidden but to
 * the people it awaits). @returns {HTMLElement} */
export function takebackCard() {
  return el("div", { id: "takeback", class: "away takeback-note", hidden: true },
    el("p", { id: "takeback-said", role: "status", "aria-live": "polite" }),
    el("div", { class: "controls", id: "takeback-answers", hidden: true },
      el("button", { type: "button", class: "primary", id: "takeback-accept", "aria-describedby": "takeback-said" },
        t("game.takeback_accept")), " ",
      el("button", { type: "button", id: "takeback-decline", "aria-describedby": "takeback-said" }, t("game.takeback_decline"))));
}

/** What the Undo button does: ask the other people to take the last move back, or against AI
 * seats alone undo it at once. @param {GameState} game */
export function undoOrAsk(game) {
  tell(game, game.view && game.view.takeback && game.view.takeback.asks ? { type: "takeback" } : { type: "undo" });
}

/** The seats' names, joined as the page's language joins a list. @param {View} view @param {number[]} seats */
function names(view, seats) {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(seats.map((s) => view.seats[s].name));
}

/** What the note says to the holder of the view's seats, and whether they are to answer (null:
 * no takeback to show). @param {View} view @returns {{said: string, answering: boolean} | null} */
function takebackWords(view) {
  const request = view.takeback ? view.takeback.request : null;
  if (!request) return null;
  const mine = view.your_seats;
  const asker = view.seats[request.by].name;
  const yours = mine.includes(request.by);
  if (request.outcome === "declined") {
    const name = view.seats[request.answered_by ?? request.by].name;
    return { said: t(yours ? "game.takeback_declined_yours" : "game.takeback_declined", { name }), answering: false };
  }
  if (request.outcome === "accepted") {
    return { said: yours ? t("game.takeback_taken_yours") : t("game.takeback_taken", { name: asker }), answering: false };
  }
  const awaited = names(view, request.awaited);
  if (yours) return { said: t("game.takeback_waiting", { names: awaited }), answering: false };
  if (request.awaited.some((s) => mine.includes(s))) return { said: t("game.takeback_asks", { name: asker }), answering: true };
  if (request.accepted.some((s) => mine.includes(s))) return { said: t("game.takeback_accepted_waiting", { names: awaited }), answering: false };
  return { said: t("game.takeback_others_waiting", { name: asker, names: awaited }), answering: false };
}

/** Draw the view's takeback: the Undo button's words and why it is greyed when it asks people
 * (`greyOut`, game-render.js), and the note with its answers. @param {DrawnGame} game
 * @param {(button: HTMLElement, off: boolean, why: string) => void} greyOut */
export function drawTakeback(game, greyOut) {
  const { view, page } = game;
  const takeback = view.takeback;
  const asks = Boolean(takeback && takeback.asks);
  const words = page.undoButton.querySelector(".control-words");
  if (words) words.textContent = t(asks ? "game.takeback_ask" : "game.undo");
  if (asks && takeback) {
    const why = takeback.refused ? errorWords({ code: takeback.refused, message: "" }) : "";
    greyOut(page.undoButton, Boolean(takeback.refused), why);
  }
  const card = page.takebackCard;
  const shown = takebackWords(view);
  const said = /** @type {HTMLElement} */ (card.querySelector("#takeback-said"));
  const answers = /** @type {HTMLElement} */ (card.querySelector("#takeback-answers"));
  const answeringBefore = !answers.hidden && !card.hidden;
  card.hidden = !shown;
  if (said.textContent !== (shown ? shown.said : "")) said.textContent = shown ? shown.said : "";
  answers.hidden = !shown || !shown.answering;
  if (!shown || !shown.answering) return;
  const accept = /** @type {HTMLButtonElement} */ (card.querySelector("#takeback-accept"));
  const decline = /** @type {HTMLButtonElement} */ (card.querySelector("#takeback-decline"));
  accept.onclick = () => tell(game, { type: "takeback_answer", accept: true });
  decline.onclick = () => tell(game, { type: "takeback_answer", accept: false });
  // The answer is asked of this page now: its Accept takes the focus, but from no text being written.
  const writing = document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement;
  if (!answeringBefore && !writing) accept.focus();
}
