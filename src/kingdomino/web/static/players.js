// The players' pages: a player's ratings in each pool with their graph, games played to the end
// (won, mean score) per game, recent finished games with their replays (at "/player/<name>"); and
// each pool's leaderboard, its provisional ratings apart (at "/leaderboards/<pool>").
import { archiveLink, headToHead } from "./archive.js";
import { insightsLink } from "./insights.js";
import { sayAway } from "./challenge-away.js";
import { challengeCard } from "./challenges.js";
import { el } from "./dom.js";
import { findForm } from "./following.js";
import { GAMES } from "./lobby.js";
import { dateLanguage, number, t } from "./i18n.js";
import { playingNow } from "./live-games.js";
import { relationButtons } from "./people.js";
import { playerClubs } from "./club-card.js";
import { ratingGraph } from "./rating-graph.js";
import { provisionalMeaning, ratingShown, ratingText } from "./rating-mark.js";
import { Refused, api } from "./server.js";
import { awayLine } from "./vacation.js";
import { errorWords, gameTitle, localName } from "./words.js";
import { puzzleRatingCard } from "./puzzle-rating.js";
import { momentWords } from "./moments.js";

/** @typedef {import("./rating-graph.js").RatingPoint} RatingPoint */
/** A rating as the server shows it.
 * @typedef {{rating: number, deviation: number, provisional: boolean, games: number, wins: number}} RatingFigures */
/** A leaderboard's line. @typedef {RatingFigures & {name: string, bot: boolean, rank?: number}} Leader */
/** Whom a leaderboard lists. @typedef {"all" | "people" | "bots"} Kind */
/** A pool's leaderboard (GET /api/leaderboards/{pool}).
 * @typedef {{pool: string, kind: Kind, pools: string[], players: Leader[], provisional: Leader[], threshold: number}} Leaderboard */
/** A seat of a finished game on a player's page.
 * @typedef {{name: string, player: string | null, score: number | null, place: number | null}} PlayedSeat */
/** A finished game on a player's page.
 * @typedef {{id: string, game: string, options: import("./view-types.js").GameOptions, created: string, rated: boolean, seat: number, left: boolean,
 *   why: "left" | "away" | "timed_out" | "resigned" | null, status?: string, ended?: import("./view-types.js").Ended | null,
 *   score: number | null, place: number | null, players: PlayedSeat[],
 *   rating: {pool: string, before: number, after: number, provisional: boolean, provisional_before: boolean} | null,
 *   replay: string | null}} PlayedGame */
/** A player's page (GET /api/players/{name}).
 * @typedef {{name: string, created: string, bot: boolean, closed?: boolean, ratings: Array<RatingFigures & {pool: string, history: RatingPoint[]}>,
 *   games: PlayedGame[],
 *   stats: Array<{game: string, games: number, wins: number, mean_score: number}>, followers: number,
 *   vacation?: {until: number} | null}} PlayerPage */

/** The address of a player's page. @param {string} name */
export function playerHref(name) {
  return `/player/${encodeURIComponent(name)}`;
}

/** A date in the page's language ("26 Nov 2026"). @param {string} iso */
function day(iso) {
  return new Intl.DateTimeFormat(dateLanguage(), { day: "numeric", month: "short", year: "numeric" })
    .format(new Date(iso));
}

/** A table of `rows` under the column `heads`, its first `words` columns words, the others figures;
 * the columns from `minor` on are left out on a phone (style.css), where their row says them
 * another way. @param {string[]} heads @param {Array<Array<Node | string>>} rows @param {string} id
 * @param {number} words @param {number} [minor] */
function table(heads, rows, id, words, minor = heads.length) {
  const kind = (/** @type {number} */ i) => [i < words ? "" : "figure", i < minor ? "" : "minor"].join(" ").trim() || undefined;
  return el("div", { class: "table-scroll" }, el("table", { class: "players-table", id },
    el("thead", {}, el("tr", {}, heads.map((head, i) => el("th", { scope: "col", class: kind(i) }, head)))),
    el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((cell, i) => el("td", { class: kind(i) }, cell)))))));
}

/** The page's heading, with the way to the leaderboards. @param {string} title @param {boolean} [bot] */
function heading(title, bot = false) {
  return el("h1", { class: "players-title" }, title, bot ? [" ", botMark()] : "");
}

/** The mark by a bot's account's name (made with `bot: true`, as `kingdomino bot` makes it), as
 * lichess marks bots, in words ("(bot)", as the games name a bot's seat) that every font and
 * screen reader says (a robot emoji was a blank box where no emoji font is), and what it means
 * for the pointer. */
function botMark() {
  return el("span", { class: "bot-mark small", title: t("players.bot_title") }, `(${t("players.bot")})`);
}

/** Whom a leaderboard lists, from the address's `kind` ("all" when absent or unknown). @returns {Kind} */
function kindAsked() {
  const kind = new URLSearchParams(location.search).get("kind");
  return kind === "people" || kind === "bots" ? kind : "all";
}

