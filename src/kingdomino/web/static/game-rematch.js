// A finished game's rematch among the players of several browsers (invited friends, the lobby's):
// the first to ask offers it (POST /api/games/ID/rematch), the others' end screens hear of it in
// the view (`rematch`: the new game and the seat that offered it, no token) and join it, each in
// the seat they had, with a token of their own. A game whose human seats are all this browser's
// keeps the creator's rematch (a new game of the request that made it: game-requests.js).
import { el } from "./dom.js";
import { language, t } from "./i18n.js";
import { remember, tokensFor } from "./saved-games.js";
import { api } from "./server.js";
import { errorWords, localName } from "./words.js";

/** @typedef {import("./game-state.js").GameState} GameState */
/** @typedef {import("./view-types.js").View} View */
/** What the server answers a player asking for the rematch (`rematch.rematch` in the server).
 * @typedef {{id: string, seat: number, token: string, offered: boolean, rated: boolean, claimed: boolean | null}} Rematch */

/** Whether the rematch is the players' together: one is offered, or a human seat is another
 * browser's. @param {View} view */
export function sharedRematch(view) {
  return view.rematch !== null || view.seats.some((seat, i) => seat.kind === "human" && !view.your_seats.includes(i));
}

/** The names of `seats` in the page's words, as a list ("Ben and Cleo").
 * @param {{seats: Array<{name: string}>}} view @param {number[]} seats */
export function seatNames(view, seats) {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(seats.map((s) => localName(view.seats[s].name)));
}

/** Whom a rematch still awaits, in words ("Waiting for Ben to join the rematch"), on its own page
 * while it is played (`awaited`: the seats not joined yet); "" once every player joined.
 * @param {View} view */
export function awaitedWords(view) {
  const awaited = view.awaited || [];
  return view.status === "playing" && awaited.length ? t("rematch.awaited", { names: seatNames(view, awaited) }) : "";
}

/** Why a rematch was called off when some players never joined it (`absent`): named, or "you"
 * to the one reading. @param {View} view @param {number[]} absent */
export function noShowWords(view, absent) {
  const mine = absent.length > 0 && absent.every((s) => view.your_seats.includes(s));
  return mine ? t("rematch.no_show_you") : t("rematch.no_show", { names: seatNames(view, absent) });
}

/** What the end screen says of the rematch offered: who offered it, and whom else it awaits
 * (never the reader: the button asks them); to its offerer, whom it awaits, else that the others
 * were asked. A rematch called off says why: some player did not join it in time, or one
 * aborted it. @param {View} view @param {import("./view-types.js").RematchOffer} offer */
function offerWords(view, offer) {
  const off = offer.called_off;
  if (off) {
    return off.by === "no_show" ? noShowWords(view, offer.awaited) : t("rematch.called_off", { name: localName(view.seats[off.seat].name) });
  }
  const others = offer.awaited.filter((s) => !view.your_seats.includes(s));
  const waiting = others.length ? t("rematch.awaited", { names: seatNames(view, others) }) : "";
  if (view.your_seats.includes(offer.by)) return waiting || t("end.rematch_yours");
  const offered = t("end.rematch_offered", { name: localName(view.seats[offer.by].name) });
  return waiting ? `${offered} · ${waiting}` : offered;
}

/** The end screen's part of the shared rematch: the offer said (live: a status), and the button
 * to offer it, join it, or open it once this browser joined. @param {GameState} game @param {View} view
 * @returns {Array<Node | string>} */
export function rematchControls(game, view) {
  const standing = view.rematch && !view.rematch.called_off ? view.rematch : null;
  const offer = view.rematch;
  const playing = view.your_seats.length > 0 && game.tokens.length > 0;  // a seat's token offers or joins it
  const said = el("span", { id: "rematch-offer", role: "status" }, offer === null ? "" : offerWords(view, offer));
  if (standing !== null && tokensFor(standing.id).length) {
    return [el("a", { href: `/game/${standing.id}`, class: "button primary", id: "open-rematch" }, "↻ ", t("end.open_rematch")), " ", said];
  }
  if (!playing) return [said];
  // A rematch called off is offered anew by the same button as a first one.
  const [id, words] = standing === null ? ["rematch", t("end.rematch")] : ["join-rematch", t("end.join_rematch")];
  return [el("button", { type: "button", id, class: "primary", title: t("end.rematch_title"), onclick: () => joinRematch(game) }, "↻ ", words),
    " ", said];
}

/** Offer the rematch, or join the one offered, with each seat this browser plays (two at one
 * screen join both), then open it. @param {GameState} game */
async function joinRematch(game) {
  const watching = game.saved.spectator ? new URL(game.saved.spectator, location.href).searchParams.get("token") : null;
  /** @type {Rematch[]} */
  const joined = [];
  let problem = null;
  for (const token of game.tokens.filter((k) => k !== watching)) {
    try { joined.push(/** @type {Rematch} */ (await api(`/api/games/${game.id}/rematch`, { method: "POST", body: { token } }))); }
    catch (refused) { problem = refused; }
  }
  if (!joined.length) { game.page.error.textContent = errorWords(problem); return; }
  remember(joined[0].id, joined.map((j) => j.token), { seats: joined.map((j) => j.seat) });
  location.href = `/game/${joined[0].id}`;
}
