// The lobby's "Club tournaments" card: the tournaments open to join and running, each a link to
// its page (tournament.js), and the form an account organises one with (the quick game's game
// and clock choices, open-games.js).
import { ACCOUNT_SHOWN } from "./account.js";
import { clubChoice } from "./club-card.js";
import { el } from "./dom.js";
import { ago } from "./following.js";
import { dateLanguage, t } from "./i18n.js";
import { gameChoiceFields, openJoined, timeControlWords } from "./open-games.js";
import { api } from "./server.js";
import { simulsLink } from "./simul-link.js";
import { battleChoice } from "./team-battle.js";
import { awaitingWords } from "./tournament-seats.js";
import { noWaiting, vacationChoice } from "./vacation.js";
import { errorWords, gameTitle } from "./words.js";

/** A tournament as the lists show it (GET /api/tournaments).
 * @typedef {{id: string, name: string, game: string, options: Record<string, string>,
 *   time_control: import("./view-types.js").TimeControl | null, rated: boolean, format: string,
 *   rounds: number, round: number, max_players: number, status: string, players: number, table_size: number,
 *   club?: string | null, bots: boolean, team_battle?: string[] | null}} Listed */

/** The card, filled once the lists and the account are read.
 * @param {Record<string, {players: number[], modes?: string[]}>} games the games offered, as the lobby's form has them */
export function tournamentsCard(games) {
  const list = el("ul", { id: "tournament-list" });
  const awaiting = el("ul", { id: "tournament-awaiting" });
  const none = el("p", { class: "small", id: "no-tournaments", hidden: true }, t("tournament.none"));
  const said = el("p", { class: "error", role: "alert", id: "tournaments-error" });
  const organise = el("details", { id: "organise" }, el("summary", {}, t("tournament.organise")));
  const card = el("section", { class: "card", id: "tournaments" }, el("h2", {}, t("tournament.card")),
    el("p", { class: "small" }, t("tournament.card_text")), awaiting, list, none, said, organise, simulsLink());
  /** Whose card it is: an account's id, null for a guest, undefined before it is known. @type {number | null | undefined} */
  let shownFor;
  /** How many fills began: an answer to one that a later fill followed is dropped. */
  let fills = 0;
  /** Fill the lists (the games awaiting the account's seat are its own) and, for another account
   * than shown, the organiser's form or the word to log in. Only the latest fill draws: the account
   * card says "logged out" before it knows, then who is logged in, and answers come in any order.
   * @param {{id: number} | null} [known] the account the account card shows, when it said */
  const fill = async (known) => {
    const mine = ++fills;
    try {
      const found = /** @type {{open: Listed[], running: Listed[], awaiting?: Awaiting[]}} */ (await api("/api/tournaments"));
      if (mine !== fills) return;
      const shown = [...found.open, ...found.running];
      list.replaceChildren(...shown.map(listedLine));
      awaiting.replaceChildren(...(found.awaiting || []).map((game) => awaitingLine(game, said)));
      none.hidden = shown.length > 0;
      const account = known !== undefined ? known
        : /** @type {{account: {id: number} | null}} */ (await api("/api/account")).account;
      const id = account ? account.id : null;
      if (mine !== fills || id === shownFor) return;
      shownFor = id;
      organise.replaceChildren(/** @type {Node} */ (organise.firstChild),
        account ? organiseForm(games) : el("p", { class: "small" }, t("tournament.log_in")));
    } catch (problem) { said.textContent = errorWords(problem); }
  };
  fill();
  // Logged in or out from the lobby's account card: the form is offered (or withdrawn) at once.
  document.addEventListener(ACCOUNT_SHOWN, (event) => fill(/** @type {CustomEvent} */ (event).detail));
  return card;
}

/** A game of yours whose seat waits for you (GET /api/tournaments: `awaiting`; `arena`: an arena's, `round` its number there).
 * @typedef {{tournament: string, name: string, round: number, game_id: string, opponent: string | null, arena?: boolean}} Awaiting */

