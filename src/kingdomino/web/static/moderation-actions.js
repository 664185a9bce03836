// A report's actions on the moderators' page (web/moderation.py): close it with a note, silence
// the reported player for some days, rename an offensive name, put a rename made by mistake back
// (a closed report's too); then what moderators did on it, who and when. A refusal is said under
// the form it refuses, naming what to change.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { momentWords, withMoment } from "./moments.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** The longest note (web/moderation.py MAX_NOTE) and silence (MOST_DAYS). */
const MAX_NOTE = 500;
const MOST_DAYS = 90;

/** What a moderator did, in a picture and words (after who did it).
 * @param {import("./moderation.js").Done} done */
export function doneText(done) {
  if (done.action === "silence") return `⊘ ${t("moderation.did.silence", { n: Number(done.detail) })}`;
  if (done.action === "rename") return `✎ ${t("moderation.did.rename", { names: done.detail || "" })}`;
  if (done.action === "rename_back") return `↶ ${t("moderation.did.rename_back", { names: done.detail || "" })}`;
  return `✔ ${t("moderation.did.close")}${done.detail ? `: ${done.detail}` : ""}`;
}

/** What a moderator did, who and when. @param {import("./moderation.js").Done} done */
function doneWords(done) {
  return el("li", {}, el("span", { class: "small" }, `${done.at ? momentWords(done.at) : ""} · `), el("strong", {}, done.by), " ", doneText(done));
}

/** One action's form: its fields, its button, the line that says its refusal.
 * @param {string} id @param {string} button @param {HTMLElement[]} fields
 * @param {() => Promise<unknown>} send @param {() => void} after */
function actionForm(id, button, fields, send, after) {
  const refused = el("p", { class: "error", role: "alert", id: `${id}-error` });
  const submit = el("button", { type: "submit", id: `${id}-send` }, button);
  const form = el("form", { class: "moderation-action", id, onsubmit: async (/** @type {Event} */ event) => {
    event.preventDefault();
    refused.textContent = "";
    submit.setAttribute("disabled", "");
    try {
      await send();
      after();
    } catch (problem) {
      refused.textContent = errorWords(withMoment(problem));
      submit.removeAttribute("disabled");
    }
  } }, ...fields, submit, refused);
  return form;
}

/** A labelled field. @param {string} id @param {string} label @param {Record<string, string | number | boolean>} attrs */
function field(id, label, attrs) {
  return el("label", { for: id, class: "moderation-field" }, label, el("input", { id, name: id, ...attrs }));
}

/** The actions card of the report `id`: the forms while it is `open`, the old name offered back
 * while a rename may be put back (`renameBack`), then what was `done`; `again` shows the report
 * anew after an action.
 * @param {number} id @param {{open: boolean, renameBack: string | null}} state
 * @param {import("./moderation.js").Done[]} done @param {() => void} again */
export function actionsCard(id, { open, renameBack }, done, again) {
  const post = (/** @type {string} */ action, /** @type {object} */ body) =>
    api(`/api/moderation/reports/${id}/${action}`, { method: "POST", body });
  const value = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (document.getElementById(name)).value;
  const back = renameBack === null ? [] : [actionForm("moderation-rename-back",
    `↶ ${t("moderation.rename_back", { name: renameBack })}`, [], () => post("rename_back", {}), again)];
  const forms = open ? [
    actionForm("moderation-silence", `⊘ ${t("moderation.silence")}`,
      [field("moderation-days", t("moderation.days"), { type: "number", min: 1, max: MOST_DAYS, value: 7, required: true })],
      () => post("silence", { days: Number(value("moderation-days")) }), again),
    actionForm("moderation-rename", `✎ ${t("moderation.rename")}`,
      [field("moderation-name", t("moderation.new_name"), { type: "text", maxlength: 64, required: true, autocomplete: "off" })],
      () => post("rename", { name: value("moderation-name") }), again),
    ...back,
    actionForm("moderation-close", `✔ ${t("moderation.close")}`,
      [field("moderation-note", t("moderation.note"), { type: "text", maxlength: MAX_NOTE, autocomplete: "off" })],
      () => post("close", { note: value("moderation-note") }), again),
  ] : back;
  return el("section", { class: "moderation-actions", id: "moderation-actions" },
    forms.length ? [el("h2", {}, t("moderation.actions_title")), ...forms] : "",
    el("h2", {}, t("moderation.done_title")),
    done.length ? el("ul", { id: "moderation-done" }, ...done.map(doneWords)) : el("p", { id: "moderation-none-done" }, t("moderation.none_done")));
}
