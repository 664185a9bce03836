// A club's page at "/club/<name>" (web/clubs.py): its description and admission, Join / Request
// to join / Leave, its members ranked by rating in a pool the reader picks (the club's own
// leaderboard), the public games its members play now, its members-only tournaments, and for its
// leaders their part (club-lead.js). Drawn again from the server after each act.
import { leaderCard } from "./club-lead.js";
import { recentCard } from "./club-games.js";
import { el } from "./dom.js";
import { number, t } from "./i18n.js";
import { DROPPED, latestOnly } from "./latest.js";
import { withMoment } from "./moments.js";
import { playerHref } from "./players.js";
import { ratingShown } from "./rating-mark.js";
import { api } from "./server.js";
import { clubBattlesCard } from "./team-battle.js";
import { errorWords, gameTitle } from "./words.js";

/** A member of a club, with their rating in the page's pool (null: none there yet).
 * @typedef {{name: string, bot: boolean, role: "leader" | "member", since: string,
 *   rating: {rating: number, deviation: number, provisional: boolean, games: number, wins: number} | null}} Member */
/** A club's page (GET /api/clubs/{name}).
 * @typedef {{name: string, description: string, admission: "open" | "request", created: string, pool: string,
 *   pools: string[], members: Member[], max_members: number, you: "leader" | "member" | "asked" | null,
 *   playing: Array<{id: string, game: string, players: number, seats: string[], members: string[], watch: string}>,
 *   recent: import("./club-games.js").ClubGame[],
 *   tournaments: Array<{id: string, name: string, game: string, status: string, rated: boolean, players: number, winners: string[]}>,
 *   team_battles: import("./team-battle.js").ListedBattle[],
 *   requests?: Array<{name: string, bot: boolean, since: string}>,
 *   barred?: Array<{name: string, bot: boolean, until: string}>,
 *   close_refused?: {code: string, message: string, values?: Record<string, string>} | null}} ClubPage */

/** The address of a club's page. @param {string} name @param {string} [pool] */
export function clubHref(name, pool) {
  return `/club/${encodeURIComponent(name)}${pool ? `?pool=${encodeURIComponent(pool)}` : ""}`;
}

/** The club's page. @param {HTMLElement} main @param {string} name */
export async function showClub(main, name) {
  document.title = `${name} · ${t("app.name")}`;
  main.replaceChildren(el("p", {}, t("players.loading")));
  const pool = new URLSearchParams(location.search).get("pool");
  const said = el("p", { role: "status", class: "small", id: "club-said" });
  // A leader's two quick acts each read the page again: the older read's answer is not drawn.
  const latest = latestOnly();
  const load = async () => {
    const asked = Promise.all([api(`/api/clubs/${encodeURIComponent(name)}${pool ? `?pool=${encodeURIComponent(pool)}` : ""}`),
      api("/api/account")]);
    /** @type {ClubPage} */
    let club;
    /** @type {{name: string} | null} */
    let account;
    try {
      const answer = await latest(asked);
      if (answer === DROPPED) return;
      club = /** @type {ClubPage} */ (answer[0]);
      ({ account } = /** @type {{account: {name: string} | null}} */ (answer[1]));
    } catch (problem) {
      main.replaceChildren(el("p", { class: "card error", role: "alert", id: "club-error" }, errorWords(problem)),
        el("p", {}, el("a", { href: "/" }, t("club.to_lobby"))));
      return;
    }
    document.title = `${club.name} · ${t("app.name")}`;
    main.replaceChildren(headCard(club, account !== null, load, said), playingCard(club), recentCard(club), boardCard(club),
      tournamentsCard(club), clubBattlesCard(club.team_battles), club.you === "leader" && account ? leaderCard(club, account.name, load, said) : "",
      el("p", {}, el("a", { href: "/" }, t("club.to_lobby"))));
  };
  await load();
}

/** The club's name, admission, description and members' count, with the reader's button: Join,
 * Request to join, Withdraw the request or Leave (a guest is told to log in).
 * @param {ClubPage} club @param {boolean} member whether someone is logged in
 * @param {() => Promise<void>} load @param {HTMLElement} said */