/** The address of a pool's leaderboard listing `kind`. @param {string} pool @param {Kind} kind */
function boardHref(pool, kind) {
  return `/leaderboards/${pool}${kind === "all" ? "" : `?kind=${kind}`}`;
}

/** A player's page at "/player/<name>". @param {HTMLElement} main @param {string} name */
export async function showPlayer(main, name) {
  document.title = `${name} · ${t("app.name")}`;
  main.replaceChildren(el("p", {}, t("players.loading")));
  /** @type {PlayerPage} */
  let page;
  try {
    page = /** @type {PlayerPage} */ (await api(`/api/players/${encodeURIComponent(name)}`));
  } catch (problem) {
    // A name mistyped (a friend's, from the lobby's finder) is asked again here, not a dead end.
    const unknown = problem instanceof Refused && problem.code === "no_player";
    main.replaceChildren(el("p", { class: "card error", role: "alert" }, errorWords(problem)),
      unknown ? el("section", { class: "card" }, findForm(name)) : "", boardsLink());
    return;
  }
  document.title = `${page.name} · ${t("app.name")}`;
  main.replaceChildren(
    el("section", { class: "card", id: "player" }, heading(page.name, page.bot),
      el("p", { class: "small" }, t("players.since", { date: day(page.created) })), playerClubs(page.name),
      page.vacation ? awayLine("vacation.player", page.vacation.until, page.name) : "",
      page.closed ? el("p", { id: "player-closed", class: "player-closed" }, t("players.closed"))
        : relationButtons(page.name, page.followers),
      boardsLink()),
    playingNow(page.name),
    el("section", { class: "card", id: "player-ratings" }, el("h2", {}, t("players.ratings")),
      page.ratings.length ? page.ratings.map((rating) => el("div", { class: "player-pool", "data-pool": rating.pool },
        el("h3", {}, el("a", { href: `/leaderboards/${rating.pool}` }, t(`pool.${rating.pool}`))),
        el("p", {}, el("strong", { class: "player-rating", title: rating.provisional ? provisionalMeaning() : undefined }, t("players.rating_line",
          { rating: ratingText(rating.rating, rating.provisional), deviation: number(Math.round(rating.deviation)) })),
        rating.provisional ? el("span", { class: "provisional" }, " ", t("players.provisional_tag")) : "", " · ",
        t("players.games_wins", { games: number(rating.games), wins: number(rating.wins) })),
        ratingGraph(rating.history))) : el("p", { class: "small" }, t("players.no_ratings"))),
    el("section", { class: "card", id: "player-stats" }, el("h2", {}, t("players.per_game")),
      el("p", { class: "small" }, t("players.per_game_about")),
      page.stats.length ? table([t("players.game"), t("players.games"), t("players.wins"), t("players.mean_score")],
        page.stats.map((s) => [t(`game.${s.game}`), number(s.games), number(s.wins), number(s.mean_score)]), "player-stats-table", 1)
        : el("p", { class: "small" }, t("players.no_games")), page.stats.length ? insightsLink(page.name) : ""),
    el("section", { class: "card", id: "player-games" }, el("h2", {}, t("players.recent")),
      archiveLink(page.name, page.stats.reduce((sum, s) => sum + s.games, 0)),
      page.games.length ? el("ul", { class: "player-games" }, page.games.map(playedGame)) : el("p", { class: "small" }, t("players.no_games"))));
  headToHead(page.name).then((line) => { if (line) main.querySelector("#player > .small")?.after(line); });
  puzzleRatingCard(page.name).then((card) => { if (card) main.querySelector("#player-ratings")?.after(card); });
  if (page.closed) return;  // nobody challenges a closed account
  const challenge = await challengeCard(page.name, page.bot, GAMES);
  if (challenge) main.querySelector("#player")?.after(challenge);
  // A challenge to a player on vacation is sent all the same: a game by the day waits for them.
  if (challenge && page.vacation) sayAway(challenge, page.vacation.until, page.name);
  // The lobby's "Following" card's "Challenge" opens the page at its form.
  if (challenge && location.hash === "#challenge") {
    challenge.scrollIntoView();
    /** @type {HTMLElement | null} */ (challenge.querySelector("select, input, a"))?.focus();
  }
}

/** A recent game of the player's page: when (the day and the time of day in the reader's language
 * and time zone: a club plays several games one evening), which game, its place, each seat's score (an account's
 * name a link to its page), its rating change, its replay (none for a game resigned before anyone
 * moved: it says so). @param {PlayedGame} game */
