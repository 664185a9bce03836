// Clubs outside their own page (club.js): the lobby's "Your clubs" card (a logged-in player's clubs,
// the requests waiting where they lead, the biggest clubs to find one, and the form that creates
// one), the line of a player's clubs on their page, and the tournament form's choice of a club
// whose members alone may join (web/club_tournaments.py).
import { ACCOUNT_SHOWN } from "./account.js";
import { admissionChoice } from "./club-lead.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { DROPPED, latestOnly } from "./latest.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** A club of a list (GET /api/account/clubs, GET /api/clubs).
 * @typedef {{name: string, admission: string, members: number, role?: "leader" | "member" | "asked", requests?: number}} Listed */

/** The address of a club's page. @param {string} name */
function clubHref(name) {
  return `/club/${encodeURIComponent(name)}`;
}

/** A club's line: its name (a link to its page), its members, the reader's role and the requests
 * waiting for a leader. @param {Listed} club */
function clubLine(club) {
  const role = club.role === "leader" ? t("club.leader") : club.role === "asked" ? t("club.role_asked") : "";
  return el("li", { "data-name": club.name }, el("a", { href: clubHref(club.name) }, club.name), " · ",
    t("club.members_n", { n: club.members }), role ? ` · ${role}` : "",
    club.requests ? el("strong", { class: "club-requests" }, ` · ${t("club.requests_n", { n: club.requests })}`) : "");
}

/** The lobby's "Your clubs" card: hidden for a guest, else the account's clubs. */
export function clubsCard() {
  const list = el("ul", { id: "club-list", class: "club-list" });
  const none = el("p", { class: "small", id: "clubs-none", hidden: true }, t("club.card_none"));
  const refused = el("p", { class: "error", role: "alert", id: "clubs-error" });
  const biggest = el("ul", { id: "clubs-biggest", class: "club-list" });
  const browse = el("details", { id: "clubs-browse" }, el("summary", {}, t("club.browse")), biggest);
  browse.addEventListener("toggle", async () => {
    if (!(/** @type {HTMLDetailsElement} */ (browse).open)) return;
    try {
      const { clubs } = /** @type {{clubs: Listed[]}} */ (await api("/api/clubs"));
      biggest.replaceChildren(...(clubs.length ? clubs.map(clubLine) : [el("li", { class: "small" }, t("club.none_yet"))]));
    } catch (problem) { refused.textContent = errorWords(problem); }
  });
  const card = el("section", { class: "card", id: "clubs", hidden: true, "aria-labelledby": "clubs-title" },
    el("h2", { id: "clubs-title" }, t("club.card")), none, list, browse,
    el("details", { id: "club-create" }, el("summary", {}, t("club.create")), createForm()), refused);
  // Each login reads its account's clubs: an earlier account's, come back last, is not shown.
  const latest = latestOnly();
  document.addEventListener(ACCOUNT_SHOWN, async (event) => {
    card.hidden = !(/** @type {CustomEvent} */ (event).detail);
    if (card.hidden) return;
    try {
      const answer = await latest(api("/api/account/clubs"));
      if (answer === DROPPED) return;
      const { clubs } = /** @type {{clubs: Listed[]}} */ (answer);
      list.replaceChildren(...clubs.map(clubLine));
      none.hidden = clubs.length > 0;
    } catch (problem) { refused.textContent = errorWords(problem); }
  });
  return card;
}

/** The form that creates a club; made, it opens the club's page. */
function createForm() {
  const said = el("p", { class: "error", role: "alert", id: "club-create-error" });
  const name = /** @type {HTMLInputElement} */ (el("input", { id: "club-name", type: "text", maxlength: 32, required: true }));
  const about = /** @type {HTMLTextAreaElement} */ (el("textarea", { id: "club-about", rows: 3, maxlength: 500 }));
  const admission = admissionChoice("club-admission", "open");
  const send = async (/** @type {Event} */ event) => {
    event.preventDefault();
    said.textContent = "";
    try {
      const made = /** @type {{name: string}} */ (await api("/api/clubs", { method: "POST",
        body: { name: name.value, description: about.value, admission: admission.value } }));
      location.href = clubHref(made.name);
    } catch (problem) { said.textContent = errorWords(problem); }
  };
  return el("form", { id: "club-create-form", class: "organise-form", onsubmit: send },
    el("label", {}, t("club.name"), " ", name), el("label", {}, t("club.description"), " ", about),
    el("label", {}, t("club.admission"), " ", admission),
    el("button", { type: "submit", class: "primary", id: "club-create-button" }, t("club.create_button")), said);
}

/** A player's page's line of their clubs (none: nothing shown). @param {string} name */
export function playerClubs(name) {
  const line = el("p", { id: "player-clubs", class: "small", hidden: true });
  api(`/api/clubs?member=${encodeURIComponent(name)}`).then((answer) => {
    const { clubs } = /** @type {{clubs: Listed[]}} */ (answer);
    line.replaceChildren(t("club.player_clubs"), " ",
      ...clubs.flatMap((club, i) => [i ? ", " : "", el("a", { href: clubHref(club.name) }, club.name)]));
    line.hidden = clubs.length === 0;
  }).catch(() => { /* the page stands without the line */ });
  return line;
}

/** The tournament form's choice of a club the account leads, whose members alone may join it
 * (hidden while it leads none); the address's `?club=` chooses one and opens the form (a club
 * page's "Organise a tournament for the members"). @returns {{field: HTMLElement, value: () => string | null}} */
export function clubChoice() {
  const select = /** @type {HTMLSelectElement} */ (el("select", { id: "tournament-club" },
    el("option", { value: "" }, t("club.tournament_anyone"))));
  const field = el("label", { id: "tournament-club-label", hidden: true }, t("club.tournament_for"), " ", select);
  const wanted = new URLSearchParams(location.search).get("club");
  api("/api/account/clubs?leading=true").then((answer) => {
    const { clubs } = /** @type {{clubs: Listed[]}} */ (answer);
    select.append(...clubs.map((club) => el("option", { value: club.name, selected: club.name === wanted }, club.name)));
    field.hidden = clubs.length === 0;
    if (wanted && select.value === wanted) {
      select.dispatchEvent(new Event("change", { bubbles: true }));
      field.closest("details")?.setAttribute("open", "");
      field.scrollIntoView();
      select.focus();
    }
  }).catch(() => { /* the form stands without the choice: a tournament for anyone */ });
  return { field, value: () => select.value || null };
}
