// A challenge to a player on vacation, beside the player's page's form: it is sent all the same,
// and a game by the day waits for their return once accepted; the challenge itself waits for an
// answer only its own time (web/open_seats.py `wait_until`: 20 minutes, a turn's days with a clock
// by the day), said with the clock chosen, and whether that time ends before their return.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { TIME_CONTROLS, waitWords } from "./open-games.js";
import { awayLine, returnDay } from "./vacation.js";
import { localName } from "./words.js";

/** How long a challenge waits for its answers (minutes): the server's `WAIT_MINUTES`, or a turn's
 * days with a clock by the day, at most `MAX_WAIT_MINUTES` (web/open_seats.py). */
const WAIT_MINUTES = 20;
const MAX_WAIT_MINUTES = 7 * 24 * 60;

/** The minutes a challenge of the clock `control` waits for an answer.
 * @param {import("./view-types.js").TimeControl | null | undefined} control */
export function challengeWait(control) {
  return control?.kind === "days" ? Math.max(WAIT_MINUTES, Math.min(MAX_WAIT_MINUTES, (control.days || 0) * 24 * 60)) : WAIT_MINUTES;
}

/** Say under the challenge form `challenge` that `name` is away until `until` (epoch seconds), and
 * how long the challenge itself waits for them with the clock chosen.
 * @param {HTMLElement} challenge @param {number} until @param {string} name */
export function sayAway(challenge, until, name) {
  const about = challenge.querySelector("#challenge-about");
  const clock = /** @type {HTMLSelectElement | null} */ (challenge.querySelector("#challenge-clock"));
  if (!about) return;
  const wait = el("p", { class: "vacation-note small", id: "challenge-away-wait" });
  const say = () => {
    const minutes = challengeWait(clock ? TIME_CONTROLS[Number(clock.value)] : null);
    const before = Date.now() + minutes * 60000 < until * 1000;
    wait.textContent = t(before ? "vacation.challenge_waits" : "vacation.challenge_waits_back",
      { name: localName(name), time: waitWords(minutes), date: returnDay(until) });
  };
  clock?.addEventListener("change", say);
  about.after(awayLine("vacation.challenge", until, name), wait);
  say();
}
