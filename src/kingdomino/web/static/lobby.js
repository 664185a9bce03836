// The lobby: "play now" against the AI, a guided first game, a new game of any kind (names kept when
// the player count changes), this browser's games (your-games.js), opening an invite or spectator
// link, the scorer.
import { ACCOUNT_SHOWN, accountCard } from "./account.js";
import { yourMoveCard } from "./account-games.js";
import { aiLevels, levelWords } from "./ai-levels.js";
import { challengesCard } from "./challenges.js";
import { el } from "./dom.js";
import { followingCard } from "./following.js";
import { clubsCard } from "./club-card.js";
import { continueCard } from "./continue-card.js";
import { openHelp } from "./help.js";
import { liveGamesCard } from "./live-games.js";
import { openGameFields, openGamesCard } from "./open-games.js";
import { remember } from "./saved-games.js";
import { api } from "./server.js";
import { DROPPED, latestOnly } from "./latest.js";
import { t } from "./i18n.js";
import { tournamentsCard } from "./tournament-card.js";
import { notifyToggle, pushFollowsAccount } from "./turn-notify.js";
import { tellTurn } from "./turn-told.js";
import { UNNAMED_YOU, errorWords } from "./words.js";
import { puzzleCard } from "./puzzle-card.js";
import { takebacksBox, takebacksChosen } from "./lobby-takebacks.js";
import { quickPlay } from "./lobby-quick.js";
import { followGames } from "./your-games.js";

/** A new game as the lobby asks for it (`POST /api/games`; `guided` is kept by the page alone).
 * @typedef {{game: string, players: number, options: Record<string, string | boolean>, seats: Array<Record<string, unknown>>,
 *   hints?: boolean, aids?: boolean, public?: boolean, guided?: boolean, rated?: boolean, wait_minutes?: number, ai_fill?: string,
 *   takebacks?: boolean, time_control?: import("./view-types.js").TimeControl | null}} GameRequest */

/** Each game's player counts, modes and optional rules; a rule that holds only for some player
 * counts or modes says so (the Mighty Duel is for 2 players; the last recruitment is Tribe's, the
 * totem tie-break Totem's), and is offered only there.
 * @type {Record<string, {players: number[], modes?: string[], flags: Array<[string, string?, {players?: number[], modes?: string[]}?]>}>} */
export const GAMES = {
  kingdomino: { players: [2, 3, 4], flags: [["middle_kingdom"], ["harmony"], ["dynasty"], ["mighty_duel", undefined, { players: [2] }]] },
  duel: { players: [2], flags: [["pass_fills_spellbook"]] },
  origins: { players: [2, 3, 4], modes: ["discovery", "totem", "tribe"],
    flags: [["fire_kingdom"], ["homo_habilis"], ["final_recruit", undefined, { modes: ["tribe"] }], ["totem_tie", "choose", { modes: ["totem"] }]] },
};
/** Who may play a seat besides an AI: you, someone at this screen, someone invited by a link,
 * anyone who joins from the lobby's open games. */
const HUMAN_KINDS = ["me", "local", "online", "open"];

/** Each choice of a seat's menu: the people, then an AI of each of the server's levels ("ai:hard"). */
function seatKinds() {
  return [...HUMAN_KINDS, ...aiLevels().map((level) => `ai:${level}`)];
}

/**
 * Keep what this browser needs of a new game: the tokens of the seats played here (the spectator
 * token when none is: an all-AI game is watched), the invite links, and the request for a rematch
 * (none for a game opened from a link: its setup was made elsewhere).
 * @param {import("./view-types.js").Created} created @param {Record<string, unknown> | undefined} request
 * @param {string[]} kinds @param {boolean} [guided]
 */
export function rememberCreated(created, request, kinds, guided = Boolean(request && request.guided)) {
  const mine = created.seats.filter((s, i) => s.kind === "human" && kinds[i] !== "online").map((s) => String(s.token));
  const invites = created.seats.filter((_s, i) => kinds[i] === "online")
    .map((s) => ({ seat: s.seat, name: s.name, url: location.origin + s.invite }));
  const tokens = mine.length ? mine : [created.spectator_token];
  const { seed: _seed, ...again } = request || {};
  remember(created.id, tokens, { invites, spectator: location.origin + created.spectator, request: request ? again : undefined, kinds, guided });
}

