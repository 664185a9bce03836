// The draft aids at the table: the dominoes not seen yet (by terrain, with their crowns or fires, the
// resources on them and the cavemen left in the stack), Duel's dice faces, next round's order, a
// region's points on a kingdom square's hover, focus or tap, and beside a placement's preview the
// regions it changes. The server counts them from public facts only (games/*/aids.py); a game
// created without aids sends none. Each aid can be turned off in this browser (kept like the AI's pace).
import { el, svg } from "./dom.js";
import { t } from "./i18n.js";
import { caveman, coatSymbol, icons, seatBadge, terrainSymbol, use } from "./pictures.js";
import { capitalised, cavemanName, coatName, resourceName, seatName } from "./words.js";
import { STEP } from "./placement.js";
import { AIDS_KEY, noteSetting } from "./preferences-sync.js";

/** @typedef {import("./view-types.js").ShownView} ShownView */
/** @typedef {import("./view-types.js").Aids} Aids */
/** @typedef {import("./view-types.js").RegionLine} RegionLine */
/** @typedef {import("./view-types.js").RegionChange} RegionChange */
/** Which aids this browser shows. @typedef {{unseen: boolean, order: boolean, regions: boolean, placements: boolean}} AidChoice */

const KEY = AIDS_KEY;
/** @type {Array<keyof AidChoice>} */
const AIDS = ["unseen", "order", "regions", "placements"];

/** The aids chosen in this browser (all of them if none chosen). @returns {AidChoice} */
export function chosenAids() {
  /** @type {Record<string, unknown>} */
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { saved = {}; }
  return { unseen: saved.unseen !== false, order: saved.order !== false, regions: saved.regions !== false,
    placements: saved.placements !== false };
}

/** The aids `view` has and this browser shows: null when the game has none or is over. @param {ShownView} view */
function shownAids(view) {
  const over = ["finished", "aborted", "expired"].includes(view.status);
  return view.type === "state" && !over && view.aids ? view.aids : null;
}

/** A small picture of a symbol with its count beside it, named in words. @param {string} words
 * @param {SVGElement} image @param {number} n */
function counted(words, image, n) {
  return el("li", { class: `aid-count${n ? "" : " none"}`, title: words }, image,
    el("span", { "aria-hidden": "true" }, "×", String(n)), el("span", { class: "visually-hidden" }, words));
}

/** A 20 x 20 picture of symbol `id`. @param {string} id */
function symbol(id) {
  return svg("svg", { viewBox: "0 0 20 20", width: 20, height: 20, "aria-hidden": "true" }, use(id, 0, 0, 20));
}

/** The dominoes not seen yet: how many, how many still to come, and by terrain the halves and their
 * crowns (fires); Origins' resources and Tribe's cavemen in the stack. @param {Aids} aids @param {string} game */
function unseenPart(aids, game) {
  const unseen = aids.unseen ?? 0, toCome = aids.to_come ?? 0;
  const crown = game === "origins" ? "fire" : "crown";
  const parts = [el("p", { class: "small aid-line" }, unseen === toCome ? t("aids.to_come", { n: toCome })
    : t("aids.unseen", { n: unseen, k: toCome }))];
  parts.push(el("ul", { class: "inline aid-terrains", "aria-label": t("aids.by_terrain") },
    Object.entries(aids.terrains || {}).map(([id, line]) => {
      const symbols = (crown === "fire" ? line.fires : line.crowns) ?? 0;
      const words = t("aids.terrain_line", { terrain: t(`terrain.${id}`), n: line.halves,
        symbols: t(crown === "fire" ? "count.fires" : "count.crowns", { n: symbols }) });
      const image = svg("svg", { viewBox: "0 0 40 40", width: 26, height: 26, "aria-hidden": "true" },
        use(terrainSymbol({ x: { id } }, "x"), 0, 0, 40));
      return el("li", { class: `aid-count${line.halves ? "" : " none"}`, title: words }, image,
        el("span", { "aria-hidden": "true" }, "×", String(line.halves), symbols ? el("span", { class: "aid-symbols" }, " ",
          symbol(crown), String(symbols)) : ""), el("span", { class: "visually-hidden" }, words));
    })));
  if (aids.resources) {
    parts.push(el("ul", { class: "inline aid-resources", "aria-label": t("aids.resources") },
      Object.entries(aids.resources).map(([id, n]) => counted(t("aids.resource_line", { resource: resourceName(id), n }), symbol(`r-${id}`), n))));
  }
  if (aids.cavemen) {
    parts.push(el("ul", { class: "inline aid-cavemen", "aria-label": t("aids.stack") },
      Object.entries(aids.cavemen).map(([kind, n]) => counted(t("aids.caveman_line", { caveman: cavemanName(kind), n }),
        svg("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" }, caveman(kind, 0, 0, 24)), n))));
  }
  return parts;
}

