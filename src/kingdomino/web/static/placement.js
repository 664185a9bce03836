// Placing a domino on a grid: the legal first-half squares, a ghost of the real domino in the current
// rotation under the pointer (or the focused / tapped square), R or the button to rotate, a click to
// confirm (touch: tap to choose, tap again to rotate, "Place here" to confirm), and for any other square
// the engine's reason why not. Also the layer of single-square choices (fire, pay, caveman, cross, die).
import { el, svg } from "./dom.js";
import { t, tTouch } from "./i18n.js";

/** The directions a domino's second half may lie from its first, in the order R turns it. */
export const DIRS = ["E", "S", "W", "N"];
/** @type {Record<string, [number, number]>} */
export const STEP = { E: [0, 1], S: [1, 0], W: [0, -1], N: [-1, 0] };

/**
 * @typedef {(r: number, c: number) => [number, number]} CellAt
 * @typedef {(g: SVGGElement, x: number, y: number, size: number) => void} HalfDrawer draws a half at x, y
 * @typedef {{ r: number, c: number, action: string, label: string, draw?: (x: number, y: number, size: number) => SVGElement,
 *   kind?: string }} Spot a choice on a square; `kind`, a class of its own ("on-drawn": over a square already drawn)
 * @typedef {{seat: number, action: string | null, played?: string, chosen?: boolean,
 *   drawHalf?: (index: number, x: number, y: number, size: number) => SVGElement}} Highlight a move marked on a board
 *   (`chosen`: the player's own, awaiting Confirm: move-confirm.js)
 */

/** Each first-half square ("r,c") with the directions legal there, from texts "VERB R,C D".
 * @param {string[]} legal @param {string} verb @returns {Map<string, string[]>} */
export function anchors(legal, verb) {
  const pattern = new RegExp(`^${verb} (-?\\d+),(-?\\d+) ([ESWN])$`);
  /** @type {Map<string, string[]>} */
  const found = new Map();
  for (const text of legal) {
    const m = text.match(pattern);
    if (!m) continue;
    const key = `${m[1]},${m[2]}`;
    if (!found.has(key)) found.set(key, []);
    /** @type {string[]} */ (found.get(key)).push(m[3]);
  }
  return found;
}

/** The arrow keys' steps on a grid, [rows, columns]. @type {Record<string, [number, number]>} */
const ARROWS = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };

/** The nearest square ("r,c") of `keys` from `from` in the direction [dr, dc] (straight ahead
 * first, a square aside costing twice one ahead), or null when none lies that way.
 * @param {Iterable<string>} keys @param {string} from @param {[number, number]} step */
function nearest(keys, from, [dr, dc]) {
  const [r0, c0] = from.split(",").map(Number);
  let best = null, bestCost = Infinity;
  for (const other of keys) {
    const [r, c] = other.split(",").map(Number);
    const ahead = (r - r0) * dr + (c - c0) * dc;
    const aside = Math.abs((r - r0) * dc) + Math.abs((c - c0) * dr);
    if (ahead <= 0) continue;
    const cost = ahead + 2 * aside;
    if (cost < bestCost) { best = other; bestCost = cost; }
  }
  return best;
}

/** Moves the focus with an arrow key to the nearest square of `squares` that way from `from`, as
 * the board lies (rather than through every square with Tab); true if the key was an arrow.
 * @param {KeyboardEvent} e @param {string} from @param {Map<string, SVGElement>} squares */
function arrowTo(e, from, squares) {
  if (!(e.key in ARROWS)) return false;
  e.preventDefault();
  const next = nearest(squares.keys(), from, ARROWS[e.key]);
  if (next) /** @type {SVGElement} */ (squares.get(next)).focus();
  return true;
}

/** The placing state kept across redraws of the same decision. */
const placing = { signature: "", dir: "E", anchor: /** @type {string | null} */ (null), touch: false };

/** The direction used at an anchor: the chosen one if legal there, else the next legal one. @param {string[]} dirs */
function dirAt(dirs) {
  for (let i = 0; i < 4; i++) {
    const d = DIRS[(DIRS.indexOf(placing.dir) + i) % 4];
    if (dirs.includes(d)) return d;
  }
  return dirs[0];
}

