// Giving time (web/time_gift.py, lichess's "+15 s"): in a game with a clock for the whole game, a
// player's page has a button for each opponent it may give time to, under the clocks; every page
// says the last gift until the next move ("Tom gave you 15 seconds"). Drawn once a view, not at
// each tick of the clocks, so that a button is never replaced under a finger pressing it.
import { el } from "./dom.js";
import { language, t } from "./i18n.js";
import { tell } from "./game-socket.js";
import { localName } from "./words.js";

/** @typedef {import("./game-state.js").GameState} GameState */

/** A number of seconds in words, as the page's language says them ("15 seconds"). @param {number} seconds */
function secondsWords(seconds) {
  return new Intl.NumberFormat(language(), { style: "unit", unit: "second", unitDisplay: "long" }).format(seconds);
}

/** Draw the gift buttons and the last gift's words after the clocks (nothing when neither is).
 * @param {GameState} game */
export function drawGifts(game) {
  const view = game.view;
  const clocks = document.getElementById("clocks");
  let line = document.getElementById("clock-gifts");
  const give = view?.clock?.give, gift = view?.clock?.gift;
  if (!view || !clocks || (!give && !gift)) { line?.remove(); return; }
  if (!line) line = el("p", { id: "clock-gifts", class: "clock-gifts small" });
  if (line.previousElementSibling !== clocks) clocks.after(line);
  const buttons = (give?.seats ?? []).map((seat) => {
    const name = localName(view.seats[seat].name);
    return el("button", {
      type: "button", class: "small-button clock-give", "data-seat": seat,
      title: t("clock.give_title", { name, time: secondsWords(give?.seconds ?? 0) }),
      onclick: () => tell(game, { type: "give_time", seat }),
    }, `${name} ${t("clock.give", { seconds: give?.seconds ?? 0 })}`);
  });
  const said = gift ? el("span", { class: "clock-gift", role: "status" }, view.your_seats.includes(gift.to)
    ? t("clock.gift_you", { name: localName(view.seats[gift.by].name), time: secondsWords(gift.seconds) })
    : t("clock.gift_other", { name: localName(view.seats[gift.by].name), to: localName(view.seats[gift.to].name), time: secondsWords(gift.seconds) }))
    : "";
  line.replaceChildren(...buttons.flatMap((button) => [button, " "]), said);
}
