// A cheating report's fair-play evidence on the moderators' page (web/moderation_fairplay.py): the
// server values the reported player's last games in its AI workers, saying meanwhile how many are
// done ("computing"), then each game as a small card (its figures beside its opponents', so that a
// phone shows it without a wide table), and the totals in words with what they can and cannot show.
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { momentWords } from "./moments.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** How often the page asks again while the evidence is computed, in milliseconds. */
const ASK_EVERY = 1000;

/** @typedef {{decisions: number, matched: number, share: number | null, loss: number | null, accuracy: number | null}} Figures */
/** @typedef {{median: number | null, spread: number | null, count: number} | null} Times */
/** @typedef {{id: string, game: string, created: string, rated: boolean, opponents: string[], its: Figures, theirs: Figures,
 *   its_times: Times, their_times: Times, its_rating: number | null, their_rating: number | null, source: string, replay: string}} GameFigures */
/** @typedef {{account: string, agent: string, rated: number, casual: boolean, searches: number, seconds: number,
 *   games: GameFigures[], its: Figures, theirs: Figures, its_times: Times, their_times: Times}} Evidence */

/** How often the AI's move was chosen: "12 of 20 (60 %)". @param {Figures} f */
function matched(f) {
  if (f.share === null) return "–";
  return t("moderation.fp_matched", { matched: f.matched, decisions: f.decisions, percent: number(f.share, { style: "percent" }) });
}

/** The win chance lost a decision, in points. @param {Figures} f */
function lost(f) {
  return f.loss === null ? "–" : number(f.loss, { maximumFractionDigits: 1 });
}

/** A median move time and its spread. @param {Times} times */
function timeWords(times) {
  if (times === null) return t("moderation.fp_not_stored");
  if (times.median === null) return "–";
  return t("moderation.fp_seconds", { s: number(times.median, { maximumFractionDigits: 1 }) })
    + (times.spread === null ? "" : ` (${number(times.spread, { maximumFractionDigits: 2 })})`);
}

/** How many of a long name's last characters stay whole when its column cuts it. */
const KEPT_END = 6;

/** A name as a narrow column shows it: too long, it is cut in the middle, with an ellipsis, and its
 * last characters kept, so that two long names that start alike (a family's, a club's) read apart;
 * whole in its title and for a screen reader (the parts are one word).
 * @param {string} who */
function nameCut(who) {
  const chars = [...who];
  if (chars.length <= KEPT_END * 2) return el("span", { class: "fairplay-name", title: who }, el("span", { class: "name-start" }, who));
  return el("span", { class: "fairplay-name", title: who }, el("span", { class: "name-start" }, chars.slice(0, -KEPT_END).join("")),
    el("span", { class: "name-end" }, chars.slice(-KEPT_END).join("")));
}

/** A row of the figures' small table, its name cut as a narrow column needs (`nameCut`).
 * @param {string} who @param {Figures} f @param {Times} times @param {number | null} rating */
function row(who, f, times, rating) {
  return el("tr", {}, el("th", { scope: "row" }, nameCut(who),
    rating === null ? "" : el("span", { class: "small" }, ` ${rating}`)),
    el("td", {}, matched(f)), el("td", {}, lost(f)), el("td", {}, timeWords(times)));
}

/** The head of the figures' small table. */
function head() {
  return el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { scope: "col" }, t("moderation.fp_match")),
    el("th", { scope: "col" }, t("moderation.fp_lost")), el("th", { scope: "col" }, t("moderation.fp_time"))));
}

/** One game's card. @param {string} name @param {GameFigures} g */
function gameCard(name, g) {
  return el("li", { class: "fairplay-game" },
    el("p", {}, el("a", { href: g.replay }, `▶ ${t(`game.${g.game}`)}`),
      el("span", { class: "small" }, ` · ${momentWords(g.created)} · ${t(g.rated ? "moderation.fp_rated" : "moderation.fp_casual_game")}`)),
    el("table", { class: "fairplay-figures" }, head(), el("tbody", {},
      row(name, g.its, g.its_times, g.its_rating),
      row(g.opponents.join(", ") || t("moderation.fp_ai_only"), g.theirs, g.their_times, g.their_rating))));
}

/** The evidence in full. @param {Evidence} found */
function evidenceParts(found) {
  if (!found.games.length) return [el("p", { id: "fairplay-none" }, t("moderation.fp_none"))];
  return [
    el("p", { id: "fairplay-summary" }, t("moderation.fp_summary", { n: found.games.length, rated: found.rated }),
      found.casual ? ` ${t("moderation.fp_casual")}` : ""),
    el("table", { class: "fairplay-figures fairplay-totals", id: "fairplay-totals" }, head(), el("tbody", {},
      row(found.account, found.its, found.its_times, null),
      row(t("moderation.fp_opponents"), found.theirs, found.their_times, null))),
    el("p", { class: "small" }, t("moderation.fp_caution")),
    el("ol", { class: "fairplay-games", id: "fairplay-games" }, ...found.games.map((g) => gameCard(found.account, g))),
  ];
}

/** The evidence's card of the cheating report `id`: "computing" until the server has it.
 * @param {number} id */
export function fairplayCard(id) {
  const body = el("div", { id: "fairplay-body", "aria-live": "polite" }, el("p", {}, t("moderation.fp_computing", { done: 0, total: "…" })));
  const card = el("section", { class: "fairplay", id: "fairplay" }, el("h2", {}, `⚖ ${t("moderation.fp_title")}`), body);
  const ask = async () => {
    try {
      const answer = /** @type {{state: string, done?: number, total?: number, evidence?: Evidence}} */ (
        await api(`/api/moderation/reports/${id}/fairplay`));
      if (answer.state === "ready" && answer.evidence) {
        body.replaceChildren(...evidenceParts(answer.evidence));
        return;
      }
      if (answer.state === "failed") {
        body.replaceChildren(el("p", { class: "error", role: "alert", id: "fairplay-failed" }, t("moderation.fp_failed")));
        return;
      }
      const progress = { done: answer.done || 0, total: answer.total || "…" };
      body.replaceChildren(el("p", { id: "fairplay-computing" }, t("moderation.fp_computing", progress)));
      if (card.isConnected) setTimeout(ask, ASK_EVERY);
    } catch (problem) {
      body.replaceChildren(el("p", { class: "error", role: "alert" }, errorWords(problem)));
    }
  };
  ask();
  return card;
}