/** A game waiting for your seat, with the button that takes it. @param {Awaiting} game @param {HTMLElement} said */
function awaitingLine(game, said) {
  const take = async () => {
    try {
      openJoined(/** @type {import("./view-types.js").Seated} */ (await api(`/api/games/${game.game_id}/join`, { method: "POST", body: {} })));
    } catch (problem) { said.textContent = errorWords(problem); }
  };
  return el("li", { "data-game": game.game_id },
    el("a", { href: `/tournament/${game.tournament}` }, game.name), " · ",
    awaitingWords(game), " ",
    el("button", { type: "button", class: "primary take-seat", onclick: take }, t("tournament.take_seat")));
}

/** A tournament of the list: its name (the link to its page) and what it is. @param {Listed} listed */
function listedLine(listed) {
  const format = t(listed.format === "arena" ? "arena.format" : listed.format === "swiss" ? "tournament.swiss" : "tournament.round_robin");
  const round = listed.format === "arena" ? "" : listed.status === "running" ? t("tournament.round_of", { n: listed.round, total: listed.rounds })
    : listed.format === "swiss" ? t("tournament.rounds_n", { n: listed.rounds }) : "";
  const tables = listed.table_size > 2 ? t("tournament.tables_of", { n: listed.table_size }) : "";
  return el("li", { "data-id": listed.id },
    el("a", { href: `/tournament/${listed.id}` }, listed.name), " · ", t(`tournament.${listed.status}`), " · ",
    [gameTitle(listed), format, tables, round, timeControlWords(listed.time_control), ...noWaiting(listed.time_control),
      t(listed.rated ? "lobby.rated" : "lobby.casual"),
      t("tournament.entrants_n", { n: listed.players, max: listed.max_players }),
      listed.club ? t("club.members_only", { name: listed.club }) : "",
      listed.team_battle ? t("team_battle.listed", { names: listed.team_battle.join(", ") }) : "",
      listed.bots ? t("tournament.bots") : ""].filter(Boolean).join(" · "));
}

/** The form a logged-in player organises a tournament with; sent, it opens the tournament's page.
 * @param {Record<string, {players: number[], modes?: string[]}>} games */
