// The lobby's "Puzzles" card: the daily puzzle (the same for everyone today), a link to its page,
// and a link to the puzzles near the player's rating (puzzle.js).
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./server.js";

/** The card; the daily puzzle's goal is filled in once the server says it. */
export function puzzleCard() {
  const daily = el("a", { href: "/puzzles", id: "daily-puzzle" }, t("puzzle.daily"));
  const goal = el("p", { class: "small", id: "daily-goal" });
  api("/api/puzzles/daily").then((found) => {
    const puzzle = /** @type {{id: string, goal: string, observation: {round: number}}} */ (found);
    daily.setAttribute("href", `/puzzles/${puzzle.id}`);
    goal.textContent = t(`puzzle.goal.${puzzle.goal}`);
  }).catch(() => { goal.textContent = ""; });
  return el("section", { class: "card", id: "puzzles-card" },
    el("h2", {}, el("a", { href: "/puzzles", id: "to-puzzles" }, t("puzzle.title"))),
    el("p", { class: "small" }, t("puzzle.card_text")), el("p", {}, daily), goal);
}
