// The pictures: one SVG symbol per concept (terrain, coat of arms, crown, fire, resource, caveman,
// castle, hut), each a colour *and* a motif so that it reads without colour. The symbols live in one
// hidden sprite in the page; boards draw them with <use>.
import { svg } from "./dom.js";

/** Seat colours that stay apart for colour-blind readers (Okabe-Ito hues, darkened for text on white). */
export const SEAT_COLOURS = ["#0b63a8", "#b35900", "#7a3b9a", "#007a5e"];
/** A shape per seat, so that kings and markers read without colour too. */
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond"];

const INK = "#1d1d1d";

/** Terrain colours and motifs (Kingdomino and Origins letters share the symbols by id). */
const TERRAINS = {
  wheat: "#e8c547", forest: "#1f6b2c", lake: "#2f74c0", grassland: "#8cc63f", swamp: "#8a6d3b", mine: "#4a4a4a",
  forest_jungle: "#1f6b2c", quarry: "#8a8a8a", desert: "#f0d58c", volcano: "#b3261e",
};

/** @param {string} id @param {string} fill @param {...SVGElement} motif */
function tile(id, fill, ...motif) {
  return svg("symbol", { id: `t-${id}`, viewBox: "0 0 40 40" },
    svg("rect", { x: 0, y: 0, width: 40, height: 40, rx: 3, fill }), ...motif);
}

/** @param {number} x @param {number} y @param {string} colour */
function ear(x, y, colour) {
  return svg("g", { stroke: colour, "stroke-width": 1.6, fill: colour },
    svg("line", { x1: x, y1: y + 14, x2: x, y2: y }),
    svg("ellipse", { cx: x - 2.2, cy: y + 3, rx: 1.6, ry: 2.6 }), svg("ellipse", { cx: x + 2.2, cy: y + 3, rx: 1.6, ry: 2.6 }),
    svg("ellipse", { cx: x - 2.2, cy: y + 8, rx: 1.6, ry: 2.6 }), svg("ellipse", { cx: x + 2.2, cy: y + 8, rx: 1.6, ry: 2.6 }));
}

/** @param {number} x @param {number} y @param {number} s @param {string} colour */
function conifer(x, y, s, colour) {
  return svg("path", { d: `M${x} ${y} l${s} ${s * 1.6} h${-s * 0.7} v${s * 0.5} h${-s * 0.6} v${-s * 0.5} h${-s * 0.7} z`, fill: colour,
    stroke: "#0c2e12", "stroke-width": 0.8 });
}

/** @param {number} y */
function wave(y) {
  return svg("path", { d: `M6 ${y} q4 -4 8 0 t8 0 t8 0 t8 0`, fill: "none", stroke: "#e6f1ff", "stroke-width": 2.2, "stroke-linecap": "round" });
}

/** @param {number} x @param {number} y @param {string} colour */
function tuft(x, y, colour) {
  return svg("path", { d: `M${x - 4} ${y - 5} L${x} ${y} L${x} ${y - 7} M${x} ${y} L${x + 4} ${y - 5}`, fill: "none", stroke: colour,
    "stroke-width": 1.8, "stroke-linecap": "round" });
}

/** @param {number} x @param {number} h */
function reed(x, h) {
  return svg("g", {}, svg("line", { x1: x, y1: 36, x2: x, y2: 36 - h, stroke: "#e9dcb8", "stroke-width": 1.5 }),
    svg("ellipse", { cx: x, cy: 36 - h + 4, rx: 1.8, ry: 4, fill: "#3b2a12", stroke: "#e9dcb8", "stroke-width": 0.8 }));
}

