// A game's chat (web/chat.py): a panel beside the board on a wide screen, under it and folded on
// a phone, with the rooms this page may read (the players', the spectators'), their messages, a
// line to write (Enter sends), the quick phrases (sent as codes, worded here in the page's
// language), "mute" per sender and "Chat off" per browser (a logged-in account's with it). Messages come on the game's socket:
// `chat_history` (every room, at each connection and once the game is over) and `chat` (one new).
import { el } from "./dom.js";
import { dateLanguage, t } from "./i18n.js";
import { withMoment } from "./moments.js";
import { accountMark } from "./account-mark.js";
import { PHONE } from "./opponents.js";
import { errorWords } from "./words.js";
import { api } from "./server.js";
import { CHAT_OFF_KEY, noteSetting } from "./preferences-sync.js";
import { openReport } from "./report.js";

/** @typedef {import("./view-types.js").ChatLine} ChatLine */
/** @typedef {import("./view-types.js").ChatRoom} ChatRoom */
/** @typedef {import("./view-types.js").ClientMessage} ClientMessage */
/** @typedef {import("./view-types.js").ErrorBody} ErrorBody */

/** The quick phrases, by the code the server takes (web/chat.py PHRASES). */
const PHRASES = ["hello", "good_luck", "have_fun", "well_played", "good_game", "thank_you", "sorry", "one_moment", "must_go_soon", "bye"];
/** The longest message (web/chat.py MAX_TEXT). */
const MAX_TEXT = 140;
/** This browser's "Chat off" ("1") and the senders it muted (a list of keys: `muteKey`). */
const OFF_KEY = CHAT_OFF_KEY;
const MUTED_KEY = "kingdomino.chat_muted";
/** The rooms in the order the panel offers them. @type {ChatRoom[]} */
const ROOMS = ["players", "spectators"];
/** While the panel is folded, its count of new messages is said to a screen reader at most this often. */
const FOLDED_SAID_MS = 5000;

/** Whom muting a line's sender hides: an account by its name (on every game), a guest's seat in this game.
 * @param {string} gameId @param {ChatLine} line */
function muteKey(gameId, line) {
  return line.account ? `account:${line.name}` : `seat:${gameId}:${line.seat}`;
}

function mutedKeys() {
  try { return new Set(/** @type {string[]} */ (JSON.parse(localStorage.getItem(MUTED_KEY) || "[]"))); } catch { return new Set(); }
}

/** Draw `list` anew with `draw`, the keyboard's focus kept on the same button of the same line
 * (a message came while it was on one). @param {HTMLElement} list @param {() => void} draw */
function keepingFocus(list, draw) {
  const active = document.activeElement;
  const held = active instanceof HTMLElement && list.contains(active) && active.dataset.line
    ? `[data-line="${active.dataset.line}"].${active.classList[0]}` : "";
  draw();
  const again = held ? list.querySelector(held) : null;
  if (again instanceof HTMLElement) again.focus();
}

/** A message's sender as its line names them: a bot's account "Name (bot)", as the games name its seat.
 * @param {ChatLine} line */
function senderName(line) {
  return line.bot ? t("seat.bot_name", { name: line.name }) : line.name;
}

/** A chat message's words as this page says them: its text, or its phrase in the page's language. @param {ChatLine} line */
export function lineWords(line) {
  return line.phrase ? t(`chat.phrase.${line.phrase}`) : line.text || "";
}

/** What a game's chat panel holds besides its rooms: the room shown, folded or open, the messages
 * come while folded, those come in each room not shown (counted on its tab), this browser's "Chat
 * off" and muted senders, this page's own messages (by id) and seats, whether the game is over
 * (null: no view yet), the words of the message awaiting its answer, whether the page has no
 * socket (`readOnly`), the line whose "mute" is offered and the logged-in reader's name (`me`,
 * folded; "": a guest; the lines of the accounts the reader blocks never come: the server keeps
 * them); `toldOff`: the first reading of the rooms came (it said whether the account starts with
 * the chat off).
 * @param {string} gameId */
