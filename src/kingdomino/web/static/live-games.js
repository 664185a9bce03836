// The games being played that anyone may watch (GET /api/live-games): the lobby's "Watch a game"
// card, the best players' games first, looked at again while the lobby is shown; and a player's
// page's "Playing now", a link to each public game they play. A game is watched at its watch
// link (/game/ID/watch), which holds no token: nothing of it is kept in this browser.
import { ACCOUNT_SHOWN } from "./account.js";
import { accountMark } from "./account-mark.js";
import { el, svg } from "./dom.js";
import { number, t } from "./i18n.js";
import { replaceKeepingFocus } from "./keep-focus.js";
import { timeControlWords } from "./open-games.js";
import { picture, seatBadge } from "./pictures.js";
import { tokensFor } from "./saved-games.js";
import { api } from "./server.js";
import { DROPPED, latestOnly } from "./latest.js";
import { errorWords, gameTitle, localSeatNames } from "./words.js";

/** A seat of a game being played, as the list shows it.
 * @typedef {{name: string, kind: string, level: string | null, bot: boolean, account: boolean,
 *   rating: import("./view-types.js").SeatRating | null, score: number}} LiveSeat */
/** A game being played that anyone may watch (web/live_games.py).
 * @typedef {{id: string, game: string, players: number, options: import("./view-types.js").GameOptions, rated: boolean,
 *   seats: LiveSeat[], current_player: number | null, moves: number, time_control: import("./view-types.js").TimeControl | null,
 *   watching: number, created: string, watch: string}} LiveGame */
/** A page of the list. @typedef {{games: LiveGame[], total: number, offset: number, limit: number}} LivePage */

/** Seconds between two looks at the list while the lobby shows it: scores move every few seconds,
 * and a game begun or ended need not show at once. */
export const LOOK_SECONDS = 20;
/** Games the lobby's card shows at first, and how many more each "More games" adds (at most 50: the
 * server's page). */
const SHOWN = 6;
const MOST = 50;

