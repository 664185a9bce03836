// What the lobby's account card shows a logged-in player besides the account itself: the ways to
// their page, the leaderboards and their preferences, their account's games being played (those awaiting them first,
// each opened with its seat's token, on any device), and an offer to add this browser's games to
// the account. Claiming is offered, never done on its own: a browser may be shared, and its
// player chooses whose games these are.
import { withoutAi } from "./ai-levels.js";
import { el } from "./dom.js";
import { replaceKeepingFocus } from "./keep-focus.js";
import { onNews } from "./news.js";
import { dateLanguage, language, number, t } from "./i18n.js";
import { playerHref } from "./players.js";
import { savedGames } from "./saved-games.js";
import { api } from "./server.js";
import { DROPPED, latestOnly } from "./latest.js";
import { seatLine, seatsAwaiting } from "./tournament-seats.js";
import { tellAwaiting, tellTurnElsewhere } from "./turn-told.js";
import { noticeListed, noticeShortTime } from "./turn-notify.js";
import { returnDay } from "./vacation.js";
import { errorWords, gameTitle, localName } from "./words.js";
import { tellGamesEnded } from "./games-ended.js";

/** A game of the account (GET /api/account/games; web/account_games.py game_entry).
 * @typedef {{id: string, game: string, options: import("./view-types.js").GameOptions, created: string, scores: number[], moves: number,
 *   status: string, seat: number, token: string | null,
 *   your_turn: boolean, players: string[], rated: boolean, current_player: number | null,
 *   ended?: import("./view-types.js").Ended | null, resigned?: number[],
 *   time_control: import("./view-types.js").TimeControl | null, deadline: number | null, away_until?: number | null,
 *   left: boolean, timed_out: boolean, places: number[] | null, version: number, with_people: boolean, challenge: boolean}} AccountGame */

/** Where this browser notes the games it offered to an account (claimed or refused), by account. */
const OFFERED = "kingdomino.claimed.";
/** Seconds between two looks at the account's games while the lobby is open: a turn-based game
 * may become the player's turn meanwhile, which the lobby then says. */
export const REFRESH_SECONDS = 60;
/** Hours left under which the time of a turn-based game awaiting the player is drawn as short. */
const LOW_HOURS = 3;

/** The token of the seat this browser's player plays in a saved game: the seat chosen as "me" in
 * the lobby, else the first kept (an invite's); none for a game only watched here.
 * @param {import("./saved-games.js").SavedGame} saved @returns {string | null} */
export function playerToken(saved) {
  if (!saved.kinds) return saved.tokens[0] ?? null;
  const here = saved.kinds.filter((kind) => kind === "me" || kind === "local");
  if (!here.length) return null;
  const mine = saved.kinds.indexOf("me");
  const at = mine < 0 ? 0 : saved.kinds.slice(0, mine).filter((kind) => kind === "me" || kind === "local").length;
  return saved.tokens[at] ?? null;
}

/** This browser's games not offered to account `id` yet, each with its player's token. @param {number} id */
function claimable(id) {
  const offered = new Set(JSON.parse(localStorage.getItem(OFFERED + id) || "[]"));
  return savedGames().flatMap((saved) => {
    const token = playerToken(saved);
    return token && !offered.has(saved.id) ? [{ id: saved.id, token }] : [];
  });
}

/** The logged-in part of the account card for `account`: links (a moderator's to its page too),
 * its games, the claim's offer. @param {{id: number, name: string, moderator?: boolean}} account @returns {HTMLElement[]} */
