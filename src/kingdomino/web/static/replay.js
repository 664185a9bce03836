// The replay viewer of a finished game: step through every action, the board and the scores of
// that moment, and the log following the step (the current action marked and scrolled to).
import { api, el } from "./api.js";
import { t } from "./i18n.js";
import { scoreSheets } from "./ending.js";
import { logWords } from "./words.js";

/**
 * @param {string} id @param {any} view the finished game's view
 * @param {HTMLElement} board @param {{render: (c: HTMLElement, v: any, ctx: any) => void}} renderer @param {any} ctx
 * @param {HTMLElement} log @param {HTMLElement} panel where the controls go @param {() => void} back
 */
export async function startReplay(id, view, board, renderer, ctx, log, panel, back) {
  const total = view.index;
  let step = 0;
  const slider = /** @type {HTMLInputElement} */ (el("input", { type: "range", min: 0, max: total, value: 0, id: "replay-step", "aria-label": t("replay.step") }));
  const label = el("span", { id: "replay-label", "aria-live": "polite" });
  const scores = el("div", { id: "replay-scores" });

  const show = async () => {
    const frame = await api(`/api/games/${id}/replay?step=${step}`);
    slider.value = String(step);
    const seat = frame.last ? frame.last.seat : -1;
    const fake = { ...view, ...frame, status: step === frame.steps ? "finished" : "playing", legal_actions: [], your_seats: [],
      winners: step === frame.steps ? view.winners : [], log: [] };
    label.textContent = ` ${t("replay.step_of", { n: step, of: frame.steps })}${frame.last ? " · " + logWords(fake, { seat, text: frame.last.text, description: frame.last.description }) : ""}`;
    renderer.render(board, fake, { ...ctx, legal: [], replay: true, mainSeat: view.your_seats[0] ?? 0, highlight: null });
    scores.replaceChildren(scoreSheets(fake));
    log.replaceChildren(...frame.log.slice().reverse().map((/** @type {any} */ entry) =>
      el("li", { value: entry.index + 1, class: entry.index === step - 1 ? "current" : "", "aria-current": entry.index === step - 1 ? "step" : undefined },
        logWords(fake, entry))));
    const current = log.querySelector("li.current");
    if (current) current.scrollIntoView({ block: "nearest" });
  };
  /** @param {number} delta */
  const go = (delta) => { step = Math.max(0, Math.min(total, step + delta)); show(); };
  slider.addEventListener("input", () => { step = Number(slider.value); show(); });
  panel.replaceChildren(el("section", { class: "card replay", id: "replay-panel" }, el("h2", {}, t("replay.title")),
    el("div", { class: "controls" },
      el("button", { type: "button", id: "replay-prev", onclick: () => go(-1), "aria-label": t("replay.previous") }, "◀"), " ",
      el("button", { type: "button", id: "replay-next", onclick: () => go(1), "aria-label": t("replay.next") }, "▶"), " ", slider, label, " ",
      el("button", { type: "button", id: "replay-back", onclick: back }, t("replay.back"))), scores));
  await show();
}
