// Vacation (web/vacation.py): an account away from now to a date, its games by the day waiting on
// its turns. Its own page sets it and says the days left this year; a game page, a player's page
// and the lobby say who is away and until when, so that nobody wonders why a clock stands still.
import { el } from "./dom.js";
import { dateLanguage, language, number, t } from "./i18n.js";
import { api } from "./server.js";
import { errorWords, localName } from "./words.js";

/** @typedef {import("./view-types.js").TimeControl} TimeControl */
/** The account's vacation as the server says it (GET /api/account/vacation).
 * @typedef {{until: number | null, days_left: number, days_per_year: number, min_days: number}} VacationState */

/** The day a player on vacation is back (`until`: its first moment, UTC, in epoch seconds), in the
 * page's language ("7 December"). @param {number} until */
export function returnDay(until) {
  return new Intl.DateTimeFormat(dateLanguage(), { day: "numeric", month: "long", timeZone: "UTC" }).format(until * 1000);
}

/** The words of a game page's clocks for its players away now ("Cleo is on vacation until 7 December"),
 * one line each, the reader's own seats' in the second person; none when nobody is away.
 * @param {{name: string}[]} seats @param {(number | null)[] | undefined} away @param {number[]} [yours] */
export function awayWords(seats, away, yours = []) {
  const now = Date.now() / 1000;
  return (away || []).flatMap((until, seat) => (until && until > now && seats[seat]
    ? [el("span", { class: "vacation-note small", "data-seat": seat },
      t(yours.includes(seat) ? "vacation.game_yours" : "vacation.game", { name: localName(seats[seat].name), date: returnDay(until) }))]
    : []));
}

/** The line of a player's page, and of its challenge form, while the account is away. @param {string} key
 * @param {number} until @param {string} [name] */
export function awayLine(key, until, name = "") {
  return el("p", { class: "vacation-note small" }, t(key, { name: localName(name), date: returnDay(until) }));
}

/** The lobby's account card's line while the account is away ("You are on vacation until 7
 * December."), a link to the preferences where it is ended; "" when not away.
 * @param {VacationState | undefined} state */
export function accountAway(state) {
  if (!state?.until) return "";
  return el("p", { class: "vacation-note small", id: "account-vacation" },
    el("a", { href: "/account/preferences#pref-vacation" }, t("vacation.away", { date: returnDay(state.until) })));
}

/** A day as an `<input type="date">` reads it ("2026-12-07"), `days` from the day (UTC) of `now`
 * (epoch ms): the days of one field count from one reading of the clock, or one read after
 * midnight would be a day later than the others. @param {number} days @param {number} [now] */
function dayFromToday(days, now = Date.now()) {
  return new Date(now + days * 86400000).toISOString().slice(0, 10);
}

/** The day chosen in the return's field, said beside it in the page's language ("Back on Tuesday,
 * 8 December, in 7 days"): the field is the browser's own, written in the browser's language.
 * @param {HTMLInputElement} day */
function backInWords(day) {
  const said = el("output", { id: "vacation-until-said", for: "vacation-until", class: "small" });
  const say = () => {
    const chosen = /^\d{4}-\d{2}-\d{2}$/.test(day.value) ? Date.parse(`${day.value}T00:00:00Z`) : NaN;
    if (Number.isNaN(chosen)) {
      said.textContent = "";
      return;
    }
    const days = Math.round((chosen - Date.parse(`${dayFromToday(0)}T00:00:00Z`)) / 86400000);
    said.textContent = t("vacation.until_said", {
      day: new Intl.DateTimeFormat(dateLanguage(), { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(chosen),
      soon: new Intl.RelativeTimeFormat(language(), { numeric: "auto" }).format(days, "day"),
    });
  };
  day.addEventListener("input", say);
  day.addEventListener("change", say);
  say();
  return said;
}

/** The vacation part of the account's own page: away until when, or the day to come back and the
 * button that starts it; the days left this year. Filled once the server answered.
 * @returns {HTMLElement} */
export function vacationPart() {
  const box = el("fieldset", { class: "pref-part", id: "pref-vacation" }, el("legend", {}, t("vacation.title")));
  const said = el("p", { role: "status", class: "small", id: "vacation-said" });
  const refused = el("p", { role: "alert", class: "error", id: "vacation-error" });
  /** @param {VacationState} state */
  const draw = (state) => {
    const left = el("p", { class: "small", id: "vacation-left" },
      t("vacation.days_left", { n: state.days_left, total: number(state.days_per_year) }));
    const rules = el("p", { class: "small" }, t("vacation.about"), " ", t("vacation.tournaments"), " ",
      el("span", { id: "vacation-counted" }, t("vacation.counted")));
    if (state.until) {
      const end = el("button", { type: "button", id: "vacation-end" }, t("vacation.end"));
      end.addEventListener("click", () => send({ method: "DELETE" }, "vacation.ended"));
      const away = el("p", { id: "vacation-away" }, el("strong", {}, t("vacation.away", { date: returnDay(state.until) })));
      box.replaceChildren(box.firstChild || "", away, end, left, rules, said, refused);
      return;
    }
    // From the shortest vacation to the last day the allowance reaches; a week ahead chosen.
    const now = Date.now();
    const day = /** @type {HTMLInputElement} */ (el("input", { type: "date", id: "vacation-until", required: true,
      min: dayFromToday(state.min_days, now), max: dayFromToday(state.days_left, now),
      value: dayFromToday(Math.min(7, Math.max(state.min_days, state.days_left)), now) }));
    const go = el("button", { type: "submit", id: "vacation-start", disabled: state.days_left < state.min_days },
      t("vacation.start"));
    const form = el("form", { class: "vacation-form" },
      el("label", { for: "vacation-until", class: "pref-menu" }, el("span", {}, t("vacation.until")), " ", day), " ", go,
      backInWords(day));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      send({ method: "POST", body: { until: day.value } }, "vacation.started");
    });
    box.replaceChildren(box.firstChild || "", rules, form, left, said, refused);
  };
  /** @param {{method: string, body?: unknown}} options @param {string} done */
  const send = async (options, done) => {
    said.textContent = refused.textContent = "";
    try {
      const state = /** @type {VacationState & {games: number}} */ (await api("/api/account/vacation", options));
      draw(state);
      said.textContent = t(done, { n: state.games });
    } catch (problem) {
      refused.textContent = errorWords(problem);
    }
  };
  api("/api/account/vacation").then((state) => draw(/** @type {VacationState} */ (state)))
    .catch((problem) => { refused.textContent = errorWords(problem); box.append(refused); });
  return box;
}

/** The organiser's choice of a tournament by the day: whether its games wait for a player on
 * vacation (the clock's `vacation`, true unless said), shown for a clock of days alone.
 * @returns {{field: HTMLElement, fit: (control: TimeControl | null) => void,
 *   applied: (control: TimeControl | null) => TimeControl | null}} */
export function vacationChoice() {
  const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: "tournament-vacation", checked: true }));
  const field = el("label", { id: "tournament-vacation-label", hidden: true }, box, " ", t("vacation.organiser"));
  return {
    field,
    fit: (control) => { field.hidden = control?.kind !== "days"; },
    applied: (control) => (control?.kind === "days" && !box.checked ? { ...control, vacation: false } : control),
  };
}

/** What a clock that does not wait for a player on vacation adds to its words ("no waiting for
 * vacations"), else nothing. @param {TimeControl | null} control @returns {string[]} */
export function noWaiting(control) {
  return control?.kind === "days" && control.vacation === false ? [t("vacation.no_waiting")] : [];
}
