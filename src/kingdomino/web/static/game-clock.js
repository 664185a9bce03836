// A timed game's clocks: each player's time left, the acting player's running down (web/clocks.py).
// The view says when the turn began (`since`, the server's epoch seconds) and the time left then;
// the page counts down by the server's time (server-time.js: a phone's own clock may be minutes
// off), and the server, whose clock is the truth, says when a player runs out.
import { el } from "./dom.js";
import { language, t } from "./i18n.js";
import { timeControlWords } from "./open-games.js";
import { serverNow } from "./server-time.js";
import { awayWords } from "./vacation.js";

/** The timer that redraws the running clock, while one runs. */
let ticking = 0;

/** Seconds left under which a running clock is low: drawn so, and said once to its own player;
 * for a whole game's clock, a tenth of its minutes if longer (30 s of 5 minutes, a minute of 10). */
const LOW = 20;

/** The seconds under which a running clock of `control` is low. @param {import("./view-types.js").TimeControl | null} control */
function lowUnder(control) {
  return control?.kind === "game" ? Math.max(LOW, (control.minutes ?? 0) * 6) : LOW;
}

/** The turn whose low clock was said (its seat and start), so that it is said once a turn. */
let warned = "";

/** Seconds left as a clock shows them. A game's or a move's clock: "4:05", "1:02:09". A turn-based
 * game's (`daily`), whose clocks count days: days and hours, hours and minutes, under an hour minutes
 * and seconds, in the page's language ("1 day 3 hr", "23 hr 59 min", "59:30"), so that the clocks
 * side by side read alike. @param {number} seconds @param {boolean} [daily] */
export function clockText(seconds, daily = false) {
  const left = Math.max(0, Math.ceil(seconds));
  const unit = (/** @type {number} */ n, /** @type {string} */ name) =>
    new Intl.NumberFormat(language(), { style: "unit", unit: name, unitDisplay: "short" }).format(n);
  const [days, hours, minutes, secs] = [Math.floor(left / 86400), Math.floor((left % 86400) / 3600), Math.floor((left % 3600) / 60), left % 60];
  if (days) return hours ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
  if (daily && hours) return minutes ? `${unit(hours, "hour")} ${unit(minutes, "minute")}` : unit(hours, "hour");
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return hours ? `${hours}:${pad(minutes)}:${pad(secs)}` : `${minutes}:${pad(secs)}`;
}

/** Draw the clocks of the game's view under who you are (none for an untimed game), after the
 * game's time control in words ("5 min + 3 s a move"), which a player also needs to know.
 * @param {{view: import("./view-types.js").View, page: {whoami: HTMLElement}}} game */
export function drawClocks(game) {
  const { view, page } = game;
  let box = document.getElementById("clocks");
  clearInterval(ticking);
  const clock = view.clock;
  if (!clock) { if (box) box.remove(); document.getElementById("clock-said")?.remove(); return; }
  if (!box) { box = el("p", { id: "clocks", class: "clocks" }); page.whoami.after(box); }
  // A screen reader does not see the clock turn red: its player's own running low is said once
  // (an alert: the time to act is short). In the page before it speaks, or nothing is read out.
  let said = document.getElementById("clock-said");
  if (!said) { said = el("p", { id: "clock-said", class: "visually-hidden", role: "alert" }); box.after(said); }
  const alert = said;
  const shown = box;
  const daily = view.time_control?.kind === "days";
  const lowAt = lowUnder(view.time_control);
  const draw = () => {
    const now = serverNow();
    let lowHere = false;
    const clocks = view.seats.flatMap((seat, i) => {
      // A player away on vacation: the turn begins at their return (`since` ahead), the clock stands still.
      const runs = clock.running === i && now >= clock.since;
      const left = clock.remaining[i] - (runs ? now - clock.since : 0);
      const low = runs && left < lowAt;
      const turn = `${i}@${clock.since}`;
      if (low && view.your_seats.includes(i)) {
        lowHere = true;
        if (warned !== turn) alert.textContent = t("clock.low", { name: seat.name, time: clockText(left, daily) });
        warned = turn;
      }
      // Which clock runs is not only its colour: a ▶ shows it, and words say it to a screen reader.
      return [i ? " · " : "", el("span", { class: `clock${runs ? " running" : ""}${low ? " low" : ""}`, "data-seat": i },
        runs ? el("span", { class: "clock-runs", "aria-hidden": "true" }, "▶\u00a0") : "", `${seat.name} `, el("time", {}, clockText(left, daily)),
        runs ? el("span", { class: "visually-hidden" }, ` ${t("clock.running")}`) : "")];
    });
    shown.replaceChildren(el("span", { class: "time-control" }, timeControlWords(view.time_control)), ": ", ...clocks,
      ...awayWords(view.seats, clock.away, view.your_seats));
    // Said, the words go once the turn is played: not found later by a screen reader's cursor.
    if (!lowHere && alert.textContent) alert.textContent = "";
  };
  draw();
  if (clock.running !== null) ticking = window.setInterval(draw, 500);
}
