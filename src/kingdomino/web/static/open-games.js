// The lobby's open games: the games waiting for players, kept live by the lobby's socket
// (`WS /ws/lobby`), each joined with a click, filtered and the ones you may join first
// (open-game-filters.js); a quick game that pairs you with the closest rating; and the new game
// form's choices for a game with open seats (rated, how long it waits, who takes the seats nobody
// came for, the ratings of who may join: rating-range.js).
import { accountMark } from "./account-mark.js";
import { aiLevels, levelWords } from "./ai-levels.js";
import { ACCOUNT_SHOWN } from "./account.js";
import { el } from "./dom.js";
import { markArrival } from "./game-focus.js";
import { openGameFilters, whyNotYours } from "./open-game-filters.js";
import { ratingRangeField } from "./rating-range.js";
import { takebacksBox, takebacksChosen } from "./lobby-takebacks.js";
import { ACCOUNT_GAME_ENDED } from "./games-ended.js";
import { replaceKeepingFocus } from "./keep-focus.js";
import { language, number, t } from "./i18n.js";
import { tellNews } from "./news.js";
import { forget, remember, savedGames, tokensFor } from "./saved-games.js";
import { api } from "./server.js";
import { retryMs } from "./socket-retry.js";
import { keepAlive } from "./socket-alive.js";
import { UNNAMED_YOU, errorWords, gameTitle, localName } from "./words.js";

/** @typedef {import("./view-types.js").OpenGame} OpenGame */
/** @typedef {import("./view-types.js").Seated} Seated */
/** @typedef {import("./view-types.js").LobbyMessage} LobbyMessage */
/** An account's ratings by pool. @typedef {Record<string, import("./view-types.js").SeatRating>} Ratings */

/** Where the guest's name is kept between visits. */
const NAME_KEY = "kingdomino.name";
/** How long a new open game may wait for its players, in minutes: the choices offered. */
const WAITS = [5, 20, 60, 24 * 60, 3 * 24 * 60];
/** The clocks offered: none, real time (minutes each and an increment, or seconds a move) and turn based (days a move).
 * @type {Array<import("./view-types.js").TimeControl | null>} */
export const TIME_CONTROLS = [null, { kind: "game", minutes: 5, increment: 3 }, { kind: "game", minutes: 10, increment: 5 },
  { kind: "move", seconds: 60 }, { kind: "days", days: 1 }, { kind: "days", days: 3 }];

/** A time control in words: "5 min + 3 s a move", "60 s a move", "1 day a move (turn-based)", "No clock".
 * @param {import("./view-types.js").TimeControl | null} control */
export function timeControlWords(control) {
  if (!control) return t("clock.none");
  if (control.kind === "game") return t("clock.game", { minutes: control.minutes || 0, increment: control.increment || 0 });
  if (control.kind === "move") return t("clock.move", { seconds: control.seconds || 0 });
  return t("clock.days", { time: waitWords((control.days || 0) * 24 * 60) });
}

/** A menu of the clocks offered, with the rule for a player out of time under it. A rated game
 * has a clock (the server refuses one without: a losing player could stall it forever), so
 * `rated(true)` takes "No clock" away and chooses the first clock if none was. `name`: the menu's
 * name for a screen reader where "Clock" alone would not tell it from another menu of the page.
 * @param {string} id @param {string} [name] */
function timeControlField(id, name) {
  const rule = el("span", { class: "small", id: `${id}-rule`, hidden: "" }, " ", t("clock.rule"));
  const showRule = () => { rule.hidden = menu.value === "0"; };
  const menu = /** @type {HTMLSelectElement} */ (el("select", { id, onchange: showRule, "aria-label": name },
    TIME_CONTROLS.map((control, i) => el("option", { value: i }, timeControlWords(control)))));
  const none = /** @type {HTMLOptionElement} */ (menu.options[0]);
  const rated = (/** @type {boolean} */ on) => {
    none.disabled = on;
    if (on && menu.value === "0") {
      menu.value = "1";
      menu.dispatchEvent(new Event("change", { bubbles: true }));
    }
  };
  return { field: el("label", {}, t("clock.label"), " ", menu, rule), chosen: () => TIME_CONTROLS[Number(menu.value)], rated };
}

