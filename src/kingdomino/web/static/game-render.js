// Drawing a game's view into its page: the title and who you are, the status line saying what to
// do now, the guided game's tip, the controls, the end screen, the board, the scores and the log,
// and what the others did, told to screen readers. Drawn anew at every view the server sends.
import { tournamentPageLink, tournamentWayBack, unseatedWords } from "./arena-return.js";
import { simulLink } from "./simul-return.js";
import { el } from "./dom.js";
import { language, number, t } from "./i18n.js";
import { forget, remember, tokensFor } from "./saved-games.js";
import { api } from "./server.js";
import { fill, keepEach } from "./redraw-in-place.js";
import { guideTip, showTips } from "./guide.js";
import { anyMove, endScreen, keepOpen, matchNoteWords, pastGames, scoreSheets } from "./ending.js";
import { seatBadge } from "./pictures.js";
import { replayLinkField } from "./game-invites.js";
import { BOARDS } from "./boards.js";
import { drawClocks } from "./game-clock.js";
import { drawGifts } from "./game-clock-gift.js";
import { waitWords } from "./open-games.js";
import { challengeWaitWords, waitEndWords } from "./wait-end.js";
import { tellTurn } from "./turn-told.js";
import { formerSeats, othersHandovers, yourHandover } from "./game-handover.js";
import { askRatings, seatsAfter } from "./game-ratings.js";
import { keepFocus } from "./game-focus.js";
import { drawAway } from "./game-presence.js";
import { replayGame } from "./game-replay.js";
import { rematch, sameDeal } from "./game-requests.js";
import { drawEndings, endedWords } from "./game-endings.js";
import { awaitedWords, rematchControls, seatNames, sharedRematch } from "./game-rematch.js";
import { errorWords, gameTitle, isYours, localName, logWords, seatWords, todo } from "./words.js";
import { moveWords } from "./move-gains.js";
import { drawTakeback } from "./game-takeback.js";
import { redrawKeepingFocus } from "./keep-focus.js";

/** @typedef {import("./game-state.js").DrawnGame} DrawnGame */
/** @typedef {import("./game-focus.js").FocusPlace} FocusPlace */
/** @typedef {import("./game-state.js").Thinking} Thinking */
/** @typedef {import("./view-types.js").View} View */

/** Draw the game's view. @param {DrawnGame} game @param {FocusPlace} before where the focus was before this drawing's news came */
export function render(game, before) {
  const { view, page, saved, ctx } = game;
  drawHead(game);
  drawClocks(game);
  drawGifts(game);
  ctx.legal = view.legal_actions;
  ctx.mainSeat = mainSeat(game);
  drawControls(game);
  drawAway(game);
  drawMatchNote(game);
  // The ranking above the board before the board is fitted to the room it leaves (the kingdom
  // ran under a laptop's edge at the end).
  // A club tournament's game is not played again (a game outside it): its page pairs the next one.
  const tournament = tournamentOf(view);
  // A player whose seat an AI took at the end (out of time) goes back to the arena as its player.
  const played = view.your_seats.length > 0 || formerSeats(view, saved.seats || []).length > 0;
  // Drawn again as news comes (the ratings): a control focused on it keeps the focus (keep-focus.js).
  redrawKeepingFocus(page.end, () => (view.status === "finished" ? [endedNoted(view, endScreen(view, {
    replay: () => { history.pushState(null, "", `/game/${game.id}/replay`); replayGame(game); },
    missed: game.replayMissed,
    rematch: saved.request && !tournament && !sharedRematch(view) ? () => rematch(game) : null,
    shared: tournament ? tournamentWayBack(game.id, tournament, played)
      : sharedRematch(view) ? rematchControls(game, view) : [],
    // A seat known by the account alone (its finished game opened without its token) asks nothing as the seat.
    sameDeal: view.same_deal && !tournament && game.tokens.length ? () => sameDeal(game) : null,
    // Who watched a tournament's game goes on to its other games, or to the games anyone may watch.
    elsewhere: tournament && !played
      ? [el("a", { href: "/#live-games", class: "button", id: "watch-others" }, t("end.watch_others"))] : undefined,
  }, game.ratings))] : []));
  // The replay's link to send, at the page's foot: in the ranking's card it pushed a laptop's
  // finished kingdom under the window's edge.
  // None for a game without a move (`anyMove`): nothing to replay.
  const replayable = view.status === "finished" && anyMove(view);
  if (replayable && !page.shareCard.firstChild) page.shareCard.replaceChildren(replayLinkField(game.id));
  page.shareCard.hidden = !replayable;
  askRatings(game);
  // The kingdoms and score sheets say each rating as the ranking does, after the game with its change.
  const shown = seatsAfter(view, game.ratings);
  const boards = BOARDS[view.game];
  boards.render(page.board, shown, ctx);
  if (game.hints && ctx.highlight) page.hintBox.classList.add("shown");
  keepOpen(page.scores, pastGames(view, boards.miniKingdom, page.scores), scoreSheets(shown, boards.miniKingdom, page.scores));
  // A line of the log stays in the page while it reads the same (redraw-in-place.js): one is added a move.
  const readers = JSON.stringify([language(), view.game, view.seats.map((s) => s.name), view.your_seats]);
  fill(page.log, keepEach(page.log, view.log.slice().reverse(), (entry) => `${readers} ${JSON.stringify(entry)}`,
    (entry) => el("li", { value: entry.index + 1 }, logWords(view, entry))));
  tellNews(game);
  keepFocus(game, before);
  // The replay's own address (/game/ID/replay), opened or reloaded: the game over, it starts.
  if (game.replayAsked && view.status === "finished") { game.replayAsked = false; replayGame(game); }
}