export function accountGames(account) {
  const said = el("p", { class: "small", id: "claim-said", role: "status" });
  const list = el("div", { id: "account-games" });
  const offer = el("div", { id: "claim-offer" });
  const heard = el("p", { class: "small", id: "turn-heard", role: "status" });
  /** The games that awaited the account at the last look (none before the first). @type {Set<string> | null} */
  let awaiting = null;
  /** The account's games at the last look (none before the first). @type {AccountGame[] | null} */
  let before = null;
  // Looks overlap (the minute's, the tab shown again, a socket's news, a claim): a late answer is older.
  const latest = latestOnly();
  const refresh = () => Promise.all([listGames(list, latest), seatsAwaiting()]).then(([listed, seats]) => {
    if (listed === DROPPED || !listed) return;
    noticeListed(before, listed.all);
    tellGamesEnded(before, listed.all);
    before = listed.all;
    // A game the account has already (begun or joined logged in) is not offered to it: the offer
    // waits for the list that says which those are.
    const theirs = claimable(account.id).filter((game) => listed.ids.includes(game.id));
    if (theirs.length) noteOffered(account.id, theirs.map((game) => game.id));
    showOffer();
    const now = listed.shown.filter((g) => g.your_turn);
    showYourMove(now, seats);
    for (const g of now) {
      const seconds = shortTime(g);
      if (seconds !== null) noticeShortTime(g, timeLeftWords(seconds));
    }
    const news = awaiting ? now.filter((g) => !awaiting?.has(g.id)) : [];
    awaiting = new Set(now.map((g) => g.id));
    if (!news.length) return;
    heard.textContent = news.map((g) => t("turn_told.now_yours", { game: gameTitle(g), players: othersAt(g) })).join(" ");
    tellTurnElsewhere();
  });
  // Looked at again while the lobby shows the list; a list taken away (logged out) is not. And at
  // once when the player comes back to the tab: what they come to see is which games await them.
  const look = () => { if (list.isConnected) refresh().finally(() => setTimeout(look, REFRESH_SECONDS * 1000)); };
  setTimeout(look, REFRESH_SECONDS * 1000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden && list.isConnected) refresh(); });
  onNews(() => { if (list.isConnected) refresh(); });
  const showOffer = () => {
    const games = claimable(account.id);
    offer.replaceChildren(...(games.length ? [
      el("button", { type: "button", id: "claim-games", onclick: () => claim(account.id, games, said).then(() => { showOffer(); refresh(); }) },
        t("account.claim", { n: games.length })),
      el("p", { class: "small" }, t("account.claim_about"))] : []));
  };
  refresh();
  return [
    el("p", { class: "account-links" }, el("a", { href: playerHref(account.name), id: "my-page" }, t("account.my_page")), " · ",
      el("a", { href: "/leaderboards", id: "leaderboards-link" }, t("account.leaderboards")), " · ",
      el("a", { href: "/account/preferences", id: "preferences-link" }, t("account.preferences")),
      account.moderator ? [" · ", el("a", { href: "/moderation", id: "moderation-link" }, `⚖ ${t("moderation.link")}`)] : ""),
    el("h3", {}, t("account.your_games")), heard, list, offer, said,
  ];
}

/** The lobby's first card, shown while games of the account await its move (`showYourMove`). */
export function yourMoveCard() {
  return el("section", { class: "card your-move", id: "your-move", hidden: true, "aria-labelledby": "your-move-title" });
}

/** Say which games of the account await its move (`games`; none once logged out), as sites of
 * turn-based games do on arrival: the lobby's first card says how many ("Your move in 3 games"),
 * each a link with its time left, the nearest deadline first, then the club tournaments' games
 * waiting for its seat (`seats`: a game cannot begin without the player either); the tab's title
 * counts them all ("(3) Kingdomino family"), read in the tab strip.
 * @param {AccountGame[]} games @param {import("./tournament-card.js").Awaiting[]} [seats] */
export function showYourMove(games, seats = []) {
  tellAwaiting(games.length + seats.length);
  const card = document.getElementById("your-move");
  if (!card) return;
  card.hidden = !games.length && !seats.length;
  const due = (/** @type {AccountGame} */ g) => g.deadline ?? Infinity;
  const fresh = el("div", {}, el("h2", { id: "your-move-title" }, t("account.your_move", { n: games.length + seats.length })),
    el("ul", {}, [...games].sort((a, b) => due(a) - due(b)).map((g) => el("li", {},
      el("a", { href: gameHref(g), class: "game-link", "aria-label": linkName(g) }, gameTitle(g)), ` · ${othersAt(g)}`, turnTime(g),
      el("span", { class: "your-move-apart small" }, apart(g)))), seats.map(seatLine)));
  // Drawn again only when it reads otherwise: the focus of a player going through its links stays.
  if (card.firstElementChild?.outerHTML !== fresh.outerHTML) replaceKeepingFocus(card, [fresh]);
}

/** What tells apart two games of the same kind against the same players, on a line of its own that
 * a phone's width holds: the scores, the player's own first ("score 12–9"), the move awaited
 * ("move 15": 14 made) and when the game began ("since 28 Nov"; the time of day, "since 11:24",
 * for a game begun today). @param {AccountGame} g */