/** A wait in words in the page's language ("20 minutes", "1 day", "3 дня"): rounded first, so that
 * a day's wait begun a moment ago is "1 day", not "24 hours". @param {number} minutes */
export function waitWords(minutes) {
  const rounded = minutes >= 59.5 ? Math.round(minutes / 60) * 60 : Math.max(1, Math.round(minutes));
  const [amount, unit] = rounded >= 24 * 60 ? [Math.round(rounded / (24 * 60)), "day"]
    : rounded >= 60 ? [rounded / 60, "hour"] : [rounded, "minute"];
  return new Intl.NumberFormat(language(), { style: "unit", unit, unitDisplay: "long" }).format(amount);
}

/** The name a guest joins with, as typed in the lobby (kept in this browser). */
function guestName() {
  const field = /** @type {HTMLInputElement | null} */ (document.querySelector("#guest-name"));
  const name = field ? field.value.trim() : "";
  localStorage.setItem(NAME_KEY, name);
  return name;
}

/** Open the game just joined (or opened by a quick game), its seat's token kept in this browser.
 * @param {Seated & {created?: boolean}} seated */
export function openJoined(seated) {
  remember(seated.id, [seated.token], { kinds: [], joined: !seated.created });
  markArrival(seated.id);
  location.href = `/game/${seated.id}`;
}

/** Whether this browser joined game `id` rather than opened it. @param {string} id */
function joinedHere(id) {
  return Boolean(savedGames().find((saved) => saved.id === id)?.joined);
}

/** The name of who opened `game`, as the lobby shows it ("" if nobody did). A host who left their
 * seat unnamed is "you" on their own page only: "Player 1" to the others. @param {OpenGame} game */
function creatorName(game) {
  const hostSeat = game.creator_seat ?? game.seats.findIndex((seat) => seat.kind === "human");
  return game.creator === null ? ""
    : game.creator === UNNAMED_YOU && !tokensFor(game.id).length ? t("player_n", { n: hostSeat + 1 }) : localName(game.creator);
}

/** What changed in the open games, in words for a screen reader (the list itself is not live:
 * read whole at each change it would repeat every game): a game opened, a seat taken, a game
 * filled or gone; "" for no change worth saying. `status` is an unlisted game's (web/lobby.py).
 * @param {OpenGame | undefined} before @param {OpenGame | undefined} after @param {string} [status] */
function changeWords(before, after, status) {
  const game = after || before;
  if (!game) return "";
  const words = { name: creatorName(game) || t("player_n", { n: 1 }), game: gameTitle(game) };
  const taken = (/** @type {OpenGame} */ g) => g.seats.length - g.open;
  if (!before) return t("lobby.said_opened", words);
  if (!after) return t(status === "playing" ? "lobby.said_filled" : "lobby.said_closed", words);
  if (taken(before) === taken(after)) return "";
  return t("lobby.said_seats", { ...words, taken: taken(after), total: after.seats.length });
}

/** One open game's line: what it is, who waits, and Join (or, for a game of this browser, Open
 * and Call off; for a game this page may not join, `why` not in its place).
 * @param {OpenGame} game @param {(problem: unknown) => void} failed @param {string} why */
