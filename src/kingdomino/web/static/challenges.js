// Challenges (web/challenges.py): on a player's page, challenge them to a game of two, chosen as the
// lobby's quick game is; in the lobby, the challenges to you (Accept, Decline) and yours (Open, Call
// off), live from the lobby's socket on every tab, and how each of yours ended.
import { ACCOUNT_SHOWN } from "./account.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { replaceKeepingFocus } from "./keep-focus.js";
import { gameChoiceFields, openJoined, timeControlWords, waitWords } from "./open-games.js";
import { remember, tokensFor } from "./saved-games.js";
import { api } from "./server.js";
import { declineWords } from "./wait-end.js";
import { errorWords, gameTitle, localName } from "./words.js";

/** @typedef {import("./view-types.js").Challenge} Challenge */
/** @typedef {import("./view-types.js").LobbyMessage} LobbyMessage */

/** The card of a player's page that challenges them: its form for a logged-in player, a word to
 * log in for a guest, nothing on one's own page; a bot's says how a bot answers.
 * @param {string} name the player's name @param {boolean} bot
 * @param {Record<string, {players: number[], modes?: string[]}>} games the lobby's games */
export async function challengeCard(name, bot, games) {
  const { account } = /** @type {{account: {name: string} | null}} */ (await api("/api/account").catch(() => ({ account: null })));
  if (account && account.name.toLowerCase() === name.toLowerCase()) return "";
  const title = el("h2", { id: "challenge-title" }, t("challenge.title", { name }));
  if (!account) return el("section", { class: "card", id: "challenge" }, title,
    el("p", { class: "small" }, el("a", { href: "/", id: "challenge-log-in" }, t("challenge.log_in", { name }))));
  const said = el("p", { class: "error", role: "alert", id: "challenge-error" });
  const wanted = gameChoiceFields(games, "challenge", t("challenge.choice"), [2], t("challenge.clock"));
  // Private to its two players unless the challenger says otherwise, as the server has it.
  const watched = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: "challenge-public" }));
  const send = async (/** @type {Event} */ event) => {
    event.preventDefault();
    said.textContent = "";
    try {
      const created = /** @type {import("./view-types.js").Created} */ (await api("/api/challenges", { method: "POST",
        body: { name, ...wanted.chosen(), public: watched.checked } }));
      remember(created.id, [String(created.seats[0].token)], { kinds: ["me", "open"] });
      location.href = `/game/${created.id}`;
    } catch (problem) { said.textContent = errorWords(problem); }
  };
  return el("section", { class: "card", id: "challenge" }, title,
    el("form", { id: "challenge-form", onsubmit: send, "aria-labelledby": "challenge-title" }, ...wanted.fields, " ",
      el("label", { title: t("watch.public_title") }, watched, " ", t("watch.public")), " ",
      el("button", { type: "submit", class: "primary", id: "challenge-button" }, t("challenge.send")),
      el("p", { class: "small" }, bot ? t("challenge.about_bot", { name }) : t("challenge.about", { name }))), said);
}

/** What a challenge is: the game, rated or casual, its clock and how long it still waits. @param {Challenge} c */
function challengeWords(c) {
  const left = c.open_until === null ? null : (c.open_until * 1000 - Date.now()) / 60000;
  return [gameTitle(c), t(c.rated ? "lobby.rated" : "lobby.casual"), timeControlWords(c.time_control),
    left === null ? "" : t("lobby.waits_more", { time: waitWords(left) })].filter(Boolean).join(" · ");
}

/** How a challenge of yours (`mine`) or to you ended, in words; "" when nothing is worth saying (one
 * you accepted or declined yourself, here or in another tab).
 * @param {Challenge} c @param {{status: string, wait_ended: string | null, decline_reason?: import("./view-types.js").DeclineReason | null}} end */
function endWords(c, end) {
  const other = localName(c.to_you ? c.creator || "" : c.seats[1].name);
  if (c.to_you) return end.wait_ended === "called_off" ? t("challenge.withdrawn", { name: other }) : "";
  if (end.status === "playing") return t("challenge.accepted", { name: other });
  if (end.wait_ended === "declined") {
    const why = declineWords(end.decline_reason);
    return why ? t("challenge.declined_why", { name: other, why }) : t("challenge.declined", { name: other });
  }
  if (end.wait_ended === "expired") return t("challenge.unanswered", { name: other });
  return t("challenge.called_off", { name: other });
}