/** A coat of arms of a die in words, the "?" too. @param {string} coat */
function dieCoat(coat) {
  return coatName(coat === "question_mark" ? "?" : coat);
}

/** Duel's four dice, face by face. @param {Aids} aids */
function dicePart(aids) {
  return el("ol", { class: "aid-dice", "aria-label": t("aids.dice") }, (aids.dice || []).map((faces, die) => {
    const words = faces.map((f) => f.crosses ? `${dieCoat(f.coat)} (${t("count.crosses", { n: f.crosses })})` : dieCoat(f.coat)).join(", ");
    return el("li", { title: `${t("duel.die_n", { n: die + 1 })}: ${words}` },
      el("span", { class: "visually-hidden" }, `${t("duel.die_n", { n: die + 1 })}: ${words}`),
      svg("svg", { viewBox: `0 0 ${faces.length * 42} 40`, width: faces.length * 22, height: 21, "aria-hidden": "true" },
        faces.map((f, i) => {
          const g = svg("g", {}, use(coatSymbol(f.coat), i * 42, 0, 40));
          if (f.crosses) g.append(icons("cross", f.crosses, i * 42 + 2, 26, 13));
          return g;
        })));
  }));
}

/** Next round's order as the claims stand: a seat's piece and name per domino of the next row.
 * @param {ShownView} view @param {Array<number | null>} order */
function orderPart(view, order) {
  return el("p", { class: "small aid-order" }, el("span", {}, t("aids.next_order")), " ",
    el("ol", { class: "inline" }, order.map((seat) => seat === null
      ? el("li", { class: "open" }, t("aids.unclaimed"))
      : el("li", { class: `seat${seat}` }, seatBadge(seat, 12), " ", seatName(view, seat)))));
}

/** The settings: each aid on or off in this browser. @param {() => void} redraw */
function choices(redraw) {
  const chosen = chosenAids();
  return el("details", { class: "aid-choices" }, el("summary", {}, t("aids.choose")),
    AIDS.map((aid) => {
      const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", "data-aid": aid, checked: chosen[aid] }));
      box.addEventListener("change", () => {
        localStorage.setItem(KEY, JSON.stringify({ ...chosenAids(), [aid]: box.checked }));
        noteSetting({ aids: chosenAids() });
        redraw();
      });
      return el("label", { class: "small" }, box, " ", t(`aids.show_${aid}`));
    }));
}

/** The aids panel of a live game (null: the game has no aids, or is over).
 * @param {ShownView} view @param {() => void} redraw draws the game again (an aid turned on or off) */
export function aidsPanel(view, redraw) {
  const aids = shownAids(view);
  if (!aids) return null;
  const chosen = chosenAids();
  const open = document.querySelector(".aids .aid-choices")?.hasAttribute("open");
  const settings = choices(redraw);
  if (open) settings.setAttribute("open", "");
  return el("section", { class: "aids", "aria-label": t("aids.title") },
    el("h3", {}, t("aids.title")),
    chosen.unseen ? (view.game === "duel" ? dicePart(aids) : unseenPart(aids, view.game)) : "",
    chosen.order && aids.next_order ? orderPart(view, aids.next_order) : "",
    settings);
}

/** A region in words: "Forest: squares 5 × crowns 2 = 10". @param {string} game @param {RegionLine} region */
export function regionWords(game, region) {
  const kind = capitalised(game === "duel" ? dieCoat(region.kind) : t(`terrain.${region.kind}`));
  const key = game === "duel" ? "aids.region_crosses" : game === "origins" ? "aids.region_fires" : "aids.region_crowns";
  return t(key, { kind, squares: region.squares, n: region.multiplier, points: region.points });
}

/**
 * The regions of `seat`'s kingdom on its `image`: each region's points shown, its squares outlined,
 * while the pointer is over one of its squares, a finger taps one (a tap still places: nothing is
 * stopped) or the keyboard's focus is on it (each region one stop, named in words). Nothing when
 * the game has no aids or this browser turned this one off.
 * @param {SVGSVGElement} image @param {ShownView} view @param {number} seat
 * @param {(r: number, c: number) => [number, number]} cellAt where a square is drawn @param {number} size a square's side
 */
