// The new game form's choice of takebacks (web/take_back.py): its players may ask each other to
// take a move back, which the others accept or decline. On unless unticked; the server allows
// none in a tournament's game whatever was chosen.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** The box to tick, ticked at first. @returns {HTMLElement} */
export function takebacksBox() {
  return el("label", { title: t("lobby.takebacks_title") },
    el("input", { type: "checkbox", id: "takebacks", checked: true }), " ", t("lobby.takebacks"));
}

/** Whether the form's box is ticked. @param {HTMLElement} form @returns {boolean} */
export function takebacksChosen(form) {
  const box = /** @type {HTMLInputElement | null} */ (form.querySelector("#takebacks"));
  return box ? box.checked : true;
}
