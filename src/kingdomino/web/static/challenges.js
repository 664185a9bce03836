// Challenges (web/challenges.py): on a player's page, challenge them (and, to a game of three or
// four, one or two more players named) to a game chosen as the lobby's quick game is; in the lobby,
// the challenges to you (Accept, Decline), those you accepted while others have not, and yours (Open,
// Call off), live from the lobby's socket on every tab, and how each ended.
import { ACCOUNT_SHOWN } from "./account.js";
import { awayNotes } from "./challenge-away.js";
import { el } from "./dom.js";
import { language, t } from "./i18n.js";
import { replaceKeepingFocus } from "./keep-focus.js";
import { gameChoiceFields, openJoined, timeControlWords, waitWords } from "./open-games.js";
import { noTakebacks, takebacksBox, takebacksChosen } from "./lobby-takebacks.js";
import { remember, tokensFor } from "./saved-games.js";
import { api } from "./server.js";
import { tellChallenged } from "./turn-told.js";
import { declineToldWords, declineWords } from "./wait-end.js";
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
  const wanted = gameChoiceFields(games, "challenge", t("challenge.choice"), undefined, t("challenge.clock"));
  const further = furtherNames(() => wanted.chosen().players, /** @type {HTMLElement} */ (wanted.fields[0]));
  // Private to its players unless the challenger says otherwise, as the server has it.
  const watched = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: "challenge-public" }));
  const takebacks = takebacksBox("challenge-takebacks");
  const send = async (/** @type {Event} */ event) => {
    event.preventDefault();
    said.textContent = "";
    try {
      const created = /** @type {import("./view-types.js").Created} */ (await api("/api/challenges", { method: "POST",
        body: { names: [name, ...further.names()], ...wanted.chosen(), public: watched.checked,
          takebacks: takebacksChosen(takebacks, "challenge-takebacks") } }));
      remember(created.id, [String(created.seats[0].token)], { kinds: ["me", ...created.seats.slice(1).map(() => "open")] });
      location.href = `/game/${created.id}`;
    } catch (problem) { said.textContent = errorWords(problem); }
  };
  // Others to name only in a game of three or four: a game of two says its one player alone.
  const about = el("p", { class: "small", id: "challenge-about" });
  const sayAbout = () => {
    about.textContent = bot ? t("challenge.about_bot", { name })
      : t(wanted.chosen().players > 2 ? "challenge.about" : "challenge.about_two", { name });
  };
  /** @type {HTMLElement} */ (wanted.fields[0]).addEventListener("change", sayAbout);
  sayAbout();
  return el("section", { class: "card", id: "challenge" }, title,
    el("form", { id: "challenge-form", onsubmit: send, "aria-labelledby": "challenge-title" },
      wanted.fields[0], further.field, ...wanted.fields.slice(1), " ",
      el("label", { title: t("watch.public_title") }, watched, " ", t("watch.public")), " ", takebacks, " ",
      el("button", { type: "submit", class: "primary", id: "challenge-button" }, t("challenge.send")),
      about), said);
}

/** The fields naming the further players of a challenge to a game of three or four, one for each
 * seat beyond the challenger's and the page's player's, as many as the game chosen in `choice` has
 * (`players()`); a name typed is kept while the choice changes. @param {() => number} players
 * @param {HTMLElement} choice */
function furtherNames(players, choice) {
  const field = el("span", { id: "challenge-others" });
  /** @type {HTMLInputElement[]} */
  const inputs = [];
  const fit = () => {
    const wanted = players() - 2;
    for (let n = inputs.length + 3; inputs.length < wanted; n += 1) {
      inputs.push(/** @type {HTMLInputElement} */ (el("input", { id: `challenge-name-${n}`, maxlength: 40, size: 18,
        autocomplete: "off", required: true, placeholder: t("challenge.name_placeholder") })));
    }
    field.replaceChildren(...inputs.slice(0, wanted).map((input, i) => el("span", { class: "challenge-other" },
      el("label", { for: input.id }, t("player_n", { n: i + 3 })), " ", input)));
  };
  choice.addEventListener("change", fit);
  fit();
  return { field, names: () => inputs.slice(0, players() - 2).map((input) => input.value.trim()) };
}

/** Names in the page's language, as a list ("Boris, Cleo and Dora"). @param {string[]} names */
function namesList(names) {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(names.map(localName));
}

