// How fast the AI seats' moves are shown: as the server sends them, or each held on screen for a
// moment so that a player follows what every AI did (a setting kept in this browser; a logged-in account's with it too). The server
// sends each view as soon as it is made; the page shows them in order, an AI move no sooner than
// its pace after the one before it, and a view of anyone else's move at once when nothing waits
// (at the next frame: of the views due before a frame, only the last is drawn).
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { PACE_KEY, noteSetting } from "./preferences-sync.js";

/** @typedef {import("./view-types.js").View} View */

const KEY = PACE_KEY;
/** The least milliseconds between two AI moves shown, by pace. */
export const PACES = { server: 0, slow: 1500, slower: 3000 };

/** The pace chosen in this browser (the server's pace if none). @returns {keyof typeof PACES} */
export function chosenPace() {
  const saved = localStorage.getItem(KEY);
  return saved === "slow" || saved === "slower" ? saved : "server";
}

/** The pace's chooser, kept in this browser. */
export function paceChooser() {
  const select = /** @type {HTMLSelectElement} */ (el("select", { id: "ai-pace", "aria-labelledby": "ai-pace-label" },
    Object.keys(PACES).map((pace) => el("option", { value: pace, selected: pace === chosenPace() }, t(`pace.${pace}`)))));
  select.addEventListener("change", () => {
    localStorage.setItem(KEY, select.value);
    noteSetting({ ai_pace: select.value });
  });
  return el("label", { class: "small pace" }, el("span", { id: "ai-pace-label" }, t("pace.label")), " ", select);
}

/** Whether `view` came of an AI seat's move: its newest log line is an AI seat's. @param {View} view */
function byAnAI(view) {
  const last = view.log[view.log.length - 1];
  return Boolean(last && last.seat >= 0 && view.seats[last.seat] && view.seats[last.seat].kind === "ai");
}

/**
 * The views to show, in order, at the chosen pace: `show` is called with a view at the frame after
 * its time came, unless a later one's time came before that frame: a view drawn and replaced
 * before the screen shows it is work nobody sees, and a page that draws every view of a burst (a
 * slow phone, a game caught up after a reconnection) falls behind the game. A hidden page draws
 * each at once: its title says whose turn it is.
 * @param {(view: View) => void} show
 */
export function pacedViews(show) {
  /** @type {View[]} */
  const waiting = [];
  let lastAI = -Infinity;
  let timer = 0;
  /** @type {View | null} */
  let due = null;
  let frame = 0;
  const showDue = () => {
    frame = 0;
    const view = due;
    due = null;
    if (view) show(view);
  };
  const showNow = () => { cancelAnimationFrame(frame); showDue(); };
  /** @param {View} view */
  const present = (view) => {
    due = view;
    if (document.hidden) showNow();
    else if (!frame) frame = requestAnimationFrame(showDue);
  };
  // A page hidden while a view waits for its frame (which a hidden page never gets) draws it now.
  document.addEventListener("visibilitychange", () => { if (document.hidden && due) showNow(); });
  const drain = () => {
    timer = 0;
    while (waiting.length) {
      const view = /** @type {View} */ (waiting[0]);
      const ai = byAnAI(view);
      const wait = ai ? lastAI + PACES[chosenPace()] - performance.now() : 0;
      if (wait > 0) { timer = window.setTimeout(drain, wait); return; }
      waiting.shift();
      if (ai) lastAI = performance.now();
      present(view);
    }
  };
  return {
    /** Take in a view the server sent. @param {View} view */
    add(view) { waiting.push(view); if (!timer) drain(); },
  };
}
