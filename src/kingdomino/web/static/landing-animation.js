// Calm motion (DESIGN.md): what was not on the board at its last drawing of the same game lands with a
// short animation (`.landed` in style.css, none when the system asks for reduced motion), so a player
// sees where the AI's domino, drawing or king went. The boards are redrawn at every change; this
// module remembers, per board container, the keys of the things the last drawing showed. A kingdom
// kept from one drawing to the next (redraw-in-place.js) loses the mark once landed, so that it does not land
// again when it is shown again (a phone's tab of another opponent).

/** @typedef {{game: string, keys: Set<string>}} Shown */
/** @type {WeakMap<Element, Shown>} */
const shown = new WeakMap();

/**
 * Remember `keys` as what `container` now shows for `game`; the answer tells which of them are new.
 * The first drawing of a game marks nothing (a page opened mid-game does not animate every square).
 * @param {Element} container @param {string} game @param {string[]} keys
 * @returns {(key: string) => boolean}
 */
export function landings(container, game, keys) {
  const before = shown.get(container);
  shown.set(container, { game, keys: new Set(keys) });
  if (!before || before.game !== game) return () => false;
  return (key) => !before.keys.has(key);
}

/** Mark `node` as landed when `landed` (the answer of `landings`, if any) says `key` is new.
 * @param {Element} node @param {((key: string) => boolean) | undefined} landed @param {string} key */
export function markLanded(node, landed, key) {
  if (landed && landed(key)) {
    node.classList.add("landed");
    node.addEventListener("animationend", () => node.classList.remove("landed"), { once: true });
  }
  return node;
}
