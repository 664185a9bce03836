// A club tournament's page at "/tournament/<id>": its settings, the organiser's and the players'
// acts (join, leave or withdraw, start, call off), the standings with their tie-breaks, and the
// rounds with their games: "Take your seat" or "Play" for your own, "Watch" for the others', "Replay"
// once over.
import { el } from "./dom.js";
import { linkField } from "./game-invites.js";
import { dateLanguage, t } from "./i18n.js";
import { replaceKeepingFocus } from "./keep-focus.js";
import { openJoined, timeControlWords, waitWords } from "./open-games.js";
import { remember } from "./saved-games.js";
import { api } from "./server.js";
import { DROPPED, latestOnly } from "./latest.js";
import { startsIn } from "./starts-in.js";
import { sideJoin } from "./team-battle.js";
import { clubJoinOffer } from "./tournament-club-join.js";
import { ARENA_REFRESH_SECONDS, arenaCards, arenaRules, followArena, sayRefusedSeat } from "./tournament-arena.js";
import { standingsFileLink } from "./tournament-export.js";
import { botMark, botNames, kingdomWords, signed } from "./tournament-marks.js";
import { namesOf, tableLine, tableStandings } from "./tournament-tables.js";
import { noWaiting } from "./vacation.js";
import { errorWords, gameTitle } from "./words.js";

/** How often a running tournament's page reads it again: its games end, its rounds come. */
const REFRESH_SECONDS = 10;

/** A game of a round (GET /api/tournaments/{id}: `rounds_played`).
 * @typedef {{board: number, first: string, second: string | null, game_id: string | null, status: string | null,
 *   result: string | null, scores: number[] | null, forfeit: boolean, played?: boolean, yours: boolean, seated?: boolean,
 *   token?: string | null, players?: import("./tournament-tables.js").TablePlayer[]}} RoundGame */
/** A line of the standings (a tournament by tables has `opponents` and `kingdom_margin` for its tie-breaks).
 * @typedef {{rank: number, name: string, points: number, buchholz?: number, sonneborn_berger?: number,
 *   kingdom_diff?: number, opponents?: number, kingdom_margin?: number, played: number, withdrew: number | null}} StandingLine */
/** A tournament whole (GET /api/tournaments/{id}).
 * @typedef {{id: string, name: string, game: string, options: Record<string, string>,
 *   time_control: import("./view-types.js").TimeControl | null, rated: boolean, public: boolean,
 *   format: "round_robin" | "swiss" | "arena", rounds: number, round: number, max_players: number, bots: boolean, table_size: number,
 *   status: "open" | "running" | "finished" | "cancelled", starts_at: number | null, players: number,
 *   organiser: string, wait_minutes: number, you: {organiser: boolean, playing: boolean} | null, club: string | null,
 *   club_gone: boolean,
 *   entrants: Array<{name: string, bot: boolean, withdrew: number | null}>,
 *   rounds_played: Array<{round: number, games: RoundGame[]}>, standings: StandingLine[],
 *   arena?: import("./tournament-arena.js").ArenaPart, team_battle?: import("./team-battle.js").BattlePart}} Tournament */
/** An act of the reader's (join, leave, start ...), with its body (a team battle's join: the club chosen).
 * @typedef {(what: string, body?: {club: string}) => Promise<void>} Act */

