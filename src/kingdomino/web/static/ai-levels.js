// The AI levels a seat may have, as the server's one table of them says (`GET /api/meta`, from
// agents.levels.SEAT_LEVELS, weakest first; read once as the page starts: server-meta.js), so the
// lobby's seats and a game's "hand the seat to an AI" offer what the server accepts, and nothing else.
import { has, t } from "./i18n.js";
import { serverMeta } from "./server-meta.js";

/** The AI levels a seat may have, weakest first (none while the server has not said them). */
export function aiLevels() {
  return serverMeta()?.levels ?? [];
}

/** A level's words ("AI, hard"); an agent the server's operator offers by a name of their own
 * ("ppo", a trained policy) is said as an AI with that name ("AI, ppo").
 * @param {string} level */
export function levelWords(level) {
  const key = `seat.ai:${level}`;
  return has(key) ? t(key) : t("seat.ai_agent", { name: level });
}
