// Following and blocking players (web/relations.py): on a player's page, how many follow them and,
// for a logged-in player, "Follow" / "Unfollow" and "Block" / "Unblock"; in the lobby's account
// card, the players you block, each with "Unblock".
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { reportButton } from "./report.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** What the logged-in player did about an account (GET /api/account/relations/{name}).
 * @typedef {{name: string, following: boolean, blocking: boolean}} Relation */
/** A blocked account (GET /api/account/blocked). @typedef {{name: string, bot: boolean, since: string}} Blocked */

/** The address of an account's relation of the kind `what` ("following", "blocked"). @param {string} what @param {string} name */
function relationPath(what, name) {
  return `/api/account/${what}/${encodeURIComponent(name)}`;
}

/** A player's page's line of people: how many follow `name`, and for a logged-in player who is
 * not `name`, the buttons that follow and block them, each saying what it did. Blocking ends the
 * following both ways, so the count and both buttons are drawn again from the answers.
 * @param {string} name the page's player @param {number} followers how many follow them */
export function relationButtons(name, followers) {
  const count = el("p", { class: "small", id: "followers" });
  const buttons = el("p", { class: "people-buttons" });
  const said = el("p", { role: "status", id: "people-said", class: "small" });
  const refused = el("p", { class: "error", role: "alert", id: "people-error" });
  let shown = followers;
  const showCount = () => { count.textContent = t("people.followers", { n: shown }); };
  showCount();
  /** @param {Relation} relation */
  const draw = (relation) => {
    // The words say the action ("Unfollow"), so no aria-pressed: a pressed "Unfollow" reads backwards.
    const follow = el("button", { type: "button", id: "follow", "data-on": String(relation.following),
      disabled: relation.blocking, onclick: () => change(relation.following ? "DELETE" : "PUT", "following", relation) },
    t(relation.following ? "people.unfollow" : "people.follow"));
    const block = el("button", { type: "button", id: "block", "data-on": String(relation.blocking),
      "aria-describedby": "block-about", onclick: () => change(relation.blocking ? "DELETE" : "PUT", "blocked", relation) },
    t(relation.blocking ? "people.unblock" : "people.block"));
    // "Report" goes on a line of its own, under the words that say what a block does.
    buttons.replaceChildren(follow, " ", block, " ",
      el("span", { class: "small", id: "block-about" }, t("people.block_about", { name: relation.name })),
      el("br", {}), reportButton(relation.name));
  };
  /** @param {string} method @param {string} what @param {Relation} before */
  const change = async (method, what, before) => {
    said.textContent = "";
    refused.textContent = "";
    try {
      const answer = /** @type {{following?: boolean, blocking?: boolean, changed: boolean}} */ (await api(relationPath(what, name), { method }));
      const after = what === "following" ? { ...before, following: Boolean(answer.following) }
        : { ...before, blocking: Boolean(answer.blocking), following: false };
      if (what === "following" && answer.changed) shown += after.following ? 1 : -1;
      if (what === "blocked" && before.following) shown -= 1;
      showCount();
      const id = what === "following" ? "follow" : "block";
      draw(after);
      /** @type {HTMLElement | null} */ (buttons.querySelector(`#${id}`))?.focus();
      said.textContent = t(what === "following" ? (after.following ? "people.followed" : "people.unfollowed")
        : (after.blocking ? "people.blocked_now" : "people.unblocked"), { name: before.name });
    } catch (problem) { refused.textContent = errorWords(problem); }
  };
  api("/api/account").then(async (answer) => {
    const { account } = /** @type {{account: {name: string} | null}} */ (answer);
    if (!account || account.name.toLowerCase() === name.toLowerCase()) return;
    draw(/** @type {Relation} */ (await api(relationPath("relations", name))));
  }).catch((problem) => { refused.textContent = errorWords(problem); });
  return el("div", { id: "people" }, count, buttons, said, refused);
}

/** The account card's list of the players you block, each with "Unblock" (its line then gone),
 * read when it is opened. */
export function blockedList() {
  const list = el("ul", { id: "blocked-list", class: "blocked-list" });
  const said = el("p", { role: "status", class: "small", id: "blocked-said" });
  const refused = el("p", { class: "error", role: "alert", id: "blocked-error" });
  const summary = el("summary", {}, t("people.blocked_title"));
  const read = async () => {
    try {
      const { blocked } = /** @type {{blocked: Blocked[]}} */ (await api("/api/account/blocked"));
      list.replaceChildren(...(blocked.length ? blocked.map(line) : [el("li", { class: "small" }, t("people.blocked_none"))]));
    } catch (problem) { refused.textContent = errorWords(problem); }
  };
  /** @param {Blocked} who */
  const line = (who) => el("li", {}, el("a", { href: `/player/${encodeURIComponent(who.name)}` }, who.name), " ",
    el("button", { type: "button", class: "unblock", "aria-label": t("people.unblock_label", { name: who.name }),
      onclick: async () => {
        refused.textContent = "";
        try {
          await api(relationPath("blocked", who.name), { method: "DELETE" });
          await read();
          said.textContent = t("people.unblocked", { name: who.name });
          summary.focus();
        } catch (problem) { refused.textContent = errorWords(problem); }
      } }, t("people.unblock")));
  const details = el("details", { id: "blocked-players" }, summary, list, said, refused);
  details.addEventListener("toggle", () => { if (/** @type {HTMLDetailsElement} */ (details).open) read(); });
  return details;
}