function sprite() {
  const defs = [
    tile("wheat", TERRAINS.wheat, ear(11, 18, "#7a5a10"), ear(20, 14, "#7a5a10"), ear(29, 18, "#7a5a10")),
    tile("forest", TERRAINS.forest, conifer(13, 8, 8, "#6fcf7c"), conifer(27, 12, 8, "#a5e3ad")),
    tile("forest_jungle", TERRAINS.forest_jungle,
      svg("path", { d: "M20 34 V16 M20 16 q-9 -6 -14 2 M20 16 q9 -6 14 2 M20 16 q-4 -9 -11 -8 M20 16 q4 -9 11 -8", fill: "none", stroke: "#a5e3ad",
        "stroke-width": 2.2, "stroke-linecap": "round" })),
    tile("lake", TERRAINS.lake, wave(14), wave(22), wave(30)),
    tile("grassland", TERRAINS.grassland, tuft(10, 16, "#2c5a0c"), tuft(28, 14, "#2c5a0c"), tuft(18, 28, "#2c5a0c"), tuft(32, 32, "#2c5a0c")),
    tile("swamp", TERRAINS.swamp, reed(10, 20), reed(17, 26), reed(26, 18), reed(32, 24)),
    tile("mine", TERRAINS.mine, svg("path", { d: "M4 34 L15 16 L21 24 L27 12 L37 34 Z", fill: "#8d8d8d", stroke: "#e0e0e0", "stroke-width": 1.2 }),
      svg("path", { d: "M10 9 q6 -5 12 0 M16 7 L16 6 M16 7 L13 20", fill: "none", stroke: "#f2f2f2", "stroke-width": 1.8,
        "stroke-linecap": "round" })),
    tile("quarry", TERRAINS.quarry, svg("g", { fill: "#c9c9c9", stroke: INK, "stroke-width": 1 },
      svg("rect", { x: 6, y: 24, width: 12, height: 8, rx: 2 }), svg("rect", { x: 19, y: 24, width: 14, height: 8, rx: 2 }),
      svg("rect", { x: 12, y: 15, width: 14, height: 8, rx: 2 }))),
    tile("desert", TERRAINS.desert, svg("path", { d: "M2 26 q10 -8 20 0 t18 0 M2 34 q10 -8 20 0 t18 0", fill: "none", stroke: "#8a6412",
      "stroke-width": 1.8 }),
      svg("circle", { cx: 30, cy: 10, r: 4, fill: "none", stroke: "#8a6412", "stroke-width": 1.6 })),
    tile("volcano", TERRAINS.volcano, svg("path", { d: "M4 36 L15 14 H25 L36 36 Z", fill: "#5b1410", stroke: "#ffd8cc", "stroke-width": 1.2 })),
    // Duel coats of arms: heraldic shields, a colour and a charge each.
    ...duelShields(),
    svg("symbol", { id: "crown", viewBox: "0 0 20 16" },
      svg("path", { d: "M2 14 L1 4 L6 8 L10 2 L14 8 L19 4 L18 14 Z", fill: "#ffd54f", stroke: "#3a2a00", "stroke-width": 1.4,
        "stroke-linejoin": "round" })),
    svg("symbol", { id: "fire", viewBox: "0 0 20 20" },
      svg("path", { d: "M10 1 C12 6 17 8 16 13 C15 18 5 18 4 13 C3 9 7 8 7 4 C9 7 10 6 10 1 Z", fill: "#ff7a00", stroke: "#3a1000",
        "stroke-width": 1.3 }),
      svg("path", { d: "M10 9 C11 12 13 13 12 15 C11 17 8 17 8 15 C8 13 10 12 10 9 Z", fill: "#ffe082" })),
    svg("symbol", { id: "crater", viewBox: "0 0 20 20" },
      svg("ellipse", { cx: 10, cy: 10, rx: 8.4, ry: 5.4, fill: "none", stroke: INK, "stroke-width": 1.2 }),
      svg("ellipse", { cx: 10, cy: 10, rx: 7.2, ry: 4.2, fill: "#ff7043", stroke: "#fff3e0", "stroke-width": 1.4 })),
    svg("symbol", { id: "cross", viewBox: "0 0 16 16" },
      svg("path", { d: "M3 3 L13 13 M13 3 L3 13", stroke: "#fff", "stroke-width": 5, "stroke-linecap": "round" }),
      svg("path", { d: "M3 3 L13 13 M13 3 L3 13", stroke: INK, "stroke-width": 2.6, "stroke-linecap": "round" })),
    svg("symbol", { id: "marker", viewBox: "0 0 20 20" },
      svg("circle", { cx: 10, cy: 10, r: 9.2, fill: "none", stroke: "#fff3e0", "stroke-width": 1.4 }),
      svg("circle", { cx: 10, cy: 10, r: 8, fill: "#c98b4a", stroke: "#3a2200", "stroke-width": 1.5 })),
    resource("mammoth", svg("path", { d: "M3 13 C3 6 8 4 12 5 C16 5 18 8 17 12 L17 17 M6 13 V17 M10 13 V17 M14 13 V17 M17 12 C19 14 19 16 18 18",
      fill: "#8d6e63", stroke: INK, "stroke-width": 1.4 }),
      svg("path", { d: "M16 11 q-3 3 -6 1", fill: "none", stroke: "#fff", "stroke-width": 1.4 })),
    resource("fish", svg("path", { d: "M2 10 C6 4 13 4 16 10 C13 16 6 16 2 10 Z M16 10 L19 6 V14 Z", fill: "#4fc3f7", stroke: INK,
      "stroke-width": 1.3 }),
      svg("circle", { cx: 6, cy: 9, r: 1.2, fill: INK })),
    resource("mushroom", svg("path", { d: "M2 10 C2 3 18 3 18 10 Z", fill: "#e53935", stroke: INK, "stroke-width": 1.3 }),
      svg("rect", { x: 8, y: 10, width: 4, height: 8, rx: 1.5, fill: "#fff8e1", stroke: INK, "stroke-width": 1.3 }),
      svg("circle", { cx: 7, cy: 7, r: 1.3, fill: "#fff" }), svg("circle", { cx: 13, cy: 6, r: 1.3, fill: "#fff" })),
    resource("flint", svg("path", { d: "M10 1 L17 9 L12 19 L4 14 L3 6 Z", fill: "#cfd8dc", stroke: INK, "stroke-width": 1.4 }),
      svg("path", { d: "M10 1 L9 10 L12 19 M3 6 L9 10 L17 9", fill: "none", stroke: "#546e7a", "stroke-width": 1 })),
    svg("symbol", { id: "castle", viewBox: "0 0 40 40" },
      svg("rect", { x: 0, y: 0, width: 40, height: 40, rx: 3, fill: "#f4efe2" }),
      svg("path", { d: "M9 34 V14 H13 V18 H17 V14 H23 V18 H27 V14 H31 V34 Z", fill: "currentColor", stroke: INK, "stroke-width": 1.5 }),
      svg("path", { d: "M17 34 V27 a3 3 0 0 1 6 0 V34", fill: "#fff", stroke: INK, "stroke-width": 1.2 })),
    svg("symbol", { id: "hut", viewBox: "0 0 40 40" },
      svg("rect", { x: 0, y: 0, width: 40, height: 40, rx: 3, fill: "#f4efe2" }),
      svg("path", { d: "M5 33 L20 8 L35 33 Z", fill: "currentColor", stroke: INK, "stroke-width": 1.5 }),
      svg("path", { d: "M16 33 V25 a4 4 0 0 1 8 0 V33", fill: "#3e2723" })),
  ];
  return svg("svg", { id: "sprite", width: 0, height: 0, "aria-hidden": "true", focusable: "false" }, svg("defs", {}, defs));
}