/** Create the game `request` asks for, keep what this browser needs of it and open it.
 * @param {GameRequest} request @param {string[]} kinds each seat's choice in the lobby ("me", "online", "ai:hard"...) */
async function start(request, kinds) {
  const { guided: _guided, ...body } = request;
  const created = /** @type {import("./view-types.js").Created} */ (await api("/api/games", { method: "POST", body }));
  rememberCreated(created, request, kinds);
  location.href = `/game/${created.id}`;
}

/** The lobby: play now, a new game of any kind, this browser's games, an invite link to open, the
 * scorer. @param {HTMLElement} main */
export function showLobby(main) {
  tellTurn(t("app.name"), false);  // the title the count of games awaiting the player goes before
  const error = el("p", { class: "error", role: "alert", id: "lobby-error" });
  /** @param {GameRequest} request @param {string[]} kinds */
  const go = (request, kinds) => start(request, kinds).catch((problem) => { error.textContent = errorWords(problem); });
  const quick = quickPlay(go);

  const gameSelect = /** @type {HTMLSelectElement} */ (el("select", { id: "game" },
    Object.keys(GAMES).map((id) => el("option", { value: id }, t(`game.${id}`)))));
  const playersSelect = /** @type {HTMLSelectElement} */ (el("select", { id: "players" }));
  const optionsBox = el("fieldset", { id: "options" });
  const seatsBox = el("div", { id: "seats" });
  // What the AI seats' "Elo 874" means, said once under the seats (the menu's choices stay short
  // enough to read in full on a phone).
  const eloNote = el("p", { class: "small", id: "elo-about", hidden: true }, t("lobby.elo_about"));
  const openFields = openGameFields();
  /** The online game's choices the seats call for: the clock whenever two or more humans play
   * online (an invited friend or a seat open to the lobby among them), the open game's while a
   * seat is open. @param {string[]} kinds each seat's choice */
  const onlineChoices = (kinds) => {
    const opened = kinds.includes("open");
    const online = opened || (kinds.includes("online") && kinds.filter((kind) => HUMAN_KINDS.includes(kind)).length >= 2);
    return openFields.chosen(online, opened);
  };
  const kindsChosen = () => [...seatsBox.querySelectorAll("select")].map((menu) => /** @type {HTMLSelectElement} */ (menu).value);
  seatsBox.addEventListener("change", () => { onlineChoices(kindsChosen()); publicByDefault(form, kindsChosen()); });
  /** The seats as typed so far, kept when the player count or the game changes. @type {Array<{kind: string, name: string}>} */
  const typed = [];

  function remembered() {
    seatsBox.querySelectorAll(".seat-row").forEach((row, i) => {
      const kind = /** @type {HTMLSelectElement} */ (row.querySelector("select")).value;
      const name = /** @type {HTMLInputElement} */ (row.querySelector("input")).value;
      typed[i] = { kind, name };
    });
  }

  /** Each AI level's Elo rating for the chosen game, players and options (null: not rated). */
  let ratings = /** @type {Record<string, number[] | null>} */ ({});
  // A game chosen while the last one's ratings are on their way: the late answer is not drawn.
  const latestRatings = latestOnly();
  async function loadRatings() {
    try {
      const answer = /** @type {{ratings: Record<string, number[] | null>} | typeof DROPPED} */ (await latestRatings(api("/api/ratings",
        { method: "POST", body: { game: gameSelect.value, players: Number(playersSelect.value), options: chosenOptions(optionsBox) } })));
      if (answer === DROPPED) return;
      ratings = answer.ratings;
    } catch {
      ratings = {};
    }
    relabelSeats();
  }
  /** The seat menus' labels with the ratings just loaded, in place: rebuilding the seats would
   * take the focus (and the caret) from a name being typed meanwhile. */
  function relabelSeats() {
    for (const option of seatsBox.querySelectorAll("select option")) {
      const choice = /** @type {HTMLOptionElement} */ (option);
      choice.textContent = seatLabel(choice.value);
    }
    eloNote.hidden = !Object.values(ratings).some((rating) => rating);
  }
  /** A seat kind's label, with the level's rating when the ladder has one. @param {string} value */
  function seatLabel(value) {
    const level = value.startsWith("ai:") ? value.slice(3) : null;
    const words = level === null ? t(`seat.${value}`) : levelWords(level);
    const rating = level === null ? null : ratings[level];
    return rating ? `${words} · ${t("lobby.elo", { elo: rating[0] })}` : words;
  }

  function refresh() {
    const spec = GAMES[gameSelect.value];
    const current = Number(playersSelect.value) || spec.players[0];
    playersSelect.replaceChildren(...spec.players.map((n) => el("option", { value: n, selected: n === current }, t("lobby.players_n", { n }))));
    optionsBox.replaceChildren(...optionFields(spec));
    offerApplicable(playersSelect, optionsBox);
    refreshSeats();
    loadRatings();
  }
  function refreshSeats() {
    remembered();
    const n = Number(playersSelect.value);
    const kept = (/** @type {number} */ i) => typed[i] || { kind: i === 0 ? "me" : "ai:medium", name: "" };
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, kept(i), seatLabel)));
    onlineChoices(kindsChosen());
  }
  gameSelect.addEventListener("change", refresh);
  playersSelect.addEventListener("change", () => { offerApplicable(playersSelect, optionsBox); refreshSeats(); loadRatings(); });
  optionsBox.addEventListener("change", () => { offerApplicable(playersSelect, optionsBox); loadRatings(); });

  /** @param {Event} event */
  async function create(event) {
    event.preventDefault();
    error.textContent = "";
    remembered();
    const options = chosenOptions(optionsBox);
    const n = Number(playersSelect.value);
    const rows = typed.slice(0, n);
    const kinds = rows.map((r) => r.kind);
    const seats = rows.map((row) => {
      const name = row.name.trim();
      if (row.kind.startsWith("ai:")) return { kind: "ai", level: row.kind.slice(3), name };
      if (row.kind === "open") return { kind: "open" };
      return { kind: "human", name: name || (row.kind === "me" ? UNNAMED_YOU : ""), online: row.kind === "online" };
    });
    const hints = /** @type {HTMLInputElement} */ (form.querySelector("#hints")).checked;
    const aids = /** @type {HTMLInputElement} */ (form.querySelector("#aids")).checked;
    const watched = /** @type {HTMLInputElement} */ (form.querySelector("#public")).checked, takebacks = takebacksChosen(form);
    await go({ game: gameSelect.value, players: n, options, seats, hints, aids, takebacks, public: watched, ...onlineChoices(kinds) }, kinds);
  }

  const form = newGameForm({ gameSelect, playersSelect, optionsBox, seatsBox, eloNote, openOptions: openFields.fields }, create);
  const list = el("div", { id: "my-games" }, el("p", { class: "small" }, t("lobby.loading")));
  const scorer = el("section", { class: "card" }, el("h2", {}, el("a", { href: "/score", id: "to-scorer" }, t("lobby.scorer"))),
    el("p", { class: "small" }, t("lobby.scorer_text")));
  // The challenges to you and yours come with the open games, on the lobby's socket.
  const challenges = challengesCard();
  // What awaits the player's answer first: their move, then a challenge (it waits minutes), then the rest.
  main.replaceChildren(el("h1", { class: "visually-hidden" }, t("app.name")), yourMoveCard(), continueCard(), challenges.card, quick,
    openGamesCard(GAMES, challenges.heard), liveGamesCard(), followingCard(), clubsCard(), tournamentsCard(GAMES), error,
    el("section", { class: "card" }, form),
    el("section", { class: "card" }, el("h2", {}, t("lobby.your_games")), list,
      // A setting of this browser, for guests too: notifications of its online games (turn-notify.js).
      notifyToggle("notify-turn")), el("section", { class: "card" }, openLink()),
    accountCard(), puzzleCard(), scorer);
  // An address naming one of its cards ("/#live-games", from a watched game's end) shows that card.
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  // This browser's Web Push goes with the account logged in (turn-notify.js).
  document.addEventListener(ACCOUNT_SHOWN, (event) => pushFollowsAccount(/** @type {CustomEvent} */ (event).detail));
  refresh();
  publicByDefault(form, kindsChosen());
  followGames(list);
}