/** The seats a challenge keeps for the players it challenged, answered or not. @param {Challenge} c */
function namedSeats(c) {
  return c.seats.filter((_seat, i) => i !== c.creator_seat);
}

/** Who a challenge is between, as account `me` sees it: who challenged whom; in a game of three or
 * four, the others it names, and who has still to answer once some have, each named once: to its
 * challenger, who accepted and who is awaited ("Your challenge · Anna accepted · still to answer:
 * Boris and Kira"), to one it named, the others with them ("with") and the awaited.
 * @param {Challenge} c @param {number | null} me */
function whoWords(c, me) {
  const named = namedSeats(c);
  const others = named.filter((seat) => seat.account !== me);
  const answered = named.some((seat) => seat.kind !== "open");
  const awaited = answered ? others.filter((seat) => seat.kind === "open") : [];
  const joined = others.filter((seat) => !awaited.includes(seat));
  const names = (/** @type {Challenge["seats"]} */ seats) => namesList(seats.map((seat) => seat.name));
  const creator = localName(c.creator || "");
  const mine = c.creator_account === me;
  const head = mine ? (answered ? t("challenge.yours") : t("challenge.to", { name: names(named) }))
    : t(c.to_you ? "challenge.from" : "challenge.you_accepted", { name: creator });
  return [el("strong", {}, head),
    joined.length && (answered || !mine) ? ` · ${t(mine ? "challenge.accepted_by" : "challenge.with", { names: names(joined) })}` : "",
    awaited.length ? ` · ${t("challenge.awaiting", { names: names(awaited) })}` : ""];
}

/** What a challenge is: the game, rated or casual, its clock, how long it still waits, and "No
 * takebacks" when it allows none (told before it is accepted, as the open games' lines tell it).
 * @param {Challenge} c */
function challengeWords(c) {
  const left = c.open_until === null ? null : (c.open_until * 1000 - Date.now()) / 60000;
  return [[gameTitle(c), t(c.rated ? "lobby.rated" : "lobby.casual"), timeControlWords(c.time_control),
    left === null ? "" : t("lobby.waits_more", { time: waitWords(left) })].filter(Boolean).join(" · "), noTakebacks(c)];
}

/** How a challenge ended, in words, as account `me` sees it (its challenger, or one it named); ""
 * when nothing is worth saying (you declined it yourself, or accepted it last, here or in another
 * tab; it went unanswered by you). @param {Challenge} c @param {number | null} me
 * @param {{status: string, wait_ended: string | null, declined: string | null,
 *   decline_reason?: import("./view-types.js").DeclineReason | null}} end */
function endWords(c, end, me) {
  const named = namedSeats(c);
  const all = namesList(named.map((seat) => seat.name));
  const several = named.length > 1;
  const creator = localName(c.creator || "");
  if (c.creator_account === me) {
    if (end.status === "playing") return t(several ? "challenge.accepted_all" : "challenge.accepted", { name: all });
    if (end.wait_ended === "declined") {
      const name = localName(end.declined || all);
      const why = declineWords(end.decline_reason);
      return why ? t("challenge.declined_why", { name, why }) : t("challenge.declined", { name });
    }
    if (end.wait_ended === "expired") return t(several ? "challenge.unanswered_all" : "challenge.unanswered", { name: all });
    return t("challenge.called_off", { name: all });
  }
  const own = named.find((seat) => seat.account === me);
  if (end.wait_ended === "declined") {
    if (!end.declined || end.declined === own?.name) return "";
    const why = declineToldWords(end.decline_reason);
    const name = localName(end.declined);
    return why ? t("challenge.declined_other_why", { name, creator, why }) : t("challenge.declined_other", { name, creator });
  }
  if (end.wait_ended === "called_off") return t("challenge.withdrawn", { name: creator });
  if (c.to_you) return "";
  return t(end.status === "playing" ? "challenge.begun" : "challenge.unanswered_other", { name: creator });
}

/** The reasons a player may say when declining, as a bot says its own (`DECLINE_REASONS`). */
const DECLINE_REASONS = /** @type {const} */ (["generic", "later", "too_fast", "too_slow", "clock", "rated", "casual", "game"]);

/** A reason to decline as its menu words it for the one choosing ("I am busy with other games"),
 * where the challenger reads it worded for them (`declineWords`).
 * @param {typeof DECLINE_REASONS[number]} reason */
