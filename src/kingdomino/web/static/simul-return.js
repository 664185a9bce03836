// A simul's game page leads back to its simul: the seats name it (web/simuls.py, MARK).
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** " · Back to the simul" after a simul's game's title, else nothing.
 * @param {{seats: Array<object>}} view the game's view */
export function simulLink(view) {
  const simul = view.seats.map((seat) => /** @type {{simul?: string}} */ (seat).simul).find(Boolean);
  return simul ? el("span", { class: "simul-back" }, " · ", el("a", { href: `/simul/${simul}`, id: "simul-link" }, t("simul.back"))) : "";
}
