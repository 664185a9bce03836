// A game page: the live board over WebSocket, the status line saying what to do now, the hint on
// the board, undo, the move list in words (for keyboards), the log, the end screen and the replay.
// The page's state is one object (game-state.js); each module of the game's reads and changes it:
// its elements (game-layout.js), drawing a view (game-render.js), the socket (game-socket.js),
// keeping in step with the game (game-sync.js), the hint (game-hints.js), who is away
// (game-presence.js), the requests made as a seat (game-requests.js), the replay (game-replay.js),
// the keyboard's focus (game-focus.js) and the chat (chat.js).
import { t } from "./i18n.js";
import { remember, savedGames, tokensFor } from "./saved-games.js";
import { openHelp } from "./help.js";
import { buildPage } from "./game-layout.js";
import { settleInvites } from "./game-invites.js";
import { claimInvite, offerOwnSeat } from "./game-claim.js";
import { pacedViews } from "./game-pace.js";
import { drawStatus, forcedChoice, render } from "./game-render.js";
import { connect, refusalWords, send, tell, unavailable, why } from "./game-socket.js";
import { Refused, api } from "./server.js";
import { taken } from "./game-sync.js";
import { askHint, retryHint, showHint, stopHint } from "./game-hints.js";
import { drawAway } from "./game-presence.js";
import { claimGame, leave, takeOver } from "./game-requests.js";
import { abort, resign } from "./game-endings.js";
import { followHistory } from "./game-replay.js";
import { focusOnArrival, focusPlace, listenToKeys, markArrival } from "./game-focus.js";
import { offerNextGame } from "./next-game.js";
import { noticeView, notifiable } from "./turn-notify.js";
import { errorWords, localSeatNames } from "./words.js";
import { makeChat, placeChat } from "./chat.js";
import { tvChannel, tvStrip } from "./tv.js";
import { undoOrAsk } from "./game-takeback.js";
import { passScreen } from "./game-pass.js";
import { chooseMove, forgetChoice, keepChoice, listenForConfirm, markChosen, moveAnswered } from "./move-confirm.js";

/** @typedef {import("./game-state.js").GameState} GameState */
/** @typedef {import("./game-state.js").DrawnGame} DrawnGame */
/** @typedef {import("./view-types.js").ServerMessage} ServerMessage */
/** @typedef {Extract<ServerMessage, {type: "chat_history"}>} ChatHistory */

/**
 * Show game `id` in `main`: its page, then every view the server sends on its socket.
 * @param {HTMLElement} main @param {string} id @param {boolean} [replay] opened at its replay (/game/ID/replay)
 * @param {boolean} [watch] opened at its watch link (/game/ID/watch): a public game, watched without a
 *   token when this browser holds none of it (nothing of it is kept here then)
 */
export function showGame(main, id, replay = false, watch = false) {
  const urlToken = new URLSearchParams(location.search).get("token");
  if (urlToken) {
    remember(id, [urlToken], { invited: true });
    markArrival(id);
    history.replaceState(null, "", `/game/${id}${replay ? "/replay" : ""}`);
  }
  const tokens = tokensFor(id);
  /** @type {Partial<import("./saved-games.js").SavedGame>} */
  const saved = savedGames().find((g) => g.id === id) || {};
  /** @type {GameState} */
  const game = {
    main, id, tokens, watching: watch && !tokens.length, saved, view: null, socket: null, refusedWith: "",
    version: -1, awaited: -1, catchUp: 0, pending: null,
    hints: null, hintTries: null, hintRetry: 0,
    thinking: null, askedWhy: null, toldUpTo: null, awayTimer: undefined,
    presence: { away: {}, after: 60, at: 0, here: null, elsewhere: [], watching: 0, lost: [], gone: {}, claimAfter: 60 },
    replayAsked: replay, replayMissed: null, ratings: null, ratingsAsked: false,
    byKeyboard: false, acted: new Set(), paced: pacedViews((view) => showView(game, view)),
    ctx: { legal: [], play: (action) => chooseMove(game, action), why: (action) => why(game, action), replay: false, onKey: null,
      mainSeat: 0, highlight: null, redraw: () => game.draw() },
    page: buildPage(main, id, saved, {
      play: (action) => chooseMove(game, action),
      undo: () => { forgetChoice(game); undoOrAsk(game); },
      hint: () => askHint(game),
      help: () => { if (game.view) openHelp(game.view.game, /** @type {string | undefined} */ ((game.view.options || {}).mode)); },
      takeOver: () => takeOver(game),
      claim: () => claimGame(game),
      leave: () => leave(game),
      resign: () => resign(game),
      abort: () => abort(game),
    }),
    draw: (before) => {
      if (!game.view) return;
      render(/** @type {DrawnGame} */ (game), before ?? focusPlace(main, game.page));
      markChosen(game.page.board);
    },
    chat: makeChat(id, (message) => tell(game, message)),
    tv: () => {},
  };
  placeChat(game.page.boardCard, game.chat.card);
  const channel = game.watching ? tvChannel() : null;
  if (channel !== null) game.tv = tvStrip(main, id, channel);
  listenToKeys(game);
  listenForConfirm(game);
  followHistory(game);
  // Asked by its watch link; a public game opened at its own address is watched too (openFinished),
  // but its player's account still goes on to its seat.
  const watchLink = game.watching;
  const opened = tokens.length ? connect(game, (message) => receive(game, message)) : openFinished(game, watchLink);
  if (urlToken) claimInvite(id, urlToken, game.page.whoami);
  // Once the page says what it shows (a spectator's view, or that it cannot open the game here).
  if (!tokens.length && !replay) Promise.resolve(opened).then(() => offerOwnSeat(id, game.page.whoami, watchLink));
}

