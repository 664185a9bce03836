// An arena's cards on its tournament page (tournament.js; web/arena.py): the time left, the
// player's own state ("Waiting for an opponent", "Pause", "Rejoin", a late "Join"), the standings
// with each player's results in a row and the fire mark, and the latest games. A player's page goes
// to their game by itself as soon as they are paired, taking their seat.
import { freedWords, heldWords } from "./arena-notices.js";
import { el, svg } from "./dom.js";
import { language, t } from "./i18n.js";
import { openJoined, waitWords } from "./open-games.js";
import { remember } from "./saved-games.js";
import { api } from "./server.js";
import { battleCards, sideJoin, sideMark } from "./team-battle.js";
import { standingsFileLink } from "./tournament-export.js";
import { botMark, botNames } from "./tournament-marks.js";
import { errorWords, gameTitle } from "./words.js";

/** How often a running arena's page reads it again: players come free every few seconds. */
export const ARENA_REFRESH_SECONDS = 3;
/** How long a paired player has to take their seat (web/arena.py SEAT_MINUTES). */
const SEAT_MINUTES = 1;

/** An arena's part of its page (GET /api/tournaments/{id}: `arena`).
 * @typedef {{minutes: number, ends_at: number | null, seconds_left: number | null,
 *   standings: Array<{rank: number, name: string, points: number, sequence: number[], fire: boolean, played: number,
 *     playing: boolean, paused: boolean, withdrew: boolean}>,
 *   games: Array<{number: number, first: string, second: string, game_id: string, status: string | null,
 *     result: string | null, forfeit: boolean, played?: boolean}>,
 *   you: {paused: boolean, game: {game_id: string, status: string, seated: boolean, token: string | null} | null,
 *     held_until?: number | null, call_offs?: number, freed_place?: {minutes: number} | null} | null}} ArenaPart */
/** @typedef {import("./tournament.js").Tournament} ArenaTournament */

/** When the arena's time runs out, on this browser's clock (set at each read: the server's seconds left). */
let deadline = 0;
/** The game this page went to already (a way back to the arena does not send the player off again at once). */
const gone = new Set();

/** The arena's rules in a line. @param {ArenaTournament} found */
export function arenaRules(found) {
  const length = new Intl.NumberFormat(language(), { style: "unit", unit: "minute", unitDisplay: "long" }).format(found.arena?.minutes ?? 0);
  return t("arena.rules", { length, wait: waitWords(SEAT_MINUTES) });
}

/** The page read again: the clock set, and a player just paired sent to their game (their seat
 * taken first). A seat refused (too many tries from one address) is said, and tried again at the
 * next read: its words, "" if none. @param {ArenaTournament} found @returns {Promise<string>} */
export async function followArena(found) {
  const arena = found.arena;
  if (!arena) return "";
  if (arena.seconds_left !== null) deadline = Date.now() + arena.seconds_left * 1000;
  const game = arena.you?.game;
  if (!game || gone.has(game.game_id) || !["open", "playing"].includes(game.status)) return "";
  gone.add(game.game_id);
  if (!game.seated) {
    try {
      openJoined(/** @type {import("./view-types.js").Seated} */ (await api(`/api/games/${game.game_id}/join`, { method: "POST", body: {} })));
    } catch (problem) {
      gone.delete(game.game_id);
      return errorWords(problem);
    }
  } else if (game.token) {
    remember(game.game_id, [game.token], { kinds: [], joined: true });
    location.href = `/game/${game.game_id}`;
  }
  return "";
}

/** Say on the arena's `page` why the player's seat could not be taken (`words`; "": nothing).
 * @param {HTMLElement} page @param {string} words */
export function sayRefusedSeat(page, words) {
  let said = page.querySelector("#arena-seat-refused");
  if (!words) { said?.remove(); return; }
  if (!said) said = page.insertBefore(el("p", { class: "card error", role: "alert", id: "arena-seat-refused" }), page.firstChild);
  said.textContent = words;
}

/** The arena's cards, in place of a round tournament's rounds.
 * @param {ArenaTournament} found @param {import("./tournament.js").Act} act */
export function arenaCards(found, act) {
  const arena = found.arena;
  if (!arena) return [];
  const standings = standingsCard(arena, botNames(found), found.team_battle?.sides);
  if (arena.standings.length) standings.append(standingsFileLink(found));
  return [youCard(found, arena, act), ...battleCards(found), standings, gamesCard(found, arena)];
}

/** The time left and the reader's state with their buttons. @param {ArenaTournament} found
 * @param {ArenaPart} arena @param {import("./tournament.js").Act} act */