/** @param {string} id @param {...SVGElement} parts */
function resource(id, ...parts) {
  return svg("symbol", { id: `r-${id}`, viewBox: "0 0 20 20" },
    svg("circle", { cx: 10, cy: 10, r: 9.5, fill: "#fffdf6", stroke: INK, "stroke-width": 0.8 }),
    svg("g", { transform: "translate(2 2) scale(0.8)" }, parts));
}

const SHIELD = "M4 3 H36 V18 C36 29 28 35 20 38 C12 35 4 29 4 18 Z";
/** Duel coats: the legend's colour and a charge each (dot, two dots, stripe, two stripes, quarters, black). */
export const COATS = {
  dot: { colour: "#d9534f" }, double_dot: { colour: "#f0ad4e" }, stripe: { colour: "#5bc0de" },
  double_stripe: { colour: "#428bca" }, quarters: { colour: "#5cb85c" }, all_black: { colour: "#555555" },
};

function duelShields() {
  /** @param {string} id @param {string} colour @param {SVGElement[]} charge */
  const shield = (id, colour, charge) => svg("symbol", { id: `c-${id}`, viewBox: "0 0 40 40" },
    svg("rect", { x: 0, y: 0, width: 40, height: 40, rx: 3, fill: colour }),
    svg("path", { d: SHIELD, fill: "#fffdf6", stroke: INK, "stroke-width": 1.6 }), ...charge,
    svg("path", { d: SHIELD, fill: "none", stroke: INK, "stroke-width": 1.6 }));
  const dark = INK;
  return [
    shield("dot", COATS.dot.colour, [svg("circle", { cx: 20, cy: 19, r: 6, fill: dark })]),
    shield("double_dot", COATS.double_dot.colour, [svg("circle", { cx: 14, cy: 18, r: 4.5, fill: dark }),
      svg("circle", { cx: 26, cy: 18, r: 4.5, fill: dark })]),
    shield("stripe", COATS.stripe.colour, [svg("rect", { x: 4, y: 15, width: 32, height: 7, fill: dark })]),
    shield("double_stripe", COATS.double_stripe.colour, [svg("rect", { x: 4, y: 10, width: 32, height: 5, fill: dark }),
      svg("rect", { x: 4, y: 21, width: 32, height: 5, fill: dark })]),
    shield("quarters", COATS.quarters.colour, [svg("path", { d: "M4 3 H20 V20 H4 Z", fill: dark }),
      svg("path", { d: "M20 20 H36 C35 29 28 35 20 38 Z", fill: dark })]),
    shield("all_black", COATS.all_black.colour, [svg("path", { d: SHIELD, fill: dark })]),
    svg("symbol", { id: "c-joker", viewBox: "0 0 40 40" },
      svg("rect", { x: 0, y: 0, width: 40, height: 40, rx: 3, fill: "#d7ccc8" }),
      svg("path", { d: SHIELD, fill: "#fffdf6", stroke: INK, "stroke-width": 1.6 }),
      svg("text", { x: 20, y: 28, "text-anchor": "middle", "font-size": 24, "font-weight": "bold", fill: INK,
        "font-family": "system-ui, sans-serif" }, "?")),
  ];
}

