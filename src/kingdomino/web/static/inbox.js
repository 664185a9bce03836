// The inbox: a bell in the page's header, on every page of a logged-in player, with the count of
// what happened for them while they were away (GET /api/account/notifications: web/inbox_store.py),
// kept by the server so that any device shows it, with or without Web Push: challenges, their
// moves in turn-based games, their games' ends, their tournaments' rounds, a simul's start. The
// bell opens the list, each entry in words with a link to its page; a guest sees no bell.
import { el, svg } from "./dom.js";
import { language, number, t } from "./i18n.js";
import { replaceKeepingFocus } from "./keep-focus.js";
import { onNews } from "./news.js";
import { Refused, api } from "./server.js";
import { DROPPED, latestOnly } from "./latest.js";
import { returnDay } from "./vacation.js";
import { errorWords, gameTitle, localName } from "./words.js";

/** An entry of the inbox: its kind and the params its words need (web/inbox_events.py), when it
 * came (epoch seconds), whether it is read, the player's seat token in a game still on.
 * @typedef {{id: number, kind: string, params: Record<string, any>, at: number, read: boolean, token: string | null}} Entry */
/** The inbox as the server sends it. @typedef {{unread: number, entries: Entry[], more: boolean}} Inbox */

/** Seconds between two looks at the inbox while the page is seen: the lobby's look at the
 * account's games (account-games.js's REFRESH_SECONDS) is as often. */
const REFRESH_SECONDS = 60;
/** The event the lobby's account card sends when who is logged in changes (account.js's
 * ACCOUNT_SHOWN): a page that logs in or out shows its bell, or hides it, at once. */
const ACCOUNT_SHOWN = "kingdomino:account";
/** Entries asked for at a time. */
const PAGE = 20;

/** Names joined as the page joins them ("Bela and Cleo"). @param {string[]} names */
function listed(names) {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format((names || []).map(localName));
}

/** An entry in words ("Bela challenged you to Kingdomino for 2"), or null for a kind this page
 * does not know (a newer server's). @param {Entry} entry @returns {string | null} */
export function entryWords(entry) {
  const p = entry.params;
  const game = p.game ? gameTitle({ game: p.game, options: p.options || {} }) : "";
  const name = localName(String(p.name || ""));
  switch (entry.kind) {
    case "challenged": return t("inbox.challenged", { name, game, n: p.players }) + (p.takebacks === false ? ` · ${t("lobby.no_takebacks")}` : "");
    case "challenge_accepted": return t("inbox.accepted", { name, game });
    case "challenge_declined": return p.yours ? t("inbox.declined", { name, game })
      : t("inbox.declined_other", { name, game, creator: localName(String(p.creator || "")) });
    case "your_turn": return t("inbox.your_turn", { game, names: listed(p.others) });
    case "game_ended": return p.won ? t("inbox.won", { game, names: listed(p.others) })
      : t("inbox.place", { game, names: listed(p.others), place: number(p.place), total: number((p.others || []).length + 1) });
    case "vacation": return t("inbox.vacation", { name, date: returnDay(Number(p.until)) });
    case "tournament_started": return t("inbox.t_started", { tournament: p.name });
    case "simul_started": return t("inbox.simul_started", { name });
    case "tournament_round": return t("inbox.t_round", { tournament: p.name, round: number(p.round), names: listed(p.others) });
    case "arena_withdrawn": return t("inbox.arena_withdrawn", { tournament: p.name, n: Number(p.minutes) });
    case "tournament_ended": return p.place === 1 ? t("inbox.t_won", { tournament: p.name })
      : t("inbox.t_place", { tournament: p.name, place: number(p.place), total: number(p.of) });
    case "team_battle_ended": return battleWords(p);
    default: return null;
  }
}

/** A team battle's end in words (web/team_battle_end.py): the winning clubs and the reader's
 * club's place. @param {Record<string, any>} p */
function battleWords(p) {
  const winners = /** @type {string[]} */ (p.winners || []);
  if (!winners.length) return t("inbox.tb_none", { tournament: p.name });
  if (winners.includes(p.club)) return t("inbox.tb_first", { tournament: p.name, club: p.club });
  return t("inbox.tb_place", { tournament: p.name, club: p.club, place: number(p.place), total: number(p.of),
    winners: new Intl.ListFormat(language(), { type: "conjunction" }).format(winners) });
}

/** The page an entry opens: a challenge's lobby, where it is answered; a game's, at the player's
 * seat while it goes on; a tournament's; the page of a player on vacation. @param {Entry} entry */