/** The squares of `grid` that are not a legal first half (`spots`), each asking the engine why
 * (`ask`) when clicked. @param {Array<[number, number]>} grid @param {Map<string, string[]>} spots @param {CellAt} cellAt
 * @param {number} size @param {(key: string) => void} ask */
function whySquares(grid, spots, cellAt, size, ask) {
  const squares = [];
  for (const [r, c] of grid) {
    const key = `${r},${c}`;
    if (spots.has(key)) continue;
    const [x, y] = cellAt(r, c);
    squares.push(svg("rect", { x, y, width: size, height: size, fill: "transparent", class: "why", "data-why": key, onclick: () => ask(key) }));
  }
  return squares;
}

/** The focused square's ring, drawn over the ghost (hidden until a square is focused): the ghost
 * covers the square's own focus mark, and a keyboard player must see which square has the focus. @param {number} size */
function focusRing(size) {
  return svg("g", { class: "focus-ring", "pointer-events": "none", visibility: "hidden" },
    svg("rect", { width: size - 4, height: size - 4, rx: 5, fill: "none", stroke: "#fff", "stroke-width": 7 }),
    svg("rect", { width: size - 4, height: size - 4, rx: 5, fill: "none", stroke: "#1d1d1d", "stroke-width": 3.5 }));
}

/**
 * A placement's preview beside its ghost (aids.js placementPreview): `show` draws on the ghost and
 * says the placement's changes (`redrawn`: the same ghost drawn again for a new state, its words
 * said only if they were), `hide` takes the words away.
 * @typedef {{show: (action: string, ghost: SVGGElement, redrawn?: boolean) => void, hide: () => void}} Preview
 */

/**
 * A domino's ghost: its two halves drawn at their squares, a dashed outline in the seat's colour,
 * and what the placement adds ("+6") on a label over its middle.
 * @param {(index: number, x: number, y: number, size: number) => SVGElement} drawHalf @param {number} size
 * @param {string} colour @param {[number, number]} first the first half's square @param {[number, number]} second
 * @param {string} words the gain's words ("": no label) @returns {SVGElement[]}
 */
