// A simul's page at "/simul/<id>" (the list at "/simuls": simul-form.js): its host, game, clock and
// words; while it takes players, those who applied, the Apply button and the host's answers, start
// and call-off; from its start, its boards (simul-boards.js) and the host's results as games end.
// Read again every few seconds while it is open or under way.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { timeControlWords } from "./open-games.js";
import { remember } from "./saved-games.js";
import { api } from "./server.js";
import { DROPPED, latestOnly } from "./latest.js";
import { boardsPart } from "./simul-boards.js";
import { showSimulList } from "./simul-form.js";
import { errorWords, gameTitle } from "./words.js";

/** How often an open or running simul's page reads it again. */
const REFRESH_SECONDS = 4;

/** A board of a simul (GET /api/simuls/{id}: `games`).
 * @typedef {{id: string, challenger: string, host_seat: number, result: string | null, status: string,
 *   current_player: number | null, host_to_move: boolean, moves: number, scores: number[], token: string | null}} SimulBoard */
/** A simul whole (GET /api/simuls/{id}).
 * @typedef {{id: string, host: string, game: string, options: import("./view-types.js").GameOptions,
 *   time_control: import("./view-types.js").TimeControl | null, host_extra: number, extra_per_challenger: number,
 *   first: string, rated: boolean, text: string,
 *   status: "open" | "running" | "finished" | "cancelled", you: {host: boolean, state: string | null, account: boolean},
 *   entrants: Array<{name: string, bot: boolean, state: string}>, games: SimulBoard[],
 *   results: {win: number, draw: number, loss: number, unplayed: number}, playing: number}} Simul */

/** The simuls' list (no `id`) or one simul's page. @param {HTMLElement} main @param {string} id */
export async function showSimuls(main, id) {
  if (!id) return showSimulList(main);
  const head = el("div", { id: "simul-head" });
  const part = el("div", { id: "simul-part" });
  const boards = boardsPart();
  const said = el("p", { class: "error", role: "alert", id: "simul-said" });
  main.replaceChildren(el("section", { class: "card", id: "simul-page" }, head, said, part), boards.element,
    el("p", {}, el("a", { href: "/simuls", id: "simul-all" }, t("simul.all"))));
  /** @type {number | undefined} */
  let timer;
  let shown = "";
  // An act's read and the timer's overlap: only the latest is drawn, and sets the next timer.
  const latest = latestOnly();
  const load = async () => {
    clearTimeout(timer);
    if (!main.isConnected) return;
    try {
      const found = /** @type {Simul | typeof DROPPED} */ (await latest(api(`/api/simuls/${encodeURIComponent(id)}`)));
      if (found === DROPPED) return;
      const text = JSON.stringify(found);
      if (text !== shown) {
        head.replaceChildren(...headOf(found));
        part.replaceChildren(...(found.status === "open" ? openPart(found, said, load) : yourGame(found)));
        await boards.show(found);
      }
      shown = text;
      if (found.status === "open" || found.status === "running") timer = window.setTimeout(load, REFRESH_SECONDS * 1000);
    } catch (problem) {
      said.textContent = errorWords(problem);
    }
  };
  await load();
}

/** The simul's title, settings, words, status and results. @param {Simul} found */
function headOf(found) {
  document.title = `${t("simul.title", { name: found.host })} · ${t("app.name")}`;
  const { win, draw, loss, unplayed } = found.results;
  const settings = [gameTitle(found), timeControlWords(found.time_control),
    t(found.rated ? "simul.rated_yes" : "simul.rated_no"), t(`simul.first_is_${found.first}`)].join(" · ");
  const status = found.status === "running" ? t("simul.games_left", { n: found.playing }) : t(`simul.status_${found.status}`);
  return [
    el("h1", {}, t("simul.title", { name: found.host })),
    el("p", { class: "small", id: "simul-settings" }, settings),
    hostClock(found),
    found.text ? el("p", { id: "simul-words" }, found.text) : "",
    el("p", { id: "simul-status" }, status),
    found.status === "open" ? "" : el("p", { id: "simul-results" }, t("simul.results", { name: found.host, win, draw, loss }),
      unplayed ? ` · ${t("simul.unplayed", { n: unplayed })}` : ""),
  ];
}

