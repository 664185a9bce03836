// The simuls' list at "/simuls": the simuls taking players and under way, the last ones over, and
// for a logged-in account the form that hosts one (a game of two, its clock, who moves first on
// each board, rated or not, a few words). A simul made, its page is opened.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { timeControlWords } from "./open-games.js";
import { api } from "./server.js";
import { errorWords, gameTitle } from "./words.js";

/** A simul as the list shows it (GET /api/simuls).
 * @typedef {{id: string, host: string, game: string, options: import("./view-types.js").GameOptions,
 *   time_control: import("./view-types.js").TimeControl | null, rated: boolean, text: string,
 *   status: string, applicants: number, accepted: number}} ListedSimul */

/** The games a simul's boards may play: each two-player game and its variants.
 * @type {Array<{game: string, options: import("./view-types.js").GameOptions}>} */
export const SIMUL_GAMES = [
  { game: "kingdomino", options: {} },
  { game: "kingdomino", options: { mighty_duel: true } },
  { game: "duel", options: {} },
  { game: "origins", options: { mode: "discovery" } },
  { game: "origins", options: { mode: "totem" } },
  { game: "origins", options: { mode: "tribe" } },
];
/** The clocks offered: real-time ones, and turn-based ones (days a move); a simul has one (web/simuls.py).
 * @type {Array<import("./view-types.js").TimeControl>} */
const CLOCKS = [
  { kind: "game", minutes: 10, increment: 5 },
  { kind: "game", minutes: 20, increment: 10 },
  { kind: "game", minutes: 45, increment: 15 },
  { kind: "days", days: 1 },
  { kind: "days", days: 3 },
];

/** The list page. @param {HTMLElement} main */
export async function showSimulList(main) {
  document.title = `${t("simul.list_title")} · ${t("app.name")}`;
  const list = el("ul", { id: "simul-list" });
  const said = el("p", { class: "error", role: "alert", id: "simuls-error" });
  const form = el("div", { id: "simul-host" });
  main.replaceChildren(el("section", { class: "card", id: "simuls" },
    el("h1", {}, t("simul.list_title")), el("p", { class: "small" }, t("simul.list_text")), list, said),
  el("section", { class: "card", id: "simul-new" }, el("h2", {}, t("simul.host_form")), form),
  el("p", {}, el("a", { href: "/" }, t("tournament.back"))));
  try {
    const [found, who] = await Promise.all([api("/api/simuls"), api("/api/account")]);
    const simuls = /** @type {{simuls: ListedSimul[]}} */ (found).simuls;
    list.replaceChildren(...(simuls.length ? simuls.map(listedLine) : [el("li", { id: "no-simuls" }, t("simul.none"))]));
    const account = /** @type {{account: {id: number} | null}} */ (who).account;
    form.replaceChildren(account ? hostForm() : el("p", { class: "small" }, el("a", { href: "/" }, t("simul.log_in"))));
  } catch (problem) { said.textContent = errorWords(problem); }
}

/** One simul of the list: a link to its page, its host, game, clock and players. @param {ListedSimul} simul */
function listedLine(simul) {
  return el("li", { class: "simul-line" },
    el("a", { href: `/simul/${simul.id}` }, t("simul.title", { name: simul.host })), " · ",
    gameTitle(simul), " · ", timeControlWords(simul.time_control), " · ",
    t(`simul.status_${simul.status}`), " · ", t("simul.listed_players", { n: simul.applicants }),
    simul.text ? el("span", { class: "small simul-text" }, ` — ${simul.text}`) : "");
}

/** A labelled field. @param {string} words @param {HTMLElement} control */
function field(words, control) {
  return el("label", { class: "simul-field" }, el("span", {}, words), control);
}

/** The form that hosts a simul. */
function hostForm() {
  const game = /** @type {HTMLSelectElement} */ (el("select", { id: "simul-game" },
    SIMUL_GAMES.map((kind, i) => el("option", { value: String(i) }, gameTitle(kind)))));
  const clock = /** @type {HTMLSelectElement} */ (el("select", { id: "simul-clock" },
    CLOCKS.map((control, i) => el("option", { value: String(i) }, timeControlWords(control)))));
  const first = /** @type {HTMLSelectElement} */ (el("select", { id: "simul-first" },
    ["host", "challengers", "alternate"].map((who) => el("option", { value: who }, t(`simul.first_${who}`)))));
  const rated = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: "simul-rated" }));
  const extra = extraFields(clock, rated);
  const text = /** @type {HTMLInputElement} */ (el("input", { type: "text", id: "simul-text", maxlength: 400 }));
  const said = el("p", { class: "error", role: "alert", id: "simul-said" });
  /** @param {SubmitEvent} event */
  const submit = async (event) => {
    event.preventDefault();
    said.textContent = "";
    const kind = SIMUL_GAMES[Number(game.value)];
    const body = { ...kind, time_control: CLOCKS[Number(clock.value)], ...extra.chosen(), first: first.value,
      rated: rated.checked, text: text.value };
    try {
      const made = /** @type {{id: string}} */ (await api("/api/simuls", { method: "POST", body }));
      location.href = `/simul/${made.id}`;
    } catch (problem) { said.textContent = errorWords(problem); }
  };
  return el("form", { class: "simul-form", onsubmit: submit },
    field(t("simul.game"), game), field(t("simul.clock"), clock), extra.element, field(t("simul.first"), first),
    el("label", { class: "simul-check" }, rated, " ", t("simul.rated")), field(t("simul.text"), text),
    el("button", { type: "submit", id: "simul-create" }, t("simul.create")), said);
}

/** The host's extra time, given to a clock of the whole game only and in a simul not rated
 * (web/simul_clocks.py): minutes for the host, seconds per challenger; a turn-based clock or a
 * rated simul shows why it has none.
 * @param {HTMLSelectElement} clock the form's clock menu @param {HTMLInputElement} rated its "rated" box */
function extraFields(clock, rated) {
  /** @param {string} id */
  const figure = (id) => /** @type {HTMLInputElement} */ (el("input", { type: "number", id, min: 0, max: 60, step: 1,
    value: "0", inputmode: "numeric", class: "simul-extra-figure" }));
  const minutes = figure("simul-host-extra");
  const seconds = figure("simul-extra-per-challenger");
  const fields = el("div", { id: "simul-extra", class: "simul-extra" }, field(t("simul.host_extra"), minutes),
    field(t("simul.extra_per_challenger"), seconds), el("p", { class: "small" }, t("simul.extra_note")));
  const none = el("p", { class: "small", id: "simul-extra-none", hidden: "" }, t("simul.extra_days"));
  const even = el("p", { class: "small", id: "simul-extra-rated", hidden: "" }, t("simul.extra_rated"));
  const wholeGame = () => CLOCKS[Number(clock.value)]?.kind === "game";
  const given = () => wholeGame() && !rated.checked;
  const redraw = () => { fields.hidden = !given(); none.hidden = wholeGame(); even.hidden = !wholeGame() || !rated.checked; };
  clock.addEventListener("change", redraw);
  rated.addEventListener("change", redraw);
  /** A figure as typed, sent as it is when not a whole number, for the server's words on it. @param {HTMLInputElement} input */
  const typed = (input) => (input.value === "" ? 0 : Number.isInteger(Number(input.value)) ? Number(input.value) : input.value);
  return {
    element: el("div", { class: "simul-extra" }, fields, none, even),
    chosen: () => (given() ? { host_extra: typed(minutes), extra_per_challenger: typed(seconds) } : {}),
  };
}