export function regionTips(image, view, seat, cellAt, size) {
  const aids = shownAids(view);
  if (!aids || !chosenAids().regions) return;
  const regions = aids.regions[seat] || [];
  /** @type {Map<string, RegionLine>} */
  const byCell = new Map();
  for (const region of regions) for (const [r, c] of region.cells) byCell.set(`${r},${c}`, region);
  const outline = svg("g", { class: "region-outline", "pointer-events": "none" });
  /** @type {RegionLine | null} */
  let shown = null;
  /** @param {RegionLine | null} region */
  const show = (region) => {
    if (region === shown) return;
    shown = region;
    outline.replaceChildren(...(region ? region.cells.map(([r, c]) => {
      const [x, y] = cellAt(r, c);
      return svg("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 4 });
    }) : []));
    if (!region) {
      if (wanted.territory && wanted.territory.owner === image) wanted.territory = null;
    } else {
      wanted.territory = { lines: [regionWords(view.game, region)], owner: image, near: outline, within: image };
    }
    drawTip();
  };
  /** The region under a pointer's event, if any. @param {MouseEvent} e */
  const under = (e) => {
    const matrix = image.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    for (const [key, region] of byCell) {
      const [r, c] = key.split(",").map(Number);
      const [x, y] = cellAt(/** @type {number} */ (r), /** @type {number} */ (c));
      if (point.x >= x && point.x < x + size && point.y >= y && point.y < y + size) return region;
    }
    return null;
  };
  image.addEventListener("pointermove", (e) => show(under(e)));
  let touched = false;
  image.addEventListener("pointerdown", (e) => { touched = e.pointerType !== "mouse"; show(under(e)); });
  // A finger on a territory's square asked for its points: the placing layer's "not there: taken"
  // below it is not said over them (a mouse, which shows them on hover, still hears it).
  image.addEventListener("click", (e) => { if (touched && under(e)) e.stopPropagation(); }, true);
  image.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") show(null); });
  const stops = regions.map((region) => {
    const stop = svg("g", { class: "region-stop", tabindex: 0, role: "img", "aria-label": regionWords(view.game, region) },
      region.cells.map(([r, c]) => {
        const [x, y] = cellAt(r, c);
        return svg("rect", { x, y, width: size, height: size, fill: "transparent", "pointer-events": "none" });
      }));
    stop.addEventListener("focus", () => show(region));
    stop.addEventListener("blur", () => show(null));
    return stop;
  });
  image.append(...stops, outline);
}

/**
 * What the floating line is asked to say, by whom (`owner`: a kingdom's picture, a placement's
 * ghost), over what (`near`: the squares outlined) and on which board (`within`): a territory under
 * the pointer or the focus first, else the changes of the placement previewed (the pointer left a
 * territory for an empty square: the preview's words come back).
 * @typedef {{lines: string[], owner: Element, near: Element, within: Element}} TipWish
 * @type {{territory: TipWish | null, placement: TipWish | null}}
 */
const wanted = { territory: null, placement: null };
/** The placement preview's words were taken away (the pointer left the board): a redraw for a
 * new state (an opponent's presence) does not bring them back over the page. */
let previewWordsAway = false;

/** The one line that says a region's points, floating over the page. @returns {HTMLElement} */
function regionTip() {
  let tip = /** @type {HTMLElement | null} */ (document.getElementById("region-tip"));
  if (!tip) {
    tip = el("div", { id: "region-tip", role: "tooltip", hidden: true });
    document.body.append(tip);
  }
  return tip;
}

/** Show what is wanted on the floating line (a wish whose owner left the page is dropped), above
 * its squares, over the page (fixed): words that never push the board. Below them when above would
 * leave the board: over the buttons above it (a phone's "Place here") the line hid them. */
function drawTip() {
  if (wanted.territory && !wanted.territory.owner.isConnected) wanted.territory = null;
  if (wanted.placement && !wanted.placement.owner.isConnected) wanted.placement = null;
  const wish = wanted.territory || wanted.placement;
  const tip = regionTip();
  if (!wish) { tip.hidden = true; return; }
  tip.replaceChildren(...wish.lines.map((line) => el("span", { class: "tip-line" }, line)));
  tip.hidden = false;
  const box = wish.near.getBoundingClientRect(), board = wish.within.getBoundingClientRect();
  const width = tip.offsetWidth, height = tip.offsetHeight;
  const above = box.top - height - 4, below = box.bottom + 4;
  const top = above >= board.top || below + height > board.bottom ? above : below;
  tip.style.left = `${Math.max(4, Math.min(innerWidth - width - 4, box.left + box.width / 2 - width / 2))}px`;
  tip.style.top = `${Math.max(4, top)}px`;
}

/** Hide the region's line when what it was shown over left the page (drawn anew). */
export function hideRegionTip() {
  drawTip();
}

/** A region a placement changes in words: "Forest: 6 → 12 (squares 4 × crowns 3)", "Lake, new
 * territory: squares 2 × crowns 1 = 2"; the points of each region it joins, added ("6 + 2 → 21").
 * @param {string} game @param {RegionChange} change @param {RegionLine[]} regions the seat's regions */
export function changeWords(game, change, regions) {
  const [kind, squares, n, points, before, joined] = change;
  const name = capitalised(game === "duel" ? dieCoat(kind) : t(`terrain.${kind}`));
  const symbol = game === "duel" ? "crosses" : game === "origins" ? "fires" : "crowns";
  if (!joined.length) return t(`aids.new_${symbol}`, { kind: name, squares, n, points });
  const parts = joined.length > 1 ? joined.map((i) => String(regions[i]?.points ?? 0)).join(" + ") : String(before);
  return t(`aids.grows_${symbol}`, { kind: name, before: parts, squares, n, points });
}

/**
 * The preview of a placement's changes to `seat`'s regions, for the placing layer (placement.js):
 * `show` outlines on the placement's `ghost` each region it changes as it would be after it, and
 * says them on the floating line above; `hide` takes the words away (the pointer left the board,
 * the focus left the square), the outline staying with the ghost. Null when the game has no aids,
 * this browser turned this one off, or the view has no placements for this seat.
 * @param {ShownView} view @param {number} seat
 * @param {(r: number, c: number) => [number, number]} cellAt where a square is drawn @param {number} size a square's side
 * @returns {import("./placement.js").Preview | null}
 */
export function placementPreview(view, seat, cellAt, size) {
  const aids = shownAids(view);
  if (!aids || !aids.placements || !chosenAids().placements || view.current_player !== seat) return null;
  const placements = aids.placements;
  const regions = aids.regions[seat] || [];
  regionTip();  // the squares name it as their description before it first says anything
  /** @type {SVGGElement | null} */
  let shownOn = null;
  return {
    show(action, ghost, redrawn = false) {
      const changes = placements[action];
      const placed = action.match(/ (-?\d+),(-?\d+) ([ESWN])$/);
      if (!changes || !changes.length || !placed) { wanted.placement = null; drawTip(); return; }
      const [r, c] = [Number(placed[1]), Number(placed[2])];
      const [dr, dc] = STEP[placed[3]] || [0, 1];
      const halves = [[r, c], [r + dr, c + dc]];
      /** @type {Array<[number, number]>} */
      const cells = [];
      for (const [, , , , , joined, placedHalves] of changes) {
        for (const i of joined) cells.push(...(regions[i]?.cells || []));
        for (const h of placedHalves) cells.push(/** @type {[number, number]} */ (halves[h]));
      }
      // Each square twice: a light halo under the dashes, seen on a dark forest as on a wheat field.
      const outline = svg("g", { class: "placement-outline" }, ["halo", "dashes"].map((kind) => svg("g", { class: kind },
        cells.map(([row, col]) => {
          const [x, y] = cellAt(row, col);
          return svg("rect", { x: x + 3, y: y + 3, width: size - 6, height: size - 6, rx: 4 });
        }))));
      ghost.insertBefore(outline, ghost.querySelector(".ghost-gain"));  // under the "+4", over the halves
      shownOn = ghost;
      if (redrawn && previewWordsAway) return;
      previewWordsAway = false;
      wanted.placement = { lines: changes.map((change) => changeWords(view.game, change, regions)), owner: ghost, near: outline,
        within: ghost.ownerSVGElement || ghost };
      drawTip();
    },
    hide() {
      previewWordsAway = true;
      if (wanted.placement && wanted.placement.owner === shownOn) wanted.placement = null;
      drawTip();
    },
  };
}
