// A started simul's boards, each large enough to read its tiles: the host's kingdom and the
// challenger's as the game's own board module draws them, the challenger's name and the score, a
// link to the game; in the simul's order (the server's: a board keeps its place as turns pass, so
// the host's eye does not chase it), those awaiting the host's move marked. A board's view is read again
// only when its game moved, with the reader's token where they play it (the games are public).
import { BOARDS } from "./boards.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { remember } from "./saved-games.js";
import { api } from "./server.js";
import { DROPPED, latestOnly } from "./latest.js";

/** The boards' part of a simul's page: its element, and `show` to draw a simul's boards again.
 * @returns {{element: HTMLElement, show: (found: import("./simul.js").Simul) => Promise<void>}} */
export function boardsPart() {
  const grid = el("div", { class: "simul-boards", id: "simul-boards" });
  const element = el("section", { class: "card", id: "simul-games", hidden: true }, el("h2", {}, t("simul.boards")), grid);
  /** Each game's view as last read, and the moves it was read at. @type {Map<string, {moves: number, view: any}>} */
  const views = new Map();
  // The boards of a simul read later may be drawn before an earlier read's: those are not drawn after.
  const latest = latestOnly();
  /** @param {import("./simul.js").Simul} found */
  const show = async (found) => {
    element.hidden = !found.games.length;
    const read = await latest(Promise.all(found.games.map(async (board) => {
      const known = views.get(board.id);
      if (known && known.moves === board.moves) return;
      const query = board.token ? `?token=${encodeURIComponent(board.token)}` : "";
      const view = await api(`/api/games/${board.id}${query}`).catch(() => null);
      if (view) views.set(board.id, { moves: board.moves, view });
    })));
    if (read === DROPPED) return;
    grid.replaceChildren(...found.games.map((board) => boardCard(found, board, views.get(board.id)?.view)));
  };
  return { element, show };
}

/** One board: marked when it awaits the host, a link to its game (the reader's seat kept for its
 * page where they play it), the two kingdoms small, the challenger, the score or the result.
 * @param {import("./simul.js").Simul} found @param {import("./simul.js").SimulBoard} board @param {any} view */
function boardCard(found, board, view) {
  const host = board.host_seat, challenger = 1 - host;
  const href = board.token ? `/game/${board.id}` : `/game/${board.id}/watch`;
  const token = board.token;
  const open = token ? () => { remember(board.id, [token], { kinds: [], joined: true }); } : undefined;
  const mark = board.host_to_move ? el("span", { class: "simul-to-move" }, t(found.you.host ? "simul.your_move" : "simul.awaits_host")) : "";
  const ended = board.result ? el("span", { class: "simul-result" }, t(`simul.board_${board.result}`)) : "";
  const kingdoms = view ? el("span", { class: "simul-kingdoms", "aria-hidden": "true" },
    miniOf(view, host), miniOf(view, challenger)) : "";
  return el("a", { href, onclick: open, class: `simul-board${board.host_to_move ? " to-move" : ""}`, "data-game": board.id },
    kingdoms, el("span", { class: "simul-board-name" }, board.challenger),
    el("span", { class: "small" }, `${board.scores[host]} – ${board.scores[challenger]}`), mark, ended);
}

/** The small kingdom of `seat` in `view`, or nothing where its board module cannot draw it.
 * @param {any} view @param {number} seat */
function miniOf(view, seat) {
  const board = BOARDS[view.game];
  try {
    return el("span", { class: "simul-mini" }, board.miniKingdom(view, seat));
  } catch {
    return "";
  }
}