function newState(gameId) {
  return { gameId, shown: /** @type {ChatRoom} */ ("players"), open: !window.matchMedia(PHONE).matches, unread: 0,
    roomUnread: /** @type {Record<ChatRoom, number>} */ ({ players: 0, spectators: 0 }),
    off: localStorage.getItem(OFF_KEY) === "1", muted: mutedKeys(), mine: new Set(), seats: /** @type {number[]} */ ([]),
    over: /** @type {boolean | null} */ (null), lastSent: "", readOnly: false, offering: /** @type {number | null} */ (null),
    me: "", toldOff: false };
}
/** @typedef {ReturnType<typeof newState>} ChatState */

/** Whether `line` is this page's own: sent from it, from a seat it plays, or by its logged-in
 * account from another page (no "mute" of oneself). @param {ChatState} state @param {ChatLine} line */
function isMine(state, line) {
  return state.mine.has(line.id) || (line.seat !== null && state.seats.includes(line.seat))
    || Boolean(line.account && state.me && line.name.toLowerCase() === state.me);
}

/** When a line was written (`at`, seconds), in the page's language and the browser's time zone:
 * the hour of today's, the day of an earlier one (a game by the day goes on for days, its chat
 * with it), the whole moment in its title. @param {number} at */
export function lineTime(at) {
  const when = new Date(at * 1000), now = new Date();
  /** @type {Intl.DateTimeFormatOptions} */
  const day = { day: "numeric", month: "short", ...(when.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }) };
  const shown = when.toDateString() === now.toDateString() ? { timeStyle: /** @type {const} */ ("short") } : day;
  const full = new Intl.DateTimeFormat(dateLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(when);
  return el("time", { class: "chat-time", datetime: when.toISOString(), title: full },
    new Intl.DateTimeFormat(dateLanguage(), shown).format(when));
}

/** One message's line: when it was written, the sender's name (for another's, a button that
 * offers to mute them), its words. @param {ChatState} state @param {ChatLine} line @param {() => void} redraw */
function lineItem(state, line, redraw) {
  const words = el("span", { class: line.phrase ? "chat-words chat-phrase" : "chat-words" }, lineWords(line));
  const time = [lineTime(line.at), " "];
  const name = [senderName(line), accountMark(line)];
  // A seat's name in its colour, as on its kingdom (a spectator's line has no seat).
  const colour = line.seat === null ? "" : ` seat${line.seat}`;
  if (isMine(state, line)) return el("li", { class: "chat-line mine" }, ...time, el("span", { class: `chat-name${colour}` }, ...name), ": ", words);
  const key = muteKey(state.gameId, line), focus = { "data-line": line.id }, offered = state.offering === line.id;
  // Muting takes the line away: the keyboard's focus goes to the button that hears its sender again.
  const mute = el("button", { ...focus, type: "button", class: "chat-mute", hidden: !offered,
    onclick: () => {
      state.muted.add(key); state.offering = null; keepMuted(state); redraw();
      focusOn(`#chat-muted button[data-key="${CSS.escape(key)}"]`);
    } }, t("chat.mute", { name: line.name }));
  // A logged-in reader reports an account's line (citing it) to the server's operator.
  const report = line.account && state.me ? el("button", { ...focus, type: "button", class: "chat-report small", hidden: !offered,
    onclick: () => openReport(line.name, { game: state.gameId, line: line.id, words: lineWords(line) }) }, t("report.button")) : "";
  const who = el("button", { ...focus, type: "button", class: `chat-name link${colour}`, "data-key": key, "aria-expanded": String(offered),
    onclick: () => {
      state.offering = mute.hidden ? line.id : null;
      mute.hidden = !mute.hidden;
      if (report) report.hidden = mute.hidden;
      who.setAttribute("aria-expanded", String(!mute.hidden));
    } }, ...name);
  return el("li", { class: "chat-line" }, ...time, who, ": ", words, " ", mute, " ", report);
}

