// Kingdomino and Kingdomino Origins: the kingdoms (yours large), the rows with kings/chiefs (board-rows.js), the
// domino in hand placed with a ghost, and every Origins choice on the board (fire markers, payments,
// cavemen) or as pictured choices (the cave, the totems: origins-panels.js).
import { accountMark } from "./account-mark.js";
import { el, svg } from "./dom.js";
import { language, t } from "./i18n.js";
import { fill, keep, part } from "./redraw-in-place.js";
import { CELL, fitBoards } from "./board-fit.js";
import { SEAT_COLOURS, caveman, icons, seatBadge, use } from "./pictures.js";
import { choiceLayer, overlay, placer, toolbarSlot } from "./placement.js";
import { cavemanName, halfWords, seatName, where } from "./words.js";
import { gainSign, moveWords } from "./move-gains.js";
import { opponents } from "./opponents.js";
import { landings, markLanded } from "./landing-animation.js";
import { kingdomPoints, leaderMark } from "./ending.js";
import { originsPanels } from "./origins-panels.js";
import { aidsPanel, chosenAids, hideRegionTip, placementPreview, regionTips } from "./aids.js";
import { squareGroup } from "./board-square.js";
import { buttons, info, pieceKey, rows } from "./board-rows.js";

/** The least height of a replay's big board on a wide screen (a live board's is board-fit.js's). */
const REPLAY_LOWEST = 240;

/** @typedef {import("./view-types.js").ShownView} ShownView */
/** @typedef {import("./view-types.js").DominoObservation} DominoObservation */
/** @typedef {import("./view-types.js").DominoSquare} DominoSquare */
/** The view of a Kingdomino or Origins game, which this module draws. @typedef {ShownView & {observation: DominoObservation}} KingdomsView */

/**
 * @typedef {{ legal: string[], play: (action: string) => void, why: (action: string) => void, replay: boolean,
 *   onKey: ((key: string) => void) | null, mainSeat: number, highlight?: import("./placement.js").Highlight | null,
 *   landed?: (key: string) => boolean, redraw?: () => void }} Ctx
 */

/** What identifies a kingdom's square for the landings. @param {number} seat @param {DominoSquare & {row: number, col: number}} square */
function squareKey(seat, square) {
  return `square ${seat} ${square.row},${square.col} ${square.terrain}`;
}


/** Every landing key of this view: the kingdoms' squares and the rows' kings. @param {DominoObservation} obs */
function landingKeys(obs) {
  const keys = obs.kingdoms.flatMap((kingdom, /** @type {number} */ seat) =>
    kingdom.squares.map((square) => squareKey(seat, square)));
  for (const entry of [...(obs.row || []), ...(obs.next_row || [])]) {
    const owner = entry.king ?? entry.chief;
    if (owner !== null && owner !== undefined) keys.push(pieceKey(entry.domino, owner));
  }
  return keys;
}

/** The smallest square on a kingdom's grid with every square where something can still happen: the
 * kingdom and `margin` squares around it (2: a domino's far half), within the frame's reach. It
 * grows with the kingdom and shrinks to the frame as the frame fills; with no margin (a finished
 * game) it holds the kingdom alone.
 * @param {number[]} bounds the kingdom's [rowLo, rowHi, colLo, colHi] @param {number} reach
 * @param {number} [margin] @returns {[number, number, number]} its top row, left column and side */
function playWindow(bounds, reach, margin = 2) {
  const [rowLo, rowHi, colLo, colHi] = bounds;
  /** @param {number} lo @param {number} hi */
  const open = (lo, hi) => [Math.max(lo - margin, hi - reach), Math.min(hi + margin, lo + reach)];
  const rows = open(rowLo, rowHi), cols = open(colLo, colHi);
  const side = Math.max(rows[1] - rows[0], cols[1] - cols[0]) + 1;
  /** The first of `side` lines around [lo, hi], kept on the grid. @param {number[]} span */
  const start = ([lo, hi]) => Math.min(Math.max(lo - Math.floor((side - (hi - lo + 1)) / 2), -reach), reach - side + 1);
  return [start(rows), start(cols), side];
}


/** The kingdom of `seat` as an SVG, with the placing layer when it is the acting seat's. @param {KingdomsView} view @param {number} seat
 * @param {Ctx} ctx @param {boolean} big */