let installed = false;
/** Put the sprite into the page once. */
export function installSprite() {
  if (installed) return;
  installed = true;
  document.body.prepend(sprite());
}

/** The symbol id of a Kingdomino/Origins terrain letter, given the observation's legend.
 * @param {Record<string, {id?: string}>} legend @param {string} letter */
export function terrainSymbol(legend, letter) {
  if (letter === "C") return "castle";
  if (letter === "H") return "hut";
  const id = (legend[letter] || {}).id;
  return id && TERRAINS[/** @type {keyof typeof TERRAINS} */ (id)] ? `t-${id}` : "t-grassland";
}

/** The symbol id of a Duel coat ("?" is the joker). @param {string} coat */
export function coatSymbol(coat) {
  return coat in COATS ? `c-${coat}` : "c-joker";
}

/** A <use> of a symbol at (x, y) with size w x h. @param {string} id @param {number} x @param {number} y @param {number} w @param {number} [h]
 * @param {Record<string, string|number>} [extra] */
export function use(id, x, y, w, h = w, extra = {}) {
  return svg("use", { href: `#${id}`, x, y, width: w, height: h, ...extra });
}

/** Crowns/crosses/fires as n small icons in a row from (x, y). @param {string} id @param {number} n @param {number} x @param {number} y
 * @param {number} size */
export function icons(id, n, x, y, size) {
  const group = svg("g", { class: `icons ${id}` });
  for (let i = 0; i < n; i++) group.append(use(id, x + i * size * 0.85, y, size, id === "crown" ? size * 0.8 : size));
  return group;
}

