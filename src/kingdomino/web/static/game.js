// A game page: the live board over WebSocket, the status line saying what to do now, the hint on
// the board, undo, the move list in words (for keyboards), the log, the end screen and the replay.
import { el } from "./dom.js";
import { remember, replaceTokens, savedGames, tokensFor } from "./saved-games.js";
import { api, Refused } from "./server.js";
import * as kingdoms from "./board-kingdoms.js";
import * as duel from "./board-duel.js";
import { has, language, t } from "./i18n.js";
import { fill, keepEach } from "./redraw-in-place.js";
import { guideTip, showTips } from "./guide.js";
import { openHelp } from "./help.js";
import { endScreen, keepOpen, matchNoteWords, pastGames, scoreSheets } from "./ending.js";
import { startReplay } from "./replay.js";
import { errorWords, gameTitle, isYours, localName, localSeatNames, logWords, moveWords, seatWords, todo, winChanceWords } from "./words.js";
import { seatBadge } from "./pictures.js";

/** @type {Record<string, import("./replay.js").BoardModule>} */
const BOARDS = { kingdomino: kingdoms, origins: kingdoms, duel };

/** Whether a URL's host names this computer alone (a link no one elsewhere can open).
 * @param {string} host a URL's `hostname` ("[::1]" for IPv6) */
export const isLoopback = (host) => host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "[::1]";