function kingdomSvg(view, seat, ctx, big) {
  const image = kingdomImage(view, seat, ctx, big);
  return { image, placing: drawLayers(image, view, seat, ctx) };
}

/** Where the square (`r`, `c`) of a kingdom of frame `frame` is drawn. @param {number} frame
 * @returns {(r: number, c: number) => [number, number]} */
function cellsOf(frame) {
  const reach = frame - 1;
  return (r, c) => [(c + reach) * CELL, (r + reach) * CELL];
}

/** The kingdom of `seat` as an SVG: its frame and its squares, what a state's moves and hints are
 * drawn over (`drawLayers`). @param {KingdomsView} view @param {number} seat @param {Ctx} ctx @param {boolean} big */
function kingdomImage(view, seat, ctx, big) {
  const obs = view.observation;
  const kingdom = obs.kingdoms[seat];
  const reach = obs.frame - 1;
  const side = 2 * reach + 1;
  const cellAt = cellsOf(obs.frame);
  const image = svg("svg", { viewBox: `0 0 ${side * CELL} ${side * CELL}`, role: "group",
    "aria-label": t("board.kingdom_of", { name: seatName(view, seat) }),
    "data-seat": seat, class: big ? "big" : "small-map" });
  // A replay's board is looked at, not played on: it may be lower, under the review's words.
  if (ctx.replay) image.setAttribute("data-lowest", String(REPLAY_LOWEST));
  image.append(svg("rect", { x: 0, y: 0, width: side * CELL, height: side * CELL, fill: "#e9e1cc" }));
  const [rowLo, rowHi, colLo, colHi] = kingdom.bounds;
  const finished = view.status === "finished";
  if (big || finished) {  // at the end every kingdom shows alone, the opponents' too
    // A finished kingdom alone; its castle alone (the game ended before a first domino) with a
    // square around it, not drawn across the whole screen.
    const alone = rowHi === rowLo && colHi === colLo;
    const [row, col, span] = playWindow(kingdom.bounds, reach, finished ? Number(alone) : 2);
    const [x, y] = cellAt(row, col);
    image.setAttribute("data-window", `${x} ${y} ${span * CELL} ${span * CELL}`);
    if (finished) image.setAttribute("data-zoom", "always");
    image.setAttribute("data-side", String(side));
  }
  for (let r = -reach; r <= reach; r++) for (let c = -reach; c <= reach; c++) {
    const reachable = Math.max(rowHi, r) - Math.min(rowLo, r) <= reach && Math.max(colHi, c) - Math.min(colLo, c) <= reach;
    const [x, y] = cellAt(r, c);
    image.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, fill: reachable ? "#fbf8ef" : "#d6ceb8", rx: 3 }));
  }
  for (const square of kingdom.squares) {
    const [x, y] = cellAt(square.row, square.col);
    const g = squareGroup(obs, square, x, y, CELL, seat);
    g.setAttribute("data-square", `${square.row},${square.col}`);
    markLanded(g, ctx.landed, squareKey(seat, square));
    g.append(svg("title", {}, `${where(square.row, square.col)}: ${square.terrain === "C" || square.terrain === "H"
      ? t(square.terrain === "C" ? "castle" : "hut") : halfWords(obs, square)}${square.caveman ? ", " + cavemanName(square.caveman) : ""}`));
    image.append(g);
  }
  if (!ctx.replay) regionTips(/** @type {SVGSVGElement} */ (image), view, seat, cellAt, CELL);
  return image;
}

/** Draw over the kingdom `image` of `seat` what this state shows on it, in place of what the last
 * state's drawing put there: the placing layer or a choice's squares when it is the acting seat's,
 * and a hint's or a review's mark. The image itself may be kept from state to state (redraw-in-place.js):
 * these layers hold listeners of this state, so they are drawn anew every time.
 * @param {SVGElement} image @param {KingdomsView} view @param {number} seat @param {Ctx} ctx
 * @returns {ReturnType<typeof placer> | null} the placing layer, if any */