/** The options ticked and the mode chosen in the new game's form. @param {HTMLElement} optionsBox
 * @returns {Record<string, string | boolean>} */
function chosenOptions(optionsBox) {
  /** @type {Record<string, string | boolean>} */
  const options = {};
  for (const box of optionsBox.querySelectorAll("input[data-option]")) {
    const input = /** @type {HTMLInputElement} */ (box);
    if (input.checked) options[/** @type {string} */ (input.dataset.option)] = input.dataset.value || true;
  }
  const mode = /** @type {HTMLSelectElement | null} */ (optionsBox.querySelector("#mode"));
  if (mode) options.mode = mode.value;
  return options;
}

/** Offer only the rules that hold for the chosen players and mode (one left checked from before
 * is unchecked: the server would refuse the game, or the rule would do nothing), and say what the
 * chosen mode is. @param {HTMLSelectElement} playersSelect @param {HTMLElement} optionsBox */
function offerApplicable(playersSelect, optionsBox) {
  const players = playersSelect.value;
  const mode = /** @type {HTMLSelectElement | null} */ (optionsBox.querySelector("#mode"));
  const about = optionsBox.querySelector("#mode-about");
  if (mode && about) about.textContent = t(`mode.${mode.value}.about`);
  for (const label of optionsBox.querySelectorAll("label[data-players], label[data-modes]")) {
    const row = /** @type {HTMLElement} */ (label);
    const fits = (!row.dataset.players || row.dataset.players.split(" ").includes(players))
      && (!row.dataset.modes || (mode !== null && row.dataset.modes.split(" ").includes(mode.value)));
    row.hidden = !fits;
    if (!fits) /** @type {HTMLInputElement} */ (row.querySelector("input")).checked = false;
  }
}

