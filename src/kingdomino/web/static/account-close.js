// The account card's last parts for its owner: download the account's data (a JSON file the
// server writes, GET /api/account/export) and close the account, confirmed by its password
// (POST /api/account/close). What closing does is said before the button, in the page's language.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** The download link and the closing form; `closed` runs once the server closed the account.
 * @param {() => void} closed */
export function accountLeaving(closed) {
  const said = el("p", { class: "error", role: "alert", id: "close-account-error" });
  const password = el("input", { id: "close-password", type: "password", required: "", autocomplete: "current-password", maxlength: "256" });
  const form = el("form", { id: "close-account-form", class: "account-form" },
    el("ul", { class: "small close-account-what" },
      el("li", {}, t("account.close_login")),
      el("li", {}, t("account.close_games")),
      el("li", {}, t("account.close_kept")),
      el("li", {}, t("account.close_name"))),
    el("label", { class: "account-field" }, t("account.close_password"), " ", password),
    el("button", { type: "submit", id: "close-account", class: "danger" }, t("account.close_button")),
    said);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    said.textContent = "";
    try {
      await api("/api/account/close", { method: "POST", body: { password: /** @type {HTMLInputElement} */ (password).value } });
      closed();
    } catch (problem) {
      said.textContent = errorWords(problem);
    }
  });
  return [
    el("p", { class: "account-links" }, el("a", { href: "/api/account/export", download: "", id: "export-account" }, t("account.export")),
      " ", el("span", { class: "small" }, t("account.export_about"))),
    el("details", { id: "close-account-part" }, el("summary", {}, t("account.close")), form),
  ];
}
