// The rules, short and in our own words, per game and mode, with pictures of the real components,
// in a dialog opened from the game page or the lobby.
import { el } from "./dom.js";
import { has, t } from "./i18n.js";
import { helpPictures } from "./help-pictures.js";

/** The keys of the help sections for a game (and Origins mode). @param {string} game @param {string | undefined} mode */
export function helpKeys(game, mode) {
  // setup, powers (Duel) and variants (Kingdomino) exist for some games only: has() keeps those that do.
  const keys = [`help.${game}.goal`, `help.${game}.setup`, `help.${game}.turn`, `help.${game}.place`, `help.${game}.score`,
    `help.${game}.powers`, `help.${game}.variants`];
  if (game === "origins" && mode) keys.push(`help.origins.${mode}`);
  keys.push(`help.${game}.end`, "help.controls");
  return keys.filter(has);
}

/** @param {string} game @param {string | undefined} mode */
export function openHelp(game, mode) {
  const old = document.getElementById("help-dialog");
  if (old) old.remove();
  const pictures = helpPictures(game, mode);
  const dialog = /** @type {HTMLDialogElement} */ (el("dialog", { id: "help-dialog", "aria-labelledby": "help-title" },
    // A close control at the top, kept in view while the rules scroll (Esc closes it too).
    el("form", { method: "dialog", class: "dialog-top" },
      el("button", { type: "submit", id: "help-close-top", "aria-label": t("help.close"), title: t("help.close") }, "✕")),
    // The dialog opens at its title, not at a close button (scrolled to it).
    el("h2", { id: "help-title", tabindex: -1, autofocus: true }, t("help.title", { game: t(`game.${game}`) })),
    // Each section's pictures (real components: help-pictures.js) beside its words.
    ...helpKeys(game, mode).map((key) => el("section", {}, el("h3", {}, t(`${key}.title`)),
      pictures[key] ? el("div", { class: "help-pics" }, pictures[key]) : "", ...t(key).split("\n").map((p) => el("p", {}, p)))),
    el("form", { method: "dialog" }, el("button", { type: "submit", class: "primary", id: "help-close" }, t("help.close")))));
  document.body.append(dialog);
  dialog.showModal();
  dialog.scrollTop = 0;
}
