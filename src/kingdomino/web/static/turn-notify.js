// Browser notifications of a player's online games, as players of turn-based games expect them
// while the tab is behind others: the turn became theirs, an opponent joined their open game, the
// game ended. A setting kept in this browser, which asks the browser's permission only from the
// player's click. The game's page tells of its own game, the lobby of the player's games, the
// account's and this browser's (each only while hidden: a page in view says it itself); each event
// is told once, whichever page of this browser heard it first (its tag, the game's id and
// revision, is noted in localStorage). Shown through the app's service worker (sw.js) where the
// browser has one, as Chrome on Android requires; a page's own notification elsewhere. Logged in,
// the setting subscribes this browser to the account's Web Push too (web-push.js): told with no page open.
import { el } from "./dom.js";
import { language, t } from "./i18n.js";
import { pushSubscribed, subscribePush, unsubscribePush } from "./web-push.js";
import { gameTitle, localName } from "./words.js";

/** @typedef {import("./view-types.js").View} View */
/** @typedef {import("./view-types.js").GameSummary} GameSummary */
/** A game as the lobby lists it, with what its notifications read: an account's game
 * (account-games.js `AccountGame`), or one of this browser's (`listed` of a `GameSummary`).
 * @typedef {{id: string, game: string, options: import("./view-types.js").GameOptions, status: string, seat: number,
 *   token: string | null, your_turn: boolean, players: string[], left: boolean, timed_out?: boolean, places: number[] | null,
 *   ended?: import("./view-types.js").Ended | null, version: number, with_people: boolean}} Listed */

/** The setting ("on" or "off"), and the tags of the notifications shown (the newest `KEPT`). */
const KEY = "kingdomino.notify";
const TOLD = "kingdomino.notified";
const KEPT = 100;

/** Whether this browser can notify: it has notifications at all. */
function supported() {
  return typeof Notification === "function";
}

/** Whether notifications are shown: the setting is on and the browser allows them. */
export function notifying() {
  return supported() && Notification.permission === "granted" && localStorage.getItem(KEY) === "on";
}

/** The registration of the app's service worker, once it is active (served at /sw.js, whose
 * scope is every page); null where the browser has none or refused it.
 * @returns {Promise<ServiceWorkerRegistration | null>} */
function notifier() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready, () => null);
}

// Registered as a page opens while notifications are on, so that it is active when one is due.
if (notifying()) notifier();

/** The toggle "Notify me when it is my turn", with `id` for its box. Ticking it asks the browser's
 * permission from the click (never otherwise); refused, it says so and stays off. A setting left
 * on whose permission was taken back since shows off and says why; one left on with this browser
 * subscribed to push says so. @param {string} id */
export function notifyToggle(id) {
  // Described by what it says (refused, or also while the app is closed): heard again at the box.
  const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id, checked: notifying(), "aria-describedby": `${id}-said` }));
  const said = el("span", { class: "small notify-said", id: `${id}-said`, role: "status" });
  const refused = () => t(supported() ? "notify.refused" : "notify.unsupported");
  if (localStorage.getItem(KEY) === "on" && !notifying() && (!supported() || Notification.permission === "denied")) said.textContent = refused();
  // Subscribed from an earlier page: said here too, unless the box has been used since.
  if (notifying()) pushSubscribed().then((on) => { if (on && box.checked && !said.textContent) said.textContent = t("push.on"); });
  box.addEventListener("change", async () => {
    said.textContent = "";
    if (!box.checked) { localStorage.setItem(KEY, "off"); unsubscribePush(); return; }
    const answer = !supported() ? "denied" : Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    box.checked = answer === "granted";
    localStorage.setItem(KEY, box.checked ? "on" : "off");
    if (box.checked) notifier().then(subscribePush).then((state) => { said.textContent = pushWords(state); });
    else said.textContent = refused();
  });
  return el("p", { class: "small notify-toggle" }, el("label", {}, box, " ", t("notify.toggle")), " ", said);
}

/** What the setting says of this browser's push. @param {import("./web-push.js").PushState} state */
function pushWords(state) {
  return state === "on" ? t("push.on") : state === "guest" ? t("push.guest") : t("push.unavailable");
}

/** Keep this browser's push with the account the lobby shows (`account`; null: nobody): subscribed
 * to it while notifications are on (it moves from the account logged in before, if any), ended
 * once nobody is logged in (the server forgets it at its next push, which its service refuses).
 * @param {{id: number} | null} account */