function ghostPieces(drawHalf, size, colour, [x1, y1], [x2, y2], words) {
  const pieces = [drawHalf(0, x1, y1, size), drawHalf(1, x2, y2, size),
    svg("rect", { x: Math.min(x1, x2) + 1, y: Math.min(y1, y2) + 1, width: (Math.abs(x2 - x1) + size) - 2, height: (Math.abs(y2 - y1) + size) - 2,
      rx: 4, fill: "none", stroke: colour, "stroke-width": 3, "stroke-dasharray": "6 3" })];
  if (!words) return pieces;
  const cx = (x1 + x2 + size) / 2, cy = (y1 + y2 + size) / 2, width = 8 * words.length + 10;
  return [...pieces, svg("g", { class: "ghost-gain" },
    svg("rect", { x: cx - width / 2, y: cy - 10, width, height: 20, rx: 10, fill: "#fffdf5", stroke: colour, "stroke-width": 2 }),
    svg("text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 14, "font-weight": "bold", fill: "#1d1d1d" }, words))];
}

/**
 * A controller for one placing decision on one grid. `gain` says what a placement adds to the score
 * ("+6"), written on the ghost; `preview`, what it does to the regions, beside it.
 * @param {{ verb: string, legal: string[], size: number, cellAt: CellAt, grid: Array<[number, number]>,
 *   drawHalf: (index: number, x: number, y: number, size: number) => SVGElement, colour: string,
 *   play: (action: string) => void, why: (action: string) => void, label: (action: string) => string,
 *   gain?: (action: string) => string, preview?: Preview | null, double?: boolean, dice?: boolean }} options `double`: both
 *   halves alike (the engine lists such a domino facing E or S only, as turning it half round lays the same squares);
 *   `dice`: what is placed is a Duel's two dice, which the toolbar's words name (`KEY.dice`) instead of a domino
 */
export function placer(options) {
  const { verb, legal, size, cellAt, grid, drawHalf, colour, play, why, label, gain, preview, double, dice } = options;
  /** The key of a toolbar's text, for the dice if they are placed. @param {string} key */
  const piece = (key) => dice ? `${key}.dice` : key;
  const spots = anchors(legal, verb);
  const signature = `${verb}|${legal.join(";")}`;
  if (placing.signature !== signature) { placing.signature = signature; placing.anchor = null; }
  const layer = /** @type {SVGGElement} */ (svg("g", { class: "placing" }));
  const ghost = /** @type {SVGGElement} */ (svg("g", { class: "ghost", "pointer-events": "none" }));
  /** @type {Array<() => void>} */
  const listeners = [];

  const actionAt = (/** @type {string} */ key) => {
    const dirs = spots.get(key);
    return dirs ? `${verb} ${key} ${dirAt(dirs)}` : null;
  };
  const showGhost = (redrawn = false) => {
    ghost.replaceChildren();
    const key = placing.anchor;
    const dirs = key ? spots.get(key) : undefined;
    if (!key || !dirs) { preview?.hide(); listeners.forEach((f) => f()); return; }
    why("");  // a legal square chosen: a refusal said of another square no longer holds
    const [r, c] = key.split(",").map(Number);
    const d = dirAt(dirs);
    // The square's name says the placement the ghost shows (R turned it since the square was focused).
    const named = squares.get(key);
    if (named) named.setAttribute("aria-label", label(`${verb} ${key} ${d}`));
    const [dr, dc] = STEP[d];
    ghost.append(...ghostPieces(drawHalf, size, colour, cellAt(r, c), cellAt(r + dr, c + dc), gain ? gain(`${verb} ${key} ${d}`) : ""));
    preview?.show(`${verb} ${key} ${d}`, ghost, redrawn);
    listeners.forEach((f) => f());
  };
  /** Says the placement a turn shows (the toolbar's live line): a screen reader does not read the
   * focused square's new name by itself, and R would seem to do nothing. @type {(words: string) => void} */
  let sayTurned = () => {};
  /** Says why a turn changes nothing: only one way fits (here, or anywhere), for a double since
   * its two halves are alike. @param {boolean} here */
  const sayOneWay = (here) => {
    const words = t(double ? "place.one_way_double" : here ? "place.one_way_here" : piece("place.one_way"));
    sayTurned(words);
    why("");
    const info = layer.ownerDocument.getElementById("ghost-info");
    if (info) info.textContent = words;
  };
  const rotate = () => {
    const dirs = placing.anchor ? spots.get(placing.anchor) : undefined;
    const available = dirs || DIRS.filter((d) => [...spots.values()].some((ds) => ds.includes(d)));
    if (available.length <= 1) { if (available.length) sayOneWay(Boolean(dirs)); return; }
    const now = dirs ? dirAt(dirs) : placing.dir;
    placing.dir = available[(available.indexOf(now) + 1) % available.length] || available[0];
    showGhost();
    const action = placing.anchor ? actionAt(placing.anchor) : null;
    if (action) sayTurned(label(action));
  };
  const confirm = () => {
    const action = placing.anchor ? actionAt(placing.anchor) : null;
    if (action) play(action);
  };

  layer.append(...whySquares(grid, spots, cellAt, size, (key) => why(`${verb} ${key} ${placing.dir}`)));
  /** The squares a domino may be placed from, for the arrow keys. @type {Map<string, SVGElement>} */
  const squares = new Map();
  for (const key of spots.keys()) {
    const [r, c] = key.split(",").map(Number);
    const [x, y] = cellAt(r, c);
    const spot = svg("g", { class: "legal anchor", tabindex: 0, role: "button", "data-anchor": key,
      "aria-label": label(/** @type {string} */ (actionAt(key))), "aria-describedby": preview ? "region-tip" : null,
      onpointerenter: (/** @type {PointerEvent} */ e) => { if (e.pointerType === "mouse") { placing.anchor = key; showGhost(); } },
      onfocus: () => {
        placing.anchor = key; showGhost();
        spot.setAttribute("aria-label", label(/** @type {string} */ (actionAt(key))));
        // The ring is for the keys: on a tapped square it hid the ghost's "+0" and resource.
        if (spot.matches(":focus-visible")) ringAt(x, y);
      },
      onblur: () => { ring.setAttribute("visibility", "hidden"); preview?.hide(); },
      onclick: (/** @type {PointerEvent} */ e) => {
        const touch = e.pointerType === "touch" || e.pointerType === "pen";
        if (!touch) { placing.anchor = key; play(/** @type {string} */ (actionAt(key))); return; }
        placing.touch = true;
        if (placing.anchor === key) rotate(); else { placing.anchor = key; showGhost(); }
      },
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); placing.anchor = key; confirm(); }
        else arrowTo(e, key, squares);
      } },
    svg("rect", { class: "spot", x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 5 }),
    svg("title", {}, label(/** @type {string} */ (actionAt(key)))));
    layer.append(spot);
    squares.set(key, spot);
  }
  // A mouse that left the board leaves the ghost where it was, without its words over the page.
  layer.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") preview?.hide(); });
  const ring = focusRing(size);
  /** Shows the ring on the square at (`x`, `y`). @param {number} x @param {number} y */
  function ringAt(x, y) {
    ring.setAttribute("transform", `translate(${x + 2} ${y + 2})`);
    ring.setAttribute("visibility", "visible");
  }
  layer.append(ghost, ring);
  showGhost(true);

  /** The toolbar: rotate, the direction now, and "Place here" for touch screens. */
  const toolbar = () => {
    const info = el("span", { class: "small", id: "ghost-info" });
    const place = el("button", { type: "button", id: "confirm-place", class: "primary", onclick: confirm }, t("place.confirm"));
    const update = () => {
      const action = placing.anchor ? actionAt(placing.anchor) : null;
      info.textContent = action ? label(action) : tTouch(piece("place.pick_square"));
      /** @type {HTMLButtonElement} */ (place).disabled = !action;
    };
    listeners.push(update);
    update();
    const turned = el("span", { class: "visually-hidden", id: "turned", role: "status" });
    sayTurned = (words) => { turned.textContent = words; };
    return el("div", { class: "toolbar" }, turned,
      el("button", { type: "button", id: "rotate", onclick: rotate, "aria-keyshortcuts": "R", title: t(piece("place.rotate_title")) }, "⟳ ",
        tTouch("place.rotate")),
      place, info);
  };
  return { layer, rotate, confirm, toolbar, any: spots.size > 0 };
}

