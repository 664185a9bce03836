// The games this browser holds (localStorage): each game's tokens (the seats played here, or the
// spectator's), its invite links and the request that made it (for a rematch).

const KEY = "kingdomino.games";

/**
 * A game this browser holds, as `remember` keeps it (`rememberCreated` in lobby.js; the game's page
 * adds what the player folded or hid; `invited`: opened from an invite link; `seats`: the seats its
 * tokens last played, which the page names once an AI plays them: game-handover.js).
 * @typedef {{id: string, tokens: string[], created: number, invites?: Invite[], spectator?: string,
 *   request?: Record<string, unknown>, kinds?: string[], guided?: boolean, invited?: boolean, tipsHidden?: boolean,
 *   invitesFolded?: boolean, seats?: number[], joined?: boolean}} SavedGame
 * @typedef {{seat: number, name: string, url: string}} Invite
 */

/** Every game this browser holds, the newest first (none if the storage is empty or damaged).
 * @returns {SavedGame[]} */
export function savedGames() {
  try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { return []; }
}

/** Keep `tokens` (besides those held) and `extra` for game `id`, the game first in the list; the
 * 100 newest games are kept. @param {string} id @param {string[]} tokens
 * @param {Partial<SavedGame>} [extra] @returns {SavedGame} */
export function remember(id, tokens, extra = {}) {
  const games = savedGames();
  let entry = games.find((g) => g.id === id);
  if (!entry) { entry = { id, tokens: [], created: Date.now() }; games.unshift(entry); }
  for (const token of tokens) if (!entry.tokens.includes(token)) entry.tokens.push(token);
  Object.assign(entry, extra);
  localStorage.setItem(KEY, JSON.stringify(games.slice(0, 100)));
  return entry;
}

/** Hold only `tokens` for game `id` from now on (a seat left for the spectator link).
 * @param {string} id @param {string[]} tokens */
export function replaceTokens(id, tokens) {
  const games = savedGames();
  const entry = games.find((g) => g.id === id);
  if (entry) { entry.tokens = [...tokens]; localStorage.setItem(KEY, JSON.stringify(games)); }
  else remember(id, tokens);
}

/** Forget game `id` (a seat given back before its game started: its token acts no more).
 * @param {string} id */
export function forget(id) {
  localStorage.setItem(KEY, JSON.stringify(savedGames().filter((g) => g.id !== id)));
}

/** The tokens this browser holds for game `id` (none: it cannot open the game). @param {string} id @returns {string[]} */
export function tokensFor(id) {
  const entry = savedGames().find((g) => g.id === id);
  return entry ? entry.tokens : [];
}

/** The seats this browser plays in game `id`, as its page last saw them (several at a screen
 * shared by a family), else `seat` alone (none: a spectator's). @param {string} id @param {number | null} seat */
export function seatsHere(id, seat) {
  const seats = savedGames().find((g) => g.id === id)?.seats;
  return seats?.length ? seats : seat === null ? [] : [seat];
}