function gameLine(game, failed, why) {
  const mine = tokensFor(game.id);
  const taken = game.seats.length - game.open;
  const left = game.open_until === null ? null : (game.open_until * 1000 - Date.now()) / 60000;
  // A host who left their seat unnamed is "you" on their own page only: "Player 1" to the others.
  const named = creatorName(game);
  // An account's rating in the game's pool, by its mark as at a rated table ("1500?" while provisional).
  const creator = [game.creator_bot ? t("seat.bot_name", { name: named }) : named,
    accountMark({ account: game.creator_account !== null, rating: game.rating ?? undefined })];
  const join = async () => {
    try {
      openJoined(/** @type {Seated} */ (await api(`/api/games/${game.id}/join`, { method: "POST", body: { name: guestName() } })));
    } catch (problem) { failed(problem); }
  };
  // Its creator calls a game off; a player who joined gives back their seat (the game waits on).
  const opened = !joinedHere(game.id);
  const callOff = async () => {
    try {
      await api(`/api/games/${game.id}/cancel`, { method: "POST", body: { token: mine[0] } });
      if (!opened) forget(game.id);
    } catch (problem) { failed(problem); }
  };
  const range = game.rating_range;
  return el("li", { "data-id": game.id, class: why ? "open-game not-yours" : "open-game" },
    el("strong", {}, gameTitle(game)), " · ", t("lobby.players_n", { n: game.players }), " · ",
    el("span", { class: game.rated ? "rated" : "casual" }, t(game.rated ? "lobby.rated" : "lobby.casual")), " · ",
    creator, " · ", timeControlWords(game.time_control), " · ", t("lobby.seats_taken", { taken, total: game.seats.length }),
    left === null ? "" : ` · ${t("lobby.waits_more", { time: waitWords(left) })}`,
    game.ai_fill ? ` · ${t("lobby.then_ai", { level: levelWords(game.ai_fill) })}` : "",
    range ? [" · ", el("span", { class: "open-range" }, t("lobby.range_game", { low: number(range.low), high: number(range.high) }))] : "",
    game.takebacks ? "" : [" · ", el("span", { class: "no-takebacks" }, t("lobby.no_takebacks"))], " ",
    why ? el("span", { class: "not-yours-why" }, why) : mine.length
      ? [el("a", { href: `/game/${game.id}`, class: "button" }, t("lobby.open")), " ",
        el("button", { type: "button", class: "call-off", onclick: callOff }, t(opened ? "lobby.call_off" : "lobby.give_back_seat"))]
      : el("button", { type: "button", class: "primary join", onclick: join }, t("lobby.join_game")));
}

/** A game asked for in one menu: the game, its players and mode, its clock, rated or not (the
 * quick game's, a challenge's). @typedef {{game: string, players: number, options: Record<string, string>, rated: boolean,
 *   time_control: import("./view-types.js").TimeControl | null}} GameChoice */

/** The fields of a game chosen in one menu (the game, its players and an Origins mode), its clock
 * and rated or not, each field's id begun with `prefix`; `chosen()` reads them. `players`: the
 * player counts offered (all of the game's if left out), `counted` false leaving the count out of
 * the menu's words (a form that asks for it apart: a tournament's "Players at a table").
 * @param {Record<string, {players: number[], modes?: string[]}>} games @param {string} prefix
 * @param {string} name the menu's name for a screen reader @param {number[]} [players]
 * @param {string} [clockName] the clock menu's name for a screen reader (the quick game's if left out)
 * @param {boolean} [counted] */
export function gameChoiceFields(games, prefix, name, players, clockName = t("lobby.quick_game_clock"), counted = true) {
  const choices = Object.entries(games).flatMap(([game, spec]) => (spec.modes || [""]).flatMap((mode) =>
    spec.players.filter((n) => !players || players.includes(n)).map((n) => ({ game, mode, players: n }))));
  const choice = /** @type {HTMLSelectElement} */ (el("select", { id: `${prefix}-game-choice`, "aria-label": name },
    choices.map((c, i) => el("option", { value: i }, [gameTitle({ game: c.game, options: c.mode ? { mode: c.mode } : {} }),
      counted ? t("lobby.players_n", { n: c.players }) : ""].filter(Boolean).join(" · ")))));
  const clock = timeControlField(`${prefix}-clock`, clockName);
  const rated = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: `${prefix}-rated`,
    onchange: () => clock.rated(rated.checked) }));
  /** @returns {GameChoice} */
  const chosen = () => {
    const c = choices[Number(choice.value)];
    return { game: c.game, players: c.players, options: c.mode ? { mode: c.mode } : {}, rated: rated.checked, time_control: clock.chosen() };
  };
  return { fields: [choice, " ", clock.field, " ", el("label", { title: t("lobby.rated_title") }, rated, " ", t("lobby.rated"))], chosen };
}

/** The quick game's form: the game, its players (and an Origins mode), rated or not.
 * @param {Record<string, {players: number[], modes?: string[]}>} games @param {(problem: unknown) => void} failed */