/** A game's options as the new game's form offers them: its modes, and a box for each optional
 * rule, marked with the players and modes it holds for. @param {typeof GAMES[string]} spec */
function optionFields(spec) {
  const fields = [el("legend", {}, t("lobby.options")),
    spec.modes ? el("label", {}, t("lobby.mode"), " ", el("select", { id: "mode" },
      spec.modes.map((m) => el("option", { value: m }, t(`mode.${m}`))))) : "",
    spec.modes ? el("p", { class: "small", id: "mode-about" }, t(`mode.${spec.modes[0]}.about`)) : "",
    ...spec.flags.map(([id, value, only]) => el("label", { "data-players": only && only.players ? only.players.join(" ") : undefined,
      "data-modes": only && only.modes ? only.modes.join(" ") : undefined },
      el("input", { type: "checkbox", id: `opt-${id}`, "data-option": id, "data-value": value }), " ", t(`option.${id}.long`)))];
  if (!spec.flags.length && !spec.modes) fields.push(el("p", { class: "small" }, t("lobby.no_options")));
  return fields;
}

/** Seat `i`'s row of the new game's form: who plays it, and its name, as typed so far (`kept`).
 * @param {number} i @param {{kind: string, name: string}} kept @param {(value: string) => string} seatLabel a seat kind's label */
function seatRow(i, kept, seatLabel) {
  const placeholder = kept.kind === "me" ? t("name.you") : kept.kind.startsWith("ai:") ? t("lobby.ai_name_placeholder") : t("player_n", { n: i + 1 });
  return el("div", { class: "seat-row" },
    el("label", { for: `seat-${i}`, id: `seat-label-${i}` }, t("lobby.seat_n", { n: i + 1 })), " ",
    el("select", { id: `seat-${i}` }, seatKinds().map((value) => el("option", { value, selected: value === kept.kind }, seatLabel(value)))), " ",
    el("label", { for: `name-${i}`, id: `name-label-${i}` }, t("lobby.name")), " ",
    // Named with its seat ("Player 2 name"), so that a screen reader tells the name fields apart.
    el("input", { id: `name-${i}`, "aria-labelledby": `seat-label-${i} name-label-${i}`, maxlength: 40, size: 12, value: kept.name, placeholder }));
}