/** The lobby's card of the challenges waiting for the logged-in player's answer or made by them,
 * hidden while there is none, and the socket's messages it is told (`heard`). */
export function challengesCard() {
  const said = el("p", { class: "error", role: "alert", id: "challenges-error" });
  const ended = el("ul", { id: "challenges-ended" });
  const list = el("ul", { id: "challenge-list" });
  // A new challenge to you, said to a screen reader (the list itself is not live).
  const news = el("p", { id: "challenge-news", class: "visually-hidden", role: "status" });
  const card = el("section", { class: "card", id: "challenges", hidden: "" }, el("h2", {}, t("challenge.heading")), list,
    el("div", { role: "status" }, ended), news, said);
  /** The challenges waiting, by id, the oldest first. @type {Map<string, Challenge>} */
  const waiting = new Map();
  const failed = (/** @type {unknown} */ problem) => { said.textContent = errorWords(problem); };
  /** @param {string} path */
  const ask = (path) => api(path, { method: "POST" });
  /** @param {Challenge} c */
  const line = (c) => {
    const who = c.to_you ? t("challenge.from", { name: localName(c.creator || "") }) : t("challenge.to", { name: localName(c.seats[1].name) });
    // Each button is described by its line's words: two challenges' "Accept" are told apart.
    const about = `challenge-words-${c.id}`;
    const buttons = c.to_you
      ? [el("button", { type: "button", class: "primary accept", "aria-describedby": about, onclick: () => ask(`/api/challenges/${c.id}/accept`)
        .then((seated) => openJoined(/** @type {import("./view-types.js").Seated} */ (seated))).catch(failed) }, t("challenge.accept")), " ",
      el("button", { type: "button", class: "decline", "aria-describedby": about, onclick: () => ask(`/api/challenges/${c.id}/decline`)
        .catch(failed) }, t("challenge.decline"))]
      : tokensFor(c.id).length ? [el("a", { href: `/game/${c.id}`, class: "button", "aria-describedby": about }, t("lobby.open")), " ",
        el("button", { type: "button", class: "call-off", "aria-describedby": about, onclick: () => api(`/api/games/${c.id}/cancel`,
          { method: "POST", body: { token: tokensFor(c.id)[0] } }).catch(failed) }, t("lobby.call_off"))] : [];
    return el("li", { "data-id": c.id, class: c.to_you ? "challenge to-you" : "challenge" },
      el("span", { id: about }, el("strong", {}, who), " · ", challengeWords(c)), " ", ...buttons);
  };
  const draw = () => {
    card.hidden = !waiting.size && !ended.childElementCount;
    replaceKeepingFocus(list, [...waiting.values()].map(line));
  };
  /** @param {LobbyMessage} message */
  const heard = (message) => {
    if (message.type === "challenges") { waiting.clear(); for (const c of message.challenges) waiting.set(c.id, c); }
    else if (message.type === "challenge") {
      const c = message.challenge;
      if (c.to_you && !waiting.has(c.id)) news.textContent = `${t("challenge.from", { name: localName(c.creator || "") })} · ${gameTitle(c)}`;
      waiting.set(c.id, c);
    }
    else if (message.type === "challenge_gone") {
      const c = waiting.get(message.id);
      waiting.delete(message.id);
      const words = c ? endWords(c, message) : "";
      if (c && words && !ended.querySelector(`[data-id="${c.id}"]`)) ended.append(el("li", { "data-id": c.id }, words, " ",
        !c.to_you && message.status === "playing" ? el("a", { href: `/game/${c.id}`, class: "button" }, t("lobby.open")) : ""));
    } else return;
    draw();
  };
  // Logged out, the page no longer hears its account's challenges: none is shown.
  document.addEventListener(ACCOUNT_SHOWN, (event) => {
    if (/** @type {CustomEvent} */ (event).detail) return;
    waiting.clear();
    ended.replaceChildren();
    draw();
  });
  return { card, heard };
}