/** What tells of the new lines of a room that others wrote (`tell(roomName, fresh)`): while the
 * panel is open, a screen reader hears those of the room shown in `said`, and the count of
 * another's (also on its tab); while it is folded they are counted on its button, and that count
 * is said at most once every FOLDED_SAID_MS (on a phone the panel starts folded: the lines
 * themselves are not heard). @param {ChatState} state @param {HTMLElement} said
 * @param {(line: ChatLine) => unknown} hidden whether the page hides a line */
function teller(state, said, hidden) {
  let saidAt = 0, timer = 0;
  const sayFolded = () => {
    if (timer) return;
    timer = window.setTimeout(() => {
      timer = 0;
      if (state.open || state.off || !state.unread) return;
      saidAt = Date.now();
      said.textContent = t("chat.unread_said", { n: state.unread });
    }, Math.max(0, saidAt + FOLDED_SAID_MS - Date.now()));
  };
  return (/** @type {ChatRoom} */ roomName, /** @type {ChatLine[]} */ fresh) => {
    const others = fresh.filter((line) => !isMine(state, line) && !hidden(line));
    if (!others.length) return;
    if (roomName !== state.shown) state.roomUnread[roomName] += others.length;
    if (!state.open) {
      state.unread += others.length;
      sayFolded();
    } else if (roomName === state.shown) said.textContent = others.map((l) => `${senderName(l)}: ${lineWords(l)}`).join(" ");
    else said.textContent = t("chat.room_news", { room: t(`chat.${roomName}`), news: t("chat.unread", { n: state.roomUnread[roomName] }) });
  };
}

/** Keep this browser's muted senders (the last 200). @param {ChatState} state */
function keepMuted(state) {
  localStorage.setItem(MUTED_KEY, JSON.stringify([...state.muted].slice(-200)));
}

/** The senders muted among a room's lines, each with the button that hears them again.
 * @param {ChatState} state @param {ChatLine[]} lines @param {() => void} redraw */
function mutedButtons(state, lines, redraw) {
  /** @type {Map<string, string>} */
  const names = new Map();
  for (const line of lines) if (state.muted.has(muteKey(state.gameId, line))) names.set(muteKey(state.gameId, line), line.name);
  // Hearing a sender again takes the button away: the keyboard's focus goes to their first line.
  return [...names].map(([key, name]) => el("button", { type: "button", class: "chat-unmute", "data-key": key,
    onclick: () => {
      state.muted.delete(key); keepMuted(state); redraw();
      focusOn(`#chat-lines button.chat-name[data-key="${CSS.escape(key)}"]`, "#chat-lines");
    } }, t("chat.unmute", { name })));
}

/** Put the keyboard's focus on the first element `selectors` finds, tried in turn. @param {string[]} selectors */
function focusOn(...selectors) {
  for (const selector of selectors) {
    const found = document.querySelector(selector);
    if (found instanceof HTMLElement) { found.focus(); return; }
  }
}

/**
 * The chat of game `gameId`: its panel (`card`, hidden until a room is readable) and what the
 * game's page tells it. `send` writes on the game's socket.
 * @param {string} gameId @param {(message: ClientMessage) => void} send
 */
