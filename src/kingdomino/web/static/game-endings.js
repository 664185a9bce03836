// Ending an online game before its last move (web/endings.py): resigning (in a game of two the
// game ends at once, you placed last; of three or four an AI plays your seat on) and aborting a
// game some player has not moved in yet (no result). Each asks first; the end comes to every page
// of the game with the next view, and the end screen says who resigned.
import { el } from "./dom.js";
import { noShowWords } from "./game-rematch.js";
import { t } from "./i18n.js";
import { replaceTokens } from "./saved-games.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** @typedef {import("./game-state.js").GameState} GameState */
/** @typedef {import("./view-types.js").View} View */

/** The buttons that end the game early, beside leaving it (game-layout.js puts them in the card
 * of leaving). @param {{resign: () => void, abort: () => void}} actions */
export function endingButtons(actions) {
  return {
    resignButton: el("button", { type: "button", id: "resign", hidden: true, onclick: actions.resign }, "⚑ ", t("game.resign")),
    abortButton: el("button", { type: "button", id: "abort", hidden: true, onclick: actions.abort }, "✕ ", t("game.abort")),
  };
}

/** POST `what` (resign or abort) with this page's seat token. @param {GameState} game @param {string} what */
async function asMySeat(game, what) {
  const token = game.tokens.find((k) => k !== spectatorToken(game)) || game.tokens[0];
  return api(`/api/games/${game.id}/${what}`, { method: "POST", body: { token } });
}

/** The spectator link's token this browser keeps of the game, if it created it. @param {GameState} game */
function spectatorToken(game) {
  const link = game.saved.spectator;
  return link ? new URL(link, location.href).searchParams.get("token") : null;
}

/** Resign, once confirmed: a game of two ends at once; of more, an AI plays the seat on and the
 * page watches as its spectator. The question says what it costs: a rated game counts it as a
 * loss, a game without a rating (practice against the AI, or among friends) moves none.
 * @param {GameState} game */
export async function resign(game) {
  if (!game.view || !confirm(t(game.view.rated ? "game.resign_confirm" : "game.resign_confirm_unrated"))) return;
  try {
    const answer = /** @type {{ended: boolean, spectator_token: string}} */ (await asMySeat(game, "resign"));
    if (!answer.ended) { replaceTokens(game.id, [answer.spectator_token]); location.href = `/game/${game.id}`; }
  } catch (problem) {
    game.page.error.textContent = errorWords(problem);
  }
}

/** Abort the game, once confirmed: it ends with no result. @param {GameState} game */
export async function abort(game) {
  if (!game.view || !confirm(t("game.abort_confirm"))) return;
  try {
    await asMySeat(game, "abort");
  } catch (problem) {
    game.page.error.textContent = errorWords(problem);
  }
}

/** Show the buttons the view allows (`can_resign`, `can_abort`); the card of leaving shows with
 * either. @param {{resignButton: HTMLElement, abortButton: HTMLElement, leaveCard: HTMLElement}} page @param {View} view */
export function drawEndings(page, view) {
  page.resignButton.hidden = !view.can_resign;
  page.abortButton.hidden = !view.can_abort;
  if (view.can_resign || view.can_abort) page.leaveCard.hidden = false;
}

/** How the game ended before its last move, in words: "Anna resigned" to the others, "You
 * resigned" to her (a page holding her seat alone, or having held it); a rematch called off
 * because Ben never joined it; "" when it was played to its end. @param {View} view */
export function endedWords(view) {
  const ended = view.ended;
  if (!ended) return "";
  if (ended.by === "no_show") return noShowWords(view, view.awaited || [ended.seat]);
  const mine = view.your_seats.length ? view.your_seats : view.former_seats || [];
  if (mine.length === 1 && mine[0] === ended.seat) return t(ended.by === "abort" ? "end.you_aborted" : "end.you_resigned");
  const name = view.seats[ended.seat].name;
  return t(ended.by === "abort" ? "end.aborted" : "end.resigned", { name });
}
