// A simul's game page leads back to its simul (the seats name it: web/simuls.py, MARK) and, for
// the simul's host once their move is played, on to the next board awaiting them ("Next board",
// the N key), as lichess's simuls do: a host at many boards goes from one to the next, not by the list.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { remember } from "./saved-games.js";
import { api } from "./server.js";

/** Whether the reader hosts each simul, read once a page. @type {Map<string, Promise<boolean>>} */
const hosting = new Map();
/** Whether the page listens for the N key already. */
let listening = false;

/** " · Back to the simul" after a simul's game's title, and "Next board" for its host when the
 * game awaits another's move; else nothing.
 * @param {{id: string, status: string, seats: Array<object>, your_seats: number[], current_player: number}} view the game's view */
export function simulLink(view) {
  const simul = view.seats.map((seat) => /** @type {{simul?: string}} */ (seat).simul).find(Boolean);
  if (!simul) return "";
  const next = el("span", { class: "simul-next-slot" });
  const played = view.your_seats.length > 0 && (view.status !== "playing" || !view.your_seats.includes(view.current_player));
  if (played) {
    hostOf(simul).then((host) => { if (host) next.replaceChildren(" ", nextButton(simul, view.id)); });
  }
  const back = el("span", { class: "simul-back" }, " · ", el("a", { href: `/simul/${simul}`, id: "simul-link" }, t("simul.back")));
  return el("span", {}, back, next);
}

/** Whether the reader hosts the simul `id` (false where it cannot be read). @param {string} id */
function hostOf(id) {
  let found = hosting.get(id);
  if (!found) {
    found = api(`/api/simuls/${encodeURIComponent(id)}`).then((simul) => Boolean(/** @type {any} */ (simul).you?.host), () => false);
    hosting.set(id, found);
  }
  return found;
}

/** The host's "Next board" button, the N key pressing it. @param {string} simul @param {string} gameId */
function nextButton(simul, gameId) {
  if (!listening) {
    listening = true;
    document.addEventListener("keydown", (event) => {
      const target = /** @type {HTMLElement | null} */ (event.target);
      if (event.key.toLowerCase() !== "n" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
      document.getElementById("simul-next")?.click();
    });
  }
  return el("button", { type: "button", id: "simul-next", class: "primary simul-next", title: t("simul.next_board_title"),
    "aria-keyshortcuts": "N", onclick: () => { void nextBoard(simul, gameId); } }, t("simul.next_board"));
}

/** Open the next game of the simul, after `gameId` in its order, awaiting the host's move (their
 * seat kept for its page); the simul's page when none does. @param {string} simul @param {string} gameId */
async function nextBoard(simul, gameId) {
  /** @type {import("./simul.js").SimulBoard[]} */
  let games = [];
  try {
    games = /** @type {import("./simul.js").Simul} */ (await api(`/api/simuls/${encodeURIComponent(simul)}`)).games;
  } catch { /* the simul's page says what went wrong */ }
  const at = games.findIndex((game) => game.id === gameId);
  const board = [...games.slice(at + 1), ...games.slice(0, at + 1)]
    .find((game) => game.id !== gameId && game.host_to_move && game.status === "playing" && game.token);
  const token = board?.token;
  if (!board || !token) {
    location.assign(`/simul/${simul}`);
    return;
  }
  remember(board.id, [token], { kinds: [], joined: true });
  location.assign(`/game/${board.id}`);
}
