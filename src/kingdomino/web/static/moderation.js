// The moderators' page (web/moderation.py): at "/moderation" the open reports, newest first, each
// a link to its page at "/moderation/<id>": the report and its reporter, the chat line it cites,
// the reported player's last chat lines and recent games with their replays, a cheating report's
// fair-play evidence (moderation-fairplay.js), and the actions (moderation-actions.js), with a link
// to the next open report. Each queued report says how many open reports are about its player and
// what moderators did on it already. The server refuses anyone but a moderator, and a report about
// a moderator to every moderator; the page says so in words.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { momentWords } from "./moments.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";
import { actionsCard, doneText } from "./moderation-actions.js";
import { fairplayCard } from "./moderation-fairplay.js";

/** A report in the queue (GET /api/moderation/reports).
 * @typedef {{id: number, at: string, reason: string, text: string | null, game: string | null,
 *   reported: string, reported_open: number, reporter: string, reporter_open: number, done: Done[]}} QueuedReport */
/** A chat line. @typedef {{id: number, game: string, room: string, at: number, name: string, text: string | null, phrase: string | null}} ChatLine */
/** A recent game. @typedef {{id: string, game: string, status: string, created: string, replay: string}} RecentGame */
/** A moderator's action (its moment on a report's page). @typedef {{by: string, at?: string, action: string, detail: string | null}} Done */
/** A report's page (GET /api/moderation/reports/{id}).
 * @typedef {{report: {id: number, at: string, reporter: string, reported: string, reason: string, text: string | null,
 *   game_id: string | null, chat_line: number | null, closed: string | null, note: string | null},
 *   cited: ChatLine | null, chat: ChatLine[], games: RecentGame[], silenced_until: string | null, actions: Done[],
 *   rename_back: string | null, next: number | null}} ReportPage */

/** The reason's picture, beside its words. */
const REASON_ICONS = /** @type {Record<string, string>} */ ({
  abusive_chat: "☹", cheating: "⚠", stalling: "⚐", offensive_name: "✎", other: "•",
});

/** A reason in a picture and words. @param {string} reason */
export function reasonWords(reason) {
  return el("span", { class: "moderation-reason" }, el("span", { "aria-hidden": "true" }, `${REASON_ICONS[reason] || "•"} `),
    t(`report.reason.${reason}`));
}

/** Show the moderators' page the address asks for in `root`: a report (`/moderation/12`), else a
 * page of the queue (`/moderation`, or `/moderation?before=12`: the reports older than 12), which
 * Back and Forward go between. @param {HTMLElement} root */
export async function showModeration(root) {
  const asked = location.pathname.match(/^\/moderation\/(\d+)$/);
  document.title = t("moderation.title");
  const card = el("section", { class: "card moderation", id: "moderation" }, el("p", { role: "status" }, t("moderation.loading")));
  root.replaceChildren(card);
  if (!asked && !followingHistory) {
    followingHistory = true;
    window.addEventListener("popstate", () => { if (location.pathname === "/moderation") showModeration(root); });
  }
  try {
    if (asked) await showReport(card, Number(asked[1]));
    else await showQueue(card);
  } catch (problem) {
    card.replaceChildren(el("h1", {}, t("moderation.title")),
      el("p", { class: "error", role: "alert", id: "moderation-error" }, errorWords(problem)));
  }
}

/** Whether the queue's pages follow the browser's Back and Forward already. */
let followingHistory = false;

/** A queued report as a list item: its reason and player, when, who reported it, how many open
 * reports are about the player, what was done on it already, its words. @param {QueuedReport} line */
function queueItem(line) {
  return el("li", { class: "moderation-item", "data-report": String(line.id) },
    el("a", { href: `/moderation/${line.id}`, class: "moderation-open" }, reasonWords(line.reason), ": ",
      el("strong", {}, line.reported)),
    el("span", { class: "small" }, " · ", momentWords(line.at), " · ",
      t("moderation.reporter", { name: line.reporter, n: line.reporter_open }),
      line.reported_open > 1 ? [" · ", el("strong", { class: "moderation-about" }, t("moderation.about", { n: line.reported_open }))] : "",
      line.game ? [" · ", el("a", { href: `/game/${line.game}/replay` }, t("moderation.the_game"))] : ""),
    line.done.length ? el("p", { class: "small moderation-item-done" },
      ...line.done.flatMap((done, index) => [index ? " · " : "", el("strong", {}, done.by), " ", doneText(done)])) : "",
    line.text ? el("blockquote", { class: "moderation-words" }, line.text) : "");
}

/** A page of the queue (GET /api/moderation/reports): its reports, how many are open in all and
 * newer than the page, whether older ones follow.
 * @typedef {{reports: QueuedReport[], open: number, newer: number, more: boolean}} QueuePage */

/** The queue's page the address asks for: the newest open reports, or those older than the report
 * `before`. @param {string} before the address's `before`, or "" @returns {Promise<QueuePage>} */
async function queuePage(before) {
  return /** @type {QueuePage} */ (await api(before ? `/api/moderation/reports?before=${encodeURIComponent(before)}` : "/api/moderation/reports"));
}

/** The open reports, newest first, a page at a time, each page its own address
 * (`/moderation?before=ID`, ID the report above its first: asked after the last one shown, so a
 * report closed meanwhile moves none), which a reload opens again and a moderator sends a colleague.
 * "Older reports" under the list opens the next page, kept in the browser's history; a page but the
 * newest leads back to the newest. @param {HTMLElement} card */
