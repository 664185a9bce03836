// The lobby's way to the simultaneous exhibitions ("/simuls"): one line, beside the tournaments.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** A link to the list of simuls, to apply to one or host one. */
export function simulsLink() {
  return el("p", {}, el("a", { href: "/simuls", id: "simuls-link" }, t("simul.lobby_link")));
}