/** The end screen `screen`, saying under its title how the game ended before its last move
 * ("Anna resigned"), if it did. @param {View} view @param {HTMLElement} screen */
function endedNoted(view, screen) {
  const words = endedWords(view);
  if (words) screen.querySelector("h2")?.after(el("p", { id: "ended-note", class: "ended-note" }, words));
  return screen;
}

/** The title (the tab's too), who you are, the status line and a guided game's tip. @param {DrawnGame} game */
function drawHead(game) {
  const { view, page, saved } = game;
  // A rated game says so in its title (a phone shows no more of the head): it is played for the ratings.
  page.title.replaceChildren(gameTitle(view),
    view.rated ? el("span", { id: "rated-game", title: t("game.rated") }, " · ", t("lobby.rated")) : "", simulLink(view));
  // A tab in the background says when a move is awaited here (an online game with friends).
  const awaited = view.status !== "finished" && view.your_seats.includes(view.current_player) && view.legal_actions.length > 0;
  tellTurn(`${gameTitle(view)} · ${t("app.name")}`, awaited);
  const mine = view.your_seats;
  page.whoami.replaceChildren(...(mine.length === 1
    ? [seatBadge(mine[0]), " ", whoYouAre(game, mine[0])]
    : mine.length ? [...mine.flatMap((s) => [seatBadge(s), " "]),
      t("game.you_play_seats", { names: new Intl.ListFormat(language(), { type: "conjunction" }).format(mine.map((s) => view.seats[s].name)) })]
      : [t(view.status === "finished" ? "game.spectating_ended" : "game.spectating"), ...watchedTournament(view)]),
  view.practice ? el("span", { id: "practice" }, " · ", t("game.practice")) : "");
  // A phone hides who you are to keep its first screen for the boards, but a spectator is told
  // (of a finished game, that it is over and looked back at: nobody is watching it played).
  page.whoami.classList.toggle("spectating", !mine.length);
  drawStatus(game);
  // Whose seat an AI took over, and why: yours first (else you were only "watching this game").
  const former = formerSeats(view, saved.seats || []);
  const yours = yourHandover(view, former);
  // A rematch some player has not joined yet says whom it awaits (their clocks wait too).
  const waiting = awaitedWords(view);
  const lines = [...(waiting ? [waiting] : []), ...(yours ? [yours] : []), ...othersHandovers(view, former)];
  if (page.handoverNote.dataset.said !== JSON.stringify(lines)) {
    page.handoverNote.dataset.said = JSON.stringify(lines);
    page.handoverNote.replaceChildren(...lines.map((line, i) => el("p", { id: waiting && !i ? "awaited-note" : undefined }, line)));
  }
  page.handoverNote.hidden = !lines.length;
  /** Hide (or show again) a guided game's tips, remembered for the game. @param {boolean} hidden */
  const hideTips = (hidden) => () => { saved.tipsHidden = hidden; remember(game.id, [], { tipsHidden: hidden }); game.draw(); };
  const guided = saved.guided;
  page.guide.replaceChildren(...(guided && !saved.tipsHidden ? guideTip(view, hideTips(true)) : []));
  page.tipsSlot.replaceChildren(guided && saved.tipsHidden ? showTips(hideTips(false)) : "");
}