/** The new game's form: the game, its players, options and seats, hints, and the button that creates it.
 * @param {{gameSelect: HTMLElement, playersSelect: HTMLElement, optionsBox: HTMLElement, seatsBox: HTMLElement, eloNote: HTMLElement,
 *   openOptions: HTMLElement}} fields
 * @param {(event: Event) => void} create */
function newGameForm({ gameSelect, playersSelect, optionsBox, seatsBox, eloNote, openOptions }, create) {
  return el("form", { onsubmit: create, "aria-labelledby": "new-game" },
    el("h2", { id: "new-game" }, t("lobby.new_game")),
    el("div", { class: "fields" }, el("label", { for: "game" }, t("lobby.game")), " ", gameSelect, " ",
      el("label", { for: "players" }, t("lobby.players")), " ", playersSelect, " ",
      // The rules of the game (and mode) chosen, before playing it.
      el("button", { type: "button", id: "lobby-rules", onclick: () => {
        const mode = /** @type {HTMLSelectElement | null} */ (optionsBox.querySelector("#mode"));
        openHelp(/** @type {HTMLSelectElement} */ (gameSelect).value, mode ? mode.value : undefined);
      } }, t("game.rules"))), optionsBox,
    el("h3", {}, t("lobby.seats")), seatsBox, eloNote, openOptions,
    el("label", { title: t("lobby.hints_title") }, el("input", { type: "checkbox", id: "hints" }), " ", t("lobby.hints")),
    el("label", { title: t("lobby.aids_title") }, el("input", { type: "checkbox", id: "aids", checked: true }), " ", t("lobby.aids")),
    takebacksBox(),
    el("label", { title: t("watch.public_title") }, el("input", { type: "checkbox", id: "public",
      onchange: (/** @type {Event} */ event) => { /** @type {HTMLInputElement} */ (event.target).dataset.chosen = "yes"; } }),
    " ", t("watch.public")),
    el("p", {}, el("button", { class: "primary", type: "submit", id: "create" }, t("lobby.create"))));
}

/** Tick "Anyone may watch" as the server would decide it (a game with a seat open to the lobby is
 * public), until the player chose it themselves. @param {HTMLElement} form @param {string[]} kinds */
function publicByDefault(form, kinds) {
  const box = /** @type {HTMLInputElement} */ (form.querySelector("#public"));
  if (!box.dataset.chosen) box.checked = kinds.includes("open");
}

/** A field to paste a link into (an invite's or a spectator's) and open it on this server. */
function openLink() {
  const invite = /** @type {HTMLInputElement} */ (el("input", { id: "invite", placeholder: t("lobby.invite_placeholder"), size: 30,
    "aria-label": t("lobby.invite_placeholder"), required: true }));
  const refused = el("p", { class: "error", id: "invite-error", role: "alert" });
  /** @param {Event} e */
  const open = (e) => {
    e.preventDefault();
    const address = gameAddress(invite.value);
    if (address) location.href = address;
    else refused.textContent = t("lobby.invite_not_link");
  };
  invite.addEventListener("input", () => { refused.textContent = ""; });
  return el("form", { onsubmit: open }, el("h2", {}, t("lobby.join")), invite, " ", el("button", { type: "submit" }, t("lobby.open")), refused);
}

/** The game's address (path and token) in a pasted text: a link alone, or the message a friend
 * sent it in ("Join my game: http://…", a full stop after it); null if the text holds none.
 * @param {string} text @returns {string | null} */
function gameAddress(text) {
  const found = /\/game\/[0-9a-z]+(?:\/replay)?(?:\?token=[\w-]+)?/i.exec(text);
  return found ? found[0] : null;
}
