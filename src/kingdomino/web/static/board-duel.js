// Kingdomino Duel: both maps (yours large), the dice (duel-dice.js), the spellbook. Drawing with a
// ghost of your two dice, the split die, the lightning cross on the map; the "?" coat and the
// +3-per-domain coat as pictured shields.
import { accountMark } from "./account-mark.js";
import { el, svg } from "./dom.js";
import { language, t } from "./i18n.js";
import { fill, keep, part } from "./redraw-in-place.js";
import { SEAT_COLOURS, coatSymbol, picture, powerPicture, seatBadge, use } from "./pictures.js";
import { choiceLayer, overlay, placer, toolbarSlot } from "./placement.js";
import { coatName, seatName, where } from "./words.js";
import { gainSign, moveWords } from "./move-gains.js";
import { landings, markLanded } from "./landing-animation.js";
import { coatSquare, dice, takingTwo } from "./duel-dice.js";
import { leaderMark } from "./ending.js";
import { quietCtx } from "./board-kingdoms.js";
import { PHONE } from "./opponents.js";
import { aidsPanel, chosenAids, hideRegionTip, placementPreview, regionTips } from "./aids.js";

const CELL = 40;

/** @typedef {import("./board-kingdoms.js").Ctx} Ctx */
/** @typedef {import("./view-types.js").ShownView} ShownView */
/** The view of a Duel, which this module draws. @typedef {ShownView & {observation: import("./view-types.js").DuelObservation}} DuelView */

/** The map of `seat` as an SVG (what is drawn over it at a state: `drawLayers`). @param {DuelView} view @param {number} seat @param {Ctx} ctx
 * @param {boolean} big */
function mapSvg(view, seat, ctx, big) {
  const obs = view.observation;
  const map = obs.maps[seat];
  const rows = obs.map_rows || [-2, 2], cols = obs.map_cols || [-3, 3];
  const width = (cols[1] - cols[0] + 1) * CELL, height = (rows[1] - rows[0] + 1) * CELL;
  const cellAt = cellsOf(rows, cols);
  const image = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": t("board.map_of", { name: seatName(view, seat) }),
    "data-seat": seat, class: big ? "big" : "small-map" });
  for (let r = rows[0]; r <= rows[1]; r++) for (let c = cols[0]; c <= cols[1]; c++) {
    const [x, y] = cellAt(r, c);
    image.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, fill: "#fbf8ef", stroke: "#c9bfa6", rx: 3 }));
    if (r === 0 && c === 0) image.append(use("castle", x, y, CELL, CELL, { color: SEAT_COLOURS[seat] }));
  }
  for (const square of map.squares) {
    const [x, y] = cellAt(square.row, square.col);
    const g = coatSquare(square.coat, square.crosses, x, y, CELL);
    g.setAttribute("data-square", `${square.row},${square.col}`);
    markLanded(g, ctx.landed, squareKey(seat, square));
    const crosses = square.crosses ? ", " + t("count.crosses", { n: square.crosses }) : "";
    g.append(svg("title", {}, `${where(square.row, square.col)}: ${coatName(square.coat)}${crosses}`));
    image.append(g);
  }
  if (!ctx.replay) regionTips(/** @type {SVGSVGElement} */ (image), view, seat, cellAt, CELL);
  return image;
}

/** The cells of a map of `rows` and `cols` (centre-relative, inclusive) in the SVG's units.
 * @param {number[]} rows @param {number[]} cols @returns {(r: number, c: number) => [number, number]} */
function cellsOf(rows, cols) {
  return (r, c) => [(c - cols[0]) * CELL, (r - rows[0]) * CELL];
}

/**
 * What a state draws over `seat`'s map (`image`, kept from state to state while the map is the
 * same): the acting seat's drawing layer and choices (a split die's squares, the lightning
 * cross), a hint's or review's mark. The last state's are taken off first. The drawing layer, if
 * any, is returned. @param {Element} image @param {DuelView} view @param {number} seat @param {Ctx} ctx
 */