/** The move list, the hint, undo and leave controls, and the invites, as the view allows them. @param {DrawnGame} game */
function drawControls(game) {
  const { view, page, ctx } = game;
  const { moveSelect, playButton, movesCard, hintButton, undoButton } = page;
  moveSelect.replaceChildren(...ctx.legal.map((a) => el("option", { value: a }, moveWords(view, a))));
  moveSelect.toggleAttribute("disabled", !ctx.legal.length);
  playButton.toggleAttribute("disabled", !ctx.legal.length);
  // A game over has no move to list, hint or take back: those controls go with the last move.
  const over = ["finished", "aborted", "expired"].includes(view.status);
  // A spectator never acts: no move list, hint or undo either.
  const watching = !view.your_seats.length;
  movesCard.hidden = over || watching;
  hintButton.hidden = over || watching;
  undoButton.hidden = over || watching;
  page.confirm.hidden = over || watching;
  const hintWhy = !view.hints_allowed ? t("hint.off") : !ctx.legal.length ? errorWords({ code: "hint_not_your_turn", message: "" }) : "";
  greyOut(hintButton, !ctx.legal.length || !view.hints_allowed || over, hintWhy);
  greyOut(undoButton, !view.undo_allowed || over, view.undo_allowed ? "" : errorWords({ code: view.undo_refused, message: "" }));
  drawTakeback(game, greyOut);
  // A turn-based game's player comes by the day, and their clock hands their seat over if they
  // stop coming: nobody "must go" there. Resigning and calling off still apply.
  page.leaveRow.hidden = !view.can_leave || view.time_control?.kind === "days";
  page.leaveCard.hidden = !view.can_leave;
  drawEndings(page, view);
  page.leaveRated.hidden = !view.rated;
  if (page.inviting && page.invitesCard) page.invitesCard.hidden = over;
}

/** Grey a control out while it cannot be used, saying `why` on a pointer's hover, to a screen
 * reader and, pressed all the same, in the error line (a finger has no hover): it stays in the
 * keyboard's order and pressable (`aria-disabled`, not `disabled`; game-layout.js's `unlessGreyed`).
 * @param {HTMLElement} button @param {boolean} off @param {string} why */
function greyOut(button, off, why) {
  button.setAttribute("aria-disabled", String(off));
  button.dataset.why = off ? why : "";
  if (off && why) button.title = why; else button.removeAttribute("title");
}

/** Who this page plays, in words. A Duel's seats have no number to its players: its rulebook's
 * player A and B are the roles of a round, so the line names the opponent instead.
 * @param {DrawnGame} game @param {number} seat */
function whoYouAre(game, seat) {
  const view = game.view;
  const name = view.seats[seat].name;
  const unnamed = name === t("name.you");
  if (view.game === "duel") {
    const other = view.seats[1 - seat].name;
    return unnamed ? t("game.you_play_against", { other }) : t("game.you_play_as_against", { name, other });
  }
  return unnamed ? t("game.you_are_player", { n: seat + 1 }) : t("game.you_play_as", { name, n: seat + 1 });
}

/** The seat whose kingdom is drawn large: the seat to act among yours (two players on one
 * screen), else your own; a spectator keeps the first seat's, so the kingdoms stay in their
 * places while the AIs play (the large one followed the seat to act, every turn). @param {DrawnGame} game */
function mainSeat(game) {
  const view = game.view;
  const mine = view.your_seats;
  if (mine.includes(view.current_player)) return view.current_player;
  return mine.length ? mine[0] : 0;
}

/** The choice the rules leave one answer to, which the page makes for the player (null: none):
 * the "?" of Duel that only one coat of arms connects (a button of one answer asked for a click;
 * the log says what it became). @param {import("./view-types.js").View} view @returns {string | null} */
export function forcedChoice(view) {
  if (view.status === "finished" || !view.your_seats.includes(view.current_player)) return null;
  const forced = view.game === "duel" && view.observation.phase === "coat" && view.legal_actions.length === 1;
  return forced ? view.legal_actions[0] : null;
}