function quickGameForm(games, failed) {
  const wanted = gameChoiceFields(games, "quick", t("lobby.quick_game_choice"));
  const range = ratingRangeField("quick-range");
  const takebacks = takebacksBox("quick-takebacks", t("lobby.quick_takebacks_title"));
  const pair = async (/** @type {Event} */ event) => {
    event.preventDefault();
    const rating_range = range.chosen();
    try {
      const answer = /** @type {Seated & {created: boolean}} */ (await api("/api/pairing", { method: "POST",
        body: { ...wanted.chosen(), name: guestName(), ...(rating_range ? { rating_range } : {}),
          takebacks: takebacksChosen(takebacks, "quick-takebacks") } }));
      openJoined(answer);
    } catch (problem) { failed(problem); }
  };
  return el("form", { id: "quick-game", onsubmit: pair }, ...wanted.fields, " ", range.field, " ", takebacks, " ",
    el("button", { type: "submit", class: "primary", id: "quick-game-button" }, t("lobby.quick_game")),
    el("p", { class: "small" }, t("lobby.quick_game_text")));
}

/** The lobby's card of open games, live. @param {Record<string, {players: number[], modes?: string[]}>} games each game's
 * player counts and modes, as the new game's form offers them
 * @param {(message: LobbyMessage) => void} [heard] told the socket's other messages (a logged-in player's challenges) */