/** A page holding no link to the game: a finished game opens for anyone (a shared replay link),
 * its view read once (it no longer changes; its player's seat by their account); an unfinished one
 * says why it cannot open here, its replay's address that the replay waits for the end. Opened by
 * its watch link (`live`), or its own address when it is public, a game being played is watched on
 * its socket, which says any refusal.
 * @param {GameState} game @param {boolean} [live] */
async function openFinished(game, live = false) {
  const watch = () => connect(game, (message) => receive(game, message));
  try {
    const view = /** @type {import("./view-types.js").View} */ (await api(`/api/games/${game.id}`));
    // A public game being played opened at its plain address (a player's, copied from their page,
    // whose token is their browser's) is watched live as at its watch link: shown once, it stood
    // still under "You are watching this game".
    if (view.status !== "finished" && (live || !game.replayAsked)) { game.watching = true; return watch(); }
    showView(game, view);
    // A finished game's chat as it was (nothing to write with, no socket): shown where something
    // was said. A game still played is read on its socket alone (the server refuses it here).
    if (view.status === "finished") {
      api(`/api/games/${game.id}/chat`).then((told) => game.chat.history(/** @type {ChatHistory} */ (told).rooms, true), () => {});
    }
  } catch (error) {
    if (live) return watch();
    const refused = error instanceof Refused ? error : null;
    if (refused && refused.code === "no_token" && game.replayAsked) unavailable(game, t("game.replay_not_yet"), t("game.no_token_help"));
    else if (refused && refused.code === "no_token") unavailable(game, t("game.no_token"), t("game.no_token_help"));
    else unavailable(game, errorWords(error));
  }
}

/** Make the choice the rules leave one answer to (game-render.js `forcedChoice`). @param {GameState} game */
function playForced(game) {
  const action = game.view ? forcedChoice(game.view) : null;
  if (action !== null) send(game, action);
}

/** Show a view of the server (in turn, at the AI's pace: game-pace.js).
 * @param {GameState} game @param {import("./view-types.js").View} view */
function showView(game, view) {
  const { page } = game;
  localSeatNames(view.seats, view.your_seats || []);
  rememberSeats(game, view.your_seats);
  const before = focusPlace(game.main, page);  // maybe on a hint's move, gone with the hint
  const first = game.view === null;
  noticeView(game.id, game.view, view, game.saved.kinds);
  offerNextGame(game.id, game.view, view, page.status, page.heard);
  page.notify.hidden = !notifiable(view, game.saved.kinds);
  game.view = view; page.error.textContent = ""; game.hints = null; stopHint(game); game.ctx.highlight = null;
  keepChoice(game, view);
  page.hintBox.replaceChildren();
  page.pace.hidden = !view.seats.some((seat) => seat.kind === "ai") || view.status === "finished";
  if (!game.ctx.replay) { game.draw(before); playForced(game); passScreen(game, view); }
  if (first) focusOnArrival(/** @type {DrawnGame} */ (game));
  settleInvites(page, view, game.acted);
  game.chat.view(view);
  game.tv(view);
}

/** Keep the seats this browser plays (`mine`), so that once an AI takes one over (the player left,
 * or their time ran out: the token then only watches) the page can say so to its player.
 * @param {GameState} game @param {number[]} mine */
function rememberSeats(game, mine) {
  const held = game.saved.seats || [];
  if (!mine.length || (held.length === mine.length && held.every((s, i) => s === mine[i]))) return;
  game.saved.seats = [...mine];
  remember(game.id, [], { seats: [...mine] });
}

/** What a message of the game's socket does to the page. @param {GameState} game @param {ServerMessage} message */
function receive(game, message) {
  const { page } = game;
  if (!taken(game, message)) return;
  if (message.type === "state") game.paced.add(message);
  // A move sent on a view the game had left (a double click): the new view says what happened.
  else if (message.type === "error" && message.field === "index") return;
  else if (message.type === "error" && game.chat.refused(message)) return;
  else if (message.type === "chat_history") game.chat.history(message.rooms, false, Boolean(message.off));
  else if (message.type === "chat") game.chat.heard(message.room, message.messages);
  else if (message.type === "ack" && message.chat !== undefined) game.chat.sent(message.chat);
  else if (message.type === "error" && message.field === "hint" && game.hintTries !== null && retryHint(game, message.code, game.hintTries)) return;
  else if (message.type === "error") {
    moveAnswered(game);
    if (game.view) page.error.textContent = errorWords(message); else game.refusedWith = errorWords(message);
  }
  else if (message.type === "hint") { stopHint(game); if (game.view) showHint(/** @type {DrawnGame} */ (game), message.candidates); }
  else if (message.type === "presence") {
    const { away, after, here, elsewhere, lost, gone } = message;
    game.presence = { ...game.presence, away, after, at: performance.now(), here, elsewhere, lost, gone, claimAfter: message.claim_after };
    drawAway(game);
  }
  else if (message.type === "watching") { game.presence = { ...game.presence, watching: message.n }; drawAway(game); }
  // Only the status line says who is thinking: the table stays as it is (these come twice per AI
  // move, and redrawing the table for each would cost for nothing).
  else if (message.type === "thinking") {
    game.thinking = message.seat === null ? null : { seat: message.seat, ahead: message.ahead, progress: message.progress };
    if (game.view && !game.ctx.replay) drawStatus(/** @type {DrawnGame} */ (game));
  }
  else if (message.type === "why") {
    // A piece (a domino, a die) refused is "not this one", a square "not there".
    const prefix = /^(claim|take) /.test(message.action) ? "game.why_not_this" : "game.why_not";
    if (message.action === game.askedWhy) page.error.textContent = message.reason ? t(prefix, { reason: refusalWords(game, message) }) : "";
  }
}