/** The tournament's page. @param {HTMLElement} main @param {string} id */
export async function showTournament(main, id) {
  // The page's polite line of news, kept while the rest is drawn again: a region replaced is not heard.
  const news = el("p", { class: "visually-hidden", id: "tournament-news", role: "status" });
  const page = el("div", { id: "tournament-page" }, el("p", {}, t("lobby.loading")));
  main.replaceChildren(news, page);
  /** @type {number | undefined} */
  let timer;
  // Drawn again only when something changed, the focus kept on its control drawn again.
  let shown = "";
  /** The tournament as last drawn (none before the first draw, which the page itself says). @type {Tournament | null} */
  let before = null;
  // An act's read and the timer's overlap: only the latest is drawn, and sets the next timer.
  const latest = latestOnly();
  const load = async () => {
    clearTimeout(timer);
    let read;
    try {
      read = await latest(api(`/api/tournaments/${encodeURIComponent(id)}`).then(async (answer) => {
        const found = /** @type {Tournament} */ (answer);
        return { found, refused: await followArena(found) };
      }));
    } catch (problem) {
      page.replaceChildren(el("p", { class: "card error", role: "alert", id: "tournament-error" }, errorWords(problem)), backLink());
      shown = "";
      return;
    }
    if (read === DROPPED) return;
    const { found, refused } = read;
    // An arena's seconds left change at each read: its clock counts them down itself.
    const text = JSON.stringify({ ...found, arena: found.arena && { ...found.arena, seconds_left: null } });
    if (text !== shown) {
      render(page, found, load);
      const heard = before ? newsOf(before, found) : "";
      if (heard) news.textContent = heard;
    }
    sayRefusedSeat(page, refused);
    shown = text;
    before = found;
    const every = found.format === "arena" ? ARENA_REFRESH_SECONDS : REFRESH_SECONDS;
    if (found.status === "running" || found.status === "open") timer = window.setTimeout(load, every * 1000);
  };
  await load();
}

/** What a screen reader is told of `found` read again after `before`: a round paired, a seat of
 * the reader's awaiting them, the tournament over; each once, as it comes (empty: no such news).
 * @param {Tournament} before @param {Tournament} found */
function newsOf(before, found) {
  const awaiting = (/** @type {Tournament} */ of) => of.rounds_played.flatMap((round) => round.games
    .filter((game) => game.yours && game.game_id && (game.status === "open" || game.status === "playing") && game.seated === false)
    .map((game) => ({ round: round.round, game })));
  const known = new Set(awaiting(before).map(({ game }) => game.game_id));
  const latest = found.rounds_played.at(-1)?.round ?? 0;
  // A round the tournament's end pairs at once, its games forfeit, is no news: the end is.
  const paired = found.status === "running" && latest > (before.rounds_played.at(-1)?.round ?? 0);
  return [
    paired ? t("tournament.news_round", { n: latest }) : "",
    ...awaiting(found).filter(({ game }) => !known.has(game.game_id))
      .map(({ round, game }) => t("tournament.news_seat", { n: round, pairing: namesOf(game).join(" – ") })),
    found.status === "finished" && before.status !== "finished" ? t("tournament.news_finished") : "",
  ].filter(Boolean).join(" ");
}

/** The page of `found`, drawn again in `main` (`load` reads it again after an act).
 * @param {HTMLElement} main @param {Tournament} found @param {() => Promise<void>} load */
function render(main, found, load) {
  document.title = `${found.name} · ${t("app.name")}`;
  const said = el("p", { class: "error", role: "alert", id: "tournament-said" });
  const offer = el("div", { id: "tournament-offer" });
  /** @type {Act} */
  const act = async (what, body) => {
    said.textContent = "";
    offer.replaceChildren();
    try {
      await api(`/api/tournaments/${found.id}/${what}`, { method: "POST", body });
      await load();
    } catch (problem) {
      said.textContent = errorWords(problem);
      if (what === "join") offer.replaceChildren(clubJoinOffer(problem, found.club, () => act("join", body)));
    }
  };
  replaceKeepingFocus(main, [
    el("section", { class: "card", id: "tournament" },
      el("h1", { class: "players-title" }, found.name),
      el("p", { id: "tournament-about" }, aboutWords(found).join(" · ")),
      winnerLine(found),
      found.club ? el("p", { id: "tournament-club" }, el("a", { href: `/club/${encodeURIComponent(found.club)}` },
        t("club.members_only", { name: found.club }))) : "",
      found.bots ? el("p", { id: "tournament-bots" }, t("tournament.bots")) : "",
      el("p", { class: "small" }, t("tournament.organiser", { name: found.organiser }), " · ",
        t("tournament.entrants_n", { n: found.players, max: found.max_players }),
        found.starts_at && found.status === "open" ? [" · ", startsIn(found.starts_at, when(found.starts_at))] : ""),
      el("p", { class: "small" }, found.format === "arena" ? arenaRules(found)
        : t(found.table_size > 2 ? "tournament.rules_tables" : "tournament.rules", { wait: waitWords(found.wait_minutes) })),
      actions(found, act), said, offer, ...joinHelp(found)),
    ...found.format === "arena" ? arenaCards(found, act) : [...yourGameCard(found, load), standingsCard(found), ...roundCards(found, load)],
    el("p", {}, backLink())]);
}