export function pushFollowsAccount(account) {
  if (!account) unsubscribePush(false);
  else if (notifying()) notifier().then(subscribePush);
}

/** Show a notification (`title`, `body`) tagged `tag`, unless notifications are off, the page is
 * in view or this browser told it already; a click on it brings the player to `href` (sw.js).
 * Without the service worker, the page's own notification, whose click brings this tab forward.
 * @param {string} tag @param {string} title @param {string} body @param {string} href */
function notify(tag, title, body, href) {
  if (!notifying() || !document.hidden) return;
  /** @type {string[]} */
  let told = [];
  try { told = JSON.parse(localStorage.getItem(TOLD) || "[]"); } catch { told = []; }
  if (told.includes(tag)) return;
  localStorage.setItem(TOLD, JSON.stringify([...told, tag].slice(-KEPT)));
  const options = { body, tag, lang: language(), data: { href } };
  notifier().then((registration) => registration ? registration.showNotification(title, options) : Promise.reject(new Error("no worker")))
    .catch(() => pageNotification(title, options, href));
}

/** A notification made by the page itself; none where only a service worker may make one (Chrome
 * on Android): there the title's "● Your turn" still says it.
 * @param {string} title @param {NotificationOptions} options @param {string} href */
function pageNotification(title, options, href) {
  /** @type {Notification} */
  let note;
  try {
    note = new Notification(title, options);
  } catch {
    return;
  }
  note.addEventListener("click", () => {
    window.focus();
    note.close();
    if (location.pathname !== href.split("?")[0]) location.href = href;
  });
}

/** Names in the page's language, joined ("Bela and Cleo"). @param {string[]} names */
function together(names) {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(names);
}

/** The seat this page's player plays in `view`, if the game is one to notify of: the seat chosen
 * as "me" in the lobby (`kinds`, a seat's choice each), else the first this page holds, in a game
 * where someone plays at another screen; null for a spectator, a game against AI seats only or
 * one played at this screen alone (its other seats' turns are not the player's).
 * @param {View} view @param {string[] | undefined} kinds */
function playerSeat(view, kinds) {
  const mine = view.your_seats;
  const me = kinds && kinds.includes("me") ? kinds.indexOf("me") : mine[0];
  if (me === undefined || !mine.includes(me)) return null;
  const elsewhere = view.seats.some((seat, i) => (seat.kind === "human" || seat.kind === "open") && !mine.includes(i));
  return elsewhere ? me : null;
}

/** Whether the player of this page is notified of game `view` (the toggle is offered there): it
 * plays a seat of it, someone plays at another screen, and it is not over.
 * @param {View} view @param {string[] | undefined} kinds */
export function notifiable(view, kinds) {
  return playerSeat(view, kinds) !== null && view.status !== "finished" && view.status !== "aborted";
}

/** Whether `view` awaits a move of `seat`. @param {View} view @param {number} seat */
function awaits(view, seat) {
  return view.status === "playing" && view.current_player === seat && view.legal_actions.length > 0;
}

/** What `view` says happened since `before` to the player of `seat`, as a notification's title:
 * the game ended (how, for them), an opponent joined, the turn became theirs; "" for nothing (their
 * own resignation or abort, an AI's move that leaves another to play).
 * @param {View} before @param {View} view @param {number} seat */
function viewNews(before, view, seat) {
  const over = (/** @type {View} */ v) => v.status === "finished" || v.status === "aborted";
  if (over(view) && !over(before)) {
    const by = view.ended && view.ended.seat !== seat ? view.seats[view.ended.seat].name : null;
    if (view.status === "aborted") return by ? t("notify.aborted", { name: by }) : "";
    if (view.ended && !by) return "";
    if (view.winners.includes(seat)) return by && view.ended?.by === "resign" ? t("notify.resigned_won", { name: by }) : t("notify.won");
    return t("notify.lost", { name: together(view.winners.map((w) => view.seats[w].name)), n: view.winners.length });
  }
  const joined = view.seats.filter((s, i) => before.seats[i]?.kind === "open" && s.kind === "human");
  if (joined.length) return t("notify.joined", { name: together(joined.map((s) => s.name)) });
  return awaits(view, seat) && !awaits(before, seat) ? t("title.your_turn") : "";
}