export function entryHref(entry) {
  const p = entry.params;
  if (p.tournament) return `/tournament/${encodeURIComponent(p.tournament)}`;
  if (entry.kind === "challenged") return "/";
  if (entry.kind === "vacation") return `/player/${encodeURIComponent(p.name)}`;
  return `/game/${encodeURIComponent(p.game_id)}${entry.token ? `?token=${encodeURIComponent(entry.token)}` : ""}`;
}

/** How long ago `at` was, in the page's language ("5 minutes ago", "yesterday"). @param {number} at */
function ago(at) {
  const seconds = Math.max(0, Date.now() / 1000 - at);
  const say = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  if (seconds < 3600) return say.format(-Math.max(1, Math.round(seconds / 60)), "minute");
  if (seconds < 86400) return say.format(-Math.round(seconds / 3600), "hour");
  return say.format(-Math.round(seconds / 86400), "day");
}

/** Mark entry `id` read at the server, the page possibly leaving for the link clicked meanwhile
 * (`keepalive`). @param {number} id */
function markRead(id) {
  fetch("/api/account/notifications/read", { method: "POST", keepalive: true,
    headers: { "Content-Type": "application/json" }, body: JSON.stringify({ id }) }).catch(() => {});
}

/** A bell, drawn (an emoji's bell is a blank box where no emoji font is installed). */
function bellIcon() {
  return svg("svg", { class: "inbox-icon", viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true", focusable: "false" },
    svg("path", { fill: "currentColor",
      d: "M12 3a1.5 1.5 0 0 1 1.5 1.5v.6A6 6 0 0 1 18 11v4.5l2 2V19H4v-1.5l2-2V11a6 6 0 0 1 4.5-5.9v-.6A1.5 1.5 0 0 1 12 3z"
        + "m-2 17h4a2 2 0 0 1-4 0z" }));
}

/** The bell and its list, for the page's header: hidden until the server says who is logged in,
 * and for a guest. Read at once, every `REFRESH_SECONDS` while the page is seen, when it is seen
 * again, when the bell is opened and when the player logs in or out.
 * @param {boolean} askWho whether the bell asks who is logged in; else the page says it (the
 *   lobby's account card, by ACCOUNT_SHOWN), and asking twice would only cost a request
 * @returns {HTMLElement} */
export function inboxBell(askWho) {
  const count = el("span", { class: "inbox-count", "aria-hidden": "true" });
  const bell = el("button", { type: "button", id: "inbox-bell", class: "inbox-bell", "aria-expanded": "false",
    "aria-controls": "inbox-panel", title: t("inbox.title") }, bellIcon(), count);
  const list = el("ul", { id: "inbox-list", class: "inbox-list" });
  const said = el("p", { class: "error", role: "alert", id: "inbox-error" });
  const more = el("button", { type: "button", id: "inbox-more", hidden: true }, t("inbox.older"));
  const readAll = el("button", { type: "button", id: "inbox-read-all" }, t("inbox.mark_all"));
  const panel = el("div", { id: "inbox-panel", class: "inbox-panel", role: "region", "aria-labelledby": "inbox-title", hidden: true },
    el("div", { class: "inbox-head" }, el("h2", { id: "inbox-title" }, t("inbox.title")), readAll), said, list, more);
  const box = el("div", { class: "inbox", id: "inbox", hidden: true }, bell, panel);
  /** What the list shows, and the count of those unread. */
  const shown = { entries: /** @type {Entry[]} */ ([]), unread: 0, more: false };
  /** Whether an account is logged in here (null: not asked yet). @type {boolean | null} */
  let loggedIn = askWho ? null : false;

  const close = (/** @type {boolean} */ focusBell) => {
    if (panel.hidden) return;
    panel.hidden = true;
    bell.setAttribute("aria-expanded", "false");
    if (focusBell) bell.focus();
  };
  const draw = () => {
    count.textContent = shown.unread ? number(shown.unread) : "";
    bell.setAttribute("aria-label", shown.unread ? t("inbox.bell", { n: shown.unread }) : t("inbox.title"));
    readAll.hidden = !shown.unread;
    more.hidden = !shown.more;
    const items = shown.entries.flatMap((entry) => {
      const words = entryWords(entry);
      if (words === null) return [];
      // "Unread" is said in the link's name: a screen reader going from link to link hears it too.
      const link = el("a", { href: entryHref(entry), onclick: () => { if (!entry.read) markRead(entry.id); } },
        entry.read ? "" : el("span", { class: "visually-hidden" }, `${t("inbox.unread")}: `), words);
      return [el("li", { class: entry.read ? "inbox-entry" : "inbox-entry unread", "data-id": entry.id, "data-kind": entry.kind },
        link, " ", el("span", { class: "inbox-ago small" }, ago(entry.at)))];
    });
    const fresh = items.length ? items : [el("li", { class: "inbox-empty" }, t("inbox.empty"))];
    // Drawn again only when it reads otherwise: the focus of a player going through its links stays.
    if (list.innerHTML !== fresh.map((item) => item.outerHTML).join("")) replaceKeepingFocus(list, fresh);
  };
  /** Read the latest entries again: the first page (older ones asked for are kept while the list
   * shows them, those the first page now holds given by it). */
  const latest = latestOnly();
  const load = async () => {
    try {
      // Who is logged in is asked first, once: a guest's ask for an inbox is refused, a failed
      // request in the console of every guest's page.
      if (loggedIn === null) loggedIn = Boolean((/** @type {{account: object | null}} */ (await api("/api/account"))).account);
      if (!loggedIn) return;
      // Looks overlap (the bell opened, a socket's news, the minute's look): a late answer is older.
      const inbox = /** @type {Inbox | typeof DROPPED} */ (await latest(api(`/api/account/notifications?limit=${PAGE}`)));
      if (inbox === DROPPED) return;
      const oldest = Math.min(...inbox.entries.map((e) => e.id));
      const older = panel.hidden || inbox.entries.length < PAGE ? [] : shown.entries.filter((e) => e.id < oldest);
      Object.assign(shown, { entries: [...inbox.entries, ...older], unread: inbox.unread, more: older.length ? shown.more : inbox.more });
      box.hidden = false;
      draw();
    } catch (problem) {
      // A guest has no inbox; the server away a moment leaves the bell as it was until the next look.
      if (problem instanceof Refused && problem.code === "inbox_guest") { loggedIn = false; hide(); }
    }
  };
  const hide = () => {
    close(false);
    box.hidden = true;
    Object.assign(shown, { entries: [], unread: 0, more: false });
  };
  bell.addEventListener("click", () => {
    if (!panel.hidden) { close(false); return; }
    // Under the header, whatever its height (its parts wrap on a narrow screen).
    panel.style.top = `${Math.round(box.closest("header")?.getBoundingClientRect().bottom ?? 48) + 4}px`;
    panel.hidden = false;
    bell.setAttribute("aria-expanded", "true");
    said.textContent = "";
    load();
  });
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) { event.preventDefault(); close(true); }
  });
  document.addEventListener("click", (event) => { if (!box.contains(/** @type {Node} */ (event.target))) close(false); });
  readAll.addEventListener("click", async () => {
    try {
      await api("/api/account/notifications/read", { method: "POST", body: {} });
      shown.entries.forEach((e) => { e.read = true; });
      shown.unread = 0;
      draw();
      bell.focus();
    } catch (problem) {
      said.textContent = errorWords(problem);
    }
  });
  more.addEventListener("click", async () => {
    const last = shown.entries[shown.entries.length - 1];
    // A second click while the older entries are on their way would ask for (and list) them twice.
    if (!last || more.getAttribute("aria-busy")) return;
    more.setAttribute("aria-busy", "true");
    try {
      const older = /** @type {Inbox} */ (await api(`/api/account/notifications?limit=${PAGE}&before=${last.id}`));
      Object.assign(shown, { entries: [...shown.entries, ...older.entries], more: older.more });
      draw();
      // The first of the older entries, where the player reads on (the button may be gone).
      const first = older.entries[0];
      if (first) /** @type {HTMLElement | null} */ (list.querySelector(`[data-id="${first.id}"] a`))?.focus();
    } catch (problem) {
      said.textContent = errorWords(problem);
    } finally {
      more.removeAttribute("aria-busy");
    }
  });
  const look = () => { if (!document.hidden) load(); setTimeout(look, REFRESH_SECONDS * 1000); };
  setTimeout(look, REFRESH_SECONDS * 1000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) load(); });
  onNews(() => { if (loggedIn !== false) load(); });
  document.addEventListener(ACCOUNT_SHOWN, (event) => {
    loggedIn = Boolean(/** @type {CustomEvent} */ (event).detail);
    if (loggedIn) load(); else hide();
  });
  load();
  return box;
}
