// A club tournament's Join refused to a reader who is no member of its club: the way on, on the
// tournament's page itself, rather than a refusal alone (a newcomer a friend sent there).
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { Refused, api } from "./server.js";
import { errorWords } from "./words.js";

/** What follows a refused Join (`problem`) of the tournament of club `club`: when the refusal is
 * that the reader is no member, a button that joins the club and then the tournament (`join`);
 * a club by request is asked, its answer said to wait for a leader. Else nothing.
 * @param {unknown} problem @param {string | null | undefined} club @param {() => Promise<void>} join
 * @returns {HTMLElement | string} */
export function clubJoinOffer(problem, club, join) {
  if (!club || !(problem instanceof Refused) || problem.code !== "tournament_club") return "";
  const said = el("span", { role: "status", id: "tournament-club-said" });
  const button = /** @type {HTMLButtonElement} */ (el("button", { type: "button", class: "primary", id: "tournament-club-join" },
    t("tournament.club_join", { name: club })));
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const { role } = /** @type {{role: string}} */ (await api(`/api/clubs/${encodeURIComponent(club)}/join`, { method: "POST" }));
      if (role === "asked") said.textContent = t("club.asked_now", { name: club });
      else await join();
    } catch (refused) {
      said.textContent = errorWords(refused);
      button.disabled = false;
    }
  });
  return el("p", { id: "tournament-club-offer" }, button, " ", said);
}
