// A game page's elements, built once: the top card (title, who you are, the status line and the
// controls, the notes, the tip and the hint), the invites, the end screen, the board, the move
// list, the scores, the log, and the card to leave an online game. Each view fills them (game-render.js).
import { aiLevels, levelWords } from "./ai-levels.js";
import { el, svg } from "./dom.js";
import { t } from "./i18n.js";
import { invitesCard } from "./game-invites.js";
import { paceChooser } from "./game-pace.js";
import { confirmChooser } from "./move-confirm.js";
import { endingButtons } from "./game-endings.js";
import { notifyToggle } from "./turn-notify.js";
import { PHONE } from "./opponents.js";
import { takebackCard } from "./game-takeback.js";
import { goneCard } from "./game-gone.js";

/**
 * The elements a game's view is drawn into, and the controls it updates.
 * @typedef {{title: HTMLElement, whoami: HTMLElement, status: HTMLElement, error: HTMLElement, guide: HTMLElement,
 *   board: HTMLElement, moveSelect: HTMLSelectElement, playButton: HTMLElement, undoButton: HTMLElement,
 *   hintButton: HTMLElement, hintBox: HTMLElement, heard: HTMLElement, tipsSlot: HTMLElement, end: HTMLElement,
 *   replayBar: HTMLElement, boardCard: HTMLElement, scores: HTMLElement, log: HTMLElement, matchNote: HTMLElement,
 *   awayNote: HTMLElement, awayLevel: HTMLSelectElement, awayButton: HTMLElement, awayCard: HTMLElement,
 *   leaveLevel: HTMLSelectElement, leaveRated: HTMLElement, leaveRow: HTMLElement, leaveCard: HTMLElement,
 *   resignButton: HTMLElement, abortButton: HTMLElement, movesCard: HTMLElement, invitesCard: HTMLElement | "",
 *   inviting: boolean, invited: number[], pace: HTMLElement, notify: HTMLElement, handoverNote: HTMLElement, shareCard: HTMLElement,
 *   presence: HTMLElement, presenceSaid: HTMLElement, elsewhereNote: HTMLElement, takebackCard: HTMLElement,
 *   goneCard: HTMLElement, confirm: HTMLElement}} GamePage
 */
/** What the page's controls do. @typedef {{play: (action: string) => void, undo: () => void, hint: () => void,
 *   help: () => void, takeOver: () => void, claim: () => void, leave: () => void, resign: () => void, abort: () => void}} PageActions */

/** The level of the AI that takes a seat over, among the server's levels; medium unless chosen.
 * @param {string} id */
function levelChoice(id) {
  return /** @type {HTMLSelectElement} */ (el("select", { id, "aria-label": t("game.ai_level") },
    ...aiLevels().map((level) => el("option", { value: level, selected: level === "medium" }, levelWords(level)))));
}

/** Pictures of the top's controls, in a 24-unit square, drawn in the button's ink. */
const CONTROL_PICTURES = {
  hint: "M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2zM9 20h6M10 23h4",
  rules: "M3 5h6a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H3zM21 5h-6a3 3 0 0 0-3 3v13a2 2 0 0 1 2-2h7z",
};

/** A control of the table's top: its picture, then its words. On a phone the words are left to
 * screen readers and the three controls share the title's line (style.css), a finger wide each
 * without a line of their own pushing the kingdom off the first screen. The undo's arrow is shown
 * everywhere, the others' pictures on a phone alone.
 * @param {string} id @param {keyof typeof CONTROL_PICTURES | "undo"} picture @param {string} words
 * @param {(event: Event) => void} onclick */