/**
 * Single-square choices drawn on a grid (fire marker, payment, caveman, cross, split die). The
 * arrow keys go from one to the nearest that way, as on a domino's squares (a square that holds
 * two choices, two dice, is reached at its first; Tab goes on to the other).
 * @param {Spot[]} spots @param {CellAt} cellAt @param {number} size @param {(action: string) => void} play
 */
export function choiceLayer(spots, cellAt, size, play) {
  const group = svg("g", { class: "choices" });
  /** The first choice on each square ("r,c"), for the arrow keys. @type {Map<string, SVGElement>} */
  const squares = new Map();
  for (const spot of spots) {
    const [x, y] = cellAt(spot.r, spot.c);
    const key = `${spot.r},${spot.c}`;
    const choice = svg("g", { class: `legal choice${spot.kind ? ` ${spot.kind}` : ""}`, tabindex: 0, role: "button", "aria-label": spot.label,
      "data-action": spot.action,
      onclick: () => play(spot.action),
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); play(spot.action); } else arrowTo(e, key, squares);
      } },
    svg("rect", { class: "spot", x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 5 }),
    spot.draw ? spot.draw(x, y, size) : null,
    svg("title", {}, spot.label));
    group.append(choice);
    if (!squares.has(key)) squares.set(key, choice);
  }
  return group;
}