/** The host's clock when they gave themselves extra time (web/simul_clocks.py): "Host's clock:
 * 10 min + 5 min extra + 20 s per challenger", and from the start the time each game's host clock
 * starts with. @param {Simul} found */
function hostClock(found) {
  const control = found.time_control;
  const { host_extra: extra, extra_per_challenger: each } = found;
  if (control?.kind !== "game" || !(extra || each)) return "";
  const minutes = control.minutes || 0;
  const parts = [t("simul.host_clock", { minutes }), extra ? t("simul.host_clock_extra", { n: extra }) : "",
    each ? t("simul.host_clock_per_challenger", { n: each }) : ""].filter(Boolean).join(" ");
  const seconds = minutes * 60 + extra * 60 + each * found.games.length;
  const start = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return el("p", { id: "simul-host-clock" }, parts,
    found.games.length ? ` · ${t("simul.host_clock_start", { time: start })}` : "");
}

/** While the simul takes players: the reader's application or the host's controls, and the
 * players who applied. @param {Simul} found @param {HTMLElement} said @param {() => Promise<void>} load */
function openPart(found, said, load) {
  /** @param {string} what @param {unknown} [body] */
  const act = async (what, body) => {
    said.textContent = "";
    try {
      await api(`/api/simuls/${found.id}/${what}`, { method: "POST", body });
      await load();
    } catch (problem) { said.textContent = errorWords(problem); }
  };
  const host = found.you.host;
  const accepted = found.entrants.filter((e) => e.state === "accepted").length;
  const button = (/** @type {string} */ id, /** @type {string} */ words, /** @type {() => void} */ onclick, primary = false, label = words) =>
    el("button", { type: "button", id, class: primary ? "primary" : "", onclick, "aria-label": label }, words);
  const yours = host ? [el("p", {}, t("simul.you_host"), " ", t("simul.accepted_count", { n: accepted })),
    el("p", { class: "simul-acts" }, button("simul-accept-all", t("simul.accept_all"), () => act("accept-all")), " ",
      button("simul-start", t("simul.start"), () => act("start"), true), " ",
      button("simul-cancel", t("simul.cancel"), () => act("cancel")))]
    : found.you.state ? [el("p", { id: "simul-you" }, t(`simul.you_${found.you.state}`), " ",
      button("simul-withdraw", t("simul.withdraw"), () => act("withdraw")))]
      : found.you.account ? [el("p", {}, button("simul-apply", t("simul.apply"), () => act("apply"), true))]
        : [el("p", { class: "small", id: "simul-log-in" }, el("a", { href: "/" }, t("simul.log_in")))];
  const lines = found.entrants.map((entrant) => el("li", { class: `simul-entrant ${entrant.state}` },
    el("a", { href: `/player/${encodeURIComponent(entrant.name)}` }, entrant.name), " · ", t(`simul.state_${entrant.state}`),
    host && entrant.state !== "accepted" ? [" ", button("", t("simul.accept"), () => act("answer", { name: entrant.name, accept: true }),
      false, t("simul.accept_name", { name: entrant.name }))] : "",
    host && entrant.state !== "declined" ? [" ", button("", t("simul.decline"), () => act("answer", { name: entrant.name, accept: false }),
      false, t("simul.decline_name", { name: entrant.name }))] : ""));
  return [...yours, el("h2", {}, t("simul.players")),
    lines.length ? el("ul", { id: "simul-entrants" }, lines) : el("p", { class: "small", id: "simul-nobody" }, t("simul.no_players"))];
}

/** A challenger's way to their own game of the started simul, its seat kept for the game's page.
 * @param {Simul} found */
function yourGame(found) {
  const board = found.you.host ? undefined : found.games.find((game) => game.token && game.status === "playing");
  const token = board?.token;
  if (!board || !token) return [];
  const open = () => { remember(board.id, [token], { kinds: [], joined: true }); };
  return [el("p", {}, el("a", { href: `/game/${board.id}`, class: "button primary", id: "simul-your-game", onclick: open },
    t("simul.play_yours", { name: found.host })))];
}