export function apart(g) {
  const score = [g.scores[g.seat], ...g.scores.filter((_, i) => i !== g.seat)].map((n) => number(n)).join("–");
  const created = new Date(g.created);
  const today = created.toDateString() === new Date().toDateString();
  const began = new Intl.DateTimeFormat(dateLanguage(), today ? { hour: "2-digit", minute: "2-digit" } : { day: "numeric", month: "short" });
  const since = t("account.move_since", { date: began.format(created) });
  // A game still waiting for players has neither score nor move: when it was opened tells it apart.
  if (g.status === "open") return since;
  return [t("account.move_score", { scores: score }), t("account.move_number", { n: number(g.moves + 1) }), since].join(" · ");
}

/** The name a screen reader gives a game's link: its title alone ("Kingdomino", twice against
 * Bela) told the links apart neither in the lists of links nor by Tab: "Kingdomino with Bela, score
 * 12–9 · move 15 · since 28 Nov", its title first as shown. @param {AccountGame} g */
export function linkName(g) {
  const others = othersAt(g);
  const game = others ? t("notify.game_with", { game: gameTitle(g), players: others }) : gameTitle(g);
  return `${game}, ${apart(g)}`;
}

/** The address that opens an account's game at its seat, on any device. @param {AccountGame} g */
export function gameHref(g) {
  return `/game/${g.id}${g.token ? `?token=${encodeURIComponent(g.token)}` : ""}`;
}

/** Note the games `ids` as offered to account `id` (claimed or refused): not offered again.
 * @param {number} id @param {string[]} ids */
export function noteOffered(id, ids) {
  const offered = new Set(JSON.parse(localStorage.getItem(OFFERED + id) || "[]"));
  for (const game of ids) offered.add(game);
  localStorage.setItem(OFFERED + id, JSON.stringify([...offered]));
}

/** Offer `games` to account `id`; say how many became its, and note them all as offered.
 * @param {number} id @param {Array<{id: string, token: string}>} games @param {HTMLElement} said */
async function claim(id, games, said) {
  try {
    const sent = await api("/api/account/games/claim", { method: "POST", body: { games } });
    const answer = /** @type {{claimed: unknown[], refused: unknown[]}} */ (sent);
    noteOffered(id, games.map((game) => game.id));
    said.textContent = t("account.claimed", { n: answer.claimed.length });
  } catch (problem) {
    said.textContent = errorWords(problem);
  }
}

/** The other players of an account's game, in the page's language ("Bela and Cleo"). @param {AccountGame} g */
export function othersAt(g) {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(g.players.filter((_, i) => i !== g.seat).map(localName));
}

/** The account's games being played or waiting for players, those awaiting it first, each a link
 * that opens it with its seat's token; the games shown and the ids of all the account's games,
 * finished ones too, and all those games (null: the server was not heard; DROPPED: a later look
 * overtook this one, nothing drawn).
 * @param {HTMLElement} list @param {import("./latest.js").Latest} latest the list's looks
 * @returns {Promise<{shown: AccountGame[], ids: string[], all: AccountGame[]} | null | typeof DROPPED>} */
async function listGames(list, latest) {
  try {
    const games = /** @type {{playing: AccountGame[], open: AccountGame[], finished: AccountGame[]} | typeof DROPPED} */ (
      await latest(api("/api/account/games")));
    if (games === DROPPED) return DROPPED;
    // A challenge still awaiting answers is listed once, in the lobby's challenges card, where its answers are.
    const shown = [...games.playing, ...games.open.filter((g) => !g.challenge)];
    const fresh = !shown.length ? el("p", { class: "small" }, t("account.no_games"))
      : el("ul", {}, shown.map((g) => el("li", { class: g.your_turn ? "awaits" : "" },
      el("a", { href: gameHref(g), class: "game-link", "aria-label": linkName(g) }, gameTitle(g)),
      g.rated ? ` · ${t("players.rated")}` : "",
      " · ", g.players.map((name) => localName(name)).join(", "),
      g.your_turn ? el("strong", { class: "awaits-you" }, " · ", el("span", { "aria-hidden": "true" }, "● "), t("account.your_turn")) : "",
      g.timed_out && g.status === "playing" ? el("strong", { class: "timed-out" }, ` · ${t("account.timed_out")}`) : "",
      turnTime(g),
      ...whoEnded(g, g.players).map((words) => ` · ${words}`),
      g.status === "open" ? ` · ${t("account.waiting")}` : "",
      // What tells it from another game of the same kind and players, as the "Your move" card says it.
      el("span", { class: "your-move-apart small" }, apart(g)))));
    // A list that reads the same is kept: the focus of a player going through its links stays put.
    if (list.firstElementChild?.outerHTML !== fresh.outerHTML) replaceKeepingFocus(list, [fresh]);
    // Every game of the account, the challenges too: none of them is offered to it again.
    const all = [...games.playing, ...games.open, ...games.finished];
    return { shown, ids: all.map((g) => g.id), all };
  } catch (problem) {
    list.replaceChildren(el("p", { class: "error" }, errorWords(problem)));
    return null;
  }
}

