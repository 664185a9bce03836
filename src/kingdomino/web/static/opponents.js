// The opponents' kingdoms: side by side on a wide screen; on a phone, one at a time behind tabs,
// one tap away instead of a long scroll below your own kingdom.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { seatBadge } from "./pictures.js";
import { seatName } from "./words.js";
import { kingdomPoints, leaderMark } from "./ending.js";
import { part } from "./redraw-in-place.js";

/** The screens narrow enough for tabs: the phone layout of style.css, whose columns stack. */
export const PHONE = "(max-width: 640px)";
/** The opponent whose kingdom the phone shows, kept from one view to the next. @type {number | null} */
let shown = null;

/**
 * The opponents' column: every card, and on a phone a tab per opponent (name and points). A part
 * (redraw-in-place.js): the cards kept from the last drawing stay where they are in the page.
 * @param {import("./view-types.js").ShownView} view @param {number[]} seats @param {(seat: number) => HTMLElement} card
 * @returns {import("./redraw-in-place.js").Part}
 */
export function opponents(view, seats, card) {
  const cards = seats.map(card);
  if (seats.length < 2 || !window.matchMedia(PHONE).matches) {
    // A card kept from a phone's drawing (the window widened since) is a tab's panel no more.
    for (const card of cards) for (const attr of ["id", "role", "aria-labelledby", "hidden"]) card.removeAttribute(attr);
    return part("others", "div", { class: `others-col${seats.length === 1 ? " single" : ""}` }, cards);
  }
  if (shown === null || !seats.includes(shown)) shown = seats[0];
  /** @type {HTMLElement[]} */
  const tabs = [];
  /** Show the kingdom of `seat` (and focus its tab). @param {number} seat @param {boolean} focus */
  const select = (seat, focus) => {
    shown = seat;
    seats.forEach((s, i) => {
      const on = s === seat;
      tabs[i].setAttribute("aria-selected", String(on));
      tabs[i].tabIndex = on ? 0 : -1;
      cards[i].hidden = !on;
      if (on && focus) tabs[i].focus();
    });
  };
  seats.forEach((seat, i) => {
    cards[i].id = `opponent-${seat}`;
    cards[i].setAttribute("role", "tabpanel");
    cards[i].setAttribute("aria-labelledby", `opponent-tab-${seat}`);
    tabs.push(el("button", { type: "button", role: "tab", id: `opponent-tab-${seat}`, class: `opponent-tab seat${seat}`,
      "aria-controls": `opponent-${seat}`, onclick: () => select(seat, false),
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
        if (step) { e.preventDefault(); select(seats[(i + step + seats.length) % seats.length], true); }
      } },
      el("span", {}, seatBadge(seat, 12), " ", seatName(view, seat)),
        el("span", { class: "small" }, kingdomPoints(view, seat), leaderMark(view, seat))));
  });
  select(shown, false);
  return part("others", "div", { class: "others-col tabbed" },
    el("div", { class: "opponent-tabs", role: "tablist", "aria-label": t("board.opponents") }, tabs), ...cards);
}
