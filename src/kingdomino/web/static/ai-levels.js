// The AI levels a seat may have, as the server's one table of them says (`GET /api/meta`, from
// agents.levels.SEAT_LEVELS, weakest first): read once as the page starts, so the lobby's seats and
// a game's "hand the seat to an AI" offer what the server accepts, and nothing else.
import { has, t } from "./i18n.js";
import { api } from "./server.js";

/** The server's AI levels, weakest first; none until `loadLevels` has read them. @type {string[]} */
let levels = [];

/** Read the server's AI levels (once, as the page starts). A server that cannot say them leaves
 * none to offer: a page without AI seats, not a page that does not open. */
export async function loadLevels() {
  try {
    const meta = /** @type {{levels: string[]}} */ (await api("/api/meta"));
    levels = meta.levels;
  } catch {
    levels = [];
  }
}

/** The AI levels a seat may have, weakest first. */
export function aiLevels() {
  return levels;
}

/** A level's words ("AI, hard"); an agent the server's operator offers by a name of their own
 * ("ppo", a trained policy) is said as an AI with that name ("AI, ppo").
 * @param {string} level */
export function levelWords(level) {
  const key = `seat.ai:${level}`;
  return has(key) ? t(key) : t("seat.ai_agent", { name: level });
}