/** Who resigned from a game of a list of games, or called it off, in words: "You resigned" for the
 * list's own seat (`seat`), "Boris resigned" for another, "Boris called the game off", "Boris did
 * not join in time" (a rematch called off for it); none for
 * a game played on or to its end. `names`: the seats' names as the server has them (an AI playing
 * on a resigned seat is "Boris (AI, medium)": the player is "Boris").
 * @param {{seat: number | null, ended?: import("./view-types.js").Ended | null, resigned?: number[]}} g
 * @param {string[]} names @returns {string[]} */
export function whoEnded(g, names) {
  const name = (/** @type {number} */ seat) => localName(withoutAi(names[seat] ?? ""));
  const said = (g.resigned || []).map((seat) => seat === g.seat ? t("end.you_resigned") : t("end.resigned", { name: name(seat) }));
  const ended = g.ended;
  if (ended && ended.by === "abort") {
    said.push(ended.seat === g.seat ? t("games.you_called_off") : t("games.called_off_by", { name: name(ended.seat) }));
  }
  if (ended && ended.by === "no_show") {
    said.push(ended.seat === g.seat ? t("games.you_no_show") : t("games.no_show_by", { name: name(ended.seat) }));
  }
  return said;
}

/** A time left in the page's language, rounded down to its larger unit ("2 days", "23 hours",
 * "40 minutes"): the player is not told of more time than they have. @param {number} seconds */
export function timeLeftWords(seconds) {
  const hours = seconds / 3600;
  const [amount, unit] = hours >= 48 ? [Math.floor(hours / 24), "day"] : hours >= 1 ? [Math.floor(hours), "hour"]
    : [Math.max(1, Math.ceil(seconds / 60)), "minute"];
  return new Intl.NumberFormat(language(), { style: "unit", unit, unitDisplay: "long" }).format(amount);
}

/** Whose turn a turn-based game awaits and the time left on their clock: " · 23 hours left" after
 * "your turn", " · Bela to play · 2 days left" for another's turn; nothing for a game without
 * days a move (a real-time clock's time left is stale before the list is read). @param {AccountGame} g */
export function turnTime(g) {
  if (g.time_control?.kind !== "days" || g.current_player === null) return "";
  const seconds = g.deadline === null ? null : g.deadline - Date.now() / 1000;
  const left = seconds === null ? "" : ` · ${seconds > 0 ? t("turn_time.left", { time: timeLeftWords(seconds) }) : t("turn_time.up")}`;
  const name = localName(g.players[g.current_player] ?? "");
  const who = g.your_turn ? "" : ` · ${t("turn_time.to_play", { name })}`;
  // A player on vacation: their clock stands still until their return, which the line says.
  const away = g.away_until && g.away_until > Date.now() / 1000
    ? ` · ${t(g.your_turn ? "vacation.turn_yours" : "vacation.turn", { name, date: returnDay(g.away_until) })}` : "";
  // The player's own time running short stands out, in the red of a low clock: that game first.
  return el("span", { class: shortTime(g) !== null ? "turn-time low" : "turn-time" }, who, left, away);
}

/** The seconds left for the player's move in turn-based game `g` if they run short (under
 * `LOW_HOURS`; not yet run out), else null. @param {AccountGame} g */
function shortTime(g) {
  if (!g.your_turn || g.time_control?.kind !== "days" || g.deadline === null) return null;
  const seconds = g.deadline - Date.now() / 1000;
  return seconds > 0 && seconds < LOW_HOURS * 3600 ? seconds : null;
}
