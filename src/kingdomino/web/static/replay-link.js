// The link to a replay's move: the replay's address follows the step shown
// (/game/ID/replay?step=N), so that a reload, the browser's Back from a game played on from here
// and a link sent to a club all open the replay at that move; the finished game's share card
// offers that link to copy under the whole replay's.
import { linkField } from "./game-invites.js";
import { t } from "./i18n.js";

/** The step the page's address asks the replay for (`?step=N`): 0 when none, or when it is no
 * whole number. */
export function askedStep() {
  const asked = new URLSearchParams(location.search).get("step");
  return asked !== null && /^\d{1,6}$/.test(asked) ? Number(asked) : 0;
}

/** The address of game `id`'s replay at `step` (the bare replay's at its first step).
 * @param {string} id @param {number} step */
export function stepAddress(id, step) {
  return new URL(`/game/${id}/replay${step ? `?step=${step}` : ""}`, location.href).href;
}

/**
 * Put the link to the step shown in `card` (the share card; any left by an earlier replay
 * replaced), and return what follows a step: the page's address (while it is the replay's) and
 * the link (hidden at the first step, where it is the whole replay's link above it).
 * @param {string} id the game's @param {HTMLElement} card
 * @returns {(step: number, total: number) => void}
 */
export function followSteps(id, card) {
  dropStepLink(card);
  const field = linkField(t("replay.step_link", { n: 0, of: 0 }), stepAddress(id, 0));
  field.id = "replay-step-link";
  card.append(field);
  const input = /** @type {HTMLInputElement} */ (field.querySelector("input"));
  const label = /** @type {HTMLElement} */ (field.querySelector("label"));
  const copy = /** @type {HTMLElement} */ (field.querySelector("button.copy"));
  return (step, total) => {
    const address = stepAddress(id, step);
    if (location.pathname === `/game/${id}/replay` && location.href !== address) followAddress(address);
    const words = t("replay.step_link", { n: step, of: total });
    input.setAttribute("aria-label", words);
    label.textContent = words;
    if (input.value !== address) copy.textContent = t("game.copy");  // "Copied" was the step before's
    input.value = address;
    field.hidden = step === 0;
  };
}

/** The page's address made `address`, in place. Safari refuses more than 100 changes in 30 s (a key
 * held down steps faster): the address then lags until it takes them again, the link still follows.
 * @param {string} address */
function followAddress(address) {
  try { history.replaceState(history.state, "", address); } catch { /* refused: too many at once */ }
}

/** Take the step's link out of the share card (the replay left). @param {HTMLElement} card */
export function dropStepLink(card) {
  card.querySelector("#replay-step-link")?.remove();
}
