// The way back from a club tournament's game at its end (game-render.js): "Back to the tournament",
// which an arena's game says "Back to the arena"; for an arena's player, still running, the page
// goes back by itself after a few seconds (to be paired again) unless they press "Stay here",
// which pauses them in the arena (else they would be paired while away, and lose the game unseated).
// An arena's game also says so where a round's would say "The tournament", and why it ended unplayed.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./server.js";
import { localName } from "./words.js";

/** The seconds an arena's player stays on their game's end before going back to the arena. */
const RETURN_SECONDS = 8;
/** Each game's way back, made once: the end screen is drawn again at each news, the count kept. */
const kept = new Map();
/** Each tournament's read, asked once a page: its format does not change.
 * @type {Map<string, Promise<{format: string, status: string}>>} */
const reads = new Map();
/** The tournaments known to be arenas (true) or not (false), once read. @type {Map<string, boolean>} */
const arenas = new Map();

/** The tournament `id` as the server says it, read once. @param {string} id */
function readTournament(id) {
  let read = reads.get(id);
  if (!read) {
    read = api(`/api/tournaments/${encodeURIComponent(id)}`).then((found) => {
      const tournament = /** @type {{format: string, status: string}} */ (found);
      arenas.set(id, tournament.format === "arena");
      return tournament;
    });
    reads.set(id, read);
  }
  return read;
}

/** The status line's link to the tournament: "Back to the arena" for an arena's game (said at once
 * when known, else once read), "The tournament" for another's. @param {string} tournament */
export function tournamentPageLink(tournament) {
  const arena = arenas.get(tournament);
  const link = el("a", { href: `/tournament/${tournament}`, id: "tournament-link" }, t(arena ? "arena.back" : "tournament.page"));
  if (arena === undefined) {
    readTournament(tournament).then((read) => { if (read.format === "arena") link.textContent = t("arena.back"); })
      .catch(() => { /* the plain words stand */ });
  }
  return link;
}

/** Why an arena's game ended unplayed, its seat's minute run out (`plain`, the words of any game's
 * wait, until the tournament is read): who did not sit loses it by forfeit and is paused.
 * @param {import("./view-types.js").View} view @param {string} tournament @param {string} plain */
export function unseatedWords(view, tournament, plain) {
  const absent = view.seats.filter((seat) => seat.kind === "open").map((seat) => localName(seat.name));
  const words = () => absent.length === 1 ? t("arena.seat_ran_out", { name: absent[0] }) : t("arena.seats_ran_out");
  if (view.wait_ended !== "expired" || !absent.length || arenas.get(tournament) === false) return plain;
  if (arenas.get(tournament)) return words();
  const span = el("span", {}, plain);
  readTournament(tournament).then((read) => { if (read.format === "arena") span.textContent = words(); })
    .catch(() => { /* the plain words stand */ });
  return span;
}

/** The end screen's way back to `tournament`, whose game `gameId` is (`player`: the reader played in it).
 * @param {string} gameId @param {string} tournament @param {boolean} player @returns {HTMLElement[]} */
export function tournamentWayBack(gameId, tournament, player) {
  const known = kept.get(gameId);
  if (known) return known;
  const link = el("a", { href: `/tournament/${tournament}`, class: "button primary", id: "back-to-tournament" }, t("end.back_to_tournament"));
  const note = el("span", { id: "arena-return", class: "small" });
  const parts = [link, note];
  kept.set(gameId, parts);
  readTournament(tournament).then((read) => {
    if (read.format !== "arena") return;
    link.textContent = t("arena.back");
    if (player && read.status === "running") countDown(tournament, note);
  }).catch(() => { /* the plain way back stands */ });
  return parts;
}

/** Count down in `note`, then go to the arena's page; "Stay here" stops it and pauses the player there.
 * @param {string} tournament @param {HTMLElement} note */
function countDown(tournament, note) {
  let left = RETURN_SECONDS;
  /** @type {number | undefined} */
  let timer;
  const stay = async () => {
    clearTimeout(timer);
    note.replaceChildren(t("arena.stayed"));
    await api(`/api/tournaments/${encodeURIComponent(tournament)}/pause`, { method: "POST" }).catch(() => { /* over meanwhile */ });
  };
  const button = el("button", { type: "button", id: "arena-stay", onclick: stay }, t("arena.stay"));
  const words = el("span", {});
  const tick = () => {
    if (left <= 0) { location.href = `/tournament/${tournament}`; return; }
    words.textContent = t("arena.back_in", { n: left });
    left -= 1;
    timer = window.setTimeout(tick, 1000);
  };
  note.replaceChildren(words, " ", button);
  tick();
}
