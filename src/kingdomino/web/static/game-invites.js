// A game's invite links (online seats) and its spectator link, as its creator's page offers them:
// the links to send at the top while the game is young, the spectator link alone at the bottom.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { remember } from "./saved-games.js";
import { localName } from "./words.js";

/** Whether a URL's host names this computer alone (a link no one elsewhere can open).
 * @param {string} host a URL's `hostname` ("[::1]" for IPv6) */
export const isLoopback = (host) => host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "[::1]";

/** Copy `url`, selected in `field`, to the clipboard; whether it was. A page at a network address
 * (http://192.168.1.20:8000, how friends on other computers play) is no secure context: it has no
 * `navigator.clipboard`, and the older copy of the selection is what still works there.
 * @param {HTMLInputElement} field @param {string} url @returns {Promise<boolean>} */
async function copied(field, url) {
  field.focus();
  field.setSelectionRange(0, url.length);  // a phone's select() may leave the text unselected
  if (navigator.clipboard) {
    try { await navigator.clipboard.writeText(url); return true; } catch { /* the selection's copy below */ }
  }
  try { return document.execCommand("copy"); } catch { return false; }
}

/** A link to hand on, with a button that copies it (or, where nothing can, says to copy the
 * selected link): a game's invites, its replay, a tournament's page. The link copied is the
 * field's as it stands (a replay's step link changes with the step). @param {string} words @param {string} url */
export function linkField(words, url) {
  const field = /** @type {HTMLInputElement} */ (el("input", { readonly: true, value: url, "aria-label": words }));
  const copy = el("button", { type: "button", class: "copy" }, t("game.copy"));
  copy.addEventListener("click", async () => {
    copy.textContent = (await copied(field, field.value)) ? t("game.copied") : t("game.copy_by_hand");
  });
  return el("div", { class: "link-field" }, el("label", { class: "block" }, words), el("div", { class: "link-row" }, field, copy));
}

/** The replay link of a finished game, to copy and send: anyone opens it, no token in it (the
 * replay of a finished game is public). @param {string} id the game's */
export function replayLinkField(id) {
  const field = linkField(t("end.replay_link"), new URL(`/game/${id}/replay`, location.href).href);
  field.classList.add("replay-link");
  return field;
}

/** An invite's words: for whom, by name if the seat has one of its own. @param {{name: string, seat: number}} invite */
function inviteFor(invite) {
  const name = localName(invite.name), n = invite.seat + 1;
  return name === t("player_n", { n }) ? t("game.invite_for_n", { n }) : t("game.invite_for", { name, n });
}

/**
 * The card of a game's links, as its creator saved them: the invites to send (`inviting`), folded
 * once read (remembered so), with a note where the links open on this computer alone; else the
 * spectator link alone in a card of its own; "" when this browser holds neither.
 * @param {string} id the game's @param {Partial<import("./saved-games.js").SavedGame>} saved
 * @returns {{card: HTMLElement | "", inviting: boolean, invited: number[]}}
 */
export function invitesCard(id, saved) {
  const invites = el("div", { class: "invites" });
  const savedInvites = saved.invites || [];
  const inviting = savedInvites.length > 0;
  if (inviting) invites.append(...savedInvites.map((i) => linkField(inviteFor(i), i.url)));
  if (saved.spectator) invites.append(linkField(t("game.spectator_link"), saved.spectator));
  // Links made on a page opened at 127.0.0.1 (the server's default) open on this computer alone:
  // say so, and how friends elsewhere get links they can open.
  const linkHost = inviting ? new URL(savedInvites[0].url, location.href).hostname : "";
  if (isLoopback(linkHost)) invites.append(el("p", { class: "small invite-local", id: "invite-local" }, t("game.invite_local", { host: linkHost })));
  const invited = savedInvites.map((i) => i.seat);
  if (!inviting) return { card: invites.childNodes.length ? el("section", { class: "card" }, invites) : "", inviting, invited };
  const card = /** @type {HTMLDetailsElement} */ (el("details", { class: "card invites-card", id: "invites", open: !saved.invitesFolded },
    el("summary", {}, t("game.invite_links"), el("span", { class: "small invite-note" }, " ", t("game.invite_note"))), invites));
  card.addEventListener("toggle", () => remember(id, [], { invitesFolded: !card.open }));
  return { card, inviting, invited };
}

/** Once every invited seat has played (its player came), the links to send are folded and go to
 * the bottom of the page, where they no longer push the board down, and no longer say the game
 * waits for the invited (nor, at its end, that it still does); `acted` gathers the seats seen
 * acting in the game's log. @param {{invitesCard: HTMLElement | "", inviting: boolean, invited: number[],
 * leaveCard: HTMLElement}} page @param {{log: {seat: number}[]}} view @param {Set<number>} acted */
export function settleInvites(page, view, acted) {
  for (const entry of view.log) acted.add(entry.seat);
  const card = page.invitesCard;
  if (!page.inviting || !card || !page.invited.every((seat) => acted.has(seat))) return;
  page.inviting = false;
  /** @type {HTMLDetailsElement} */ (card).open = false;
  card.querySelector(".invite-note")?.remove();
  page.leaveCard.before(card);
}