/** A seat's piece (king, chief, marker): its colour and its shape. @param {number} seat @param {number} cx @param {number} cy @param {number} r */
export function seatPiece(seat, cx, cy, r) {
  const colour = SEAT_COLOURS[seat] || "#444";
  const common = { fill: colour, stroke: "#fff", "stroke-width": Math.max(1, r / 4), class: `piece seat-${seat}` };
  switch (SEAT_SHAPES[seat]) {
    case "square": return svg("rect", { x: cx - r * 0.85, y: cy - r * 0.85, width: r * 1.7, height: r * 1.7, rx: r / 5, ...common });
    case "triangle": return svg("path", { d: `M${cx} ${cy - r} L${cx + r} ${cy + r * 0.8} L${cx - r} ${cy + r * 0.8} Z`, ...common });
    case "diamond": return svg("path", { d: `M${cx} ${cy - r} L${cx + r} ${cy} L${cx} ${cy + r} L${cx - r} ${cy} Z`, ...common });
    default: return svg("circle", { cx, cy, r, ...common });
  }
}

/** A small standalone SVG picture of a seat's piece (for names, lists, rows). @param {number} seat @param {number} [size] */
export function seatBadge(seat, size = 16) {
  return svg("svg", { viewBox: "0 0 20 20", width: size, height: size, class: "badge", "aria-hidden": "true" }, seatPiece(seat, 10, 10, 8));
}

/** A standalone SVG showing one symbol (for buttons and lists). @param {string} id @param {number} [size] @param {string} [label] */
export function picture(id, size = 28, label) {
  return svg("svg", { viewBox: "0 0 40 40", width: size, height: size, class: "pic", role: label ? "img" : undefined, "aria-label": label,
    "aria-hidden": label ? undefined : "true" },
    use(id, 0, 0, 40));
}

/** The ground of a caveman's disc, by what the kind does: food gatherers, artisans, the shaman,
 * the fire woman, warriors. A colour and the large item beside the figure tell the kind apart even
 * at a board square's size. */
const CAVEMAN_GROUND = {
  hunter: "#fff3e0", fishing_child: "#fff3e0", gatherer: "#fff3e0",
  sculptor: "#e3f2fd", painter: "#e3f2fd", shaman: "#ede7f6", fire_woman: "#ffe0b2",
  warrior1: "#ffcdd2", warrior2: "#ffcdd2", warrior3: "#ffcdd2",
};

/** Caveman figure: a small body on the left, the large item it scores by on the right (its resource,
 * fire, paints, a staff, or a spear with its strength). @param {string} kind @param {number} x @param {number} y @param {number} size */
export function caveman(kind, x, y, size) {
  const s = size / 40;
  const item = { hunter: "r-mammoth", fishing_child: "r-fish", gatherer: "r-mushroom", sculptor: "r-flint", fire_woman: "fire" }[kind];
  const ground = /** @type {Record<string, string>} */ (CAVEMAN_GROUND)[kind] || "#fff3e0";
  const g = svg("g", { transform: `translate(${x} ${y}) scale(${s})`, class: "caveman", "data-kind": kind },
    svg("circle", { cx: 20, cy: 20, r: 19, fill: ground, stroke: INK, "stroke-width": 1.5 }),
    svg("circle", { cx: 11, cy: 13, r: 4.5, fill: "#8d5524", stroke: INK, "stroke-width": 1.2 }),
    svg("path", { d: "M4 33 C4 21 18 21 18 33 Z", fill: "#a1887f", stroke: INK, "stroke-width": 1.2 }));
  if (item) g.append(use(item, 16, 10, 22));
  else if (kind === "painter") g.append(svg("g", {}, ["#e53935", "#1e88e5",
    "#fdd835"].map((c, i) => svg("circle", { cx: 25 + (i % 2) * 7, cy: 13 + i * 7, r: 4, fill: c, stroke: INK, "stroke-width": 1 }))));
  else if (kind === "shaman") g.append(svg("path", { d: "M28 9 V35 M23 12 l5 -5 l5 5", stroke: INK, "stroke-width": 2.5, fill: "none" }),
    svg("circle", { cx: 28, cy: 7, r: 3.5, fill: "#7e57c2", stroke: INK, "stroke-width": 1 }));
  else if (kind.startsWith("warrior")) {
    g.append(svg("path", { d: "M20 35 L33 8", stroke: "#5d4037", "stroke-width": 3.5, "stroke-linecap": "round" }),
      svg("path", { d: "M33 8 l-5 3 l6 2 Z", fill: "#757575", stroke: INK, "stroke-width": 0.8 }));
    g.append(svg("text", { x: 24, y: 36, "font-size": 14, "font-weight": "bold", fill: INK, stroke: "#fff", "stroke-width": 0.6,
      "paint-order": "stroke" }, kind.slice(-1)));
  }
  return g;
}