function organiseForm(games) {
  const said = el("p", { class: "error", role: "alert", id: "organise-error" });
  const wanted = gameChoiceFields(games, "tournament", t("tournament.game_choice"), [2], t("tournament.clock"), false);
  const field = (/** @type {string} */ id, /** @type {Record<string, unknown>} */ attributes) =>
    /** @type {HTMLInputElement} */ (el("input", { id, ...attributes }));
  const name = field("tournament-name", { type: "text", maxlength: 64, required: true, value: t("tournament.default_name") });
  const format = /** @type {HTMLSelectElement} */ (el("select", { id: "tournament-format" },
    el("option", { value: "round_robin" }, t("tournament.round_robin")), el("option", { value: "swiss" }, t("tournament.swiss")),
    el("option", { value: "arena" }, t("arena.format"))));
  // An arena's length (web/arena.py: 20 to 180 minutes), asked of an arena alone.
  const minutes = field("tournament-minutes", { type: "number", min: 20, max: 180, step: 5, value: 60 });
  const minutesLabel = el("label", { hidden: true, id: "tournament-minutes-label" }, t("arena.minutes"), " ", minutes);
  const rounds = field("tournament-rounds", { type: "number", min: 1, max: 15, value: 5 });
  const most = field("tournament-max", { type: "number", min: 3, max: 64, value: 20 });
  const bots = field("tournament-bots", { type: "checkbox" });
  const watched = field("tournament-public", { type: "checkbox", checked: true });
  const play = field("tournament-play", { type: "checkbox", checked: true });
  // "I play too": ticked for a tournament for anyone; unticked once one of the organiser's clubs
  // is chosen (a leader organises for the members), until the organiser ticks or unticks it.
  let playChosen = false;
  play.addEventListener("change", () => { playChosen = true; });
  const starts = field("tournament-starts", { type: "datetime-local" });
  const startsSaid = startsInWords(starts);
  const club = clubChoice();
  const battle = battleChoice();
  const vacation = vacationChoice();
  const roundsLabel = el("label", { hidden: true }, t("tournament.rounds"), " ", rounds);
  // Tables of three or four for a game that has them: a Swiss by tables (no round robin).
  const tableSize = /** @type {HTMLSelectElement} */ (el("select", { id: "tournament-table-size" },
    el("option", { value: "2" }, t("tournament.table_two")), [3, 4].map((n) => el("option", { value: String(n) }, String(n)))));
  const tableLabel = el("label", { id: "tournament-table-label" }, t("tournament.table_size"), " ", tableSize);
  const fit = () => {
    const many = (games[wanted.chosen().game]?.players || []).some((n) => n > 2);
    tableLabel.hidden = !many;
    if (!many) tableSize.value = "2";
    const tables = tableSize.value !== "2";
    /** @type {HTMLOptionElement} */ (format.options[0]).disabled = tables;
    /** @type {HTMLOptionElement} */ (format.options[2]).disabled = tables;
    if (tables) format.value = "swiss";
    roundsLabel.hidden = format.value !== "swiss";
    vacation.fit(wanted.chosen().time_control);
    minutesLabel.hidden = format.value !== "arena";
    // Offered to a club's leader alone (the club choice is shown to them): its maker leads one of its clubs.
    battle.fit(format.value === "arena" && !club.field.hidden);
    // A team battle's clubs are its own: "Who may join" is not asked of it.
    /** @type {HTMLSelectElement} */ (club.field.querySelector("select")).disabled = battle.value() !== null;
    if (!playChosen) play.checked = club.value() === null || battle.value() !== null;
  };
  const send = async (/** @type {Event} */ event) => {
    event.preventDefault();
    said.textContent = "";
    const { players: _players, ...choice } = wanted.chosen();
    try {
      const made = /** @type {{id: string}} */ (await api("/api/tournaments", { method: "POST", body: {
        ...choice, time_control: vacation.applied(choice.time_control),
        name: name.value, format: format.value, rounds: Number(rounds.value), max_players: Number(most.value),
        table_size: Number(tableSize.value), minutes: Number(minutes.value),
        bots: bots.checked, public: watched.checked, play: play.checked,
        club: battle.value() ? null : club.value(), team_battle: battle.value(),
        starts_at: starts.value ? new Date(starts.value).getTime() / 1000 : null } }));
      location.href = `/tournament/${made.id}`;
    } catch (problem) { said.textContent = errorWords(problem); }
  };
  // A tournament's games have a clock (the server refuses one without): "No clock" is not offered.
  const clock = wanted.fields.map((field) => field instanceof Element && field.querySelector("#tournament-clock")).find(Boolean);
  if (clock) {
    /** @type {HTMLSelectElement} */ (clock).options[0].remove();
    clock.dispatchEvent(new Event("change", { bubbles: true }));
  }
  fit();
  return el("form", { id: "organise-form", class: "organise-form", onsubmit: send, onchange: fit },
    el("label", {}, t("tournament.name"), " ", name),
    el("span", { class: "organise-game" }, ...wanted.fields), vacation.field, tableLabel,
    el("label", {}, t("tournament.format"), " ", format), roundsLabel, minutesLabel,
    el("label", {}, t("tournament.max_players"), " ", most),
    el("label", {}, bots, " ", t("tournament.bots")),
    el("label", {}, watched, " ", t("watch.public")),
    el("label", {}, play, " ", t("tournament.play")),
    el("label", {}, t("tournament.starts_at"), " ", starts), startsSaid, club.field, battle.field,
    el("button", { type: "submit", class: "primary", id: "organise-button" }, t("tournament.create")), said);
}

/** The moment chosen in the start's field, said beside it in the page's language ("Starts Tuesday,
 * December 1 at 3:30 PM, in 30 minutes"): the field is the browser's own, written in the browser's
 * language, which may not be the page's; a moment gone by is said so (the server refuses it).
 * @param {HTMLInputElement} starts */
function startsInWords(starts) {
  const said = el("output", { id: "tournament-starts-said", for: "tournament-starts", class: "small" });
  const say = () => {
    const moment = starts.value ? new Date(starts.value) : null;
    if (!moment || Number.isNaN(moment.getTime())) {
      said.textContent = "";
      return;
    }
    const values = {
      day: new Intl.DateTimeFormat(dateLanguage(), { weekday: "long", day: "numeric", month: "long" }).format(moment),
      time: new Intl.DateTimeFormat(dateLanguage(), { timeStyle: "short" }).format(moment),
      soon: ago(moment.toISOString()),
    };
    said.textContent = t(moment.getTime() > Date.now() ? "tournament.starts_chosen" : "tournament.starts_passed", values);
  };
  starts.addEventListener("input", say);
  starts.addEventListener("change", say);
  return said;
}
