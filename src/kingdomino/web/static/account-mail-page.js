// The page a mailed link opens (routes/mail.py): "/account/verify?token=..." confirms an address as
// its account's, "/account/reset#token=..." chooses a new password. Nothing is sent until its reader
// presses the button: a mail scanner that fetches the link uses nothing. The token leaves the
// address bar at once, so that it is neither in the history nor shown on a shared screen.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** The link's token (the verifying link's query, the reset link's fragment), taken out of the
 * address bar. @param {boolean} reset */
function takeToken(reset) {
  const from = new URLSearchParams(reset ? location.hash.slice(1) : location.search);
  const token = from.get("token") || "";
  history.replaceState(null, "", location.pathname);
  return token;
}

/** The form of the page: its fields, its button, and what the server answered.
 * @param {string} id @param {string} button @param {Node[]} fields @param {() => Promise<string>} act */
function linkForm(id, button, fields, act) {
  const said = el("p", { class: "error", role: "alert", id: "mail-link-error" });
  const done = el("p", { role: "status", id: "mail-link-done" });
  const submit = el("button", { type: "submit", class: "primary", id: `${id}-button` }, button);
  const form = el("form", { id, class: "account-form" }, ...fields, submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    said.textContent = done.textContent = "";
    try {
      done.textContent = await act();
      form.hidden = true;
    } catch (problem) {
      said.textContent = errorWords(problem);
    }
  });
  return [form, said, done];
}

/** Show the page of the link opened in `root`. @param {HTMLElement} root */
export function showMailLink(root) {
  const reset = location.pathname === "/account/reset";
  const token = takeToken(reset);
  const title = t(reset ? "mail_page.reset_title" : "mail_page.verify_title");
  document.title = `${title} · ${t("app.name")}`;
  /** @type {Node[]} */
  let parts;
  if (!token) {
    parts = [el("p", { class: "error", role: "alert", id: "mail-link-error" }, t("mail_page.no_token"))];
  } else if (reset) {
    const password = /** @type {HTMLInputElement} */ (el("input", { id: "reset-password", type: "password",
      required: "", minlength: "8", maxlength: "256", autocomplete: "new-password" }));
    parts = linkForm("reset-form", t("mail_page.reset"),
      [el("label", { class: "account-field" }, t("account.new_password"), " ", password)], async () => {
        await api("/api/account/reset", { method: "POST", body: { token, new_password: password.value } });
        return t("mail_page.reset_done");
      });
  } else {
    parts = linkForm("verify-form", t("mail_page.verify"), [el("p", {}, t("mail_page.verify_about"))], async () => {
      const answer = /** @type {{address: string}} */ (await api("/api/account/verify", { method: "POST", body: { token } }));
      return t("mail_page.verified", { address: answer.address });
    });
  }
  root.replaceChildren(el("section", { class: "card mail-link", id: "mail-link", "aria-labelledby": "mail-link-title" },
    el("h1", { id: "mail-link-title" }, title), ...parts, el("p", {}, el("a", { href: "/", id: "mail-link-lobby" }, t("game.to_lobby")))));
}
