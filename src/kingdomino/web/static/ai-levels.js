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

/** How the server ends an AI seat's name: "(AI, <level>)", the level or the operator's agent that plays
 * it ("Bo (AI, ppo-2)"); `web/seats.py`'s `AI_ENDING`, which `tests/web/test_names.py` holds this to. */
export const AI_ENDING = / ?\(AI, ([a-z][a-z0-9-]{0,23})\)$/;

/** A seat's name without the AIs it says play it ("Boris (AI, medium)" is "Boris"; a seat handed on
 * twice was once stored "Bo (AI, ppo-2) (AI, medium)"). @param {string} name @returns {string} */
export function withoutAi(name) {
  let base = name;
  while (AI_ENDING.test(base)) base = base.replace(AI_ENDING, "");
  return base;
}