function choiceWords(reason) {
  /** @type {Record<typeof DECLINE_REASONS[number], () => string>} */
  const words = {
    generic: () => t("decline_choice.generic"),
    later: () => t("decline_choice.later"),
    too_fast: () => t("decline_choice.too_fast"),
    too_slow: () => t("decline_choice.too_slow"),
    clock: () => t("decline_choice.clock"),
    rated: () => t("decline_choice.rated"),
    casual: () => t("decline_choice.casual"),
    game: () => t("decline_choice.game"),
  };
  return words[reason]();
}

/** A challenge's Decline, with the reason to send chosen beside it (none unless the player picks
 * one), as lichess offers a person its bots' reasons; `chosen` keeps each line's pick while the
 * list is drawn again. @param {Challenge} c @param {string} about the id of the line's words
 * @param {Map<string, string>} chosen @param {(problem: unknown) => void} failed */
function declineControls(c, about, chosen, failed) {
  const reason = /** @type {HTMLSelectElement} */ (el("select", { class: "decline-reason", "aria-label": t("challenge.reason_label"),
    "aria-describedby": about, onchange: () => chosen.set(c.id, reason.value) },
  el("option", { value: "" }, t("challenge.no_reason")), ...DECLINE_REASONS.map((r) => el("option", { value: r }, choiceWords(r)))));
  reason.value = chosen.get(c.id) || "";
  const send = () => api(`/api/challenges/${c.id}/decline`, { method: "POST", body: reason.value ? { reason: reason.value } : undefined })
    .catch(failed);
  return [reason, " ", el("button", { type: "button", class: "decline", "aria-describedby": about, onclick: send }, t("challenge.decline"))];
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
  /** The reason picked to decline each challenge, by id, kept while the list is drawn again. @type {Map<string, string>} */
  const reasons = new Map();
  /** The account the page is logged in as (told with the challenges). @type {number | null} */
  let me = null;
  /** @param {Challenge} c */
  const line = (c) => {
    // Each button is described by its line's words: two challenges' "Accept" are told apart.
    const about = `challenge-words-${c.id}`;
    const mine = c.creator_account === me;
    const open = tokensFor(c.id).length ? [el("a", { href: `/game/${c.id}`, class: "button", "aria-describedby": about }, t("lobby.open")), " "] : [];
    // One who accepted may still decline until all have: the challenge is called off for all.
    const buttons = c.to_you
      ? [el("button", { type: "button", class: "primary accept", "aria-describedby": about, onclick: () => api(`/api/challenges/${c.id}/accept`,
        { method: "POST" }).then((seated) => openJoined(/** @type {import("./view-types.js").Seated} */ (seated))).catch(failed) },
      t("challenge.accept")), " ", ...declineControls(c, about, reasons, failed)]
      : mine ? [...open, open.length ? el("button", { type: "button", class: "call-off", "aria-describedby": about,
        onclick: () => api(`/api/games/${c.id}/cancel`, { method: "POST", body: { token: tokensFor(c.id)[0] } }).catch(failed) },
      t("lobby.call_off")) : ""]
        : [...open, ...declineControls(c, about, reasons, failed)];
    return el("li", { "data-id": c.id, class: c.to_you ? "challenge to-you" : "challenge" },
      el("span", { id: about }, ...whoWords(c, me), " · ", ...challengeWords(c), ...awayNotes(c, me, draw)), " ", ...buttons);
  };
  const draw = () => {
    card.hidden = !waiting.size && !ended.childElementCount;
    replaceKeepingFocus(list, [...waiting.values()].map(line));
    // The tab's title counts them with the games awaiting a move: both await the player's answer.
    tellChallenged([...waiting.values()].filter((c) => c.to_you).length);
  };
  /** @param {LobbyMessage} message */
  const heard = (message) => {
    if (message.type === "challenges") {
      me = message.account;
      waiting.clear();
      for (const c of message.challenges) waiting.set(c.id, c);
    }
    else if (message.type === "challenge") {
      const c = message.challenge;
      if (c.to_you && !waiting.has(c.id)) news.textContent = `${t("challenge.from", { name: localName(c.creator || "") })} · ${gameTitle(c)}`;
      waiting.set(c.id, c);
    }
    else if (message.type === "challenge_gone") {
      const c = waiting.get(message.id);
      waiting.delete(message.id);
      reasons.delete(message.id);
      const words = c ? endWords(c, message, me) : "";
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