export function openGamesCard(games, heard) {
  const said = el("p", { class: "error", role: "alert", id: "open-games-error" });
  const failed = (/** @type {unknown} */ problem) => { said.textContent = errorWords(problem); };
  const list = el("ul", { id: "open-list" });
  const changed = el("p", { id: "open-games-said", class: "visually-hidden", role: "status" });
  const none = el("p", { class: "small", id: "no-open-games" }, t("lobby.no_open_games"));
  const filteredOut = el("p", { class: "small", id: "none-filtered", hidden: "" }, t("lobby.none_filtered"));
  /** The games listed, by id, the oldest first. @type {Map<string, OpenGame>} */
  const listed = new Map();
  /** This page's account's ratings by pool (null: a guest; undefined: not read yet). @type {Ratings | null | undefined} */
  let ratings;
  const draw = () => {
    const shown = filters.arrange([...listed.values()], (game) => (tokensFor(game.id).length ? "" : whyNotYours(game, ratings)));
    replaceKeepingFocus(list, shown.map(({ game, why }) => gameLine(game, failed, why)));
    none.hidden = listed.size > 0;
    filteredOut.hidden = !listed.size || shown.length > 0;
  };
  const filters = openGameFilters(games, () => draw());
  const readRatings = async () => {
    try {
      ratings = /** @type {{ratings: Ratings | null}} */ (await api("/api/open-games/ratings")).ratings;
    } catch { ratings = undefined; }
    draw();
  };
  /** The socket open now, and the account it was opened as (null: none, or not told yet): the
   * server reads who is logged in as it opens, so a page that logs in or out opens another at
   * once, for their challenges. */
  let socket = /** @type {WebSocket | null} */ (null);
  let account = /** @type {number | null} */ (null);
  /** Tries in a row whose socket closed before it opened: the wait before the next grows with them. */
  let tries = 0;
  const connect = () => {
    const opened = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/lobby`);
    socket = opened;
    account = null;
    // Tried again after a wait drawn at random (socket-retry.js): a club's lobby pages that lost
    // their sockets to a server's restart come back spread out, not all in one instant.
    const lost = () => {
      alive.stop();
      opened.onclose = null;
      if (socket !== opened || !document.body.contains(list)) return;
      setTimeout(connect, retryMs(tries));
      tries += 1;
    };
    // Pinged as a game's socket is: one gone silent (a phone's network, a proxy dropping idle
    // connections) is taken for dead and opened again, or the page would hear of no game more.
    const alive = keepAlive(opened, lost);
    opened.onopen = () => { tries = 0; alive.opened(); };
    opened.onmessage = (event) => {
      if (socket !== opened) return;
      alive.heard(performance.now());
      const message = /** @type {LobbyMessage} */ (JSON.parse(event.data));
      if (message.type === "pong") { alive.pace(message.ping_every); return; }
      if (message.type === "challenges") account = message.account;
      if (message.type === "open_games") { listed.clear(); for (const game of message.games) listed.set(game.id, game); }
      else if (message.type === "listed") {
        const words = changeWords(listed.get(message.game.id), message.game);
        listed.set(message.game.id, message.game);
        if (words) changed.textContent = words;
      } else if (message.type === "unlisted") {
        const words = changeWords(listed.get(message.id), undefined, message.status);
        listed.delete(message.id);
        if (words) changed.textContent = words;
      } else { tellNews(); if (heard) heard(message); return; }
      draw();
    };
    opened.onclose = lost;
  };
  connect();
  // A game of the account ended: its rating may have moved, and with it which games it may join.
  document.addEventListener(ACCOUNT_GAME_ENDED, () => readRatings());
  const name = el("input", { id: "guest-name", maxlength: 40, size: 14, value: localStorage.getItem(NAME_KEY) || "",
    autocomplete: "nickname" });
  // A player logged in plays under the account's name: the guest's name is not asked of them. A
  // guest finds the leaderboards here (the account card leads there once logged in).
  const guest = el("label", { class: "small", id: "guest-name-label" }, t("lobby.guest_name"), " ", name);
  const boards = el("p", { class: "small" }, el("a", { href: "/leaderboards", id: "guest-leaderboards" }, t("players.leaderboards")));
  document.addEventListener(ACCOUNT_SHOWN, (event) => {
    const shown = /** @type {CustomEvent} */ (event).detail;
    guest.hidden = boards.hidden = Boolean(shown);
    readRatings();
    if ((shown ? shown.id : null) === account) return;
    const old = socket;
    connect();
    old?.close();
  });
  return el("section", { class: "card", id: "open-games" }, el("h2", {}, t("lobby.open_games")),
    quickGameForm(games, failed), guest, said, filters.bar, none, filteredOut, list, changed, boards);
}

/** The new game form's choices for a game played online: its clock, whenever two or more humans
 * play it online (an invited friend, a seat open to the lobby); and for a game with open seats:
 * rated, how long it waits, who takes the seats nobody came for, shown only while a seat is open.
 * A turn-based clock has the wait follow its days (the server waits that long at least). */
export function openGameFields() {
  const clock = timeControlField("time-control");
  const range = ratingRangeField("range");
  const clockBox = el("p", { id: "clock-field", hidden: "" }, clock.field);
  const open = el("fieldset", { id: "open-options", hidden: "" }, el("legend", {}, t("lobby.open_options")),
    el("label", { title: t("lobby.rated_title") }, el("input", { type: "checkbox", id: "rated",
      onchange: (/** @type {Event} */ event) => clock.rated(/** @type {HTMLInputElement} */ (event.target).checked) }),
    " ", t("lobby.rated")), " ",
    el("label", {}, t("lobby.wait"), " ", el("select", { id: "wait" },
      WAITS.map((minutes) => el("option", { value: minutes, selected: minutes === 20 }, waitWords(minutes))))), " ",
    el("label", {}, t("lobby.ai_fill"), " ", el("select", { id: "ai-fill" },
      el("option", { value: "" }, t("lobby.ai_fill_none")), aiLevels().map((level) => el("option", { value: level }, levelWords(level))))),
    " ", range.field);
  const value = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (open.querySelector(`#${id}`));
  clock.field.addEventListener("change", () => {
    const control = clock.chosen();
    const minutes = control && control.kind === "days" ? (control.days || 0) * 24 * 60 : 0;
    if (WAITS.includes(minutes)) value("wait").value = String(minutes);
  });
  /** What the fields add to the game's request: nothing while no human plays online, the clock
   * alone while no seat is open. @param {boolean} online @param {boolean} opened */
  const chosen = (online, opened) => {
    clockBox.hidden = !online;
    open.hidden = !opened;
    const fill = value("ai-fill").value;
    const rated = opened && value("rated").checked;
    const rating_range = opened && range.chosen();
    clock.rated(rated);
    return { ...(online ? { time_control: clock.chosen() } : {}),
      ...(opened ? { rated, wait_minutes: Number(value("wait").value), ...(fill ? { ai_fill: fill } : {}) } : {}),
      ...(rating_range ? { rating_range } : {}) };
  };
  return { fields: el("div", { id: "online-options" }, clockBox, open), chosen };
}