function topControl(id, picture, words, onclick) {
  const drawn = picture === "undo" ? "↶" : svg("svg", { viewBox: "0 0 24 24", width: 22, height: 22 },
    svg("path", { d: CONTROL_PICTURES[picture], fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linejoin": "round" }));
  const pictureClass = picture === "undo" ? "control-pic" : "control-pic phone-only";
  return el("button", { type: "button", id, onclick }, el("span", { class: pictureClass, "aria-hidden": "true" }, drawn), " ",
    el("span", { class: "control-words" }, words));
}

/** A control's press: `act`, unless the control is greyed out (game-render.js's `greyOut`), which
 * says why in the error line instead. @param {() => void} act @param {HTMLElement} error
 * @returns {(event: Event) => void} */
function unlessGreyed(act, error) {
  return (event) => {
    const button = /** @type {HTMLElement} */ (event.currentTarget);
    if (button.getAttribute("aria-disabled") !== "true") act();
    else if (button.dataset.why) error.textContent = button.dataset.why;
  };
}

/**
 * Build game `id`'s page in `main`, its controls doing `actions`; its links from what this browser
 * `saved` of it. The page says it is connecting until the first view comes.
 * @param {HTMLElement} main @param {string} id @param {Partial<import("./saved-games.js").SavedGame>} saved
 * @param {PageActions} actions @returns {GamePage}
 */
export function buildPage(main, id, saved, actions) {
  const moveSelect = /** @type {HTMLSelectElement} */ (el("select", { id: "moves", "aria-label": t("game.all_moves") }));
  const playButton = el("button", { type: "button", id: "play", onclick: () => moveSelect.value && actions.play(moveSelect.value) },
    t("game.play_move"));
  const replayBar = el("div", { id: "replay-bar", class: "replay-bar", hidden: true });
  const board = el("div", { id: "board" });
  const error = el("p", { class: "error", id: "error", role: "alert" });
  const awayNote = el("p", { id: "away-note" });
  const awayLevel = levelChoice("away-level");
  const awayButton = el("button", { type: "button", id: "take-over", onclick: actions.takeOver });
  // Leaving an online game: an AI plays your seat from then on, so the others can finish.
  const leaveLevel = levelChoice("leave-level");
  const leaveRated = el("span", { id: "leave-rated", hidden: true }, " ", t("game.leave_rated"));
  const links = invitesCard(id, saved);
  // Resigning and aborting, beside leaving (game-endings.js).
  const { resignButton, abortButton } = endingButtons(actions);
  const leaveRow = el("div", { id: "leave-row" },
    el("p", { class: "small" }, t("game.leave_note"), leaveRated), leaveLevel, " ",
    el("button", { type: "button", id: "leave", onclick: actions.leave }, t("game.leave")));
  /** @type {GamePage} */
  const page = {
    title: el("h1", { id: "title" }, t("game.connecting")),
    whoami: el("p", { id: "whoami", class: "small" }),
    status: el("p", { id: "status", role: "status", "aria-live": "polite" }),
    error,
    guide: el("div", { id: "guide" }),
    board,
    moveSelect,
    playButton,
    undoButton: topControl("undo", "undo", t("game.undo"), unlessGreyed(actions.undo, error)),
    hintButton: topControl("hint", "hint", t("game.hint"), unlessGreyed(actions.hint, error)),
    // The hint, read out when it comes (else a screen reader hears nothing after "Hint").
    hintBox: el("div", { id: "hint-box", role: "status", "aria-live": "polite" }),
    // What the others did since your last look, read out by screen readers (the log is not live).
    heard: el("p", { id: "heard", class: "visually-hidden", "aria-live": "polite" }),
    // Where the tips of a guided game were hidden: the button that shows them again, by the others.
    tipsSlot: el("span", { class: "tips-slot" }),
    end: el("div", { id: "end" }),
    // The replay's step controls, above the board and kept in view while it is (empty while playing).
    replayBar,
    // Its heading, for screen readers only, puts the lines and kingdoms (h3) under an h2 of their own.
    boardCard: el("section", { class: "board-card", id: "board-card", "aria-labelledby": "board-title", tabindex: -1 },
      el("h2", { id: "board-title", class: "visually-hidden" }, t("game.board")), replayBar, board),
    scores: el("div", { id: "scores" }),
    // Focusable: the log scrolls, and a keyboard must be able to scroll it.
    log: el("ol", { class: "log", id: "log", reversed: true, tabindex: 0, "aria-label": t("game.log") }),
    matchNote: el("p", { id: "match-note", class: "away", hidden: true }),
    // Whose seat an AI took over, and why (game-handover.js).
    handoverNote: el("div", { id: "handover-note", class: "away handover-note", role: "status", hidden: true }),
    // A takeback asked, and its answer (game-takeback.js).
    takebackCard: takebackCard(),
    // The other players, each marked at the table or away (game-presence.js).
    presence: el("p", { id: "presence", class: "small presence", hidden: true }),
    // Who came to the table, left it or came back, read out (the marks above are not live).
    presenceSaid: el("p", { id: "presence-said", class: "visually-hidden", role: "status" }),
    // This seat open in another window too: both play (game-presence.js).
    elsewhereNote: el("p", { id: "elsewhere-note", class: "away", role: "status", hidden: true }),
    // A finished game's replay link, to send (game-render.js).
    shareCard: el("section", { class: "card", id: "share-card", hidden: true }),
    awayNote,
    awayLevel,
    awayButton,
    awayCard: el("div", { id: "away-card", class: "away", hidden: true }, awayNote, awayLevel, awayButton),
    // A real-time game's player to act gone long: the offer to end the wait (game-gone.js).
    goneCard: goneCard(actions.claim),
    leaveLevel,
    // What leaving costs in a rated game (game-render.js shows it there).
    leaveRated,
    leaveRow,
    resignButton,
    abortButton,
    leaveCard: el("section", { class: "card", id: "leave-card", hidden: true },
      leaveRow, el("div", { class: "controls", id: "ending-controls" }, resignButton, " ", abortButton)),
    movesCard: el("section", { class: "card" }, el("details", { class: "moves" }, el("summary", {}, t("game.all_moves")),
      el("div", { class: "controls" }, moveSelect, " ", playButton))),
    invitesCard: links.card,
    inviting: links.inviting,
    invited: links.invited,
    pace: paceChooser(),
    // Whether a move chosen waits for Confirm (move-confirm.js), switched here during a game too.
    confirm: confirmChooser(),
    // Notifications of this game's turns while the tab is behind others (turn-notify.js): an online game's.
    notify: el("div", { hidden: true }, notifyToggle("notify-turn")),
  };
  layOut(main, page, actions);
  return page;
}

/** Put the page's cards in `main`: the host's links to send at the top (`placeInvites`), a spectator
 * link alone at the bottom. @param {HTMLElement} main @param {GamePage} page @param {PageActions} actions */
function layOut(main, page, actions) {
  const helpButton = topControl("help", "rules", t("game.rules"), actions.help);
  // The game's scores as they stand; a replay shows its step's there instead.
  const scoresCard = el("section", { class: "card grow", id: "scores-card" }, el("h2", {}, t("game.scores")), page.scores);
  main.replaceChildren(
    el("section", { class: "card top-card" }, page.title, page.whoami, page.presence,
      el("div", { class: "status-row" }, page.status,
        el("div", { class: "controls" }, page.hintButton, " ", page.undoButton, " ", helpButton, page.tipsSlot)),
      // What comes and goes while a player thinks (a refusal, a hint) floats over the table's top:
      // in the flow, each line of it pushed the board down and the kingdom off the screen.
      el("div", { class: "notices" }, page.error, page.hintBox),
      page.matchNote, page.takebackCard, page.handoverNote, page.elsewhereNote, page.awayCard, page.goneCard,
      page.guide, page.heard, page.presenceSaid),
    page.end,
    page.boardCard,
    page.movesCard,
    el("div", { class: "row" }, scoresCard,
      el("section", { class: "card grow" }, el("h2", {}, t("game.log")), page.pace, page.confirm, page.notify, page.log)),
    page.inviting ? "" : page.invitesCard, page.shareCard, page.leaveCard);
  if (page.inviting) placeInvites(page);
}

/** The links to send while the invited have not come: at the top of the page, where its creator
 * looks first; on a phone right under the board, whose kingdom they pushed a screen down, below
 * the first. Moved again when the window crosses a phone's width. @param {GamePage} page */
function placeInvites(page) {
  const phone = window.matchMedia(PHONE);
  const place = () => {
    const card = page.invitesCard;
    if (!card || !page.inviting) return;
    if (phone.matches) page.boardCard.after(card);
    else page.end.before(card);
  };
  place();
  phone.addEventListener("change", place);
}