/**
 * The mark of a suggested move on a board (a hint, or the review's better move), or null when the
 * move is not made on a square: the two squares of a placement ("place 0,1 E", "draw 0,1 S"), or the
 * one square a choice is made on ("fire 1,2", "die 3 0,1", "cross 0,2", "caveman -1,0").
 * @param {string} action @param {(r: number, c: number) => [number, number]} cellAt @param {number} size
 * @param {string} [kind] the mark's class: "hint-mark" (a move suggested), "played-mark" (the move played, in a review)
 *   or "chosen-mark" (the player's move awaiting Confirm)
 * @param {(index: number, x: number, y: number, size: number) => SVGElement} [drawHalf] draws the placed domino's halves
 * @returns {SVGElement | null}
 */
export function hintMark(action, cellAt, size, kind = "hint-mark", drawHalf) {
  const placed = action.match(/^(?:place|draw) (-?\d+),(-?\d+) ([ESWN])$/);
  if (placed) {
    const [r, c] = [Number(placed[1]), Number(placed[2])];
    const step = { E: [0, 1], S: [1, 0], W: [0, -1], N: [-1, 0] }[/** @type {"E"} */ (placed[3])];
    const [x1, y1] = cellAt(r, c), [x2, y2] = cellAt(r + step[0], c + step[1]);
    const frame = svg("rect", { class: kind, x: Math.min(x1, x2) + 2, y: Math.min(y1, y2) + 2, width: Math.abs(x2 - x1) + size - 4,
      height: Math.abs(y2 - y1) + size - 4, rx: 5 });
    // The domino itself where it would lie (its terrains), under the mark: an outline alone said little.
    return drawHalf ? svg("g", { class: `${kind}-domino` }, drawHalf(0, x1, y1, size), drawHalf(1, x2, y2, size), frame) : frame;
  }
  const square = action.match(/^\w+(?: \d+)? (-?\d+),(-?\d+)$/);
  if (!square) return null;
  const [x, y] = cellAt(Number(square[1]), Number(square[2]));
  return svg("rect", { class: kind, x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 5 });
}

/**
 * Put this state's layers over a board `image` that may be kept from state to state (redraw-in-place.js), in
 * place of those the last state put there: the acting seat's placing layer and choices (they hold
 * this state's listeners) and the `highlight`ed move's mark when it is on this `seat`'s board (in a
 * review, the move `played` there too, and the better domino drawn with its terrains by `drawHalf`).
 * @param {Element} image @param {number} seat @param {Array<Element | null>} layers
 * @param {Highlight | null | undefined} highlight
 * @param {(r: number, c: number) => [number, number]} cellAt @param {number} size
 */
export function overlay(image, seat, layers, highlight, cellAt, size) {
  for (const old of image.querySelectorAll(":scope > [data-layer]")) old.remove();
  const ours = highlight && highlight.seat === seat ? highlight : null;
  const played = ours && ours.played ? hintMark(ours.played, cellAt, size, "played-mark") : null;
  const mark = ours && ours.action ? hintMark(ours.action, cellAt, size, ours.chosen ? "chosen-mark" : "hint-mark", ours.drawHalf) : null;
  for (const layer of [...layers, played, mark]) {
    if (!layer) continue;
    layer.setAttribute("data-layer", "");
    image.append(layer);
  }
}

/**
 * Where a player's own big kingdom shows the placing toolbar: the toolbar while placing, else an
 * empty slot of its height on a wide screen (styled), so the board does not move down under the
 * pointer when placing begins (it moved by 46 px between choosing a domino and placing it).
 * @param {{toolbar: () => HTMLElement} | null} placing @param {boolean} own the viewer's seat, in play
 */
export function toolbarSlot(placing, own) {
  if (placing) return placing.toolbar();
  return own ? el("div", { class: "toolbar-slot", "aria-hidden": "true" }) : "";
}

/** What a click on a piece that cannot be played does: ask the engine why (said in words under
 * the board), unless the game is only looked at.
 * @param {{status: string}} view @param {{replay: boolean, why: (action: string) => void}} ctx @param {string} action */
export function whyNot(view, ctx, action) {
  return ctx.replay || view.status === "finished" ? undefined : () => ctx.why(action);
}
