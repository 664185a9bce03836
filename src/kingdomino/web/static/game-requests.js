// What a game's page asks the server over HTTP as one of its seats: to leave the game, to hand an
// away player's seat to an AI, to end the wait for a gone one, a rematch (a new deal) or the same deal again.
import { t } from "./i18n.js";
import { replaceTokens } from "./saved-games.js";
import { api, Refused } from "./server.js";
import { awaySeat } from "./game-presence.js";
import { errorWords, localName } from "./words.js";

/** @typedef {import("./game-state.js").GameState} GameState */

/** POST `body` with the token of this browser's seat. It may also hold a spectator's token,
 * which is refused: the game's spectator link, if created here, is tried last.
 * @param {GameState} game @param {string} path @param {Record<string, unknown>} body */
async function asSeat(game, path, body) {
  const { saved, tokens } = game;
  const watching = saved.spectator ? new URL(saved.spectator, location.href).searchParams.get("token") : null;
  let problem = null;
  for (const token of [...tokens.filter((k) => k !== watching), ...tokens.filter((k) => k === watching)]) {
    try { return await api(path, { method: "POST", body: { ...body, token } }); }
    catch (refused) { problem = refused; if (!(refused instanceof Refused && refused.code === "spectator_acts")) break; }
  }
  throw problem;
}

/** Hand your seat to an AI once you confirm, then watch the game as a spectator. @param {GameState} game */
export async function leave(game) {
  if (!game.view || !confirm(game.view.rated ? `${t("game.leave_confirm")} ${t("game.leave_rated")}` : t("game.leave_confirm"))) return;
  try {
    const level = game.page.leaveLevel.value;
    const answer = /** @type {{spectator_token: string}} */ (await asSeat(game, `/api/games/${game.id}/leave`, { level }));
    replaceTokens(game.id, [answer.spectator_token]);
    location.href = `/game/${game.id}`;
  } catch (problem) {
    game.page.error.textContent = errorWords(problem);
  }
}

/** Hand the away player's seat to an AI, once confirmed. @param {GameState} game */
export async function takeOver(game) {
  const away = awaySeat(game);
  if (!away || !game.view || !confirm(t("game.away_confirm", { name: localName(game.view.seats[away.seat].name) }))) return;
  try {
    await asSeat(game, `/api/games/${game.id}/seats/${away.seat + 1}/ai`, { level: game.page.awayLevel.value });
  } catch (problem) {
    game.page.error.textContent = errorWords(problem);
  }
}

/** End the wait for the gone player to act: their seat is out of time (game-gone.js).
 * @param {GameState} game */
export async function claimGame(game) {
  try {
    await asSeat(game, `/api/games/${game.id}/claim`, {});
  } catch (problem) {
    game.page.error.textContent = errorWords(problem);
  }
}

/** A new game of this setup: a new deal (rematch), or this deal again (one human against AI seats).
 * @param {GameState} game @param {() => Promise<unknown>} create asks the server for the new game */
async function startAgain(game, create) {
  const saved = game.saved;
  try {
    const created = /** @type {import("./view-types.js").Created} */ (await create());
    const { rememberCreated } = await import("./lobby.js");
    rememberCreated(created, saved.request, saved.kinds || [], Boolean(saved.guided));
    location.href = `/game/${created.id}`;
  } catch (problem) {
    game.page.error.textContent = errorWords(problem);
  }
}

/** A new deal of this game's setup, as its creator asked for it. @param {GameState} game */
export function rematch(game) {
  return startAgain(game, () => api("/api/games", { method: "POST", body: game.saved.request }));
}

/** This game's deal again. @param {GameState} game */
export function sameDeal(game) {
  return startAgain(game, () => asSeat(game, `/api/games/${game.id}/same-deal`, {}));
}
