// The puzzles' page (/puzzles, /puzzles?game=duel; /puzzles/<id> opens that one first): a position
// of the set chosen (puzzle-sets.js: Kingdomino, Duel, a mode of Origins) drawn as that game's board
// (boards.js), its goal in words, the decision made on the board as in play. The server checks the
// answer and only then says each action's points (the engine proved them when the set was made);
// the best one is shown on the board beside the player's, and the board no longer says whose turn
// it is; then "Next puzzle". An account's puzzle rating in the set moves with each first answer; a
// guest's page keeps a streak and the puzzles it saw in this browser instead.
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { Refused, api } from "./server.js";
import { BOARDS } from "./boards.js";
import { kindChoice, showKind, startingKind } from "./puzzle-sets.js";
import { DROPPED, latestOnly } from "./latest.js";
import { actionWords, errorWords, gameTitle, localSeatNames } from "./words.js";
import { ratingMoved, ratingShown } from "./rating-mark.js";

/** The ids a guest's page saw lately, and its streak of puzzles solved in a row (localStorage). */
const SEEN = "kingdomino.puzzles.seen";
const STREAK = "kingdomino.puzzles.streak";
const SEEN_KEPT = 100;
/** The answers listed after an answer at most (the best first; the player's always). */
const LISTED = 4;

/** A puzzle as the server sends it (GET /api/puzzles/...): a game's view of the position, its set
 * (`kind`), its goal, and the account's puzzle rating in the set (null: a guest).
 * @typedef {import("./view-types.js").View & {goal: string, kind: string,
 *   player: {rating: number, provisional: boolean, tried: number, solved: number} | null}} PuzzleView */
/** The server's word on an answer (POST /api/puzzles/{id}/answer).
 * @typedef {{solved: boolean, action: string, points: number, best: number,
 *   answers: Array<{action: string, points: number}>,
 *   rating: {before: number, after: number, rated: boolean, provisional: boolean} | null}} Checked */
/** The puzzle shown, its answer once checked, and the page's asks for a puzzle: an answer to an
 * earlier ask (a set chosen while the first puzzle was on its way) is dropped (latest.js).
 * @typedef {{view: PuzzleView | null, checked: Checked | null, asked: import("./latest.js").Latest}} Shown */

/** Show the puzzles' page in `main`. @param {HTMLElement} main */
export function showPuzzles(main) {
  const linked = location.pathname.match(/^\/puzzles\/([0-9a-f]+)$/);
  document.title = `${t("puzzle.title")} · ${t("app.name")}`;
  const set = { kind: startingKind() };
  const choice = kindChoice(set.kind, (kind) => {
    set.kind = kind;
    history.pushState(null, "", `/puzzles?game=${kind}`);
    load(page, shown, nextPath(kind), draw);
  });
  const page = {
    title: el("h1", {}, t("puzzle.title")),
    goal: el("p", { class: "puzzle-goal", id: "puzzle-goal" }),
    standing: el("p", { class: "small", id: "puzzle-standing" }),
    result: el("div", { id: "puzzle-result", role: "status" }),
    next: el("button", { type: "button", id: "next-puzzle", hidden: true }, t("puzzle.next")),
    error: el("p", { class: "error", role: "alert", id: "puzzle-error" }),
    board: el("div", { id: "board" }),
    legend: el("p", { class: "small", id: "puzzle-legend" }),
  };
  /** @type {Shown} */
  const shown = { view: null, checked: null, asked: latestOnly() };
  const draw = () => {
    if (shown.view) showKind(choice, set.kind = shown.view.kind);
    drawPuzzle(page, shown, (action) => answer(page, shown, action, draw));
  };
  page.next.addEventListener("click", () => {
    history.pushState(null, "", `/puzzles?game=${set.kind}`);
    load(page, shown, nextPath(set.kind), draw);
  });
  main.replaceChildren(el("section", { class: "card puzzle-head" }, page.title, choice, page.goal, page.standing,
    page.result, page.next, page.error),
    // The board's own headings (the rows, each kingdom) come under a heading of the table, as a
    // game's do: a screen reader's list of headings went from the page's title to its third level.
    el("section", { class: "board-card", id: "board-card", "aria-labelledby": "board-title" },
      el("h2", { id: "board-title", class: "visually-hidden" }, t("game.board")), page.board, page.legend));
  load(page, shown, linked ? `/api/puzzles/${linked[1]}` : nextPath(set.kind), draw);
}

/** The next puzzle's address in the set `kind`: a guest's page names the puzzles it saw (an
 * account's are the server's). @param {string} kind */
function nextPath(kind) {
  const seen = readList(SEEN);
  return `/api/puzzles/next?game=${kind}${seen.length ? `&skip=${seen.join(",")}` : ""}`;
}

/** @param {string} key @returns {string[]} */
function readList(key) {
  try {
    const found = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(found) ? found.filter((id) => typeof id === "string" && /^[0-9a-f]+$/.test(id)) : [];
  } catch { return []; }
}

/** The streak of this browser's guest. */
function streak() {
  return Number(localStorage.getItem(STREAK)) || 0;
}

/**
 * Fetch a puzzle and draw it.
 * @param {Record<string, HTMLElement>} page @param {Shown} shown
 * @param {string} path @param {() => void} draw
 */
async function load(page, shown, path, draw) {
  page.error.textContent = "";
  try {
    const view = /** @type {PuzzleView | typeof DROPPED} */ (await shown.asked(api(path)));
    if (view === DROPPED) return;
    localSeatNames(view.seats, view.your_seats);
    shown.view = view;
    shown.checked = null;
    if (location.pathname !== `/puzzles/${view.id}`) history.replaceState(null, "", `/puzzles/${view.id}`);
    draw();
  } catch (error) {
    page.error.textContent = error instanceof Refused ? errorWords(error) : t("puzzle.unreachable");
  }
}

