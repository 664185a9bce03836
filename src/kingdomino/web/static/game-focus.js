// A keyboard player's focus on a game's page: the board's keys (R turns a domino), and where the
// focus goes on to after each drawing, as the board is drawn anew at every view.

/** @typedef {import("./game-state.js").GameState} GameState */
/** @typedef {import("./game-state.js").DrawnGame} DrawnGame */
/** @typedef {import("./game-layout.js").GamePage} GamePage */
/** Where the focus was: on the board, on another control of this page, and its id.
 * @typedef {{onBoard: boolean, inPage: boolean, id: string}} FocusPlace */

/** What a keyboard's focus goes on to after a drawing, first found first: the board's pieces (the
 * squares of a choice too), then its yes/no buttons ("Put no fire token", "Recruit nobody"), which
 * an Enter pressed at once would otherwise take. */
const NEXT_MOVES = ["button.domino.claimable", "button.die.takeable", "svg g.legal.anchor", "svg g.legal.choice",
  ".caveman-card.claimable", ".choice-row button", ".actions button"];

/** A control that cannot be used now: disabled, or greyed out and still pressable to say why. */
const GREYED = ':disabled, [aria-disabled="true"]';

/** Give the board's keys to the board (`ctx.onKey`) but in a field or with a modifier, and note
 * whether the last move was made with the keys (a pointer's player gets no focus moved for them: a
 * square focused shows its ghost). @param {GameState} game */
export function listenToKeys(game) {
  document.addEventListener("keydown", (event) => {
    const target = /** @type {HTMLElement | null} */ (event.target);
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (game.ctx.onKey) game.ctx.onKey(event.key.toLowerCase());
  });
  document.addEventListener("keydown", () => { game.byKeyboard = true; }, true);
  document.addEventListener("pointerdown", () => { game.byKeyboard = false; }, true);
}

/** Where the focus is now: on the board, on another control of this page (in `main`), and its id.
 * @param {HTMLElement} main @param {GamePage} page @returns {FocusPlace} */
export function focusPlace(main, page) {
  const active = document.activeElement;
  const inPage = Boolean(active) && active !== document.body && main.contains(active);
  return { onBoard: Boolean(active) && page.boardCard.contains(active), inPage, id: inPage && active ? active.id : "" };
}

/** After a drawing, a keyboard player's focus goes on where it was, on the board: to the next thing
 * to play if any, else the board itself (not to the page, which would send it back to the top); at
 * the end of the game to the ranking above the board (not on from the board to the scores below). A
 * focus the drawing took away from a control (Undo greyed once used, a hint's move gone with the
 * hint) goes there too. The page scrolls to it only where it is out of sight (at 200 % zoom the
 * first square to place on can be under the window's edge).
 * @param {DrawnGame} game @param {FocusPlace} before where the focus was before the drawing */
export function keepFocus(game, before) {
  const { board, boardCard, end } = game.page;
  const active = document.activeElement;
  // A button greyed while focused (Undo used up) has nothing more to do there: the focus goes on.
  const lost = !active || active === document.body || active.matches(GREYED);
  const tookAway = before.inPage && lost;
  if (!game.byKeyboard || !(tookAway || (before.onBoard && (lost || active === boardCard)))) return;
  /** @type {HTMLElement | SVGElement | null} */
  let next = null;
  // A control drawn anew (the end screen's buttons) keeps it.
  const same = tookAway && before.id ? document.getElementById(before.id) : null;
  if (same && !same.matches(GREYED) && same.getClientRects().length) next = same;
  if (!next && game.view.status === "finished") next = end.querySelector("#ranking-title");
  for (const selector of NEXT_MOVES) next = next || board.querySelector(selector);
  next = next || boardCard;
  if (next === active) return;
  next.focus({ preventScroll: true });
  const box = next.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) next.scrollIntoView({ block: "nearest" });
}

/** Where this tab keeps the game a player just took a seat in, for its page to welcome them. */
const ARRIVED_KEY = "kingdomino.arrived";

/** Note that the next page of game `id` opens for a player who just took a seat in it (joined from
 * the lobby's open games, paired by a quick game, an invite link opened). @param {string} id */
export function markArrival(id) {
  sessionStorage.setItem(ARRIVED_KEY, id);
}

/** At the first drawing of a game a player just took a seat in, the focus goes to the status line,
 * which says what to do now (their turn, or whom the game waits for): left at the page's top, a
 * screen reader's user heard nothing of where they were. Once, and not from a control the player
 * already went to. Not outlined: it is read, not pressed (the next Tab goes on from it).
 * @param {DrawnGame} game */
export function focusOnArrival(game) {
  if (sessionStorage.getItem(ARRIVED_KEY) !== game.id) return;
  sessionStorage.removeItem(ARRIVED_KEY);
  const active = document.activeElement;
  if ((active && active !== document.body) || !game.view.your_seats.length) return;  // a spectator's link: no seat taken
  const { status } = game.page;
  status.tabIndex = -1;
  status.focus({ preventScroll: true });
  const box = status.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) status.scrollIntoView({ block: "nearest" });
}