async function showQueue(card) {
  const before = new URLSearchParams(location.search).get("before") ?? "";
  drawQueue(card, before, await queuePage(before));
}

/** Draw a page of the queue in `card`. @param {HTMLElement} card @param {string} before
 * @param {QueuePage} page */
function drawQueue(card, before, page) {
  const newest = before ? el("p", { class: "moderation-nav" },
    el("a", { href: "/moderation", id: "moderation-newest" }, `↑ ${t("moderation.newest")}`)) : "";
  if (!page.reports.length) {
    card.replaceChildren(el("h1", {}, t("moderation.queue_title", { n: page.open })), newest,
      el("p", { id: "moderation-empty" }, t(before ? "moderation.older_none" : "moderation.queue_empty")));
    return;
  }
  // Numbered by their places in the whole queue.
  const list = el("ol", { class: "moderation-queue", id: "moderation-queue", start: page.newer + 1 }, ...page.reports.map(queueItem));
  const problem = el("p", { class: "error", role: "alert", id: "moderation-older-error", hidden: true });
  const last = String(page.reports.at(-1)?.id);
  const older = /** @type {HTMLButtonElement} */ (el("button", { type: "button", id: "moderation-older", hidden: !page.more },
    `↓ ${t("moderation.older")}`));
  older.addEventListener("click", async () => {
    older.disabled = true;
    problem.hidden = true;
    try {
      const next = await queuePage(last);
      if (!card.isConnected) return;  // Back or Forward went to another page of the queue meanwhile
      history.pushState(null, "", `/moderation?before=${last}`);
      drawQueue(card, last, next);
      // The focus (and the view) goes on to the first report the page brought.
      /** @type {HTMLElement | null} */ (card.querySelector("#moderation-queue a.moderation-open"))?.focus();
    } catch (failed) {
      problem.textContent = errorWords(failed);
      problem.hidden = false;
      older.disabled = false;
    }
  });
  card.replaceChildren(el("h1", {}, t("moderation.queue_title", { n: page.open })), newest, list, problem,
    el("p", { class: "moderation-more" }, older));
}

/** A chat line's words (a phrase the page picked is its key's words). @param {ChatLine} line */
function said(line) {
  return line.text ?? (line.phrase ? t(`chat.phrase.${line.phrase}`) : "");
}

/** A chat line as a list item: when, the room, the words. @param {ChatLine} line */
function chatItem(line) {
  const room = line.room === "players" ? t("chat.players") : t("chat.spectators");
  return el("li", {}, el("span", { class: "small" }, `${momentWords(new Date(line.at * 1000).toISOString())} · ${room} · `),
    el("a", { href: `/game/${line.game}/replay` }, el("span", { "aria-label": t("moderation.replay") }, "▶")), " ", said(line));
}

/** One report in full, its evidence and its actions. @param {HTMLElement} card @param {number} id */
async function showReport(card, id) {
  const page = /** @type {ReportPage} */ (await api(`/api/moderation/reports/${id}`));
  const r = page.report;
  const state = r.closed ? t("moderation.closed", { when: momentWords(r.closed) }) : t("moderation.open");
  const games = page.games.map((g) => el("li", {}, el("a", { href: g.replay }, `▶ ${t(`game.${g.game}`)}`),
    el("span", { class: "small" }, ` · ${momentWords(g.created)} · ${t(`lobby.status.${g.status}`)}`)));
  card.replaceChildren(
    el("p", { class: "moderation-nav" }, el("a", { href: "/moderation", id: "moderation-back" }, `← ${t("moderation.back")}`),
      page.next ? el("a", { href: `/moderation/${page.next}`, id: "moderation-next" }, `${t("moderation.next")} →`) : ""),
    el("h1", { id: "moderation-report-title" }, reasonWords(r.reason), ": ", r.reported),
    el("p", { id: "moderation-report-line" }, t("moderation.reported_by", { name: r.reporter }), " · ", momentWords(r.at), " · ", state,
      r.game_id ? [" · ", el("a", { href: `/game/${r.game_id}/replay` }, t("moderation.the_game"))] : ""),
    r.text ? el("blockquote", { class: "moderation-words", id: "moderation-words" }, r.text) : el("p", { class: "small" }, t("moderation.no_words")),
    r.note ? el("p", { id: "moderation-note" }, t("moderation.note_kept", { note: r.note })) : "",
    page.silenced_until ? el("p", { id: "moderation-silenced" }, `⊘ ${t("moderation.silenced", { until: momentWords(page.silenced_until) })}`) : "",
    page.cited ? el("div", {}, el("h2", {}, t("moderation.cited")),
      el("blockquote", { class: "moderation-cited", id: "moderation-cited" }, said(page.cited)))
      : r.chat_line !== null ? el("p", {}, t("moderation.cited_gone")) : "",
    el("h2", {}, t("moderation.chat_title")),
    page.chat.length ? el("ul", { class: "moderation-chat", id: "moderation-chat" }, ...page.chat.map(chatItem))
      : el("p", {}, t("moderation.no_chat")),
    el("h2", {}, t("moderation.games_title")),
    games.length ? el("ul", { class: "moderation-games", id: "moderation-games" }, ...games) : el("p", {}, t("moderation.no_games")),
    r.reason === "cheating" ? fairplayCard(id) : "",
    actionsCard(id, { open: !r.closed, renameBack: page.rename_back }, page.actions, () => showReport(card, id)));
}
