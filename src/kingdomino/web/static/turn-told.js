// "Your turn" told to a player who is not looking at the page: the tab's title starts with a mark
// while a move of theirs is awaited and the page is hidden (another tab, a minimised window), and
// loses it as soon as the page is seen again: a page in view says the turn itself.
import { t } from "./i18n.js";

/** The page's title without the mark, whether a move of the player's is awaited, and whether
 * it is so only until the page is seen (the lobby's news of a game elsewhere). */
const told = { title: document.title, awaited: false, untilSeen: false };

/** The tab's title: marked while the player's move is awaited and the page not seen. */
function showTitle() {
  if (!document.hidden && told.untilSeen) told.awaited = told.untilSeen = false;
  document.title = `${told.awaited && document.hidden ? `● ${t("title.your_turn")} · ` : ""}${told.title}`;
}

document.addEventListener("visibilitychange", showTitle);

/** The lobby heard that a game became the player's turn: its title (`title`) is marked until
 * the page is seen, if it is hidden now. @param {string} title */
export function tellTurnElsewhere(title) {
  Object.assign(told, { title, awaited: document.hidden, untilSeen: document.hidden });
  showTitle();
}

/** Set the page's title to `title`, told of whether a move of the player's is `awaited` there.
 * @param {string} title @param {boolean} awaited */
export function tellTurn(title, awaited) {
  told.title = title;
  told.awaited = awaited;
  showTitle();
}