/** A finished tournament's winner, or its winners sharing the first place, from its standings (an
 * arena's its own); a team battle says its winning club itself. The page read again at the end
 * said "Finished" and left the reader to find rank 1 in the table. @param {Tournament} found */
function winnerLine(found) {
  const lines = found.format === "arena" ? found.arena?.standings ?? [] : found.standings;
  const first = lines.filter((line) => line.rank === 1).map((line) => line.name);
  if (found.status !== "finished" || found.team_battle || !first.length) return "";
  return el("p", { id: "tournament-winner", class: "tournament-winner" }, el("span", { "aria-hidden": "true" }, "★ "),
    t(first.length > 1 ? "tournament.winners" : "tournament.winner", { names: first.join(", ") }));
}

/** The word of each format. */
const FORMATS = { round_robin: "tournament.round_robin", swiss: "tournament.swiss", arena: "arena.format" };

/** What the tournament is, in words: status, game, format and round, clock, rated or not.
 * @param {Tournament} found */
function aboutWords(found) {
  const format = t(FORMATS[found.format]);
  // Before its start a Swiss says how many rounds it will be (a round robin's come of its players).
  const round = found.round ? t("tournament.round_of", { n: found.round, total: found.rounds })
    : found.format === "swiss" && found.status === "open" ? t("tournament.rounds_n", { n: found.rounds }) : "";
  const tables = found.table_size > 2 ? t("tournament.tables_of", { n: found.table_size }) : "";
  return [t(`tournament.${found.status}`), gameTitle(found), format, tables, round, timeControlWords(found.time_control),
    ...noWaiting(found.time_control), t(found.rated ? "lobby.rated" : "lobby.casual")].filter(Boolean);
}

/** A moment in the page's language. @param {number} seconds since the epoch */
function when(seconds) {
  return new Intl.DateTimeFormat(dateLanguage(), { dateStyle: "medium", timeStyle: "short" })
    .format(new Date(seconds * 1000));
}

/** The buttons the reader may press now (none for a guest once joining is over).
 * @param {Tournament} found @param {Act} act */
function actions(found, act) {
  const open = found.status === "open";
  // Joining is for an open tournament with a place left: a full one says so rather than refuse a Join.
  const full = open && found.players >= found.max_players;
  if (!found.you) return open && !full ? el("p", { class: "small" }, el("a", { href: "/", id: "tournament-log-in" }, t("tournament.log_in"))) : "";
  const button = (/** @type {string} */ what, /** @type {string} */ key, primary = false) =>
    el("button", { type: "button", id: `tournament-${what}`, class: primary ? "primary" : undefined, onclick: () => act(what) }, t(key));
  const withdraw = () => { if (confirm(t("tournament.withdraw_confirm"))) act("leave"); };
  return el("p", { class: "tournament-actions" },
    open && !found.you.playing ? full ? el("span", { class: "small", id: "tournament-full" }, t("error.tournament_full", { n: found.max_players }))
      : sideJoin(found, act, "tournament") ?? button("join", "tournament.join", true) : "",
    open && found.you.playing ? button("leave", "tournament.leave") : "",
    found.status === "running" && found.you.playing
      ? el("button", { type: "button", id: "tournament-withdraw", onclick: withdraw }, t("tournament.withdraw")) : "",
    open && found.you.organiser ? [" ", button("start", "tournament.start", true), " ", button("cancel", "tournament.cancel")] : "");
}

