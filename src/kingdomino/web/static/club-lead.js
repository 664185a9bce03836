// A club leader's part of its page (club.js): how friends are brought in (the page's address to
// send), the requests to join (Accept / Refuse), the members (Make leader / Take back the lead /
// Remove), the accounts turned away (Lift), the description and admission, and closing the club
// (or why it cannot be closed now).
// Each act is the server's (web/clubs.py): the page is drawn again from its answer.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { momentWords } from "./moments.js";
import { api } from "./server.js";
import { linkField } from "./game-invites.js";
import { errorWords } from "./words.js";

/** @typedef {import("./club.js").ClubPage} ClubPage */

/** The leader's card (`me`: the leader reading it, who leaves rather than is removed).
 * @param {ClubPage} club @param {string} me @param {() => Promise<void>} load @param {HTMLElement} said */
export function leaderCard(club, me, load, said) {
  const refused = el("p", { class: "error", role: "alert", id: "club-lead-refused" });
  const base = `/api/clubs/${encodeURIComponent(club.name)}`;
  /** @param {string} path @param {string} method @param {Record<string, unknown> | undefined} body @param {string} done @param {string} name */
  const act = async (path, method, body, done, name) => {
    refused.textContent = "";
    try {
      await api(`${base}${path}`, { method, body });
      await load();
      said.textContent = t(done, { name });
    } catch (problem) { refused.textContent = errorWords(problem); }
  };
  /** @param {string} name @param {string} role @param {string} done */
  const setRole = (name, role, done) => act(`/members/${encodeURIComponent(name)}`, "PUT", { role }, done, name);
  /** @param {string} name @param {string} done */
  const remove = (name, done) => act(`/members/${encodeURIComponent(name)}`, "DELETE", undefined, done, name);
  /** @param {string} label @param {string} name @param {string} cls @param {() => void} onclick */
  const button = (label, name, cls, onclick) => el("button", { type: "button", class: cls,
    "aria-label": t(`${label}_label`, { name }), onclick }, t(label));
  const requests = club.requests || [];
  const requestLines = requests.map((r) => el("li", { "data-name": r.name }, r.name, " ",
    button("club.accept", r.name, "primary club-accept", () => setRole(r.name, "member", "club.accepted")), " ",
    button("club.refuse", r.name, "club-refuse", () => remove(r.name, "club.refused"))));
  // The accounts turned away (a refusal or a removal keeps them out 30 days): a bar lifted undoes a mistake.
  const barredLines = (club.barred || []).map((b) => el("li", { "data-name": b.name }, b.name, " · ",
    t("club.barred_until", { until: momentWords(b.until) }), " ",
    button("club.lift", b.name, "club-lift", () => act(`/bars/${encodeURIComponent(b.name)}`, "DELETE", undefined, "club.lifted", b.name))));
  // The last leader keeps the lead (the server refuses to take it): no button offers it.
  const lastLeader = club.members.filter((m) => m.role === "leader").length === 1;
  const memberLines = club.members.map((m) => el("li", { "data-name": m.name }, m.name,
    m.role === "leader" ? ` · ${t("club.leader")}` : "", " ",
    m.role !== "leader" ? button("club.make_leader", m.name, "club-lead", () => setRole(m.name, "leader", "club.made_leader"))
      : lastLeader ? "" : button("club.unmake_leader", m.name, "club-unlead", () => setRole(m.name, "member", "club.unmade_leader")),
    m.name === me ? "" : [" ", button("club.remove", m.name, "club-remove", () => remove(m.name, "club.removed"))]));
  const close = async () => {
    if (!confirm(t("club.close_confirm", { name: club.name }))) return;
    refused.textContent = "";
    try {
      await api(base, { method: "DELETE" });
      location.href = "/";
    } catch (problem) { refused.textContent = errorWords(problem); }
  };
  return el("section", { class: "card", id: "club-lead", "aria-labelledby": "club-lead-title" },
    el("h2", { id: "club-lead-title" }, t("club.lead")),
    ...howToJoin(club),
    el("h3", {}, t("club.requests")),
    requests.length ? el("ul", { class: "club-list", id: "club-requests" }, requestLines) : el("p", { class: "small" }, t("club.requests_none")),
    barredLines.length ? [el("h3", {}, t("club.barred")), el("ul", { class: "club-list", id: "club-barred" }, barredLines)] : "",
    el("details", { id: "club-manage" }, el("summary", {}, t("club.members_title")),
      el("ul", { class: "club-list", id: "club-member-list" }, memberLines)),
    describeForm(club, (body) => act("", "PATCH", body, "club.saved", club.name)),
    closeLine(club, close),
    refused);
}

/** "Close the club", or why it cannot be now (a tournament of it or a team battle naming it not
 * over: the server's refusal, in words, under the button it disables).
 * @param {ClubPage} club @param {() => Promise<void>} close */
function closeLine(club, close) {
  const why = club.close_refused;
  const button = el("button", { type: "button", id: "club-close", class: "danger", onclick: close,
    disabled: Boolean(why), "aria-describedby": why ? "club-close-why" : undefined }, t("club.close"));
  return el("p", {}, button, why ? el("span", { class: "small", id: "club-close-why" }, " ", errorWords(why)) : "");
}

/** How a leader brings friends in, the only way there is: the club page's address to send them,
 * where they join (an open club) or ask to join (by request). @param {ClubPage} club */
function howToJoin(club) {
  return [el("p", { class: "small", id: "club-how-to-join" }, t(`club.how_to_join_${club.admission}`)),
    linkField(t("club.address"), new URL(`/club/${encodeURIComponent(club.name)}`, location.href).href)];
}

/** The form a leader changes the description and admission with.
 * @param {ClubPage} club @param {(body: Record<string, unknown>) => Promise<void>} save */
function describeForm(club, save) {
  const text = /** @type {HTMLTextAreaElement} */ (el("textarea", { id: "club-description-field", rows: 4, maxlength: 500 }));
  text.value = club.description;
  const admission = admissionChoice("club-admission-field", club.admission);
  return el("form", { id: "club-describe", class: "organise-form", onsubmit: (/** @type {Event} */ event) => {
    event.preventDefault();
    save({ description: text.value, admission: admission.value });
  } },
  el("label", {}, t("club.description"), " ", text),
  el("label", {}, t("club.admission"), " ", admission),
  el("button", { type: "submit" }, t("club.save")));
}

/** The choice of who may join a club. @param {string} id @param {string} chosen */
export function admissionChoice(id, chosen) {
  return /** @type {HTMLSelectElement} */ (el("select", { id },
    ["open", "request"].map((value) => el("option", { value, selected: value === chosen }, t(`club.admission_choice_${value}`)))));
}
