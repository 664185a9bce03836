// Your account, in the lobby: log in or create one (a name and a password), who is logged in, log
// out, change the password; once logged in, the account's games and pages (account-games.js), its
// data to download and its closing (account-close.js); its e-mail address, and a forgotten
// password's link (account-mail.js). The
// session is the server's HttpOnly cookie: this page never holds it.
import { accountLeaving } from "./account-close.js";
import { accountGames, showYourMove } from "./account-games.js";
import { accountMail, forgotPassword } from "./account-mail.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { blockedList } from "./people.js";
import { loggedInAtFirst } from "./preferences-sync.js";
import { api } from "./server.js";
import { accountAway } from "./vacation.js";
import { errorWords } from "./words.js";

/** An account as the server shows it (`vacation` when read by GET /api/account; `moderator` when
 * logged in or read so).
 * @typedef {{id: number, name: string, created: string, moderator?: boolean, vacation?: import("./vacation.js").VacationState}} AccountInfo */

/** The event on `document` each time the card shows who is logged in (`detail`: the account, or
 * null), for the lobby's other cards (a guest's name is asked of guests only). */
export const ACCOUNT_SHOWN = "kingdomino:account";

/** A labelled field of the account's forms. @param {string} id @param {string} words @param {Record<string, string>} attrs */
function field(id, words, attrs) {
  return el("label", { class: "account-field" }, words, " ", el("input", { id, required: "", ...attrs }));
}

/** The value typed in the field `id` of `form`. @param {HTMLElement} form @param {string} id */
function typed(form, id) {
  return /** @type {HTMLInputElement} */ (form.querySelector(`#${id}`)).value;
}

/** The lobby's account card: its form while no one is logged in, else who is and what they may do. */
export function accountCard() {
  const said = el("p", { class: "error", role: "alert", id: "account-error" });
  // What was done (the password changed) is no refusal: it is said apart, not in the error's red.
  const done = el("p", { role: "status", id: "account-done" });
  // Who is now logged in (or no one), for screen readers: the card shows it already.
  const heard = el("p", { role: "status", id: "account-heard", class: "visually-hidden" });
  const body = el("div", {});
  const card = el("section", { class: "card", id: "account", "aria-busy": "true" }, el("h2", {}, t("account.title")), body, said, done, heard);
  /** Who the card shows: an account's id, null for no one, undefined before the first showing. @type {number | null | undefined} */
  let shown;
  /** Show the card for `account` (null: no one); drawn again only for another account, so that
   * what is typed in the form stays (the answer to who is logged in comes after the form). When
   * the player `acted` (logged in or out), the button pressed is gone with the card's old part: the
   * focus goes to the new part's first control, not lost to the page's top, and the change is said.
   * @param {AccountInfo | null} account @param {boolean} [acted] */
  const show = (account, acted = false) => {
    const id = account ? account.id : null;
    if (id === shown) return;
    shown = id;
    body.replaceChildren(...(account ? loggedIn(account) : loggedOut()));
    if (!account) showYourMove([]);  // logged out: no game of the account awaits here
    document.dispatchEvent(new CustomEvent(ACCOUNT_SHOWN, { detail: account }));
    if (!acted) return;
    heard.textContent = account ? t("account.logged_in_as", { name: account.name }) : t("account.logged_out");
    /** @type {HTMLElement | null} */ (body.querySelector(account ? "#log-out" : "#account-name"))?.focus();
  };
  /** Send a request of the card, then show the account it answers with. @param {string} path @param {string} method @param {unknown} [sent] */
  const ask = async (path, method, sent) => {
    said.textContent = "";
    done.textContent = "";
    heard.textContent = "";
    try {
      const answer = /** @type {{account?: AccountInfo | null, changed?: boolean}} */ (await api(path, { method, body: sent }));
      if (answer.changed) { done.textContent = t("account.password_changed"); return; }
      show(answer.account ?? null, true);
    } catch (problem) {
      said.textContent = errorWords(problem);
    }
  };
  const loggedOut = () => {
    const form = el("form", { id: "account-form", class: "account-form" },
      el("p", { class: "small" }, t("account.about")),
      field("account-name", t("account.name"), { autocomplete: "username", maxlength: "24" }),
      field("account-password", t("account.password"), { type: "password", autocomplete: "current-password", maxlength: "256" }),
      el("button", { type: "submit", id: "log-in", class: "primary" }, t("account.log_in")), " ",
      el("button", { type: "button", id: "create-account", onclick: () => {
        ask("/api/accounts", "POST", { name: typed(form, "account-name"), password: typed(form, "account-password") });
      } }, t("account.create")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      ask("/api/session", "POST", { name: typed(form, "account-name"), password: typed(form, "account-password") });
    });
    return [form, forgotPassword(() => typed(form, "account-name"))];
  };
  /** @param {AccountInfo} account */
  const loggedIn = (account) => {
    const change = el("form", { id: "password-form", class: "account-form" },
      field("old-password", t("account.old_password"), { type: "password", autocomplete: "current-password", maxlength: "256" }),
      field("new-password", t("account.new_password"), { type: "password", autocomplete: "new-password", maxlength: "256" }),
      el("button", { type: "submit", id: "save-password" }, t("account.save_password")));
    change.addEventListener("submit", (event) => {
      event.preventDefault();
      ask("/api/account/password", "POST", { old_password: typed(change, "old-password"), new_password: typed(change, "new-password") });
    });
    return [
      el("p", { id: "logged-in" }, t("account.logged_in_as", { name: account.name }), " ",
        el("button", { type: "button", id: "log-out", onclick: () => ask("/api/session", "DELETE") }, t("account.log_out"))),
      accountAway(account.vacation),
      ...accountGames(account),
      el("details", {}, el("summary", {}, t("account.change_password")), change),
      accountMail(),
      blockedList(),
      ...accountLeaving(() => {
        show(null, true);
        // "Your account is closed" says it all: a screen reader is not told "Logged out" too.
        heard.textContent = "";
        done.textContent = t("account.closed");
      }),
    ];
  };
  show(null);
  const known = () => card.setAttribute("aria-busy", "false");
  loggedInAtFirst().then((answer) => show(/** @type {{account: AccountInfo}} */ (answer).account)).finally(known);
  return card;
}