/**
 * Draw the puzzle: its goal, the player's standing, the board (the choice on it while unanswered;
 * then the best answer marked, and the player's), the answers' points once checked.
 * @param {Record<string, HTMLElement>} page @param {Shown} shown
 * @param {(action: string) => void} play
 */
function drawPuzzle(page, shown, play) {
  const { view, checked } = shown;
  if (!view) return;
  const seat = view.your_seats[0];
  const goal = view.game === "kingdomino" ? `puzzle.goal.${view.goal}` : `puzzle.goal_${view.game}.${view.goal}`;
  page.goal.textContent = `${gameTitle(view)} · ${t("lobby.players_n", { n: view.seats.length })}: ${t(goal)}`;
  page.standing.replaceChildren(...standingWords(view, checked));
  const best = checked ? checked.answers.find((a) => a.points === checked.best)?.action ?? null : null;
  /** @type {import("./board-kingdoms.js").Ctx} */
  const ctx = {
    legal: checked ? [] : view.legal_actions, play, why: () => {}, replay: Boolean(checked), onKey: null, mainSeat: seat,
    highlight: checked && best ? { seat, action: best, played: checked.solved ? undefined : checked.action } : null,
    redraw: () => drawPuzzle(page, shown, play),
  };
  // Once answered, the position is no longer one to play: no seat is marked "to play", and the
  // player's kingdom says what the answer is worth.
  BOARDS[view.game].render(page.board, checked ? { ...view, status: "answered" } : view, ctx);
  const title = checked && page.board.querySelector(`.kingdom[data-seat="${seat}"] .seat-name`);
  if (checked && title) {
    const worth = t("puzzle.board_answer", { yours: number(checked.points), best: number(checked.best) });
    title.append(el("span", { class: "puzzle-worth" }, ` ${worth}`));
  }
  page.result.replaceChildren(...(checked ? resultWords(view, checked) : []));
  page.legend.replaceChildren(...legendWords(page));
  page.next.hidden = !checked;
}

/** The page's marks explained, those it shows alone: the star of the seat in the lead on the
 * board, the "?" of a provisional rating (each has its title too, which a phone never shows).
 * @param {Record<string, HTMLElement>} page @returns {string[]} */
function legendWords(page) {
  const words = [];
  if (page.board.querySelector(".leader")) words.push(t("puzzle.legend_leader"));
  if (page.standing.querySelector(".provisional-mark")) words.push(t("puzzle.legend_provisional"));
  return words.length ? [words.join(" · ")] : [];
}

/** The player's rating (an account) or streak (a guest), after an answer with its change.
 * @param {PuzzleView} view @param {Checked | null} checked @returns {Array<Node | string>} */
function standingWords(view, checked) {
  const rated = checked?.rating;
  if (rated) {
    const moved = rated.rated ? ratingMoved(rated.after, rated.provisional, Math.round(rated.after - rated.before))
      : ratingShown(rated.after, rated.provisional);
    return [t("puzzle.your_rating"), " ", moved];
  }
  if (view.player) return [t("puzzle.your_rating"), " ", ratingShown(view.player.rating, view.player.provisional)];
  return [t("puzzle.streak", { n: number(streak()) }), " · ", t("puzzle.guest_unrated")];
}

/** The verdict and the answers' points, the best first, the player's marked.
 * @param {PuzzleView} view @param {Checked} checked @returns {HTMLElement[]} */
function resultWords(view, checked) {
  const verdict = el("p", { class: checked.solved ? "puzzle-right" : "puzzle-wrong", id: "puzzle-verdict" },
    checked.solved ? t("puzzle.right") : t("puzzle.wrong"), " ",
    t("puzzle.yours_best", { yours: number(checked.points), best: number(checked.best) }));
  const listed = checked.answers.filter((a, i) => i < LISTED || a.action === checked.action);
  const list = el("ol", { class: "puzzle-answers", id: "puzzle-answers" }, listed.map((a) => el("li", {
    class: `${a.points === checked.best ? "best" : ""}${a.action === checked.action ? " yours" : ""}`.trim(),
  }, `${actionWords(view, a.action)}: ${t("points_n", { n: a.points })}`,
  a.action === checked.action ? ` (${t("puzzle.your_answer")})` : "")));
  const more = checked.answers.length - listed.length;
  return [verdict, list, ...(more > 0 ? [el("p", { class: "small" }, t("puzzle.more_answers", { n: more }))] : [])];
}

/**
 * Send the answer made on the board; keep a guest's streak and the puzzles it saw.
 * @param {Record<string, HTMLElement>} page @param {Shown} shown
 * @param {string} action @param {() => void} draw
 */
async function answer(page, shown, action, draw) {
  const view = shown.view;
  if (!view || shown.checked) return;
  page.error.textContent = "";
  try {
    const checked = /** @type {Checked} */ (await api(`/api/puzzles/${view.id}/answer`, { method: "POST", body: { action } }));
    if (shown.view !== view) return;
    shown.checked = checked;
    if (!view.player && !checked.rating) {
      localStorage.setItem(STREAK, String(checked.solved ? streak() + 1 : 0));
      const seen = readList(SEEN).filter((id) => id !== view.id);
      localStorage.setItem(SEEN, JSON.stringify([...seen, view.id].slice(-SEEN_KEPT)));
    }
    draw();
    page.next.focus();
  } catch (error) {
    page.error.textContent = error instanceof Refused ? errorWords(error) : t("puzzle.unreachable");
  }
}