/** How players join, said to the organiser while they may: the lobby's card, or this page's
 * address to send them, with a button that copies it. @param {Tournament} found @returns {HTMLElement[]} */
function joinHelp(found) {
  if (found.status !== "open" || !found.you?.organiser) return [];
  return [el("p", { class: "small", id: "tournament-how-to-join" }, t("tournament.how_to_join")),
    linkField(t("tournament.address"), new URL(`/tournament/${found.id}`, location.href).href)];
}

/** The reader's own games still to play, with "Take your seat" or "Play", above the standings: on
 * a phone the rounds come under the whole standings, twenty lines down (none: no card).
 * @returns {HTMLElement[]}
 * @param {Tournament} found @param {() => Promise<void>} load */
function yourGameCard(found, load) {
  const going = found.rounds_played.flatMap((round) => round.games
    .filter((game) => game.yours && game.game_id && (game.status === "open" || game.status === "playing"))
    .map((game) => ({ round: round.round, game })));
  if (!going.length) return [];
  return [el("section", { class: "card", id: "your-game" }, el("h2", {}, t("tournament.your_game")),
    el("ul", { class: "round-games" }, going.map(({ round, game }) => {
      const about = `your-pairing-${game.game_id}`;
      const button = gameButton(found, game, load, about);
      // Its own id: the focus on it, drawn again, stays here rather than on the round's same button.
      if (button instanceof Element) button.id = `your-game-${game.game_id}`;
      return el("li", {},
        el("span", { id: about }, t("tournament.round_n", { n: round }), " · ", namesOf(game).join(found.table_size > 2 ? ", " : " – ")), " · ",
        t(game.status === "open" ? "tournament.waiting_players" : "tournament.under_way"), " ", button);
    })))];
}

/** The id of the standings' heading, which names their table: a hidden caption as well would have it said twice. */
const STANDINGS_TITLE = "standings-title";

function standingsHeading() {
  return el("h2", { id: STANDINGS_TITLE }, t("tournament.standings"));
}

/** The standings table, its tie-break columns left out on a phone (said under it in words).
 * @param {Tournament} found */
function standingsCard(found) {
  if (found.table_size > 2) {
    return el("section", { class: "card" }, standingsHeading(), tableStandings(found.standings, STANDINGS_TITLE, botNames(found)),
      el("p", { class: "small" }, t("tournament.tiebreaks_tables")), standingsFileLink(found));
  }
  const half = (/** @type {number} */ value) => new Intl.NumberFormat(document.documentElement.lang || undefined,
    { maximumFractionDigits: 2 }).format(value);
  const heads = ["tournament.rank", "tournament.player", "tournament.points", "tournament.buchholz", "tournament.sonneborn",
    "tournament.kingdom", "tournament.played"].map((key) => t(key));
  const kind = (/** @type {number} */ i) => [i === 1 ? "" : "figure", i >= 3 ? "minor" : ""].join(" ").trim() || undefined;
  const bots = botNames(found);
  const rows = found.standings.map((line) => [String(line.rank),
    [el("a", { href: `/player/${encodeURIComponent(line.name)}` }, line.name), botMark(bots, line.name),
      line.withdrew ? ` (${t("tournament.withdrew")})` : "",
      el("span", { class: "minor-line" }, `${t("tournament.buchholz")} ${half(line.buchholz ?? 0)} · ${t("tournament.sonneborn")} ${
        half(line.sonneborn_berger ?? 0)} · ${kingdomWords(line.kingdom_diff ?? 0)}`)],
    half(line.points), half(line.buchholz ?? 0), half(line.sonneborn_berger ?? 0), signed(line.kingdom_diff ?? 0), String(line.played)]);
  const table = el("div", { class: "table-scroll" }, el("table", { class: "players-table", id: "standings", "aria-labelledby": STANDINGS_TITLE },
    el("thead", {}, el("tr", {}, heads.map((head, i) => el("th", { scope: "col", class: kind(i) }, head)))),
    el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((cell, i) => el("td", { class: kind(i) }, cell)))))));
  return el("section", { class: "card" }, standingsHeading(), table,
    el("p", { class: "small" }, t("tournament.tiebreaks")), standingsFileLink(found));
}

