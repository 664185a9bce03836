// The way back from a club tournament's game at its end (game-render.js): "Back to the tournament",
// which an arena's game says "Back to the arena"; for an arena's player, still running, the page
// goes back by itself after a few seconds (to be paired again) unless they press "Stay here",
// which pauses them in the arena (else they would be paired while away, and lose the game unseated).
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./server.js";

/** The seconds an arena's player stays on their game's end before going back to the arena. */
const RETURN_SECONDS = 8;
/** Each game's way back, made once: the end screen is drawn again at each news, the count kept. */
const kept = new Map();

/** The end screen's way back to `tournament`, whose game `gameId` is (`player`: the reader played in it).
 * @param {string} gameId @param {string} tournament @param {boolean} player @returns {HTMLElement[]} */
export function tournamentWayBack(gameId, tournament, player) {
  const known = kept.get(gameId);
  if (known) return known;
  const link = el("a", { href: `/tournament/${tournament}`, class: "button primary", id: "back-to-tournament" }, t("end.back_to_tournament"));
  const note = el("span", { id: "arena-return", class: "small" });
  const parts = [link, note];
  kept.set(gameId, parts);
  api(`/api/tournaments/${encodeURIComponent(tournament)}`).then((found) => {
    const read = /** @type {{format: string, status: string}} */ (found);
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
