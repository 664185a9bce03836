// Reporting a player to the server's operator (web/reports.py): a dialog opened from a player's
// page ("Report") or from another's chat line, with the reason, a few optional words and "Send";
// the line it cites is shown in it. The reporter is thanked; the reported player is never told.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** The longest words of a report (web/reports.py MAX_TEXT). */
const MAX_TEXT = 500;

/** The reasons, by the code the server takes (web/reports.py REASONS), each worded here. */
function reasons() {
  return /** @type {Array<[string, string]>} */ ([
    ["abusive_chat", t("report.reason.abusive_chat")],
    ["cheating", t("report.reason.cheating")],
    ["stalling", t("report.reason.stalling")],
    ["offensive_name", t("report.reason.offensive_name")],
    ["other", t("report.reason.other")],
  ]);
}

/** What a report is about besides its player: the game, and the chat line it cites with its words.
 * @typedef {{game?: string, line?: number, words?: string}} About */

/** Open the dialog that reports the account `name` (`about`: the game or chat line it cites).
 * @param {string} name @param {About} [about] */
export function openReport(name, about = {}) {
  document.getElementById("report-dialog")?.remove();
  const choices = reasons().map(([code, words], i) => el("label", { class: "report-reason" },
    el("input", { type: "radio", name: "report-reason", value: code, required: true,
      checked: about.line !== undefined && i === 0 }), " ", words));
  const text = /** @type {HTMLTextAreaElement} */ (el("textarea", { id: "report-text", maxlength: MAX_TEXT, rows: 3 }));
  const refused = el("p", { class: "error", role: "alert", id: "report-error" });
  const send = el("button", { type: "submit", class: "primary", id: "report-send" }, t("report.send"));
  const form = el("form", { id: "report-form", onsubmit: (/** @type {Event} */ event) => { event.preventDefault(); submit(); } },
    about.words ? el("blockquote", { class: "report-cited", id: "report-cited" }, about.words) : "",
    el("fieldset", { class: "report-reasons" }, el("legend", {}, t("report.why")), ...choices),
    el("label", { for: "report-text" }, t("report.text")), text,
    el("p", { class: "small" }, t("report.private", { name })), refused,
    el("p", { class: "controls report-buttons" }, send, " ",
      el("button", { type: "button", id: "report-cancel", onclick: () => dialog.close() }, t("report.cancel"))));
  const dialog = /** @type {HTMLDialogElement} */ (el("dialog", { id: "report-dialog", "aria-labelledby": "report-title" },
    el("h2", { id: "report-title" }, t("report.title", { name })), form));
  dialog.addEventListener("close", () => dialog.remove());
  const submit = async () => {
    const chosen = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=report-reason]:checked"));
    if (!chosen) return;
    refused.textContent = "";
    send.setAttribute("disabled", "");
    try {
      await api("/api/reports", { method: "POST",
        body: { name, reason: chosen.value, text: text.value, game: about.game, line: about.line } });
      const close = el("button", { type: "button", class: "primary", id: "report-close", onclick: () => dialog.close() }, t("report.close"));
      form.replaceWith(el("div", {}, el("p", { role: "status", id: "report-thanks" }, t("report.thanks")), el("p", {}, close)));
      close.focus();
    } catch (problem) {
      refused.textContent = errorWords(problem);
      send.removeAttribute("disabled");
    }
  };
  document.body.append(dialog);
  dialog.showModal();
}

/** The "Report" button of a player's page. @param {string} name */
export function reportButton(name) {
  return el("button", { type: "button", id: "report", onclick: () => openReport(name) }, t("report.button"));
}