/** @param {HTMLElement} main @param {string} id @param {boolean} [replay] opened at its replay (/game/ID/replay) */
export function showGame(main, id, replay = false) {
  /** The replay was asked for by its address: started once the finished game's view comes. */
  let replayAsked = replay;
  const params = new URLSearchParams(location.search);
  const urlToken = params.get("token");
  if (urlToken) { remember(id, [urlToken], { invited: true }); history.replaceState(null, "", `/game/${id}${replay ? "/replay" : ""}`); }
  const tokens = tokensFor(id);
  /** @type {Partial<import("./saved-games.js").SavedGame>} */
  const saved = savedGames().find((g) => g.id === id) || {};
  /** @type {any} */
  let view = null;
  /** @type {WebSocket | null} */
  let socket = null;
  /** Why the server refused to show the game, before any view of it came. */
  let refusedWith = "";
  /** @type {Array<{action: string, value: number}> | null} */
  let hints = null;
  /** Seconds to wait before each new try of a hint the server refused as busy: it computes two at
   * a time and one per network, each in about half a second, so two players behind one router who
   * ask at the same moment both get theirs, the second a moment later. */
  const HINT_RETRY_SECONDS = [0.5, 1, 2, 4];
  /** The tries made of the hint being asked (null: no hint awaited), and the timer of the next. */
  let hintTries = /** @type {number | null} */ (null);
  let hintRetry = 0;
  /** The AI turn the server is computing or has queued: its seat and the jobs ahead of it (0: running). */
  let thinking = /** @type {{seat: number, ahead: number} | null} */ (null);
  /** @type {import("./board-kingdoms.js").Ctx} */
  const ctx = { legal: [], play: send, why, replay: false, onKey: null, mainSeat: 0, highlight: null };

  const title = el("h1", { id: "title" }, t("game.connecting"));
  const whoami = el("p", { id: "whoami", class: "small" });
  const status = el("p", { id: "status", role: "status", "aria-live": "polite" });
  const error = el("p", { class: "error", id: "error", role: "alert" });
  const guide = el("div", { id: "guide" });
  const board = el("div", { id: "board" });
  const moveSelect = el("select", { id: "moves", "aria-label": t("game.all_moves") });
  const playButton = el("button", { type: "button", id: "play", onclick: () => moveSelect instanceof HTMLSelectElement && moveSelect.value && send(moveSelect.value) }, t("game.play_move"));
  const undoButton = el("button", { type: "button", id: "undo", onclick: () => tell({ type: "undo" }) }, "↶ ", t("game.undo"));
  const hintButton = el("button", { type: "button", id: "hint", onclick: askHint }, t("game.hint"));
  const helpButton = el("button", { type: "button", id: "help", onclick: () => view && openHelp(view.game, (view.options || {}).mode) }, t("game.rules"));
  /** The hint, read out when it comes (it came unsaid: a screen reader heard nothing after "Hint"). */
  const hintBox = el("div", { id: "hint-box", role: "status", "aria-live": "polite" });
  /** What the others did since your last look, read out by screen readers (the log is not live). */
  const heard = el("p", { id: "heard", class: "visually-hidden", "aria-live": "polite" });
  /** The index of the last log entry told (or shown at the first drawing). */
  let toldUpTo = /** @type {number | null} */ (null);
  /** Where the tips of a guided game were hidden: the button that shows them again, by the others. */
  const tipsSlot = el("span", { class: "tips-slot" });
  /** Hide (or show again) a guided game's tips, remembered for the game. @param {boolean} hidden */
  const hideTips = (hidden) => () => { saved.tipsHidden = hidden; remember(id, [], { tipsHidden: hidden }); draw(); };
  const end = el("div", { id: "end" });
  /** Focusable (not in the Tab order): a keyboard player's focus waits here while others play. */
  /** The replay's step controls, above the board and kept in view while it is (empty while playing). */
  const replayBar = el("div", { id: "replay-bar", class: "replay-bar", hidden: true });
  // Its heading, for screen readers only, puts the lines and kingdoms (h3) under an h2 of their own.
  const boardCard = el("section", { class: "board-card", id: "board-card", "aria-labelledby": "board-title", tabindex: -1 },
    el("h2", { id: "board-title", class: "visually-hidden" }, t("game.board")), replayBar, board);
  const scores = el("div", { id: "scores" });
  /** The game's scores as they stand; a replay shows its step's there instead. */
  const scoresCard = el("section", { class: "card grow", id: "scores-card" }, el("h2", {}, t("game.scores")), scores);
  // Focusable: the log scrolls, and a keyboard must be able to scroll it.
  const log = el("ol", { class: "log", id: "log", reversed: true, tabindex: 0, "aria-label": t("game.log") });
  const invites = el("div", { class: "invites" });
  /** Who is awaited while away (the server's "presence"), and when that was heard. */
  let presence = { away: /** @type {Record<string, number>} */ ({}), after: 60, at: 0 };
  let awayTimer = /** @type {number | undefined} */ (undefined);
  /** The level of the AI that takes a seat over, medium unless chosen. @param {string} id */
  const levelChoice = (id) => /** @type {HTMLSelectElement} */ (el("select", { id, "aria-label": t("game.ai_level") },
    ...["easy", "medium", "hard"].map((level) => el("option", { value: level, selected: level === "medium" }, t(`seat.ai:${level}`)))));
  const matchNote = el("p", { id: "match-note", class: "away", hidden: true });
  const awayNote = el("p", { id: "away-note" });
  const awayLevel = levelChoice("away-level");
  const awayButton = el("button", { type: "button", id: "take-over", onclick: takeOver });
  const awayCard = el("div", { id: "away-card", class: "away", hidden: true }, awayNote, awayLevel, awayButton);
  /** Leaving an online game: an AI plays your seat from then on, so the others can finish. */
  const leaveLevel = levelChoice("leave-level");
  const leaveButton = el("button", { type: "button", id: "leave", onclick: leave }, t("game.leave"));
  const leaveCard = el("section", { class: "card", id: "leave-card", hidden: true },
    el("p", { class: "small" }, t("game.leave_note")), leaveLevel, " ", leaveButton);
  const moves = el("details", { class: "moves" }, el("summary", {}, t("game.all_moves")), el("div", { class: "controls" }, moveSelect, " ", playButton));
  const movesCard = el("section", { class: "card" }, moves);
  /** A link to hand on, with a button that copies it. @param {string} words @param {string} url */
  const linkField = (words, url) => {
    const field = /** @type {HTMLInputElement} */ (el("input", { readonly: true, value: url, "aria-label": words }));
    const copy = el("button", { type: "button", class: "copy" }, t("game.copy"));
    copy.addEventListener("click", async () => {
      field.select();
      try { await navigator.clipboard.writeText(url); copy.textContent = t("game.copied"); } catch { /* selected: the player copies it */ }
    });
    return el("div", { class: "link-field" }, el("label", { class: "block" }, words), el("div", { class: "link-row" }, field, copy));
  };
  const savedInvites = saved.invites || [];
  const inviting = savedInvites.length > 0;
  /** An invite's words: for whom, by name if the seat has one of its own. @param {{name: string, seat: number}} i */
  const inviteFor = (i) => {
    const name = localName(i.name), n = i.seat + 1;
    return name === t("player_n", { n }) ? t("game.invite_for_n", { n }) : t("game.invite_for", { name, n });
  };
  if (inviting) invites.append(...savedInvites.map((i) => linkField(inviteFor(i), i.url)));
  if (saved.spectator) invites.append(linkField(t("game.spectator_link"), saved.spectator));
  // Links made on a page opened at 127.0.0.1 (the server's default) open on this computer alone:
  // say so, and how friends elsewhere get links they can open.
  const linkHost = inviting ? new URL(savedInvites[0].url, location.href).hostname : "";
  if (isLoopback(linkHost)) invites.append(el("p", { class: "small invite-local", id: "invite-local" }, t("game.invite_local", { host: linkHost })));
  // The host's first need in a game with friends online: the links to send them, at the top
  // (folded away once read, and remembered so); the spectator link alone waits at the bottom.
  const invitesCard = inviting
    ? el("details", { class: "card invites-card", id: "invites", open: !saved.invitesFolded }, el("summary", {}, t("game.invite_links"), " ", el("span", { class: "small" }, t("game.invite_note"))), invites)
    : invites.childNodes.length ? el("section", { class: "card" }, invites) : "";
  if (invitesCard instanceof HTMLDetailsElement) invitesCard.addEventListener("toggle", () => remember(id, [], { invitesFolded: !invitesCard.open }));

  main.replaceChildren(
    el("section", { class: "card top-card" }, title, whoami,
      el("div", { class: "status-row" }, status, el("div", { class: "controls" }, hintButton, " ", undoButton, " ", helpButton, tipsSlot)), error, matchNote, awayCard, guide, hintBox, heard),
    inviting ? invitesCard : "",
    end,
    boardCard,
    movesCard,
    el("div", { class: "row" }, scoresCard,
      el("section", { class: "card grow" }, el("h2", {}, t("game.log")), log)),
    inviting ? "" : invitesCard, leaveCard);

  document.addEventListener("keydown", (event) => {
    const target = /** @type {HTMLElement | null} */ (event.target);
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (ctx.onKey) ctx.onKey(event.key.toLowerCase());
  });

  /** The game cannot be shown here (no link to it in this browser, or the server refused): say why,
   * with the way back to the lobby, instead of an empty table. @param {string} why */
  function unavailable(why) {
    main.replaceChildren(el("section", { class: "card", id: "unavailable" }, el("h1", {}, t("game.unavailable")),
      el("p", { class: "error", role: "alert" }, why), el("p", {}, el("a", { href: "/", class: "button", id: "to-lobby" }, t("game.to_lobby")))));
  }

  function connect() {
    if (!tokens.length) { unavailable(t("game.no_token")); return; }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/games/${id}?tokens=${tokens.join(",")}`);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        localSeatNames(message.seats, message.your_seats || []);
        const before = focusPlace();  // maybe on a hint's move, gone with the hint
        view = message; error.textContent = ""; hints = null; stopHint(); ctx.highlight = null; hintBox.replaceChildren(); document.body.classList.remove("offline"); if (!ctx.replay) draw(before); }
      // A move sent on a view the game had left (a double click): the new view says what happened.
      else if (message.type === "error" && message.field === "index") return;
      else if (message.type === "error" && message.field === "hint" && hintTries !== null && retryHint(message.code, hintTries)) return;
      else if (message.type === "error") { if (view) error.textContent = errorWords(message); else refusedWith = errorWords(message); }
      else if (message.type === "hint") { stopHint(); showHint(message.candidates); }
      else if (message.type === "presence") { presence = { away: message.away, after: message.after, at: performance.now() }; drawAway(); }
      // Only the status line says who is thinking: the table stays as it is (it was drawn anew for
      // each of these, twice per AI move).
      else if (message.type === "thinking") { thinking = message.seat === null ? null : { seat: message.seat, ahead: message.ahead }; if (view && !ctx.replay) status.replaceChildren(statusLine()); }
      else if (message.type === "why") { if (message.action === askedWhy) error.textContent = message.reason ? t("game.why_not", { reason: refusalWords(message) }) : ""; }
    };
    // 4403: the server refused our tokens; 4429: too many connections to this game. Retrying cannot help.
    socket.onclose = (event) => {
      if (event.code === 4403 || event.code === 4429) { if (!view) unavailable(refusedWith || t("game.no_token")); return; }
      // Say so until the game's state comes again: a move made meanwhile would be lost unseen.
      if (view) { error.textContent = t("game.reconnecting"); document.body.classList.add("offline"); }
      setTimeout(connect, 1000);
    };
  }

  /** The engine's refusal in the page's language where it names its rule (a square where a domino
   * may not go), else in the engine's words. @param {{reason: string, refusal: {key: string, values: Record<string, any>} | null}} message */
  function refusalWords(message) {
    const refusal = message.refusal;
    if (!refusal || !view) return message.reason;
    const perGame = `why.${refusal.key}.${view.game}`;
    const key = has(perGame) ? perGame : `why.${refusal.key}`;
    return has(key) ? t(key, refusal.values) : message.reason;
  }

  /** Send `message` if the connection is open; else say the game is reconnecting. @param {any} message */
  function tell(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    else error.textContent = t("game.reconnecting");
  }

  /** @param {string} action */
  function send(action) {
    error.textContent = "";
    tell({ type: "action", action, index: view ? view.index : undefined });
  }

  /** The action last asked "why not" about: only its answer is said (null: none awaited). */
  let askedWhy = /** @type {string | null} */ (null);
  /** Ask the engine why an action is not legal (answered as a "why" message); an empty action
   * takes back what was said (a legal square chosen since). @param {string} action */
  function why(action) {
    if (!action) { if (askedWhy !== null) { askedWhy = null; error.textContent = ""; } return; }
    if (!view || !view.your_seats.includes(view.current_player)) { error.textContent = view && view.status === "finished" ? "" : t("game.not_your_turn"); return; }
    askedWhy = action;
    tell({ type: "why", action });
  }

  function askHint() {
    stopHint();
    hintTries = 0;
    hintBox.replaceChildren(el("p", { class: "small" }, t("hint.thinking")));
    tell({ type: "hint" });
  }

  /** Ask the awaited hint again after a while if the server refused it as busy (`code`) and tries
   * are left after the `tries` made: true. Else the hint is no longer awaited and its "looking" line
   * goes (the refusal is said instead): false. @param {string | undefined} code @param {number} tries */
  function retryHint(code, tries) {
    if ((code === "hints_busy" || code === "client_hints_busy" || code === "unavailable") && tries < HINT_RETRY_SECONDS.length) {
      hintTries = tries + 1;
      hintRetry = window.setTimeout(() => tell({ type: "hint" }), HINT_RETRY_SECONDS[tries] * 1000);
      return true;
    }
    stopHint();
    hintBox.replaceChildren();
    return false;
  }

  /** No hint awaited any more (it came, or the game moved on): no try left to make. */
  function stopHint() {
    window.clearTimeout(hintRetry);
    hintTries = null;
  }

  /** The hint's moves, best first, each with its estimated win chance (a forced move, which the
   * search never values, is said to be the only one). @param {Array<{action: string, value: number, visits?: number}>} candidates */
  function showHint(candidates) {
    hints = candidates;
    const best = candidates[0];
    ctx.highlight = best ? { seat: view.current_player, action: best.action } : null;
    hintBox.replaceChildren(el("div", { class: "hint", id: "hint-result" }, el("strong", {}, t("hint.suggested")), " ",
      el("ol", {}, candidates.slice(0, 3).map((c) => el("li", {}, el("button", { type: "button", onclick: () => send(c.action) }, moveWords(view, c.action)), " ",
        el("span", { class: "small" }, candidates.length === 1 && !c.visits ? t("hint.only_move") : winChanceWords(c.value)))))));
    draw();
  }

  /** The seat whose kingdom is drawn large: the seat to act among yours (two players on one
   * screen), else your own; a spectator keeps the first seat's, so the kingdoms stay in their
   * places while the AIs play (the large one followed the seat to act, every turn). */
  function mainSeat() {
    const mine = view.your_seats;
    if (mine.includes(view.current_player)) return view.current_player;
    return mine.length ? mine[0] : 0;
  }

  function statusLine() {
    const mine = view.your_seats;
    const acting = view.current_player;
    if (view.status === "finished") {
      // Said to the player where they won ("you win", not "You wins").
      const winners = /** @type {number[]} */ (view.winners);
      const yours = winners.find((s) => isYours(view, s));
      const names = (/** @type {number[]} */ seats) => seats.map((s) => view.seats[s].name).join(", ");
      const words = winners.length === 1 ? seatWords(view, "status.wins", winners[0])
        : yours !== undefined ? t("status.shared_win_you", { names: names(winners.filter((s) => s !== yours)) }) : t("status.shared_win", { names: names(winners) });
      return el("span", { class: "winner", id: "winner" }, words);
    }
    if (mine.includes(acting) && view.legal_actions.length) {
      const what = todo(view.legal_actions, view.observation);
      const text = mine.length > 1 ? t("status.for", { name: view.seats[acting].name, what }) : what;
      return el("span", { class: "turn", id: "your-turn" }, seatBadge(acting, 18), " ", text);
    }
    const seat = thinking ? thinking.seat : acting;
    const info = view.seats[seat];
    if (info && info.kind === "ai") {
      // The place in the server's queue: 1 is being computed, so a job with one ahead is second.
      const queued = thinking && thinking.ahead ? ` ${t("status.queued", { n: thinking.ahead + 1 })}` : "";
      return el("span", { id: "thinking", class: "thinking" }, el("span", { class: "spinner", "aria-hidden": "true" }), " ", t("status.thinking", { name: info.name }), queued);
    }
    if (info) return el("span", { id: "waiting" }, t("status.waiting", { name: info.name }));
    return el("span", {}, t("status.dealing"));
  }

  /** Whether the last move was made with the keys (a pointer's player gets no focus moved for
   * them: a square focused shows its ghost). */
  let byKeyboard = false;
  document.addEventListener("keydown", () => { byKeyboard = true; }, true);
  document.addEventListener("pointerdown", () => { byKeyboard = false; }, true);
  /** What a keyboard's focus goes on to after a drawing, first found first: the board's pieces (the
   * squares of a choice too), then its yes/no buttons ("Put no fire token", "Recruit nobody"), which
   * an Enter pressed at once would otherwise take. */
  const NEXT_MOVES = ["button.domino.claimable", "button.die.takeable", "svg g.legal.anchor", "svg g.legal.choice",
    ".caveman-card.claimable", ".choice-row button", ".actions button"];
  /** After a drawing, a keyboard player's focus goes on where it was, on the board: to the next thing
   * to play if any, else the board itself (it fell to the page after every move); at the end of the
   * game to the ranking above the board (Tab went on from the board to the scores below). A focus the
   * drawing took away from a control (Undo greyed once used, a hint's move gone with the hint) goes
   * there too. The page scrolls to it only where it is out of sight (at 200 % zoom the first square to
   * place on was under the window's edge). @param {FocusPlace} before where the focus was before the drawing */
  function keepFocus(before) {
    const active = document.activeElement;
    // A button greyed while focused (Undo used up) loses the focus at the browser's next frame.
    const lost = !active || active === document.body || active.matches(":disabled");
    const tookAway = before.inPage && lost;
    if (!byKeyboard || !(tookAway || (before.onBoard && (lost || active === boardCard)))) return;
    /** @type {HTMLElement | SVGElement | null} */
    let next = null;
    // A control drawn anew (the end screen's buttons) keeps it.
    const same = tookAway && before.id ? document.getElementById(before.id) : null;
    if (same && !same.matches(":disabled") && same.getClientRects().length) next = same;
    if (!next && view.status === "finished") next = end.querySelector("#ranking-title");
    for (const selector of NEXT_MOVES) next = next || board.querySelector(selector);
    next = next || boardCard;
    if (next === active) return;
    next.focus({ preventScroll: true });
    const box = next.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) next.scrollIntoView({ block: "nearest" });
  }
  /** @typedef {{onBoard: boolean, inPage: boolean, id: string}} FocusPlace */
  /** Where the focus is now: on the board, on another control of this page, and its id. @returns {FocusPlace} */
  function focusPlace() {
    const active = document.activeElement;
    const inPage = Boolean(active) && active !== document.body && main.contains(active);
    return { onBoard: Boolean(active) && boardCard.contains(active), inPage, id: inPage && active ? active.id : "" };
  }

  /** Who this page plays, in words. A Duel's seats have no number to its players: its rulebook's
   * player A and B are the roles of a round, so the line names the opponent instead.
   * @param {number} seat */
  function whoYouAre(seat) {
    const name = view.seats[seat].name;
    const unnamed = name === t("name.you");
    if (view.game === "duel") {
      const other = view.seats[1 - seat].name;
      return unnamed ? t("game.you_play_against", { other }) : t("game.you_play_as_against", { name, other });
    }
    return unnamed ? t("game.you_are_player", { n: seat + 1 }) : t("game.you_play_as", { name, n: seat + 1 });
  }

  /** @param {FocusPlace} [before] where the focus was before this drawing's news came */
  function draw(before = focusPlace()) {
    title.textContent = gameTitle(view);
    // A tab in the background says when a move is awaited here (an online game with friends).
    const awaited = view.status !== "finished" && view.your_seats.includes(view.current_player) && view.legal_actions.length > 0;
    document.title = `${awaited ? `● ${t("title.your_turn")} · ` : ""}${gameTitle(view)} · ${t("app.name")}`;
    const mine = view.your_seats;
    whoami.replaceChildren(...(mine.length === 1
      ? [seatBadge(mine[0]), " ", whoYouAre(mine[0])]
      : mine.length ? [t("game.you_play_seats", { names: mine.map((/** @type {number} */ s) => view.seats[s].name).join(", ") })]
        : [t("game.spectating")]),
    view.practice ? el("span", { id: "practice" }, " · ", t("game.practice")) : "");
    // The status line is a live region: drawn again only when it says something new (a new state or
    // other words), so a hint or a tip hidden does not read "Place your domino" out again.
    const line = statusLine();
    const said = `${view.index} ${line.outerHTML}`;
    if (status.dataset.said !== said) { status.dataset.said = said; status.replaceChildren(line); }
    const guided = saved.guided;
    guide.replaceChildren(...(guided && !saved.tipsHidden ? guideTip(view, hideTips(true)) : []));
    tipsSlot.replaceChildren(guided && saved.tipsHidden ? showTips(hideTips(false)) : "");
    ctx.legal = view.legal_actions;
    ctx.mainSeat = mainSeat();
    moveSelect.replaceChildren(...ctx.legal.map((/** @type {string} */ a) => el("option", { value: a }, moveWords(view, a))));
    moveSelect.toggleAttribute("disabled", !ctx.legal.length);
    playButton.toggleAttribute("disabled", !ctx.legal.length);
    // A game over has no move to list, hint or take back: those controls go with the last move.
    const over = view.status === "finished";
    // A spectator never acts: no move list, hint or undo either.
    const watching = !view.your_seats.length;
    movesCard.hidden = over || watching;
    hintButton.hidden = over || watching;
    undoButton.hidden = over || watching;
    hintButton.toggleAttribute("disabled", !ctx.legal.length || !view.hints_allowed || view.status === "finished");
    hintButton.title = view.hints_allowed ? "" : t("hint.off");
    undoButton.toggleAttribute("disabled", !view.undo_allowed || view.status === "finished");
    // A greyed undo says why on a pointer's hover (and to a screen reader).
    const undoWhy = view.undo_allowed ? "" : errorWords({ code: view.undo_refused, message: "" });
    if (undoWhy) undoButton.title = undoWhy; else undoButton.removeAttribute("title");
    leaveCard.hidden = !view.can_leave;
    if (inviting) /** @type {HTMLElement} */ (invitesCard).hidden = view.status === "finished";
    drawAway();
    drawMatchNote();
    // The ranking above the board before the board is fitted to the room it leaves (the kingdom
    // ran under a laptop's edge at the end).
    end.replaceChildren(...(view.status === "finished" ? [endScreen(view, {
      replay: () => { history.pushState(null, "", `/game/${id}/replay`); replayGame(); },
      rematch: saved.request ? rematch : null,
      sameDeal: view.same_deal ? sameDeal : null,
    })] : []));
    BOARDS[view.game].render(board, view, ctx);
    if (hints && ctx.highlight) hintBox.classList.add("shown");
    keepOpen(scores, pastGames(view, BOARDS[view.game].miniKingdom, scores), scoreSheets(view, BOARDS[view.game].miniKingdom, scores));
    // A line of the log stays in the page while it reads the same (redraw-in-place.js): one is added a move.
    const readers = JSON.stringify([language(), view.game, view.seats.map((/** @type {any} */ s) => s.name), view.viewer_seats, view.your_seats]);
    fill(log, keepEach(log, view.log.slice().reverse(), (/** @type {any} */ entry) => `${readers} ${JSON.stringify(entry)}`,
      (/** @type {any} */ entry) => el("li", { value: entry.index + 1 }, logWords(view, entry))));
    tellNews();
    keepFocus(before);
    // The replay's own address (/game/ID/replay), opened or reloaded: the game over, it starts.
    if (replayAsked && view.status === "finished") { replayAsked = false; replayGame(); }
  }

  /** Step through the finished game (its address ends in /replay meanwhile); back to the end screen. */
  function replayGame() {
    if (!view) return;
    ctx.replay = true; replayBar.hidden = false;
    startReplay(id, view, BOARDS[view.game], ctx, { board, bar: replayBar, panel: end, scores, log }, () => {
      history.replaceState(null, "", `/game/${id}`);
      endReplay();
    });
  }
  /** The end screen again, the replay left (a keyboard's focus on the button that opens it again,
   * where it fell to the page). */
  function endReplay() {
    const lost = replayBar.contains(document.activeElement) || end.contains(document.activeElement);
    ctx.replay = false; replayBar.hidden = true; replayBar.replaceChildren();
    draw();
    const again = /** @type {HTMLElement | null} */ (end.querySelector("#replay"));
    if (again && (lost || document.activeElement === document.body)) again.focus({ preventScroll: true });
  }
  // The browser's Back and Forward go between the end screen and the replay, as its address says
  // (Back left the address at the end screen's and the page in the replay).
  window.addEventListener("popstate", () => {
    const replaying = location.pathname.endsWith("/replay");
    if (replaying && !ctx.replay && view && view.status === "finished") replayGame();
    else if (!replaying && ctx.replay) endReplay();
  });

  /** Tell screen readers what the other seats and chance did since the last drawing: not the
   * whole log at the first one, nor your own moves, and after an undo only what follows it. */
  function tellNews() {
    const last = view.log.length ? view.log[view.log.length - 1].index : -1;
    if (toldUpTo !== null && last > toldUpTo) {
      const news = view.log.filter((/** @type {any} */ e) => e.index > /** @type {number} */ (toldUpTo) && !view.your_seats.includes(e.seat));
      if (news.length) heard.textContent = news.map((/** @type {any} */ e) => logWords(view, e)).join(". ");
    }
    toldUpTo = last;
  }

  /** A new game of this setup: a new deal (rematch), or this deal again (one human against AI seats).
   * @param {() => Promise<any>} create asks the server for the new game */
  async function startAgain(create) {
    try {
      const created = await create();
      const { rememberCreated } = await import("./lobby.js");
      rememberCreated(created, saved.request, saved.kinds || [], Boolean(saved.guided));
      location.href = `/game/${created.id}`;
    } catch (problem) {
      error.textContent = errorWords(problem);
    }
  }
  /** POST `body` with the token of this browser's seat. It may also hold a spectator's token,
   * which is refused: the game's spectator link, if created here, is tried last.
   * @param {string} path @param {Record<string, any>} body */
  async function asSeat(path, body) {
    const watching = saved.spectator ? new URL(saved.spectator, location.href).searchParams.get("token") : null;
    let problem = null;
    for (const token of [...tokens.filter((k) => k !== watching), ...tokens.filter((k) => k === watching)]) {
      try { return await api(path, { method: "POST", body: { ...body, token } }); }
      catch (refused) { problem = refused; if (!(refused instanceof Refused && refused.code === "spectator_acts")) break; }
    }
    throw problem;
  }

  /** A Dynasty's new game: the last one's result, said at the top while the new one is young (its
   * kingdoms are in the scores below), since the table has just gone back to empty kingdoms. */
  function drawMatchNote() {
    if (!view) return;
    matchNote.textContent = matchNoteWords(view);
    matchNote.hidden = !matchNote.textContent;
  }

  /** Hand your seat to an AI once you confirm, then watch the game as a spectator. */
  async function leave() {
    if (!view || !confirm(t("game.leave_confirm"))) return;
    try {
      const answer = await asSeat(`/api/games/${id}/leave`, { level: leaveLevel.value });
      replaceTokens(id, [answer.spectator_token]);
      location.href = `/game/${id}`;
    } catch (problem) {
      error.textContent = errorWords(problem);
    }
  }

  /** The seat awaited while away long enough to be handed to an AI (null: none; or not for us). */
  function awaySeat() {
    if (!view || view.status === "finished" || !view.your_seats.length || view.your_seats.includes(view.current_player)) return null;
    // An AI plays the seat now (handed over a moment before the presence news comes): nobody awaited.
    if ((view.seats[view.current_player] || {}).kind === "ai") return null;
    const waited = presence.away[String(view.current_player)];
    if (waited === undefined) return null;
    const left = presence.after - waited - (performance.now() - presence.at) / 1000;
    return { seat: view.current_player, left };
  }

  /** Offer to hand the awaited seat to an AI once its player has been away long enough. */
  function drawAway() {
    clearTimeout(awayTimer);
    const away = awaySeat();
    awayCard.hidden = !away || away.left > 0;
    if (away && away.left > 0) awayTimer = window.setTimeout(drawAway, away.left * 1000 + 250);
    if (!away || away.left > 0 || !view) return;
    const name = localName(view.seats[away.seat].name);
    awayNote.textContent = t("game.away_note", { name });
    awayButton.textContent = t("game.away_take", { name });
  }

  /** Hand the away player's seat to an AI, once confirmed. */
  async function takeOver() {
    const away = awaySeat();
    if (!away || !view || !confirm(t("game.away_confirm", { name: localName(view.seats[away.seat].name) }))) return;
    try {
      await asSeat(`/api/games/${id}/seats/${away.seat + 1}/ai`, { level: awayLevel.value });
    } catch (problem) {
      error.textContent = errorWords(problem);
    }
  }
  const rematch = () => startAgain(() => api("/api/games", { method: "POST", body: saved.request }));
  const sameDeal = () => startAgain(() => asSeat(`/api/games/${id}/same-deal`, {}));

  connect();
}
