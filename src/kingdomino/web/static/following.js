// The lobby's "Following" card (web/relations.py), for a logged-in player: each player they follow
// with what they are doing now (the public games they play, each to watch, or when their latest
// game began) and a "Challenge" that opens the player's page at its challenge form. Read again
// every `LOOK_SECONDS` while the lobby is shown and visible, the focus kept where it was.
import { ACCOUNT_SHOWN } from "./account.js";
import { el } from "./dom.js";
import { language, t } from "./i18n.js";
import { replaceKeepingFocus } from "./keep-focus.js";
import { api } from "./server.js";
import { errorWords, gameTitle, localName } from "./words.js";

/** A game a followed player plays, anyone may watch, with its other seats' names.
 * @typedef {{id: string, game: string, players: number, opponents?: string[], watch: string}} Watched */
/** A followed player (GET /api/account/following).
 * @typedef {{name: string, bot: boolean, since: string, playing: Watched[], last_played: string | null}} Followed */

/** How often the card is read again, in seconds. */
const LOOK_SECONDS = 30;

/** "3 days ago", in the page's language, of the moment `iso`. @param {string} iso */
export function ago(iso) {
  const seconds = (new Date(iso).getTime() - Date.now()) / 1000;
  const units = /** @type {Array<[Intl.RelativeTimeFormatUnit, number]>} */ (
    [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60]]);
  const format = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, "minute");
}

/** A watched game as the card names it: "Kingdomino against Anna, Boris" (two of one kind told apart).
 * @param {Watched} game */
function watchedTitle(game) {
  const others = (game.opponents || []).map(localName).join(", ");
  return others ? `${gameTitle(game)} ${t("people.against", { names: others })}` : gameTitle(game);
}

/** One followed player's line: their name (a link to their page), what they are doing, and
 * "Challenge". @param {Followed} who */
function line(who) {
  const page = `/player/${encodeURIComponent(who.name)}`;
  const doing = who.playing.length
    ? [t("people.playing"), " ", ...who.playing.flatMap((game, i) => [i ? ", " : "",
      el("a", { href: game.watch, class: "watch-game", "aria-label": t("people.watch_label", { name: who.name, game: watchedTitle(game) }) },
        watchedTitle(game))])]
    : [who.last_played ? t("people.last_played", { when: ago(who.last_played) }) : t("people.never_played")];
  return el("li", { "data-id": who.name, class: "followed" },
    el("span", { class: "followed-who" }, el("a", { href: page, class: "followed-name" }, who.name),
      who.bot ? ` (${t("players.bot")})` : "", el("br", {}), el("span", { class: "small" }, ...doing)),
    el("a", { href: `${page}#challenge`, class: "button challenge-followed",
      "aria-label": t("people.challenge_label", { name: who.name }) }, t("people.challenge")));
}

/** The way to a friend's page (to follow or challenge them) by their account's name, which the
 * lobby had none of: the page says when no player has that name, and asks again there, with the
 * name `tried` (players.js). @param {string} [tried] */
export function findForm(tried = "") {
  const name = /** @type {HTMLInputElement} */ (el("input", { type: "text", id: "find-player", required: true,
    maxlength: 24, autocomplete: "off", placeholder: t("challenge.name_placeholder"), value: tried }));
  const open = (/** @type {Event} */ event) => {
    event.preventDefault();
    location.href = `/player/${encodeURIComponent(name.value.trim())}`;
  };
  return el("form", { id: "find-player-form", class: "controls find-player", onsubmit: open },
    el("label", { for: "find-player" }, t("people.find")), name, el("button", { type: "submit" }, t("people.find_open")));
}

/** The lobby's "Following" card: hidden for a guest, else the players the account follows. */
export function followingCard() {
  const list = el("ul", { id: "following-list", class: "following-list" });
  const none = el("p", { class: "small", id: "following-none", hidden: true }, t("people.following_none"));
  const refused = el("p", { class: "error", role: "alert", id: "following-error" });
  const card = el("section", { class: "card", id: "following", hidden: true, "aria-labelledby": "following-title" },
    el("h2", { id: "following-title" }, t("people.following_title")), none, list, refused, findForm());
  /** Whether someone is logged in (the card is theirs). */
  let member = false;
  const look = async () => {
    if (!member) return;
    try {
      const { following } = /** @type {{following: Followed[]}} */ (await api("/api/account/following"));
      const fresh = el("ul", {}, following.map(line));
      if (list.innerHTML !== fresh.innerHTML) replaceKeepingFocus(list, [...fresh.childNodes]);
      none.hidden = following.length > 0;
      refused.textContent = "";
    } catch (problem) { refused.textContent = errorWords(problem); }
  };
  document.addEventListener(ACCOUNT_SHOWN, (event) => {
    member = Boolean(/** @type {CustomEvent} */ (event).detail);
    card.hidden = !member;
    list.replaceChildren();
    look();
  });
  const again = () => {
    if (!card.isConnected) return;
    (document.hidden ? Promise.resolve() : look()).finally(() => setTimeout(again, LOOK_SECONDS * 1000));
  };
  setTimeout(again, LOOK_SECONDS * 1000);
  return card;
}