/** An eye, drawn (an emoji is a blank box where no emoji font is): what watching looks like. */
function eye() {
  return svg("svg", { viewBox: "0 0 24 16", width: 20, height: 14, class: "eye", "aria-hidden": "true" },
    svg("path", { d: "M1 8 C5 1 19 1 23 8 C19 15 5 15 1 8 Z", fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    svg("circle", { cx: 12, cy: 8, r: 3.5, fill: "currentColor" }));
}

/** One game's line: its picture and title, rated or not, its clock, the moves so far, how many
 * watch it; each seat's piece, name (an account's mark and rating) and score, who is to play; and
 * the Watch link, or Open for a game this browser holds a seat of (watched, it would be shown to
 * its own player as a stranger's). @param {LiveGame} game */
function gameLine(game) {
  const held = tokensFor(game.id).length > 0;
  localSeatNames(game.seats, []);
  const origins = game.game === "origins";
  const seats = game.seats.map((seat, i) => el("span", { class: `live-seat${game.current_player === i ? " to-play" : ""}` },
    seatBadge(i, 14), " ", seat.name, accountMark({ account: seat.account, rating: seat.rating ?? undefined }), " ",
    el("strong", { class: "live-score" }, el("span", { class: "visually-hidden" }, `${t("watch.score_label")} `), number(seat.score)),
    game.current_player === i ? el("span", { class: "live-turn" }, " · ", t("watch.to_play")) : ""));
  const names = game.seats.map((seat) => seat.name).join(", ");
  return el("li", { class: "live-game", "data-id": game.id },
    el("div", { class: "live-head" }, picture(origins ? "hut" : "castle", 24), " ",
      el("strong", {}, gameTitle(game)), " · ",
      el("span", { class: game.rated ? "rated" : "casual" }, t(game.rated ? "lobby.rated" : "lobby.casual")), " · ",
      timeControlWords(game.time_control), " · ", t("watch.moves", { n: game.moves }),
      game.watching ? ` · ${t("watch.watching", { n: game.watching })}` : ""),
    el("div", { class: "live-seats" }, seats),
    held ? el("a", { href: `/game/${game.id}`, class: "button primary watch open",
      "aria-label": t("watch.open_label", { game: gameTitle(game), names }) }, t("lobby.open"))
      : el("a", { href: game.watch, class: "button primary watch", "aria-label": t("watch.watch_label", { game: gameTitle(game), names }) },
        eye(), " ", t("watch.watch")));
}

/** The lobby's card of the games anyone may watch, the best players' first, looked at again every
 * `LOOK_SECONDS` while the lobby is shown and visible (a list that reads as before is kept, with
 * the focus in it). The player's own games are left out: the lobby lists them above with the way
 * to play them, and their watch link would show them their own game as a stranger's. */
export function liveGamesCard() {
  const list = el("ul", { id: "live-list", class: "live-list" });
  const none = el("p", { class: "small", id: "no-live-games", hidden: true }, t("watch.none"));
  const said = el("p", { class: "error", role: "alert", id: "live-games-error" });
  const more = el("button", { type: "button", id: "more-live-games", hidden: true }, t("watch.more"));
  let shown = SHOWN;
  /** The name of the account logged in (null: a guest). @type {string | null} */
  let me = null;
  /** Whether this browser or the account logged in plays `game`. @param {LiveGame} game */
  const ours = (game) => tokensFor(game.id).length > 0 || game.seats.some((seat) => seat.account && seat.name === me);
  // "More" or a login while the timer's look is on its way: only the latest look is drawn.
  const latest = latestOnly();
  const look = async () => {
    try {
      const page = /** @type {LivePage | typeof DROPPED} */ (await latest(api(`/api/live-games?limit=${shown}`)));
      if (page === DROPPED) return;
      const others = page.games.filter((game) => !ours(game));
      const fresh = el("ul", {}, others.map(gameLine));
      if (list.innerHTML !== fresh.innerHTML) replaceKeepingFocus(list, [...fresh.childNodes]);
      none.hidden = others.length > 0;
      none.textContent = t(page.games.length ? "watch.none_but_yours" : "watch.none");
      more.hidden = page.total <= page.games.length || shown >= MOST;
      said.textContent = "";
    } catch (problem) {
      said.textContent = errorWords(problem);
    }
  };
  more.addEventListener("click", () => { shown = Math.min(MOST, shown + SHOWN); look(); });
  document.addEventListener(ACCOUNT_SHOWN, (event) => {
    const account = /** @type {CustomEvent} */ (event).detail;
    const name = account ? account.name : null;
    const changed = name !== me;
    me = name;
    if (changed && list.isConnected) look();
  });
  const again = () => {
    if (!list.isConnected) return;
    (document.hidden ? Promise.resolve() : look()).finally(() => setTimeout(again, LOOK_SECONDS * 1000));
  };
  look().finally(() => setTimeout(again, LOOK_SECONDS * 1000));
  return el("section", { class: "card", id: "live-games", "aria-labelledby": "live-games-title" },
    el("h2", { id: "live-games-title" }, eye(), " ", t("watch.title")), el("p", { class: "small" }, t("watch.about")),
    el("p", {}, el("a", { href: "/tv", id: "tv-link", class: "button" }, eye(), " ", t("tv.open"))),
    said, none, list, more);
}

/** A player's page's "Playing now": each public game the player `name` plays, with its Watch link;
 * nothing while they play none (or the list cannot be read: the rest of the page says enough).
 * @param {string} name */
export function playingNow(name) {
  const card = el("section", { class: "card", id: "playing-now", hidden: true, "aria-labelledby": "playing-now-title" },
    el("h2", { id: "playing-now-title" }, t("watch.playing_now")));
  api(`/api/live-games?limit=${MOST}&player=${encodeURIComponent(name)}`).then((answer) => {
    const page = /** @type {LivePage} */ (answer);
    if (!page.games.length) return;
    card.append(el("ul", { class: "live-list" }, page.games.map(gameLine)));
    card.hidden = false;
  }).catch(() => {});
  return card;
}
