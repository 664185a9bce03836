// News for the parts of the lobby that look again once a minute (the bell, the "Your move" card):
// what the page already hears makes them look at once. The lobby's socket tells a challenge made
// or gone (an answer, a game begun), and the service worker passes on a push of the server (sw.js:
// a move, a turn, a challenge). The minute's look stays, for what neither tells.
/** The event on `document` that asks the lobby's cards to look again. */
const NEWS = "kingdomino:news";
/** When the cards look after a piece of news: at once, and again a few seconds later, since the
 * socket may tell a challenge before the server has written its inbox entry. */
const LOOKS_MS = [300, 4000];
/** @type {number[]} */
let timers = [];

/** Say that something changed for the account: the cards listening look again shortly. */
export function tellNews() {
  for (const timer of timers) clearTimeout(timer);
  timers = LOOKS_MS.map((ms) => window.setTimeout(() => document.dispatchEvent(new CustomEvent(NEWS)), ms));
}

/** Call `look` at each piece of news. @param {() => void} look */
export function onNews(look) {
  document.addEventListener(NEWS, look);
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("message", (event) => { if (event.data?.type === "push") tellNews(); });
}
