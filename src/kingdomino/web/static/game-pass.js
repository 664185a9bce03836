// A screen shared by several players ("Someone on this screen", a family's tablet passed round the
// table): when the move passes from one of them to another, a card over the table says whose it
// is, the name big in the seat's colour, and the table waits behind it until that player says "I
// am Dóra: play". The one who just played, the tablet still in hand, cannot make the next player's
// move by a stray tap, and the next sees at once that the tablet is theirs. The page's first view
// shows no card (whoever opened it holds it), nor does a move that stays with the same player.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { seatBadge } from "./pictures.js";

/** @typedef {import("./view-types.js").View} View */

/** Per game page, the seat the screen was last given to (the one of its players last to act). @type {WeakMap<object, number>} */
const givenTo = new WeakMap();

/** The card, made once per page: its name's line and its button. */
let card = /** @type {{dialog: HTMLDialogElement, name: HTMLElement, ready: HTMLButtonElement} | null} */ (null);

/** The card (made at its first use). */
function passCard() {
  if (card) return card;
  const name = el("h2", { id: "pass-name", class: "pass-name" });
  const ready = /** @type {HTMLButtonElement} */ (el("button", { type: "button", id: "pass-ready", class: "primary big" }));
  const dialog = /** @type {HTMLDialogElement} */ (el("dialog", { id: "pass-screen", class: "pass-screen", "aria-labelledby": "pass-name" },
    el("p", { class: "pass-lead" }, t("pass.lead")), name, ready));
  ready.addEventListener("click", () => dialog.close());
  document.body.append(dialog);
  card = { dialog, name, ready };
  return card;
}

/** Say whose move it is when the screen passes to another of its players (`game`: the page's
 * game, `view`: the view just drawn); a card still open for a move taken back since follows the
 * view. @param {object} game @param {View} view */
export function passScreen(game, view) {
  const mine = view.your_seats;
  const acting = view.current_player;
  const theirs = mine.length > 1 && view.status === "playing" && mine.includes(acting) && view.legal_actions.length > 0;
  if (!theirs) return;
  const last = givenTo.get(game);
  givenTo.set(game, acting);
  if (last === undefined || last === acting) return;
  const { dialog, name, ready } = passCard();
  const who = view.seats[acting].name;
  name.replaceChildren(seatBadge(acting, 32), " ", who);
  name.dataset.seat = String(acting);
  ready.textContent = t("pass.ready", { name: who });
  if (!dialog.open) dialog.showModal();
  ready.focus();
}
