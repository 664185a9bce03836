// The guided first game: a tip for what is asked now, shown above the board (Kingdomino).
import { el } from "./dom.js";
import { t, tTouch } from "./i18n.js";

/** A tip for the decision at hand, with a button that hides the tips (a player who has read enough
 * gets the board's room back, a phone's first screen). @param {import("./view-types.js").ShownView} view @param {() => void} onHide
 * @returns {HTMLElement[]} */
export function guideTip(view, onHide) {
  const hide = el("button", { type: "button", class: "small-button", id: "guide-hide", onclick: onHide }, t("guide.hide"));
  if (view.status === "finished") return [el("p", { class: "guide", id: "guide-tip" }, t("guide.end"))];
  if (view.status === "aborted" || view.status === "expired") return [];
  if (!view.your_seats.includes(view.current_player) || !view.legal_actions.length) {
    return [el("p", { class: "guide" }, tTouch("guide.wait"), " ", hide)];
  }
  const kinds = new Set(view.legal_actions.map((a) => a.split(" ")[0]));
  const obs = view.observation;
  const first = obs.game === "duel" || !obs.kingdoms || obs.kingdoms[view.current_player].squares.length <= 1;
  // A second king of this seat to place on the next line (2 players): its own tip, not the first's again.
  const line = "next_row" in obs ? obs.next_row || [] : [];
  const second = line.some((entry) => entry.king === view.current_player);
  const key = kinds.has("place") ? (first ? "guide.first_place" : "guide.place")
    : kinds.has("discard") ? "guide.discard"
      : kinds.has("claim") ? (first ? (second ? "guide.second_claim" : "guide.first_claim") : "guide.claim") : "guide.other";
  const tip = [tTouch(key)];
  if (key === "guide.first_claim" && view.seats.length === 2) tip.push(t("guide.two_kings"));
  // Placing: how much the best square adds now (the engine's count), so the first game teaches scoring.
  const gains = Object.entries(view.score_gains || {}).filter(([action]) => action.startsWith("place ")).map(([, gain]) => Number(gain));
  if (kinds.has("place") && gains.length) {
    const best = Math.max(...gains);
    tip.push(best > 0 ? t("guide.best_gain", { n: best }) : t("guide.no_gain"));
  }
  return [el("p", { class: "guide", id: "guide-tip" }, tip.join(" "), " ", hide)];
}

/** Where the tips were hidden: a button that shows them again. @param {() => void} onShow */
export function showTips(onShow) {
  return el("button", { type: "button", class: "small-button", id: "guide-show", onclick: onShow }, t("guide.show"));
}
