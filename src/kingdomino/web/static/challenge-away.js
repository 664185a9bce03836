// A challenge to a player on vacation, beside the player's page's form: it is sent all the same,
// and a game by the day waits for their return once accepted; the challenge itself waits for an
// answer only its own time (web/open_seats.py `wait_until`: 20 minutes, a turn's days with a clock
// by the day), said with the clock chosen, and whether that time ends before their return.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { TIME_CONTROLS, waitWords } from "./open-games.js";
import { api } from "./server.js";
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

/** The return of each player a challenge of the lobby's card awaits (epoch seconds; null: not
 * away), read once a page from their player's page (`GET /api/players/{name}`). @type {Map<string, number | null>} */
const returns = new Map();

/** To its challenger, what a challenge's line adds of each player it awaits who is on vacation:
 * until when, and whether the challenge is called off before then ("Cleo is on vacation until 3
 * December: this challenge ends before then unless they answer"). Read once, then `redraw`.
 * @param {import("./view-types.js").Challenge} c @param {number | null} me @param {() => void} redraw
 * @returns {string[]} */
export function awayNotes(c, me, redraw) {
  if (c.creator_account === null || c.creator_account !== me) return [];
  const awaited = c.seats.filter((seat, i) => i !== c.creator_seat && seat.kind === "open" && seat.name);
  return awaited.flatMap((seat) => {
    if (!returns.has(seat.name)) {
      returns.set(seat.name, null);
      api(`/api/players/${encodeURIComponent(seat.name)}`).then((found) => {
        const until = /** @type {{vacation?: {until: number} | null}} */ (found).vacation?.until ?? null;
        returns.set(seat.name, until);
        if (until) redraw();
      }).catch(() => { /* not said: the line stands as it was */ });
    }
    const until = returns.get(seat.name);
    if (!until || until * 1000 <= Date.now()) return [];
    const before = c.open_until !== null && c.open_until < until;
    return [" · ", t(before ? "vacation.card_ends_before" : "vacation.card_away", { name: localName(seat.name), date: returnDay(until) })];
  });
}
