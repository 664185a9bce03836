// Lists drawn again as news comes (the lobby's cards of challenges, of games awaiting the player's
// move, of games to watch; a game's end card): the keyboard's focus in one stays where the player
// left it. Replacing the focused element threw the focus to the page's top, some thirty Tabs from
// the list, and a screen reader said nothing of why.

/** Replace the children of `holder` with `nodes`, keeping the keyboard's focus if it was in
 * `holder`: on the same control drawn again (the same link, or the control of the same class in the
 * line of the same `data-id`), else, its line gone, on the heading of `holder`'s card (of the next
 * card shown when this one is hidden): never on another line's button, which an Enter pressed
 * again would answer unheard. @param {Element} holder @param {Node[]} nodes */
export function replaceKeepingFocus(holder, nodes) {
  redrawKeepingFocus(holder, () => nodes);
}

/** `replaceKeepingFocus` with the nodes of `draw()`, called once the focus is noted: a drawing that
 * reuses a node of the last one (the end card's way back) moves it, which drops its focus.
 * @param {Element} holder @param {() => Node[]} draw */
export function redrawKeepingFocus(holder, draw) {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !holder.contains(active)) {
    holder.replaceChildren(...draw());
    return;
  }
  const same = sameControl(active);
  holder.replaceChildren(...draw());
  const again = /** @type {HTMLElement | null} */ (holder.querySelector(same));
  if (again && !again.closest("[hidden]")) again.focus();
  else landing(holder)?.focus();
}

/** A selector of the control that `active` is, once drawn again: its id, its link's address, or
 * its tag and classes, in its line's `data-id` if it has one. @param {HTMLElement} active */
function sameControl(active) {
  if (active.id) return `#${CSS.escape(active.id)}`;
  const href = active.getAttribute("href");
  const tag = active.tagName.toLowerCase();
  const classes = [...active.classList].map((name) => `.${CSS.escape(name)}`).join("");
  const what = href !== null ? `${tag}[href="${CSS.escape(href)}"]` : `${tag}${classes}`;
  const line = /** @type {HTMLElement | null} */ (active.closest("[data-id]"));
  return line?.dataset.id ? `[data-id="${CSS.escape(line.dataset.id)}"] ${what}` : what;
}

/** The heading the focus lands on when its control is gone: the first of `holder`'s card, or of
 * the next card shown after it (of its first card when `holder` holds a page's cards); made
 * focusable by a script only (not a Tab stop). @param {Element} holder @returns {HTMLElement | null} */
function landing(holder) {
  const first = holder.closest("section") ?? holder.querySelector("section");
  for (let card = /** @type {Element | null} */ (first); card; card = card.nextElementSibling) {
    const heading = /** @type {HTMLElement | null} */ (card.querySelector("h1, h2, h3"));
    if (!(card instanceof HTMLElement) || card.hidden || !heading) continue;
    heading.tabIndex = -1;
    return heading;
  }
  return null;
}