function headCard(club, member, load, said) {
  const refused = el("p", { class: "error", role: "alert", id: "club-refused" });
  /** @param {string} what @param {string} done */
  const act = async (what, done) => {
    refused.textContent = "";
    try {
      await api(`/api/clubs/${encodeURIComponent(club.name)}/${what}`, { method: "POST" });
      await load();
      said.textContent = t(done, { name: club.name });
    } catch (problem) { refused.textContent = errorWords(withMoment(problem)); }
  };
  const joinWords = club.admission === "open" ? "club.join" : "club.ask";
  const button = !member ? el("span", { class: "small", id: "club-log-in" }, t("club.log_in"))
    : club.you === null ? el("button", { type: "button", class: "primary", id: "club-join",
      onclick: () => act("join", club.admission === "open" ? "club.joined" : "club.asked_now") }, t(joinWords))
      : el("button", { type: "button", id: "club-leave", onclick: () => act("leave", club.you === "asked" ? "club.withdrawn" : "club.left") },
        t(club.you === "asked" ? "club.withdraw" : "club.leave"));
  const role = club.you === "leader" ? "club.you_lead" : club.you === "member" ? "club.you_member" : club.you === "asked" ? "club.you_asked" : "";
  return el("section", { class: "card", id: "club" },
    el("h1", { class: "players-title" }, club.name),
    el("p", { class: "small", id: "club-admission" }, t(`club.admission_${club.admission}`), " · ",
      t("club.members_n", { n: club.members.length })),
    club.description ? el("p", { class: "club-description", id: "club-description" }, club.description) : "",
    el("p", { class: "people-buttons" }, role ? [el("span", { id: "club-role" }, t(role)), " "] : "", button),
    said, refused);
}

/** The public games the club's members play now, each to watch. @param {ClubPage} club */
function playingCard(club) {
  const line = (/** @type {ClubPage["playing"][number]} */ game) => el("li", { "data-game": game.id },
    el("strong", {}, gameTitle(game)), " · ", game.seats.join(", "), " · ",
    el("a", { href: game.watch, class: "watch-game", "aria-label": t("club.watch_label", { names: game.members.join(", ") }) },
      t("club.watch")));
  return el("section", { class: "card", id: "club-playing" }, el("h2", {}, t("club.playing")),
    club.playing.length ? el("ul", { class: "club-list" }, club.playing.map(line))
      : el("p", { class: "small" }, t("club.playing_none")));
}

/** The club's own leaderboard: its members by rating in the page's pool, a tab per pool; the
 * members not rated there after, without a rank. @param {ClubPage} club */
function boardCard(club) {
  const tabs = el("nav", { class: "pool-tabs", "aria-label": t("players.pools") },
    club.pools.map((name) => el("a", { href: clubHref(club.name, name), class: "pool-tab",
      "aria-current": name === club.pool ? "page" : undefined }, t(`pool.${name}`))));
  let rank = 0;
  const rows = club.members.map((m) => el("tr", { "data-name": m.name },
    el("td", { class: "figure" }, m.rating ? number(++rank) : ""),
    el("td", {}, el("a", { href: playerHref(m.name) }, m.name),
      m.bot ? ` (${t("players.bot")})` : "", m.role === "leader" ? el("span", { class: "small club-leader" }, ` · ${t("club.leader")}`) : ""),
    el("td", { class: "figure" }, m.rating ? ratingShown(m.rating.rating, m.rating.provisional) : "–"),
    el("td", { class: "figure" }, number(m.rating ? m.rating.games : 0))));
  return el("section", { class: "card", id: "club-board" }, el("h2", {}, t("club.board")),
    el("p", { class: "small", id: "club-board-rule" }, t("club.board_rated")), tabs,
    el("div", { class: "table-scroll" }, el("table", { class: "players-table", id: "club-members" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", class: "figure" }, t("players.rank")),
        el("th", { scope: "col" }, t("players.player")), el("th", { scope: "col", class: "figure" }, t("players.rating")),
        el("th", { scope: "col", class: "figure" }, t("players.games")))),
      el("tbody", {}, rows))));
}

/** A finished tournament's "Winner: <name>" with each name a link to the player's page, as the
 * members' are. @param {string[]} winners */
function winnerWords(winners) {
  const [before, after = ""] = t(winners.length > 1 ? "tournament.winners" : "tournament.winner", { names: "\u0000" }).split("\u0000");
  return [before, ...winners.flatMap((name, i) => [i ? ", " : "", el("a", { href: playerHref(name), class: "club-winner-link" }, name)]), after];
}

/** The club's members-only tournaments, each a link to its page, rated or casual, and a finished
 * one's winner (a casual one's is seen here, not on the leaderboard). @param {ClubPage} club */
function tournamentsCard(club) {
  const line = (/** @type {ClubPage["tournaments"][number]} */ found) => el("li", { "data-id": found.id },
    el("a", { href: `/tournament/${found.id}` }, found.name), " · ", t(`tournament.${found.status}`), " · ",
    gameTitle({ game: found.game }), " · ", t(found.rated ? "club.tournament_rated" : "club.tournament_casual"), " · ",
    t("club.entrants_n", { n: found.players }),
    found.winners.length ? [el("br", {}), el("span", { class: "club-winner" }, el("span", { "aria-hidden": "true" }, "★ "),
      winnerWords(found.winners))] : "");
  return el("section", { class: "card", id: "club-tournaments" }, el("h2", {}, t("club.tournaments")),
    club.tournaments.length ? el("ul", { class: "club-list" }, club.tournaments.map(line))
      : el("p", { class: "small" }, t("club.tournaments_none")),
    club.you === "leader" ? el("p", {}, el("a", { href: `/?club=${encodeURIComponent(club.name)}#tournaments`, id: "club-organise" },
      t("club.organise"))) : "");
}
