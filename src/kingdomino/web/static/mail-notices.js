// The mailed notices of games by the day on the preferences' page (web/mail_notices.py): "Mail me
// when it is my move" and "Mail me when a game's time is running out", offered only when the server
// sends mail. An account with no verified address is told how to get one: its boxes stay off.
import { el } from "./dom.js";
import { language, t } from "./i18n.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** The notices as the server says them (GET /api/account/mail/notices).
 * @typedef {{available: boolean, verified: boolean, turns: boolean, time_short: boolean}} NoticesState */

const NOTICES = /** @type {const} */ (["turns", "time_short"]);

/** The part of the page, hidden until the server says it sends mail. @returns {HTMLElement} */
export function mailNoticesPart() {
  const box = el("fieldset", { class: "pref-part", id: "pref-mail", hidden: true }, el("legend", {}, t("mail.title")));
  const said = el("p", { role: "status", class: "small", id: "mail-notices-said" });
  const refused = el("p", { role: "alert", class: "error", id: "mail-notices-error" });
  /** Turn `notice` on or off; refused, its box goes back. @param {"turns" | "time_short"} notice
   * @param {HTMLInputElement} input */
  const send = async (notice, input) => {
    said.textContent = refused.textContent = "";
    try {
      const state = /** @type {NoticesState} */ (await api("/api/account/mail/notices",
        { method: "PUT", body: { [notice]: input.checked, language: language() } }));
      input.checked = state[notice];
      said.textContent = t("prefs.saved");
    } catch (problem) {
      input.checked = !input.checked;
      refused.textContent = errorWords(problem);
    }
  };
  /** @param {NoticesState} state */
  const draw = (state) => {
    box.hidden = !state.available;
    const boxes = NOTICES.map((notice) => {
      const input = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: `pref-mail-${notice}`,
        checked: state[notice], disabled: !state.verified && !state[notice] }));
      input.addEventListener("change", () => { send(notice, input); });
      return el("label", { class: "block pref-choice" }, input, " ", t(`prefs.mail_${notice}`));
    });
    const about = el("p", { class: "small", id: "mail-notices-about" },
      t(state.verified ? "prefs.mail_about" : "prefs.mail_no_address"));
    box.replaceChildren(box.firstChild || "", ...boxes, about, said, refused);
  };
  api("/api/account/mail/notices").then((state) => draw(/** @type {NoticesState} */ (state)))
    .catch((problem) => { refused.textContent = errorWords(problem); box.append(refused); });
  return box;
}
