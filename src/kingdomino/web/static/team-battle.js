// A team battle (web/team_battle.py): an arena where clubs meet. Its card on the arena's page (the
// clubs' table above the players' standings, the winner once over, the club a reader plays for),
// the Join of one who chooses which club they play for, the club beside each player, the organiser's fields of a new one, and the
// battles a club's page lists.
import { el } from "./dom.js";
import { number, t } from "./i18n.js";

/** A team battle's part of its page (GET /api/tournaments/{id}: `team_battle`).
 * @typedef {{leaders: number, clubs: Array<{rank: number, name: string, score: number, players: number,
 *   leaders: Array<{name: string, points: number}>}>, sides: Record<string, string>, winners: string[],
 *   you: {club: string | null, clubs: string[]} | null}} BattlePart */
/** A team battle as a club's page lists it (GET /api/clubs/{name}: `team_battles`).
 * @typedef {{id: string, name: string, status: string, clubs: string[]}} ListedBattle */

/** The address of a club's page. @param {string} name */
function clubHref(name) {
  return `/club/${encodeURIComponent(name)}`;
}

/** The team battle's card (none for an arena of players alone): its rules, its clubs' table,
 * the winner and the reader's club.
 * @param {import("./tournament.js").Tournament} found @returns {HTMLElement[]} */
export function battleCards(found) {
  const battle = found.team_battle;
  if (!battle) return [];
  const heads = ["tournament.rank", "team_battle.club", "team_battle.score", "team_battle.leaders"].map((key) => t(key));
  const rows = battle.clubs.map((club) => el("tr", { "data-club": club.name },
    el("td", { class: "figure" }, number(club.rank)),
    el("td", {}, el("a", { href: clubHref(club.name) }, club.name)),
    el("td", { class: "figure" }, el("strong", {}, number(club.score))),
    el("td", { class: "team-battle-leaders" },
      club.leaders.flatMap((player, i) => [i ? ", " : "", `${player.name} ${number(player.points)}`]))));
  const winners = battle.winners.length
    ? el("p", { id: "team-battle-winner", role: "status" }, el("strong", {}, t("team_battle.won", { names: battle.winners.join(", ") })))
    : "";
  return [el("section", { class: "card", id: "team-battle" },
    el("h2", { id: "team-battle-title" }, t("team_battle.title")), winners,
    el("p", { class: "small" }, t("team_battle.rules"), " ", t("team_battle.leaders_n", { n: number(battle.leaders) })),
    yours(battle),
    el("div", { class: "table-scroll" }, el("table", { class: "players-table", id: "team-battle-clubs", "aria-labelledby": "team-battle-title" },
      el("thead", {}, el("tr", {}, heads.map((head, i) => el("th", { scope: "col", class: i === 0 || i === 2 ? "figure" : undefined }, head)))),
      el("tbody", {}, rows))))];
}

/** The club the reader plays for, once they joined. @param {BattlePart} battle */
function yours(battle) {
  const club = battle.you?.club;
  return club ? el("p", { id: "team-battle-you" }, t("team_battle.you_play_for", { name: club })) : "";
}

/** In place of the page's Join, for a reader who may play for several of the battle's clubs and
 * has chosen none: "Play for which club?" and a Join for each, so that no club is chosen for them
 * (a join naming none is refused: `team_battle_choose`). Null: the page's own Join does.
 * @param {import("./tournament.js").Tournament} found @param {import("./tournament.js").Act} act
 * @param {string} where the prefix of the page's Join's id ("tournament", "arena") */
export function sideJoin(found, act, where) {
  const you = found.team_battle?.you;
  if (!you || you.club || you.clubs.length < 2) return null;
  const asked = `${where}-which-club`;
  return el("span", { class: "team-battle-join", role: "group", id: `${where}-join-choice`, "aria-labelledby": asked },
    el("span", { id: asked }, t("team_battle.which_club")), " ",
    you.clubs.map((name) => el("button", { type: "button", class: "primary", "data-club": name, onclick: () => act("join", { club: name }) },
      t("team_battle.join_for", { name }))));
}

/** The club a player of the standings plays for, beside their name ("" outside a team battle).
 * @param {Record<string, string> | undefined} sides @param {string} name */
export function sideMark(sides, name) {
  const club = sides?.[name];
  return club ? el("span", { class: "small team-battle-side" }, ` · ${club}`) : "";
}

/** The organiser's fields of a team battle (an arena alone): the clubs, one a line (the address's
 * `?club=` first), and the best players counted per club. @returns {{field: HTMLElement,
 * fit: (arena: boolean) => void, value: () => {clubs: string[], leaders: number} | null}} */
export function battleChoice() {
  const wanted = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: "team-battle-make" }));
  const clubs = /** @type {HTMLTextAreaElement} */ (el("textarea", { id: "team-battle-clubs-field", rows: 3, cols: 24 }));
  clubs.value = new URLSearchParams(location.search).get("club") ?? "";
  const leaders = /** @type {HTMLInputElement} */ (el("input", { type: "number", id: "team-battle-leaders-field", min: 1, max: 20, value: 5 }));
  const details = el("span", { class: "team-battle-fields", hidden: true },
    el("label", {}, t("team_battle.clubs_field"), " ", clubs), el("label", {}, t("team_battle.leaders_field"), " ", leaders));
  const field = el("span", { class: "team-battle-choice" }, el("label", {}, wanted, " ", t("team_battle.make")), details);
  let arena = false;
  wanted.addEventListener("change", () => { details.hidden = !wanted.checked; });
  return {
    field,
    fit: (isArena) => { arena = isArena; field.hidden = !isArena; },
    value: () => arena && wanted.checked
      ? { clubs: clubs.value.split("\n").map((name) => name.trim()).filter(Boolean), leaders: Number(leaders.value) } : null,
  };
}

/** The team battles a club's page lists: each a link, its status and its clubs.
 * @param {ListedBattle[]} battles */
export function clubBattlesCard(battles) {
  const line = (/** @type {ListedBattle} */ battle) => el("li", { "data-id": battle.id },
    el("a", { href: `/tournament/${battle.id}` }, battle.name), " · ", t(`tournament.${battle.status}`), " · ",
    t("team_battle.clubs_n", { names: battle.clubs.join(", ") }));
  return el("section", { class: "card", id: "club-team-battles" }, el("h2", {}, t("club.team_battles")),
    battles.length ? el("ul", { class: "club-list" }, battles.map(line)) : el("p", { class: "small" }, t("club.team_battles_none")));
}