/** A card for each round, the latest first (before the start: what the first round waits for).
 * @param {Tournament} found @param {() => Promise<void>} load */
function roundCards(found, load) {
  if (!found.rounds_played.length) {
    return [el("section", { class: "card" }, el("h2", {}, t("tournament.players")),
      el("ul", { id: "entrants" }, found.entrants.map((p) => el("li", {}, p.name, botMark(botNames(found), p.name)))),
      found.status === "open" ? el("p", { class: "small" }, t("tournament.not_started")) : "")];
  }
  return [...found.rounds_played].reverse().map((round) => el("section", { class: "card tournament-round", "data-round": round.round },
    el("h2", {}, t("tournament.round_n", { n: round.round })),
    el("ul", { class: "round-games" }, round.games.map((game, i) => found.table_size > 2
      ? tableLine(game, i + 1, gameButton(found, game, load)) : gameLine(found, game, load)))));
}

/** A game of a round: its players, result, and what the reader may do with it.
 * @param {Tournament} found @param {RoundGame} game @param {() => Promise<void>} load */
function gameLine(found, game, load) {
  if (game.second === null) return el("li", { class: "bye" }, t("tournament.bye", { name: game.first }));
  const result = game.result
    ? [el("strong", {}, game.result), game.forfeit ? ` (${t("tournament.forfeit")})` : game.scores ? ` (${game.scores.join("–")})` : ""]
    : t(game.status === "open" ? "tournament.waiting_players" : "tournament.under_way");
  // Its line's own: the focus on its button drawn again stays on it, which names its players.
  const id = game.game_id || "";
  return el("li", { "data-game": id, "data-id": id }, el("span", { id: `pairing-${id}` }, `${game.first} – ${game.second}`), " · ",
    result, " ", gameButton(found, game, load));
}

/** "Take your seat" or "Play" for the reader's own game, "Watch" for a public one under way, "Replay"
 * for one over.
 * @param {Tournament} found @param {RoundGame} game @param {() => Promise<void>} load
 * @param {string} [about] the id of the words naming its players, which describe its button */
function gameButton(found, game, load, about = `pairing-${game.game_id}`) {
  const id = game.game_id;
  if (!id) return "";
  const going = game.status === "open" || game.status === "playing";
  if (game.yours && going && !game.seated) {
    const take = async () => {
      try {
        openJoined(/** @type {import("./view-types.js").Seated} */ (await api(`/api/games/${id}/join`, { method: "POST", body: {} })));
      } catch { await load(); }
    };
    return el("button", { type: "button", class: "primary take-seat", onclick: take, "aria-describedby": about },
      t("tournament.take_seat"));
  }
  if (game.yours && going && game.token) {
    const token = game.token;
    const play = () => { remember(id, [token], { kinds: [], joined: true }); location.href = `/game/${id}`; };
    return el("button", { type: "button", class: "primary play", onclick: play, "aria-describedby": about },
      t("tournament.play_game"));
  }
  // A game over replays for anyone (its moves stepped through), the tournament's games watched or not;
  // not one resigned before anyone moved (its result says "without play").
  if (game.status === "finished" && game.played !== false) {
    const label = t("tournament.replay_label", { game: gameTitle(found), names: namesOf(game).join(", ") });
    return el("a", { href: `/game/${id}/replay`, class: "button replay", "aria-label": label }, t("tournament.replay"));
  }
  if (found.public && game.status === "playing") {
    const label = t("watch.watch_label", { game: gameTitle(found), names: namesOf(game).join(", ") });
    return el("a", { href: `/game/${id}/watch`, class: "button watch", "aria-label": label }, t("tournament.watch"));
  }
  return "";
}

function backLink() {
  return el("a", { href: "/", id: "tournament-back" }, t("tournament.back"));
}