function youCard(found, arena, act) {
  const running = found.status === "running";
  const clock = el("p", { id: "arena-clock", class: "arena-clock" });
  const tick = () => {
    if (!clock.isConnected && clock.dataset.drawn) return;
    clock.dataset.drawn = "1";
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    clock.textContent = left > 0 ? t("arena.time_left", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` })
      : t("arena.time_over");
    if (left > 0) window.setTimeout(tick, 1000);
  };
  if (running && arena.ends_at !== null) tick();
  const button = (/** @type {string} */ what, /** @type {string} */ key, primary = false) =>
    el("button", { type: "button", id: `arena-${what}`, class: primary ? "primary" : undefined, onclick: () => act(what) }, t(key));
  const you = arena.you;
  /** @type {(string | Node)[]} */
  let state = [];
  // A late join of a members-only arena whose club is gone is refused: its page says why instead.
  if (freedWords(you)) state = [freedWords(you)];
  else if (running && found.you && !found.you.playing && !you && found.club_gone) {
    state = [el("span", { class: "small", id: "arena-club-gone" }, t("error.tournament_club_gone"))];
  } else if (running && found.you && !found.you.playing && !you) state = [sideJoin(found, act, "arena") ?? button("join", "tournament.join", true)];
  else if (running && you && found.you?.playing) {
    state = you.paused ? [t("arena.paused"), " ", button("rejoin", "arena.rejoin", true)]
      : you.game ? [t("arena.going")]
        : deadline > Date.now() ? [el("span", { class: "arena-waiting" }, heldWords(you) || t("arena.waiting")), " ",
          button("pause", "arena.pause")] : [];
  } else if (found.status === "open" && found.you?.playing) state = [t("arena.before_start")];
  else if (found.status === "open" && found.you && found.players < found.max_players) state = [t("arena.before_join")];
  return el("section", { class: "card", id: "arena-you" }, el("h2", {}, t("arena.format")),
    running ? clock : "", state.length ? el("p", { id: "arena-state", role: "status" }, ...state) : "");
}

/** The standings: rank, player (with the fire mark, a bot's "(bot)", a team battle's club), points, and their
 * results in a row. @param {ArenaPart} arena @param {Set<string>} bots @param {Record<string, string>} [sides] */
function standingsCard(arena, bots, sides) {
  const heads = ["tournament.rank", "tournament.player", "tournament.points", "arena.sequence"].map((key) => t(key));
  const rows = arena.standings.map((line) => el("tr", { class: line.fire ? "on-fire" : undefined },
    el("td", { class: "figure" }, String(line.rank)),
    el("td", {}, el("a", { href: `/player/${encodeURIComponent(line.name)}` }, line.name), botMark(bots, line.name),
      line.fire ? fireMark() : "",
      markOf(line), sideMark(sides, line.name)),
    el("td", { class: "figure" }, el("strong", {}, String(line.points))),
    el("td", { class: "arena-sequence" }, line.sequence.join(" "))));
  return el("section", { class: "card" }, el("h2", { id: "arena-standings-title" }, t("tournament.standings")),
    el("div", { class: "table-scroll" }, el("table", { class: "players-table", id: "arena-standings", "aria-labelledby": "arena-standings-title" },
      el("thead", {}, el("tr", {}, heads.map((head, i) => el("th", { scope: "col", class: i === 1 ? undefined : "figure" }, head)))),
      el("tbody", {}, rows))),
    el("p", { class: "small" }, t("arena.tiebreak")));
}

/** The mark of a player on fire: a flame, named for a screen reader. */
function fireMark() {
  return el("span", { class: "arena-fire", title: t("arena.fire"), role: "img", "aria-label": t("arena.fire") },
    svg("svg", { viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true" },
      svg("path", { d: "M8 1c1 3 4 4.5 4 8.5A4 4 0 0 1 4 9.5C4 7.5 5.5 6.5 6 5c.5 1.5 1.5 2 2 2 0-2-.5-4 0-6z", fill: "#e8590c" })));
}

/** What a player of the standings is doing, in brackets ("" for a player free).
 * @param {ArenaPart["standings"][number]} line */
function markOf(line) {
  const mark = line.withdrew ? "tournament.withdrew" : line.paused ? "arena.paused_mark" : line.playing ? "arena.playing_mark" : "";
  return mark ? ` (${t(mark)})` : "";
}

/** The latest games, the newest first: players, result, and "Watch" or "Replay".
 * @param {ArenaTournament} found @param {ArenaPart} arena */
function gamesCard(found, arena) {
  const line = (/** @type {ArenaPart["games"][number]} */ game) => {
    const names = `${game.first} – ${game.second}`;
    const result = game.result ? [el("strong", {}, game.result), game.forfeit ? ` (${t("tournament.forfeit")})` : ""]
      : t(game.status === "open" ? "tournament.waiting_players" : "tournament.under_way");
    const label = t(game.status === "finished" ? "tournament.replay_label" : "watch.watch_label", { game: gameTitle(found), names });
    const button = (/** @type {string} */ how, /** @type {string} */ key) =>
      el("a", { href: `/game/${game.game_id}/${how}`, class: `button ${how}`, "aria-label": label }, t(key));
    const link = game.status === "finished" ? game.played === false ? "" : button("replay", "tournament.replay")
      : found.public && game.status === "playing" ? button("watch", "tournament.watch") : "";
    return el("li", { "data-game": game.game_id }, names, " · ", result, " ", link);
  };
  return el("section", { class: "card", id: "arena-games" }, el("h2", {}, t("arena.games")),
    arena.games.length ? el("ul", { class: "round-games" }, arena.games.map(line)) : el("p", { class: "small" }, t("arena.no_games")));
}