function drawLayers(image, view, seat, ctx) {
  const obs = view.observation;
  const reach = obs.frame - 1;
  const cellAt = cellsOf(obs.frame);
  /** @type {Array<[number, number]>} */
  const grid = [];
  for (let r = -reach; r <= reach; r++) for (let c = -reach; c <= reach; c++) grid.push([r, c]);
  const legal = ctx.legal;
  const acting = seat === view.current_player && !ctx.replay && legal.length;
  /** @type {ReturnType<typeof placer> | null} */
  let placing = null;
  /** @type {Element | null} */
  let choices = null;
  if (acting) {
    const entry = obs.acting_slot !== null && obs.row ? obs.row[obs.acting_slot] : null;
    const halves = entry ? entry.halves : [];
    placing = placer({ verb: "place", legal, size: CELL, cellAt, grid, colour: SEAT_COLOURS[seat],
      drawHalf: (i, x, y, size) => {
        const g = squareGroup(obs, halves[i] || { terrain: "?" }, x, y, size);
        g.setAttribute("opacity", "0.9");
        return g;
      },
      play: ctx.play, why: ctx.why, label: (a) => moveWords(view, a), gain: (a) => gainSign(view, a),
      preview: placementPreview(view, seat, cellAt, CELL),
      double: halves.length === 2 && JSON.stringify(halves[0]) === JSON.stringify(halves[1]) });
    if (!placing.any) placing = null;
    /** @type {import("./placement.js").Spot[]} */
    const spots = [];
    for (const text of legal) {
      const m = text.match(/^(fire|pay|caveman) (-?\d+),(-?\d+)$/);
      if (!m) continue;
      const [r, c] = [Number(m[2]), Number(m[3])];
      const kind = m[1];
      spots.push({ r, c, action: text, label: moveWords(view, text),
        // The marker as it will land: as many flames as the volcano has craters.
        draw: (x, y, size) => kind === "fire" ? svg("g", { class: "ghost" }, use("marker", x + size * 0.2, y + size * 0.2, size * 0.6),
          flamesOn(obs.fire_marker || 1, x, y, size))
          : kind === "pay" ? svg("circle", { cx: x + size * 0.72, cy: y + size * 0.72, r: size * 0.24, fill: "none", stroke: "#c62828",
            "stroke-width": 3 })
            : caveman(obs.recruiting || "hunter", x + size * 0.2, y + size * 0.2, size * 0.6) });
    }
    if (spots.length) choices = choiceLayer(spots, cellAt, CELL, ctx.play);
  }
  overlay(image, seat, [placing && placing.layer, choices], withDomino(obs, ctx.highlight), cellAt, CELL);
  return placing;
}

/** A marked move with the domino being placed drawn in its terrains (a review's better placement).
 * @param {DominoObservation} obs @param {import("./placement.js").Highlight | null | undefined} highlight */