export function playedGame(game) {
  const seats = game.players.flatMap((seat, i) => [i ? ", " : "",
    seat.player ? el("a", { href: playerHref(seat.player) }, seat.player) : localName(seat.name),
    seat.score === null ? "" : ` ${number(seat.score)}`,
    seat.place === 1 ? el("span", { class: "leader", role: "img", "aria-label": t("board.winner") }, " ★") : ""]);
  return el("li", { "data-game": game.id },
    el("time", { datetime: game.created, class: "small" }, momentWords(game.created)), " · ", el("strong", {}, gameTitle(game)),
    game.place ? ` · ${t("players.place", { place: number(game.place), players: number(game.players.length) })}` : "",
    game.left ? ` · ${t(game.why === "away" ? "players.away" : game.why === "timed_out" ? "players.timed_out"
      : game.why === "resigned" ? "players.resigned_ai" : "players.left")}` : "",
    endedWords(game),
    game.rated ? el("span", { class: "rated" }, ` · ${t("players.rated")}`) : "",
    game.rating ? ` (${t("players.change", { before: ratingText(game.rating.before, game.rating.provisional_before),
      after: ratingText(game.rating.after, game.rating.provisional) })})` : "",
    el("br", {}), seats, game.replay ? [" · ", el("a", { href: game.replay, class: "replay-link" }, t("players.replay"))]
      : game.status === "finished" ? ` · ${t("players.no_moves")}` : "");
}

/** How a game of the player's page ended before its last move: aborted (no result), or resigned
 * by this player (their place says the rest). @param {PlayedGame} game */
function endedWords(game) {
  if (game.status === "aborted") return ` · ${t("players.aborted")}`;
  return game.ended && game.ended.by === "resign" && game.ended.seat === game.seat ? ` · ${t("players.resigned")}` : "";
}

/** The link to the leaderboards. */
function boardsLink() {
  return el("p", {}, el("a", { href: "/leaderboards", id: "to-leaderboards" }, t("players.leaderboards")));
}

/** A pool's leaderboard at "/leaderboards/<pool>", with a tab per pool; at "/leaderboards" the
 * pool the server deems the reader's (their latest rated game's, else the one with most players).
 * Bots are marked, and listed with people unless the address asks for one kind (`?kind=people`,
 * `?kind=bots`): all by default, as lichess, so that a board shows every account that plays.
 * @param {HTMLElement} main @param {string | undefined} pool */
export async function showLeaderboards(main, pool) {
  document.title = `${t("players.leaderboards")} · ${t("app.name")}`;
  main.replaceChildren(el("p", {}, t("players.loading")));
  /** @type {Leaderboard} */
  let board;
  try {
    const path = `/api/leaderboards${pool ? `/${encodeURIComponent(pool)}` : ""}`;
    board = /** @type {Leaderboard} */ (await api(`${path}?limit=100&kind=${kindAsked()}`));
  } catch (problem) {
    main.replaceChildren(el("p", { class: "card error", role: "alert" }, errorWords(problem)), boardsLink());
    return;
  }
  const tabs = el("nav", { class: "pool-tabs", "aria-label": t("players.pools") },
    board.pools.map((name) => el("a", { href: boardHref(name, board.kind), class: "pool-tab",
      "aria-current": name === board.pool ? "page" : undefined }, t(`pool.${name}`))));
  const heads = [t("players.player"), t("players.rating"), t("players.deviation"), t("players.games"), t("players.wins")];
  // On a phone the deviation, games and wins columns are left out: the games and wins go under the
  // name (the rating's "?" says a provisional one), so that the table fits a narrow screen.
  /** @param {Leader} p */
  const cells = (p) => [el("span", {}, el("a", { href: playerHref(p.name) }, p.name),
    p.bot ? [" ", botMark()] : "",
    el("span", { class: "minor-line" }, t("players.games_wins", { games: number(p.games), wins: number(p.wins) }))),
  ratingShown(p.rating, p.provisional), number(Math.round(p.deviation)), number(p.games), number(p.wins)];
  main.replaceChildren(
    el("section", { class: "card", id: "leaderboard" }, heading(t("players.leaderboards")), tabs,
      kindTabs(board), el("h2", {}, t(`pool.${board.pool}`)),
      board.players.length ? table([t("players.rank"), ...heads], board.players.map((p) => [number(p.rank || 0), ...cells(p)]), "leaders", 2, 3)
        : el("p", { class: "small", id: "no-leaders" }, t(board.provisional.length ? "players.none_settled"
          : board.kind === "all" ? "players.none_yet" : `players.none_${board.kind}`))),
    board.provisional.length ? el("section", { class: "card", id: "provisional" }, el("h2", {}, t("players.provisional")),
      el("p", { class: "small" }, t("players.provisional_about", { threshold: number(board.threshold) })),
      table(heads, board.provisional.map(cells), "provisional-leaders", 1, 2)) : "");
}

/** The choice of whom the leaderboard lists: all, people only, bots only. @param {Leaderboard} board */
function kindTabs(board) {
  /** @type {Kind[]} */
  const kinds = ["all", "people", "bots"];
  return el("nav", { class: "pool-tabs kind-tabs", "aria-label": t("players.kinds") },
    kinds.map((kind) => el("a", { href: boardHref(board.pool, kind), class: "kind-tab", "data-kind": kind,
      "aria-current": kind === board.kind ? "page" : undefined }, t(`players.kind_${kind}`))));
}