function drawLayers(image, view, seat, ctx) {
  const obs = view.observation;
  const rows = obs.map_rows || [-2, 2], cols = obs.map_cols || [-3, 3];
  const cellAt = cellsOf(rows, cols);
  /** @type {Array<[number, number]>} */
  const grid = [];
  for (let r = rows[0]; r <= rows[1]; r++) for (let c = cols[0]; c <= cols[1]; c++) grid.push([r, c]);
  /** @type {ReturnType<typeof placer> | null} */
  let placing = null;
  /** @type {Element | null} */
  let choices = null;
  let marked = ctx.highlight;
  if (seat === view.current_player && !ctx.replay && ctx.legal.length) {
    const mine = (obs.dice || []).filter((d) => d.holder === seat && (obs.turn.undrawn || []).includes(d.die)).sort((a, b) => a.die - b.die);
    /** @type {(i: number, x: number, y: number, size: number) => SVGElement} */
    const drawHalf = (i, x, y, size) => { const d = mine[i]; const g = coatSquare(d ? d.coat : "?", d ? d.crosses + (d.bonus ? 1 : 0) : 0, x, y,
      size); g.setAttribute("opacity", "0.9"); return g; };
    // A placement marked (a hint's, or one chosen awaiting Confirm) is drawn with the dice in hand.
    if (ctx.highlight) marked = { ...ctx.highlight, drawHalf };
    placing = placer({ verb: "draw", dice: true, legal: ctx.legal, size: CELL, cellAt, grid, colour: SEAT_COLOURS[seat], drawHalf,
      play: ctx.play, why: ctx.why, label: (a) => moveWords(view, a), gain: (a) => gainSign(view, a),
      preview: placementPreview(view, seat, cellAt, CELL) });
    if (!placing.any) placing = null;
    /** @type {import("./placement.js").Spot[]} */
    const spots = [];
    for (const text of ctx.legal) {
      let m = text.match(/^die (\d) (-?\d+),(-?\d+)$/);
      if (m) {
        const die = (obs.dice || []).find((d) => d.die === Number(m?.[1]));
        spots.push({ r: Number(m[2]), c: Number(m[3]), action: text, label: moveWords(view, text),
          draw: (x, y, size) => { const g = coatSquare(die ? die.coat : "?", die ? die.crosses : 0, x + 4, y + 4,
            size - 8); g.setAttribute("opacity", "0.75"); return g; } });
        continue;
      }
      m = text.match(/^cross (-?\d+),(-?\d+)$/);
      if (m) spots.push({ r: Number(m[1]), c: Number(m[2]), action: text, label: moveWords(view, text), kind: "on-drawn",
        draw: crossChoice });
    }
    if (spots.length) choices = choiceLayer(spots, cellAt, CELL, ctx.play);
  }
  overlay(image, seat, [placing && placing.layer, choices], marked, cellAt, CELL);
  return placing;
}

/** The lightning cross's choice over a drawn square, light enough that its coat stays readable: an
 * outline of dark and white dashes (seen on light and dark coats alike) and the cross to add, small
 * on a white disc in the corner the coat leaves free. @param {number} x @param {number} y @param {number} size */
function crossChoice(x, y, size) {
  const r = size * 0.17, cx = x + size - r - 3, cy = y + r + 3;
  return svg("g", { class: "cross-choice" },
    svg("rect", { class: "ring", x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 5 }),
    svg("circle", { cx, cy, r, fill: "#fff", stroke: "#1d1d1d", "stroke-width": 1.2 }),
    use("cross", cx - r * 0.7, cy - r * 0.7, r * 1.4));
}

/** A small map of `seat` to read its score by (regions lit from the score sheet). @param {ShownView} view @param {number} seat */
export function miniKingdom(view, seat) {
  return mapSvg(/** @type {DuelView} */ (view), seat, quietCtx(seat), false);
}

/** A seat's map: its name, role and points over the map. The card and its map are kept from the
 * last drawing into `owner` (redraw-in-place.js), the map while everything it shows is the same, the acting
 * seat's too: its drawing layer, choices and hint mark are drawn anew over it (`drawLayers`).
 * @param {DuelView} view @param {number} seat @param {Ctx} ctx @param {boolean} big @param {Element} owner */
function mapCard(view, seat, ctx, big, owner) {
  const obs = view.observation;
  const role = obs.player_a === seat ? "A" : "B";
  const title = el("h3", { class: `seat-name seat${seat}` }, el("span", { class: "keep" },
    seatBadge(seat), " ", seatName(view, seat), accountMark(view.seats[seat])),
    " ", el("span", { class: "keep" }, "· ", t("duel.player_role", { role: t(`duel.role.${role}`) })), " ",
    el("span", { class: "keep" }, "· ", el("span", { class: "points" }, t("points_n", { n: view.scores[seat] })), leaderMark(view, seat)),
    seat === view.current_player && view.status === "playing" ? el("span", { class: "turn-mark" }, " ", t("board.to_play")) : "",
    obs.castle_bonus_used[seat] ? el("span", { class: "small" }, " · ", t("duel.bonus_used")) : "");
  // Everything mapSvg draws the map from.
  const key = JSON.stringify([language(), obs.map_rows, obs.map_cols, big, seatName(view, seat), obs.maps[seat], Boolean(view.aids),
    view.status === "finished", chosenAids().regions]);
  const image = keep(owner, `map ${seat}`, key, () => mapSvg(view, seat, ctx, big));
  const placing = drawLayers(image, view, seat, ctx);
  if (placing) ctx.onKey = (pressed) => { if (pressed === "r") placing.rotate(); };
  const card = keep(owner, `card ${seat}`, String(big), () => el("div", { class: `kingdom card${big ? " mine" : ""}`, "data-seat": seat }));
  fill(card, [title, toolbarSlot(placing, big && view.status !== "finished" && view.your_seats.includes(seat)), image]);
  return card;
}

