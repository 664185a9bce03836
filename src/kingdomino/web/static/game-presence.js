// Who is at the table in a game with friends online (the server's "presence"): a mark by each
// other player's name, connected or away, drawn the moment a page opens or closes; a note when
// this seat is open in another window too (both play); how many spectators watch; and, once the seat to play has been
// awaited long enough while its player is away, the offer to hand it to an AI.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { seatBadge } from "./pictures.js";
import { localName } from "./words.js";
import { drawGone } from "./game-gone.js";

/** @typedef {import("./game-state.js").GameState} GameState */

/** Whether the game is over: played to its end, or aborted (nobody is awaited at its table then).
 * @param {import("./view-types.js").View} view */
const over = (view) => view.status === "finished" || view.status === "aborted";

/** The seat awaited while away long enough to be handed to an AI, with the seconds left before it
 * is (null: none; or not for us). @param {GameState} game @returns {{seat: number, left: number} | null} */
export function awaySeat(game) {
  const { view, presence } = game;
  if (!view || over(view) || !view.your_seats.length || view.your_seats.includes(view.current_player)) return null;
  // An AI plays the seat now (handed over a moment before the presence news comes): nobody awaited.
  if ((view.seats[view.current_player] || {}).kind === "ai") return null;
  const waited = presence.away[String(view.current_player)];
  if (waited === undefined) return null;
  const left = presence.after - waited - (performance.now() - presence.at) / 1000;
  return { seat: view.current_player, left };
}

/** Offer to hand the awaited seat to an AI once its player has been away long enough (drawn again
 * when that time comes); say who is at the table, and whether this seat is open elsewhere too.
 * @param {GameState} game */
export function drawAway(game) {
  const { awayCard, awayNote, awayButton } = game.page;
  drawPresence(game);
  drawGone(game);
  clearTimeout(game.awayTimer);
  const away = awaySeat(game);
  awayCard.hidden = !away || away.left > 0;
  if (away && away.left > 0) game.awayTimer = window.setTimeout(() => drawAway(game), away.left * 1000 + 250);
  if (!away || away.left > 0 || !game.view) return;
  const name = localName(game.view.seats[away.seat].name);
  awayNote.textContent = t("game.away_note", { name });
  awayButton.textContent = t("game.away_take", { name });
}

/** The other human seats of a game played online, each marked at the table (a page of it open)
 * or away (a spectator's page marks every human seat), and the note that this page's seat is open
 * in another window too (both play). @param {GameState} game */
function drawPresence(game) {
  const { view, presence, page } = game;
  const live = view !== null && !over(view) && !game.ctx.replay;
  const playing = live && view.your_seats.length > 0;
  const marked = live && presence.here !== null;
  const others = marked ? view.seats.filter((s) => s.kind === "human" && !view.your_seats.includes(s.seat)) : [];
  const here = presence.here || [];
  // In a turn-based game a player away is the rule, not news: only who is at the table now is marked.
  const daily = view?.time_control?.kind === "days";
  const marks = others.filter((seat) => !daily || here.includes(seat.seat)).map((seat) => {
    const at = here.includes(seat.seat);
    // A connection lost (a page that stopped answering) says so in a sentence of its own.
    if (!at && presence.lost.includes(seat.seat)) {
      const words = t("presence.lost", { name: localName(seat.name) });
      return el("span", { class: "presence-seat lost", id: `presence-${seat.seat}`, title: words },
        el("span", { class: "presence-mark", "aria-hidden": "true" }, "⚠"), seatBadge(seat.seat, 14), " ",
        el("span", { class: "presence-word" }, words));
    }
    const words = t(at ? "presence.here" : "presence.gone");
    return el("span", { class: `presence-seat ${at ? "here" : "gone"}`, id: `presence-${seat.seat}`, title: `${seat.name}: ${words}` },
      el("span", { class: "presence-mark", "aria-hidden": "true" }, at ? "●" : "○"), seatBadge(seat.seat, 14), " ",
      seat.name, " ", el("span", { class: "presence-word" }, words));
  });
  // How many spectators watch here, the page's own among them (a watch page's), as the lobby's list says.
  const watching = live && presence.watching > 0
    ? [el("span", { class: "watching-count", id: "watching-count" }, t("watch.watching", { n: presence.watching }))] : [];
  const said = JSON.stringify([...marks, ...watching].map((mark) => mark.outerHTML));
  if (page.presence.dataset.said !== said) {
    page.presence.dataset.said = said;
    const label = marks.length ? [el("span", { class: "visually-hidden" }, t("presence.label"))] : [];
    page.presence.replaceChildren(...label, ...marks, ...watching);
  }
  page.presence.hidden = !marks.length && !watching.length;
  sayWhoCame(page.presenceSaid, marked ? Object.fromEntries(others.map((s) => [s.seat, here.includes(s.seat)])) : null,
    (seat) => view ? view.seats[seat].name : "", presence.lost);
  const elsewhere = playing && presence.elsewhere.some((seat) => view.your_seats.includes(seat));
  page.elsewhereNote.hidden = !elsewhere;
  if (elsewhere) page.elsewhereNote.textContent = t("game.elsewhere");
}

/** Say who joined the table, left it or came back since the marks were last drawn: a sighted
 * player sees a mark change, a screen reader's user heard nothing. A seat first seen at the table
 * joined (its player opened the game, an invite link or a seat from the lobby); one seen there
 * before came back. Nothing at the page's first marks (what stands then is read with the page),
 * nor while there are none (no game with others online). The seats' states are kept on `said`:
 * "here", "gone" (after being here) or "never" (not seen here yet).
 * @param {HTMLElement} said @param {Record<string, boolean> | null} atTable each other seat, at the table or away
 * @param {(seat: number) => string} name @param {number[]} lost the seats whose connection is lost (not closed) */
function sayWhoCame(said, atTable, name, lost) {
  if (atTable === null) return;
  const first = said.dataset.known === undefined;
  /** @type {Record<string, string>} */
  const before = first ? {} : JSON.parse(/** @type {string} */ (said.dataset.known));
  /** @type {Record<string, string>} */
  const now = {};
  const news = [];
  for (const [seat, at] of Object.entries(atTable)) {
    const was = before[seat] || "never";
    now[seat] = at ? "here" : was === "never" ? "never" : "gone";
    if (first || now[seat] === was) continue;
    if (at) news.push(t(was === "never" ? "presence.joined" : "presence.back", { name: name(Number(seat)) }));
    else if (was === "here") news.push(t(lost.includes(Number(seat)) ? "presence.lost" : "presence.left", { name: name(Number(seat)) }));
  }
  said.dataset.known = JSON.stringify(now);
  if (news.length) said.textContent = news.join(". ");
}
