// The choice of takebacks (web/take_back.py) wherever a game is made: the new game form, a
// challenge, a quick game. Its players may ask each other to take a move back, which the others
// accept or decline. On unless unticked; the server allows none in a tournament's game whatever
// was chosen, and a quick game joins only open games of the same choice.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** The box to tick, ticked at first, its id `id`, `title` what it does there.
 * @param {string} [id] @param {string} [title] @returns {HTMLElement} */
export function takebacksBox(id = "takebacks", title = t("lobby.takebacks_title")) {
  return el("label", { title },
    el("input", { type: "checkbox", id, checked: true }), " ", t("lobby.takebacks"));
}

/** Whether the form's box is ticked. @param {HTMLElement} form @param {string} [id] @returns {boolean} */
export function takebacksChosen(form, id = "takebacks") {
  const box = /** @type {HTMLInputElement | null} */ (form.querySelector(`#${id}`));
  return box ? box.checked : true;
}

/** "No takebacks" for a game that allows none (an open game's line, a challenge's), as a piece of
 * its line after a " · "; nothing for one that allows them. @param {{takebacks?: boolean}} game */
export function noTakebacks(game) {
  return game.takebacks === false ? [" · ", el("span", { class: "no-takebacks" }, t("lobby.no_takebacks"))] : "";
}