/** A standalone caveman picture. @param {string} kind @param {number} [size] */
export function cavemanPicture(kind, size = 36) {
  return svg("svg", { viewBox: "0 0 40 40", width: size, height: size, class: "pic", "aria-hidden": "true" }, caveman(kind, 0, 0, 40));
}

/** A die of `pips` pips drawn at (x, y), side `size`. @param {number} x @param {number} y @param {number} size @param {number} pips */
function dieShape(x, y, size, pips) {
  const spots = { 1: [[0.5, 0.5]], 2: [[0.28, 0.28], [0.72, 0.72]], 3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]] }[pips] || [];
  return svg("g", {}, svg("rect", { x, y, width: size, height: size, rx: size / 5, fill: "#fff", stroke: INK, "stroke-width": 2 }),
    ...spots.map(([u, v]) => svg("circle", { cx: x + u * size, cy: y + v * size, r: size / 10, fill: INK })));
}

/**
 * A Duel power as a pictogram (DESIGN.md: the spellbook's lines end with their power's picture):
 * the connection ignored, the dice split, two dice taken at once, a die turned, +3 per domain, one
 * more cross. The words stand next to it, so it is hidden from screen readers. @param {string} power @param {number} [size]
 */
export function powerPicture(power, size = 26) {
  const parts = {
    ignore_connection_rules: () => [use("castle", -2, 8, 22, 22, { color: INK }),
      svg("path", { d: "M18 20 H24", stroke: INK, "stroke-width": 2.5, "stroke-dasharray": "2 2" }),
      dieShape(23, 11, 17, 1), svg("path", { d: "M17 29 L25 11", stroke: "#c62828", "stroke-width": 3.5, "stroke-linecap": "round" })],
    split_domino: () => [dieShape(1, 16, 13, 1), dieShape(26, 16, 13, 2),
      svg("path", { d: "M16 9 H3 M3 9 l4 -3 M3 9 l4 3 M24 9 H37 M37 9 l-4 -3 M37 9 l-4 3", stroke: INK, "stroke-width": 2, fill: "none",
        "stroke-linecap": "round" })],
    take_two_dice_as_player_A: () => [dieShape(3, 6, 18, 2), dieShape(18, 17, 18, 3)],
    turn_die_to_any_face: () => [dieShape(11, 11, 18, 3),
      svg("path", { d: "M6 26 A15 15 0 1 1 26 35", stroke: INK, "stroke-width": 2.5, fill: "none" }),
        svg("path", { d: "M26 35 l-1 -6 M26 35 l-6 1", stroke: INK, "stroke-width": 2.5, "stroke-linecap": "round" })],
    plus3_per_domain_of_chosen_coat: () => [svg("text", { x: 20, y: 28, "text-anchor": "middle", "font-size": 20, "font-weight": "bold", fill: INK },
      "+3")],
    add_one_cross: () => [use("cross", 8, 8, 24)],
  }[power];
  return svg("svg", { viewBox: "0 0 40 40", width: size, height: size, class: "pic power-pic", "aria-hidden": "true", "data-power": power },
    ...(parts ? parts() : []));
}