/** Draw the status line. It is a live region: drawn again only when it says something new (a new
 * state awaiting this page's move, or other words), so a hint or a tip hidden does not read "Place
 * your domino" out again, a spectator does not hear "Waiting for Anna" again at each of Anna's
 * moves (the moves themselves are said), and the AI's progress, which changes twice a second,
 * moves its bar in place. @param {DrawnGame} game */
export function drawStatus(game) {
  const { view, page } = game;
  const line = statusLine(game);
  const awaited = view.your_seats.includes(view.current_player) && view.legal_actions.length > 0;
  const said = `${awaited ? view.index : ""} ${line.outerHTML}`;
  if (page.status.dataset.said !== said) { page.status.dataset.said = said; page.status.replaceChildren(line); }
  drawProgress(page.status, game.thinking);
}

/** The bar beside "Clara is thinking" showing how far the running AI search is, added, moved
 * or taken away (none while the search has not said, or the AI's turn waits in the queue).
 * @param {HTMLElement} status @param {Thinking | null} thinking */
function drawProgress(status, thinking) {
  const holder = status.querySelector("#thinking");
  const progress = thinking && !thinking.ahead ? thinking.progress : null;
  let bar = /** @type {HTMLElement | null} */ (status.querySelector(".think-bar"));
  if (!holder || progress === null) { bar?.remove(); return; }
  if (!bar) {
    bar = el("span", { class: "think-bar", id: "think-bar", role: "progressbar", "aria-valuemin": 0, "aria-valuemax": 100,
      "aria-label": t("status.progress") }, el("span", { class: "think-bar-done" }));
    holder.append(bar);
  }
  const percent = Math.round(100 * Math.min(1, Math.max(0, progress)));
  bar.setAttribute("aria-valuenow", String(percent));
  /** @type {HTMLElement} */ (bar.firstElementChild).style.width = `${percent}%`;
}

/** What the status line says: who won, what you are to do, which AI is thinking (and its place in
 * the server's queue), or whom the game awaits. @param {DrawnGame} game */
export function statusLine(game) {
  const { view, thinking } = game;
  const mine = view.your_seats;
  const acting = view.current_player;
  if (view.status === "open" || view.status === "expired") return waitLine(game);
  if (view.status === "aborted") return el("span", { id: "aborted" }, endedWords(view));
  if (view.status === "finished") {
    // Said to the player where they won ("you win", not "You wins").
    const winners = view.winners;
    const yours = winners.find((s) => isYours(view, s));
    const names = (/** @type {number[]} */ seats) => seats.map((s) => view.seats[s].name).join(", ");
    // Nobody wins a game every player forfeited (web/game_results.py final_places).
    const words = !winners.length ? t("status.no_winner") : winners.length === 1 ? seatWords(view, "status.wins", winners[0])
      : yours !== undefined ? t("status.shared_win_you", { names: names(winners.filter((s) => s !== yours)) })
        : t("status.shared_win", { names: names(winners) });
    const winner = el("span", { class: "winner", id: "winner" }, words);
    const link = tournamentLink(view);
    return link ? el("span", {}, winner, " ", link) : winner;
  }
  // A rematch shows its deal, and whom it is to, once every player joined it (web/live.py dealt).
  if (view.status === "playing" && view.awaited?.length) {
    return el("span", { id: "waiting" }, t("status.waiting", { name: seatNames(view, view.awaited) }));
  }
  if (mine.includes(acting) && view.legal_actions.length) {
    const what = todo(view.legal_actions, view.observation);
    const text = mine.length > 1 ? t("status.for", { name: view.seats[acting].name, what }) : what;
    // A choice the page makes itself is not a turn awaited of the player (nor of a test's clicks).
    return el("span", { class: "turn", id: forcedChoice(view) === null ? "your-turn" : "choice-made" }, seatBadge(acting, 18), " ", text);
  }
  const seat = thinking ? thinking.seat : acting;
  const info = view.seats[seat];
  if (info && info.kind === "ai") {
    // The place in the server's queue: 1 is being computed, so a job with one ahead is second.
    const queued = thinking && thinking.ahead ? ` ${t("status.queued", { n: thinking.ahead + 1 })}` : "";
    return el("span", { id: "thinking", class: "thinking" }, el("span", { class: "spinner", "aria-hidden": "true" }), " ",
      t("status.thinking", { name: info.name }), queued);
  }
  if (info) return el("span", { id: "waiting" }, t("status.waiting", { name: info.name }));
  return el("span", {}, t("status.dealing"));
}

