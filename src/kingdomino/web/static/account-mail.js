// The account card's e-mail parts (web/mail_links.py): for its owner, the address kept and a form to
// add, change or remove it (a link is mailed to verify it, the password confirming either); on the
// login form, "Forgot your password?", which mails a link to choose a new one. Without the server's
// mail (its operator set none) each part says so instead of offering a form.
import { el } from "./dom.js";
import { language, t } from "./i18n.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** The account's address as the server shows it. @typedef {{available: boolean, address: string | null,
 * verified: string | null, pending: string | null}} MailInfo */

/** A labelled input of a mail form. @param {string} id @param {string} words @param {Record<string, string>} attrs */
function input(id, words, attrs) {
  const box = /** @type {HTMLInputElement} */ (el("input", { id, required: "", ...attrs }));
  return { box, label: el("label", { class: "account-field" }, words, " ", box) };
}

/** What the account's address is: verified, a link waiting, or none. @param {MailInfo} info */
function stateWords(info) {
  const words = [];
  if (info.address) words.push(t("mail.verified", { address: info.address }));
  if (info.pending && info.pending !== info.address) words.push(t("mail.pending", { address: info.pending }));
  if (!words.length) words.push(t(info.available ? "mail.none" : "mail.unavailable"));
  return words.join(" ");
}

/** The logged-in account's "E-mail" part: its address, and a form that mails a link to verify a
 * new one or removes the one kept (shown only when the server sends mail). */
export function accountMail() {
  // What the address is, said again (to screen readers too) once a link is sent.
  const state = el("p", { id: "mail-state", role: "status" });
  const said = el("p", { class: "error", role: "alert", id: "mail-error" });
  const address = input("mail-address", t("mail.address"), { type: "email", autocomplete: "email", maxlength: "254" });
  const password = input("mail-password", t("mail.password"), { type: "password", autocomplete: "current-password", maxlength: "256" });
  const remove = el("button", { type: "button", id: "mail-remove", hidden: true }, t("mail.remove"));
  const form = el("form", { id: "mail-form", class: "account-form", hidden: true },
    address.label, password.label, el("button", { type: "submit", id: "mail-send" }, t("mail.send")), remove);
  const showState = () => api("/api/account/mail").then((answer) => {
    const info = /** @type {MailInfo} */ (answer);
    state.textContent = stateWords(info);
    form.hidden = !info.available;
    remove.hidden = !info.address;
  }, (problem) => { said.textContent = errorWords(problem); });
  remove.addEventListener("click", async () => {
    said.textContent = "";
    if (!password.box.reportValidity()) return;
    try {
      await api("/api/account/mail/remove", { method: "POST", body: { password: password.box.value } });
      password.box.value = "";
      await showState();
      state.textContent = `${t("mail.removed")} ${state.textContent}`;
    } catch (problem) {
      said.textContent = errorWords(problem);
    }
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    said.textContent = "";
    try {
      const sent = { address: address.box.value, password: password.box.value, language: language() };
      await api("/api/account/mail", { method: "POST", body: sent });
      password.box.value = "";
      await showState();
    } catch (problem) {
      said.textContent = errorWords(problem);
    }
  });
  showState();
  return el("details", { id: "mail-part" }, el("summary", {}, t("mail.title")),
    el("p", { class: "small" }, t("mail.about")), state, form, said);
}

/** The login form's "Forgot your password?": a name or an address, and the same words whatever
 * the server found (it tells nobody which accounts exist). @param {() => string} typedName the
 * name typed in the login form, offered as the one to ask for */
export function forgotPassword(typedName) {
  const said = el("p", { class: "error", role: "alert", id: "forgot-error" });
  const done = el("p", { role: "status", id: "forgot-done" });
  const who = input("forgot-name", t("forgot.name"), { autocomplete: "username", maxlength: "254" });
  const form = el("form", { id: "forgot-form", class: "account-form", hidden: true },
    el("p", { class: "small" }, t("forgot.about")), who.label,
    el("button", { type: "submit", id: "forgot-send" }, t("forgot.send")));
  const unavailable = el("p", { class: "small", id: "forgot-none", hidden: true }, t("forgot.none"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    said.textContent = done.textContent = "";
    try {
      await api("/api/account/forgot", { method: "POST", body: { name: who.box.value, language: language() } });
      done.textContent = t("forgot.sent");
    } catch (problem) {
      said.textContent = errorWords(problem);
    }
  });
  const part = el("details", { id: "forgot-part" }, el("summary", {}, t("forgot.link")), form, unavailable, said, done);
  part.addEventListener("toggle", () => {
    if (part.hasAttribute("open") && !who.box.value) who.box.value = typedName();
  });
  api("/api/mail").then((answer) => {
    const available = /** @type {{available: boolean}} */ (answer).available;
    form.hidden = !available;
    unavailable.hidden = available;
  }, () => { unavailable.hidden = false; });
  return part;
}