export function makeChat(gameId, send) {
  /** @type {Map<ChatRoom, {lines: ChatLine[], write: string | null, until?: string}>} */
  const rooms = new Map();
  const state = newState(gameId);
  const unread = el("span", { id: "chat-unread", class: "chat-unread" });
  const toggle = el("button", { type: "button", id: "chat-toggle", "aria-expanded": "false", "aria-controls": "chat-body",
    onclick: () => { state.open = !state.open; draw(); } }, el("span", {}, t("chat.title")), unread);
  const offBox = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: "chat-off", checked: state.off,
    onchange: () => {
      state.off = offBox.checked; localStorage.setItem(OFF_KEY, state.off ? "1" : "0"); noteSetting({ chat_off: state.off });
      state.unread = 0; draw();
    } }));
  const tabs = el("div", { class: "chat-rooms controls", id: "chat-rooms" });
  const note = el("p", { class: "small", id: "chat-note" });
  const list = el("ol", { class: "chat-lines", id: "chat-lines", tabindex: 0, "aria-label": t("chat.title") });
  const said = el("p", { id: "chat-said", class: "visually-hidden", "aria-live": "polite" });
  const error = el("p", { class: "error", id: "chat-error", role: "alert" });
  const input = /** @type {HTMLInputElement} */ (el("input", { type: "text", id: "chat-input", maxlength: MAX_TEXT,
    autocomplete: "off", "aria-label": t("chat.message"), placeholder: t("chat.placeholder") }));
  const form = el("form", { id: "chat-form", class: "chat-form", onsubmit: (/** @type {Event} */ event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) { state.lastSent = text; input.value = ""; write({ text }); }
  } }, input, el("button", { type: "submit", id: "chat-send" }, t("chat.send")));
  const phrases = el("details", { class: "chat-phrases", id: "chat-phrases" }, el("summary", {}, t("chat.phrases")),
    el("div", { class: "controls" }, ...PHRASES.map((phrase) =>
      el("button", { type: "button", "data-phrase": phrase, onclick: () => write({ phrase }) }, t(`chat.phrase.${phrase}`)))));
  const mutedRow = el("div", { class: "controls chat-muted", id: "chat-muted" });
  const body = el("div", { id: "chat-body" }, tabs, note, list, error, form, phrases, mutedRow);
  const offTitle = el("span", { hidden: true }, t("chat.title"));
  const card = el("section", { class: "card chat-card", id: "chat", "aria-labelledby": "chat-title", hidden: true },
    el("div", { class: "chat-head" }, el("h2", { id: "chat-title" }, toggle, offTitle),
      el("label", { class: "chat-off small" }, offBox, " ", t("chat.off"))), said, body);

  /** Send a message in the room shown. @param {{text?: string, phrase?: string}} said */
  function write(said) {
    error.textContent = "";
    send({ type: "chat", room: state.shown, ...said });
  }

  /** Whether this page hides `line`: the chat is off, or its sender muted. @param {ChatLine} line */
  const hidden = (line) => state.off || state.muted.has(muteKey(state.gameId, line));
  const tell = teller(state, said, hidden);

  // A logged-in reader's own lines (written from another page) are theirs: no "mute" of themselves;
  // another account's lines offer "Report".
  api("/api/account").then((answer) => {
    const { account } = /** @type {{account: {name: string} | null}} */ (answer);
    if (!account) return;
    state.me = account.name.toLowerCase();
    draw();
  }).catch(() => {});

  /** Draw the panel anew: its rooms, the room shown, the fold and the unread count. */
  function draw() {
    card.hidden = rooms.size === 0;
    if (!rooms.has(state.shown)) state.shown = rooms.has("players") ? "players" : "spectators";
    const room = rooms.get(state.shown);
    toggle.setAttribute("aria-expanded", String(state.open && !state.off));
    toggle.hidden = state.off;
    offTitle.hidden = !state.off;
    body.hidden = !state.open || state.off;
    if (state.open) state.unread = 0;
    unread.textContent = state.unread && !state.off ? ` · ${t("chat.unread", { n: state.unread })}` : "";
    tabs.hidden = rooms.size < 2;
    if (state.open) state.roomUnread[state.shown] = 0;
    tabs.replaceChildren(...ROOMS.filter((r) => rooms.has(r)).map((r) => el("button", { type: "button",
      id: `chat-room-${r}`, "aria-pressed": String(r === state.shown), onclick: () => { state.shown = r; draw(); } }, t(`chat.${r}`),
      state.roomUnread[r] && !state.off ? el("span", { class: "chat-unread" }, ` · ${t("chat.tab_unread", { n: state.roomUnread[r] })}`) : "")));
    if (!room || body.hidden) return;
    const lines = room.lines.filter((line) => !hidden(line));
    keepingFocus(list, () => list.replaceChildren(...(lines.length ? lines.map((line) => lineItem(state, line, draw))
      : [el("li", { class: "small chat-none" }, t("chat.none"))])));
    list.scrollTop = list.scrollHeight;
    const why = room.write
      ? errorWords(withMoment({ field: "room", code: room.write, message: room.write, values: { until: room.until || "" } })) : "";
    note.textContent = state.readOnly ? "" : why || (state.shown === "spectators" && !state.over ? t("chat.spectators_note") : "");
    note.hidden = !note.textContent;
    form.hidden = phrases.hidden = Boolean(room.write) || state.readOnly;
    mutedRow.replaceChildren(...mutedButtons(state, room.lines, draw));
  }

  return {
    card,
    /** Every room this page reads, as the server says it (`chat_history`); `readOnly` for a page
     * without the game's socket (a finished game's replay), which shows only the rooms where
     * something was said; `off`: the account's pages start with the chat off (its preferences), as
     * its first reading says. @param {Partial<Record<ChatRoom, {messages: ChatLine[], write: string | null, until?: string}>>} told
     * @param {boolean} [readOnly] @param {boolean} [off] */
    history(told, readOnly = false, off = false) {
      const before = rooms.size ? new Set(rooms.keys()) : null;
      if (off && !state.toldOff) { state.off = offBox.checked = true; }
      state.toldOff = true;
      rooms.clear();
      state.readOnly = readOnly;
      for (const room of ROOMS) {
        const found = told[room];
        if (found && (!readOnly || found.messages.length)) rooms.set(room, { lines: found.messages, write: found.write, until: found.until });
      }
      // A room come since the page's first reading (the spectators' first words after the game, to its players): its lines are news.
      if (before) for (const [name, room] of rooms) if (!before.has(name)) tell(name, room.lines);
      draw();
    },
    /** New messages of `room` (`chat`): shown, said to a screen reader while the panel is open
     * (those of the room not shown counted on its tab, and their count said), counted while it is
     * folded. @param {ChatRoom} roomName @param {ChatLine[]} lines */
    heard(roomName, lines) {
      const room = rooms.get(roomName);
      // A room not shown yet (the spectators' first words after the game, to its players): read the rooms anew.
      if (!room) { send({ type: "chat_read" }); return; }
      const known = new Set(room.lines.map((line) => line.id));
      const fresh = lines.filter((line) => !known.has(line.id));
      room.lines.push(...fresh);
      tell(roomName, fresh);
      draw();
    },
    /** The server took a message of this page (its `ack`): the line that comes is this page's own. @param {number} id */
    sent(id) { state.mine.add(id); state.lastSent = ""; },
    /** A refusal of the chat's: said in the panel, the words given back to the line (else false: not the chat's).
     * @param {ErrorBody} refusal */
    refused(refusal) {
      const ours = (refusal.code || "").startsWith("chat_") || refusal.code === "session_ended"
        || ["room", "text", "phrase"].includes(refusal.field);
      if (!ours) return false;
      error.textContent = errorWords(withMoment(refusal));
      if (state.lastSent && !input.value) input.value = state.lastSent;
      state.lastSent = "";
      return true;
    },
    /** The game's view changed: the seats this page plays (its own lines in the players' room), and
     * when it ends the rooms read again (the players may read the spectators'); a page opened on a
     * game over read them as its socket opened, or has no socket (a shared replay link).
     * @param {import("./view-types.js").View} view */
    view(view) {
      state.seats = view.your_seats || [];
      const over = view.status !== "playing" && view.status !== "open";
      if (over && state.over === false) send({ type: "chat_read" });
      state.over = over;
    },
  };
}

/** A game page's chat, as its modules hold it. @typedef {ReturnType<typeof makeChat>} Chat */

/** Put the chat's panel beside the board: the two share a row, side by side on a wide screen
 * while the panel is shown, one under the other on a narrow one (style.css). Done as the page is
 * built, before anything in it has the focus. @param {HTMLElement} boardCard @param {HTMLElement} card */
export function placeChat(boardCard, card) {
  const row = el("div", { class: "table-row", id: "table-row" });
  boardCard.replaceWith(row);
  row.append(boardCard, card);
}