/** The status line of a game that waits for its players from the lobby, and how much longer it
 * waits (with a button for its players: its creator calls it off, a player who joined gives back
 * their seat and is back in the lobby; a club tournament's game links to its tournament instead),
 * or that ended unplayed. @param {DrawnGame} game */
function waitLine(game) {
  const { view } = game;
  const link = tournamentLink(view);
  if (view.status === "expired") {
    // A tournament's game its opponent never came to leads back as a game's end does (an arena's
    // player, the arena running, goes back by itself to be paired again).
    const tournament = tournamentOf(view);
    const back = tournament ? tournamentWayBack(view.id, tournament, view.your_seats.length > 0) : [];
    const words = tournament ? unseatedWords(view, tournament, waitEndWords(view)) : waitEndWords(view);
    return el("span", { id: "expired", "data-ended": view.wait_ended ?? "" }, words, back.length ? [" ", ...back] : "");
  }
  const taken = view.seats.filter((seat) => seat.kind !== "open").length;
  const creator = view.creator_seat !== null && view.your_seats.includes(view.creator_seat);
  const kept = challengeWaitWords(view);
  const awaited = view.seats.find((seat) => seat.challenged);
  const callOff = () => {
    api(`/api/games/${view.id}/cancel`, { method: "POST", body: { token: tokensFor(view.id)[0] } })
      .then(() => { if (!creator) { forget(view.id); location.href = "/"; } })
      .catch((problem) => { game.page.error.textContent = errorWords(problem); });
  };
  return el("span", { id: "waiting-players" }, el("span", { class: "spinner", "aria-hidden": "true" }), " ",
    link && awaited ? t("tournament.seat_awaited", { name: localName(awaited.name) })
      : kept ?? t("status.open", { taken, total: view.seats.length }), " ",
    view.open_until === null ? "" : [t("status.open_waits", { time: waitWords((view.open_until * 1000 - Date.now()) / 60000) }), " "],
    view.rating_range ? [el("span", { id: "waiting-range" }, `${t("lobby.range_game",
      { low: number(view.rating_range.low), high: number(view.rating_range.high) })}.`), " "] : "",
    // A club tournament's game is not called off: its page is the way back.
    link || (view.your_seats.length ? el("button", { type: "button", id: "call-off", onclick: callOff },
        t(creator ? "lobby.call_off" : "lobby.give_back_seat")) : ""));
}

/** The way back to the club tournament whose game this is (tournament.js), waiting, ended
 * unplayed or finished; null for a game of no tournament. @param {View} view */
function tournamentLink(view) {
  const tournament = tournamentOf(view);
  return tournament ? tournamentPageLink(tournament) : null;
}

/** A spectator's way back to the club tournament of the game under way, whose Watch button they
 * came by (waiting or over, the status line has it). @param {View} view */
function watchedTournament(view) {
  const tournament = tournamentOf(view);
  return tournament && view.status === "playing"
    ? [" · ", el("a", { href: `/tournament/${tournament}`, id: "watched-tournament" }, t("tournament.page"))] : [];
}

/** The id of the club tournament whose game this is (its seats name it), or undefined. @param {View} view */
function tournamentOf(view) {
  return view.seats.find((seat) => seat.tournament)?.tournament;
}

/** Tell screen readers what the other seats and chance did since the last drawing: not the
 * whole log at the first one, nor your own moves, and after an undo only what follows it. @param {DrawnGame} game */
function tellNews(game) {
  const { view, toldUpTo } = game;
  const last = view.log.length ? view.log[view.log.length - 1].index : -1;
  if (toldUpTo !== null && last > toldUpTo) {
    const news = view.log.filter((e) => e.index > toldUpTo && !view.your_seats.includes(e.seat));
    if (news.length) game.page.heard.textContent = news.map((e) => logWords(view, e)).join(". ");
  }
  game.toldUpTo = last;
}

/** A Dynasty's new game: the last one's result, said at the top while the new one is young (its
 * kingdoms are in the scores below), since the table has just gone back to empty kingdoms. @param {DrawnGame} game */
function drawMatchNote(game) {
  const matchNote = game.page.matchNote;
  matchNote.textContent = matchNoteWords(game.view);
  matchNote.hidden = !matchNote.textContent;
}