function withDomino(obs, highlight) {
  const entry = obs.acting_slot !== null && obs.row ? obs.row[obs.acting_slot] : null;
  if (!highlight || !entry || !entry.halves) return highlight;
  const halves = entry.halves;
  return { ...highlight, drawHalf: (/** @type {number} */ i, /** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ size) => {
    const g = squareGroup(obs, halves[i] || { terrain: "?" }, x, y, size);
    g.setAttribute("opacity", "0.85");
    return g;
  } };
}

/** `n` flames side by side in the middle of a square at (`x`, `y`) of `size`: a fire marker's.
 * @param {number} n @param {number} x @param {number} y @param {number} size */
function flamesOn(n, x, y, size) {
  const flame = size * 0.18, width = flame * (0.85 * (n - 1) + 1);
  return icons("fire", n, x + (size - width) / 2, y + (size - flame) / 2, flame);
}

/** The context of a board drawn only to be looked at (nothing to play on it). @param {number} seat @returns {Ctx} */
export function quietCtx(seat) {
  return { legal: [], play: () => {}, why: () => {}, replay: true, onKey: null, mainSeat: seat };
}

/** A small kingdom of `seat` to read its score by (regions lit from the score sheet), cut to the
 * squares it holds. @param {ShownView} shown @param {number} seat */
export function miniKingdom(shown, seat) {
  const view = /** @type {KingdomsView} */ (shown);
  const image = kingdomSvg(view, seat, quietCtx(seat), false).image;
  const reach = view.observation.frame - 1;
  const [rowLo, rowHi, colLo, colHi] = view.observation.kingdoms[seat].bounds;
  image.setAttribute("viewBox", `${(colLo + reach) * CELL} ${(rowLo + reach) * CELL} ${(colHi - colLo + 1) * CELL} ${(rowHi - rowLo + 1) * CELL}`);
  image.removeAttribute("data-window");  // its own cut, never refitted
  return image;
}

/** A seat's kingdom: its name and points over its board. The card and its board are kept from
 * the last drawing into `owner` (redraw-in-place.js), the board while the kingdom it shows is the same, the
 * acting seat's too: its placing layer, choices and hint mark are drawn anew over it (`drawLayers`).
 * @param {KingdomsView} view @param {number} seat @param {Ctx} ctx @param {boolean} big @param {Element} owner */
function kingdomCard(view, seat, ctx, big, owner) {
  const obs = view.observation;
  const kingdom = obs.kingdoms[seat];
  const title = el("h3", { class: `seat-name seat${seat}` }, el("span", { class: "keep" },
    seatBadge(seat), " ", seatName(view, seat), accountMark(view.seats[seat])), " ",
    el("span", { class: "keep" }, "· ", el("span", { class: "points" }, kingdomPoints(view, seat)), leaderMark(view, seat)),
    seat === view.current_player && view.status === "playing" ? el("span", { class: "turn-mark" }, " ", t("board.to_play")) : "",
    kingdom.discards ? el("span", { class: "small" }, " ", t("board.discarded_n", { n: kingdom.discards })) : "");
  // Everything kingdomImage draws the board from.
  const key = JSON.stringify([language(), view.game, obs.frame, obs.legend, obs.options, view.status === "finished",
    big, seatName(view, seat), kingdom, Boolean(view.aids), chosenAids().regions, ctx.replay]);
  const image = keep(owner, `kingdom ${seat}`, key, () => kingdomImage(view, seat, ctx, big));
  const placing = drawLayers(image, view, seat, ctx);
  if (placing) ctx.onKey = (pressed) => { if (pressed === "r") placing.rotate(); };
  const own = big && view.status !== "finished" && view.your_seats.includes(seat);
  const card = keep(owner, `card ${seat}`, String(big), () => el("div", { class: `kingdom card${big ? " mine" : ""}`, "data-seat": seat }));
  fill(card, [title, toolbarSlot(placing, own), image]);
  return card;
}


/** Draw the table of a Kingdomino or Origins game: the kingdoms, the rows, Origins' choices.
 * @param {HTMLElement} container @param {ShownView} shown the view (of a game of these two) @param {Ctx} ctx */
export function render(container, shown, ctx) {
  const view = /** @type {KingdomsView} */ (shown);
  const obs = view.observation;
  ctx.onKey = null;
  ctx.landed = landings(container, String(view.id), landingKeys(obs));
  const main = ctx.mainSeat;
  const others = obs.kingdoms.map((_k, /** @type {number} */ s) => s).filter((/** @type {number} */ s) => s !== main);
  // A choice made in the cave or among the totems comes before the kingdom where the columns stack.
  const aside = !ctx.replay && ctx.legal.some((a) => /^(recruit|recruit-stack|totem) /.test(a));
  // A finished game (not a Dynasty, whose line says which game it was) has nothing in the middle, nor
  // one aborted or called off before it began: no setup line, no rows, for moves that will never come.
  const over = view.status === "finished" && !(obs.options && obs.options.dynasty) || ["aborted", "expired"].includes(view.status);
  // A spectator of a game of two sees both kingdoms alike, large on either side of the rows (a
  // projector's room read from afar): neither is theirs to play on.
  const watchedTwo = !ctx.replay && !view.your_seats.length && others.length === 1;
  // The table is drawn anew, but what did not change stays in the page as it was (redraw-in-place.js).
  fill(container, [part("table", "div", { class: `table others-${others.length}${aside ? " extras-first" : ""}${over ? " over" : ""}${
    watchedTwo ? " watched-two" : ""}` },
    over ? null : part("centre", "div", { class: "centre-col" }, info(view), buttons(view, ctx), rows(view, ctx)),
    part("mine", "div", { class: "mine-col" }, kingdomCard(view, main, ctx, true, container)),
    part("extras", "div", { class: "extras-col" }, ...(view.game === "origins" ? originsPanels(view, ctx) : []),
      ctx.replay ? null : aidsPanel(view, () => ctx.redraw?.())),
    opponents(view, others, (seat) => kingdomCard(view, seat, ctx, watchedTwo, container)))]);
  fitBoards([...container.querySelectorAll("svg[data-window]")]);
  hideRegionTip();
}