/** The spellbook: a line of boxes per coat, each player's progress, the power. @param {DuelView} view */
function spellbook(view) {
  const obs = view.observation;
  return el("table", { class: "sheet spellbook" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col", class: "coat" }, t("duel.coat")),
      ...view.seats.map((s, /** @type {number} */ i) => el("th", { scope: "col", class: `seat${i}` }, s.name)),
      el("th", { scope: "col" }, t("duel.power")))),
    el("tbody", {}, obs.spellbook.map((line) => el("tr", {},
      el("td", {}, picture(coatSymbol(line.coat), 26, coatName(line.coat))),
      ...line.filled.map((/** @type {number} */ n) => el("td", {}, boxes(n, line.length))),
      el("td", { class: "power" }, powerPicture(line.power), " ", t(`power.${line.power}`),
        line.owner !== null ? el("span", { class: `seat${line.owner}` }, " — ", view.seats[line.owner].name,
        line.used ? ` (${t("duel.used")})` : "") : "")))));
}

/** @param {number} filled @param {number} length */
function boxes(filled, length) {
  return el("span", { class: "boxes", role: "img", "aria-label": t("duel.filled", { n: filled, of: length }) },
    Array.from({ length }, (_, i) => el("span", { class: `box${i < filled ? " filled" : ""}`, "aria-hidden": "true" })));
}

/** Choices that are not on the map or the dice: the "?" coat, +3 per domain, powers, pass (two
 * dice taken at once are clicked on the dice: `takingTwo`). @param {DuelView} view @param {Ctx} ctx */
function choices(view, ctx) {
  if (ctx.replay) return "";
  const coats = ctx.legal.filter((a) => /^(coat|domains) /.test(a));
  const others = ctx.legal.filter((a) => /^(power|pass)/.test(a));
  if (!coats.length && !others.length) return "";
  return el("div", { class: "actions" },
    coats.map((a) => el("button", { type: "button", class: "pictured", "data-action": a, onclick: () => ctx.play(a) },
      picture(coatSymbol(a.split(" ")[1]), 28), " ", moveWords(view, a))),
    others.map((a) => el("button", { type: "button", "data-action": a, onclick: () => ctx.play(a) }, moveWords(view, a))));
}

/** What identifies a map's square for the landings. @param {number} seat @param {{row: number, col: number, coat: string}} square */
function squareKey(seat, square) {
  return `square ${seat} ${square.row},${square.col} ${square.coat}`;
}

/** The least height of a big map on a wide screen: its five rows of squares a finger wide. */
const LOWEST = 240;

/** Fit your map to a wide screen: never taller than the window leaves below its top (on a laptop
 * the end's ranking above it pushed its last row under the window's edge). @param {Element} image */
function fitMap(image) {
  const style = /** @type {SVGElement} */ (image).style;
  style.maxWidth = "";
  if (window.matchMedia(PHONE).matches) return;
  const box = image.getBoundingClientRect();
  const room = window.innerHeight - (box.top + window.scrollY) - 12;
  if (box.height > room) style.maxWidth = `${Math.max(LOWEST, room) * box.width / box.height}px`;
}

/** Draw the table of a Duel: both maps, the dice, the spellbook.
 * @param {HTMLElement} container @param {ShownView} shown the view (of a Duel) @param {Ctx} ctx */
export function render(container, shown, ctx) {
  const view = /** @type {DuelView} */ (shown);
  const obs = view.observation;
  ctx.onKey = null;
  ctx.landed = landings(container, String(view.id), obs.maps.flatMap((map, /** @type {number} */ seat) =>
    map.squares.map((square) => squareKey(seat, square))));
  const main = ctx.mainSeat;
  const other = 1 - main;
  const status = view.status === "finished" ? t("board.finished") : obs.round ? t("duel.round", { n: obs.round }) : t("board.setup");
  // The table is drawn anew, but what did not change stays in the page as it was (redraw-in-place.js).
  // A game aborted, or called off before it began, has no round, dice or choices in the middle: they
  // are for moves that will never come.
  const aborted = ["aborted", "expired"].includes(view.status);
  // A spectator sees both maps alike, large on either side of the dice (as board-kingdoms.js's game of two).
  const watched = !ctx.replay && !view.your_seats.length;
  fill(container, [part("table", "div", { class: `table${watched ? " watched-two duel" : ""}` },
    aborted ? null : part("centre", "div", { class: "centre-col" }, el("p", { class: "small info", id: "round-info" }, status, " · ",
      t("duel.player_a_is", { name: view.seats[obs.player_a].name })),
      choices(view, ctx), takingTwo(view, ctx), el("h3", { class: "visually-hidden" }, t("duel.dice")), dice(view, ctx)),
    part("mine", "div", { class: "mine-col" }, mapCard(view, main, ctx, true, container)),
    part("extras", "div", { class: "extras-col" }, el("h3", {}, t("duel.spellbook")), spellbook(view),
      ctx.replay ? null : aidsPanel(view, () => ctx.redraw?.())),
    part("others", "div", { class: "others-col single" }, mapCard(view, other, ctx, watched, container)))]);
  container.querySelectorAll("svg.big").forEach(fitMap);
  hideRegionTip();
}
