// A game of the logged-in account ended: its ratings may have moved (a rated game's result), so
// what a page made of them is made again (the lobby's open games: the ones it may join, "Not for
// you: your rating is 1,650"). The account's list of games says it, as the lobby looks at it
// again: every minute, when the player comes back to the tab, at news (account-games.js).

/** The event a page hears when a game of its account ended since the last look. */
export const ACCOUNT_GAME_ENDED = "kingdomino:account-game-ended";

/** Tell the page (`ACCOUNT_GAME_ENDED`) when a game of `now`, the account's games, is finished
 * that was not at the last look, `before` (null: this is the first look, which tells nothing).
 * @param {Array<{id: string, status: string}> | null} before @param {Array<{id: string, status: string}>} now */
export function tellGamesEnded(before, now) {
  if (!before) return;
  const done = new Set(before.filter((g) => g.status === "finished").map((g) => g.id));
  if (now.some((g) => g.status === "finished" && !done.has(g.id))) document.dispatchEvent(new CustomEvent(ACCOUNT_GAME_ENDED));
}
