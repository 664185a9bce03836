// "Your turn" told to a player who is not looking at the page: the tab's title starts with a mark
// while a move of theirs is awaited and the page is hidden (another tab, a minimised window), and
// loses it as soon as the page is seen again: a page in view says the turn itself. The lobby's
// title also counts what awaits the player's answer, seen or not: the account's games awaiting a
// move and the challenges to it, "(3) Kingdomino family".
import { language, t } from "./i18n.js";

/** The page's title without the mark, whether a move of the player's is awaited, whether it is so
 * only until the page is seen (the lobby's news of a game elsewhere), the games awaiting and the
 * challenges awaiting an answer. */
const told = { title: document.title, awaited: false, untilSeen: false, count: 0, challenged: 0 };

/** The tab's title: marked while the player's move is awaited and the page not seen. */
function showTitle() {
  if (!document.hidden && told.untilSeen) told.awaited = told.untilSeen = false;
  const awaiting = told.count + told.challenged;
  const count = awaiting ? `(${new Intl.NumberFormat(language()).format(awaiting)}) ` : "";
  document.title = `${told.awaited && document.hidden ? `● ${t("title.your_turn")} · ` : ""}${count}${told.title}`;
}

document.addEventListener("visibilitychange", showTitle);

/** The lobby heard that a game became the player's turn: its title is marked until the page is
 * seen, if it is hidden now. */
export function tellTurnElsewhere() {
  Object.assign(told, { awaited: document.hidden, untilSeen: document.hidden });
  showTitle();
}

/** Set the page's title to `title`, told of whether a move of the player's is `awaited` there.
 * @param {string} title @param {boolean} awaited */
export function tellTurn(title, awaited) {
  told.title = title;
  told.awaited = awaited;
  showTitle();
}

/** The number of the account's games awaiting the player's move (`n`), counted in the title.
 * @param {number} n */
export function tellAwaiting(n) {
  told.count = n;
  showTitle();
}

/** The number of challenges awaiting the player's answer (`n`), counted in the title with the
 * games awaiting their move. @param {number} n */
export function tellChallenged(n) {
  told.challenged = n;
  showTitle();
}