/** Tell the player of game `id` what its new `view` says happened since the view shown `before`
 * (none: the page just opened, nothing is news), if it is a game to notify of.
 * @param {string} id @param {View | null} before @param {View} view @param {string[] | undefined} kinds */
export function noticeView(id, before, view, kinds) {
  const seat = playerSeat(view, kinds);
  if (!before || seat === null || !notifying()) return;
  const title = viewNews(before, view, seat);
  const others = view.seats.filter((s, i) => i !== seat && s.kind !== "open").map((s) => s.name);
  if (title) notify(`${id}:${view.version}`, title, t("notify.game_with", { game: gameTitle(view), players: together(others) }), `/game/${id}`);
}

/** What a listed game `now` says happened since the lobby's last look (`before`, undefined: a
 * game it did not list), as a notification's title ("" for nothing): the player's own time ran
 * out (an AI plays their seat on), the game ended, an opponent joined, the turn became theirs.
 * @param {Listed | undefined} before @param {Listed} now */
function listedNews(before, now) {
  const over = (/** @type {Listed} */ g) => g.status === "finished" || g.status === "aborted";
  if (now.with_people && now.timed_out && before && !before.timed_out) return t("notify.timed_out");
  if (!now.with_people || now.left) return "";
  if (before && !over(before) && over(now)) {
    const by = now.ended && now.ended.seat !== now.seat ? localName(now.players[now.ended.seat] ?? "") : null;
    if (now.status === "aborted") return by ? t("notify.aborted", { name: by }) : "";
    if (now.ended && !by) return "";
    const winners = (now.places ?? []).flatMap((place, i) => (place === 1 ? [i] : []));
    if (winners.includes(now.seat)) return by && now.ended?.by === "resign" ? t("notify.resigned_won", { name: by }) : t("notify.won");
    return t("notify.lost", { name: together(winners.map((w) => localName(now.players[w] ?? ""))), n: winners.length });
  }
  if (before?.status === "open") {
    const joined = now.players.filter((name, i) => before.players[i] === "" && name !== "");
    if (joined.length) return t("notify.joined", { name: together(joined.map(localName)) });
  }
  return now.your_turn && !before?.your_turn ? t("title.your_turn") : "";
}

/** Tell the player what the lobby's new look at their games (`now`: the account's, or this
 * browser's) says happened since the last (`before`; null: the first look, nothing is news).
 * @param {Listed[] | null} before @param {Listed[]} now */
export function noticeListed(before, now) {
  if (!before || !notifying()) return;
  const last = new Map(before.map((g) => [g.id, g]));
  for (const g of now) {
    const title = listedNews(last.get(g.id), g);
    if (title) notify(`${g.id}:${g.version}`, title, listedBody(g), listedHref(g));
  }
}

/** A listed game as a notification names it: "Kingdomino with Bela". @param {Listed} g */
function listedBody(g) {
  const others = g.players.filter((name, i) => i !== g.seat && name !== "").map(localName);
  return t("notify.game_with", { game: gameTitle(g), players: together(others) });
}

/** The address a notification of a listed game opens: the game at the player's seat. @param {Listed} g */
function listedHref(g) {
  return `/game/${g.id}${g.token ? `?token=${encodeURIComponent(g.token)}` : ""}`;
}

/** Tell the player that the time for their move in `g` (a turn-based game of the account that
 * awaits them) runs short, `time` left in words: once a turn (its tag is the game's revision).
 * @param {Listed} g @param {string} time */
export function noticeShortTime(g, time) {
  if (g.with_people && notifying()) notify(`${g.id}:${g.version}:short`, t("notify.time_short", { time }), listedBody(g), listedHref(g));
}

/** One of this browser's games (`POST /api/games/lookup`, for the token of the seat it plays) as
 * the lobby's notifications read a listed game; null for a game only watched here.
 * @param {GameSummary} g @returns {Listed | null} */
export function listed(g) {
  if (g.seat === null) return null;
  const over = g.status === "finished" || g.status === "aborted";
  return { id: g.id, game: g.game, options: g.options, status: g.status, seat: g.seat, token: null, players: g.seats,
    your_turn: !over && g.status !== "open" && g.current_player === g.seat, left: false,
    places: g.status === "finished" ? g.seats.map((_, i) => (g.winners.includes(i) ? 1 : 2)) : null,
    ended: g.ended, version: g.version, with_people: g.with_people };
}
