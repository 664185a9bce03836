// The scorer for table players: build a kingdom of a game played with the box, square by square
// (choose a brush, tap the squares), and read its score explained region by region, each region lit
// on the kingdom. The page only writes the kingdom as text (each game's text format, from
// /api/score/formats); the server's engine counts it (POST /api/score) and says what is wrong.
import { el, svg } from "./dom.js";
import { api } from "./server.js";
import { t } from "./i18n.js";
import { SEAT_COLOURS, cavemanPicture, coatSymbol, picture, terrainSymbol, use } from "./pictures.js";
import { squareGroup } from "./board-kingdoms.js";
import { coatSquare } from "./board-duel.js";
import { sheetTable } from "./ending.js";
import { cavemanName, coatName, errorWords, halfWords, resourceName, where } from "./words.js";

const CELL = 40;
const KEY = "kingdomino.scorer";
/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * A square as the brush lays it: a terrain (or coat) letter and its number (crowns, fires, craters or
 * crosses), and in Origins a fire marker, the terrain's resource and a caveman.
 * @typedef {{letter: string, n: number, marker: number, resource: boolean, caveman: string}} Square
 * @typedef {{game: string, frame: number, options: Record<string, string | boolean>, domains: string, squares: Record<string, Square>}} Kingdom
 */

/** The kingdom being built, kept in this browser so a reload loses nothing. @returns {Kingdom} */
function saved() {
  try {
    const found = JSON.parse(localStorage.getItem(KEY) || "null");
    if (found && typeof found.squares === "object") return found;
  } catch { /* a damaged entry starts afresh */ }
  return { game: "kingdomino", frame: 5, options: {}, domains: "", squares: {} };
}

/** The rows and columns the laid squares and the castle (hut) span: [rowLo, rowHi, colLo, colHi].
 * @param {Kingdom} kingdom @returns {[number, number, number, number]} */
function bounds(kingdom) {
  const keys = [...Object.keys(kingdom.squares), "0,0"].map((k) => k.split(",").map(Number));
  const rows = keys.map(([r]) => r), cols = keys.map(([, c]) => c);
  return [Math.min(...rows), Math.max(...rows), Math.min(...cols), Math.max(...cols)];
}

/** The entry of `list` (terrains, coats, resources) written with `letter`. @param {any[]} list @param {string} letter */
function lettered(list, letter) {
  return list.find((entry) => entry.letter === letter);
}

/**
 * The kingdom as the game's text: rows of cells around the castle (hut), "." where empty.
 * @param {Kingdom} kingdom @param {any} format
 */
export function kingdomText(kingdom, format) {
  const [rowLo, rowHi, colLo, colHi] = bounds(kingdom);
  const lines = [];
  for (let r = rowLo; r <= rowHi; r++) {
    const cells = [];
    for (let c = colLo; c <= colHi; c++) {
      const square = kingdom.squares[`${r},${c}`];
      cells.push(r === 0 && c === 0 ? format.home : square ? cellText(square, kingdom, format) : format.empty);
    }
    lines.push(cells.join(" "));
  }
  if (kingdom.game === "duel" && kingdom.domains) lines.push(`domains ${kingdom.domains}`);
  return lines.join("\n");
}

/** @param {Square} square @param {Kingdom} kingdom @param {any} format */
function cellText(square, kingdom, format) {
  let text = `${square.letter}${square.n}`;
  if (kingdom.game !== "origins") return text;
  const terrain = lettered(format.terrains, square.letter);
  if (square.marker) text += `*${square.marker}`;
  if (square.resource && terrain && terrain.resource && kingdom.options.mode !== "discovery") text += terrain.resource;
  if (square.caveman && kingdom.options.mode === "tribe") text += `@${square.caveman}`;
  return text;
}

/** @param {HTMLElement} main */
export async function showScorer(main) {
  document.title = `${t("scorer.title")} · ${t("app.name")}`;
  const formats = await api("/api/score/formats");
  const kingdom = saved();
  const format = () => formats[kingdom.game];
  /** A brush ready to lay: the game's first terrain (coat of arms) without crowns. A page that
   * opened on the empty square laid nothing at a first tap. @returns {Square} */
  const freshBrush = () => {
    const first = (format().coats || format().terrains || []).find((/** @type {any} */ x) => !x.volcano);
    return { letter: first ? first.letter : "", n: 0, marker: 0, resource: false, caveman: "" };
  };
  let brush = freshBrush();
  let asked = 0;
  /** The score asked last when a square beyond the frame was refused: that score's answer, still on
   * its way, must not take the refusal away (it did, and the refusal flashed and went). */
  let refusedAfter = -1;

  const gameSelect = /** @type {HTMLSelectElement} */ (el("select", { id: "scorer-game" },
    Object.keys(formats).map((id) => el("option", { value: id, selected: id === kingdom.game }, t(`game.${id}`)))));
  const optionsBox = el("div", { class: "scorer-options", id: "scorer-options" });
  const board = el("div", { class: "scorer-board" });
  const palette = el("div", { class: "palette", id: "palette" });
  const total = el("p", { class: "scorer-total", id: "scorer-total", role: "status", "aria-live": "polite" });
  const error = el("p", { class: "error", id: "scorer-error", role: "alert" });
  const sheet = el("div", { id: "scorer-sheet" });
  const text = /** @type {HTMLTextAreaElement} */ (el("textarea", { id: "scorer-text", readonly: true, rows: 5, cols: 30, "aria-label": t("scorer.as_text") }));

  gameSelect.addEventListener("change", () => {
    kingdom.game = gameSelect.value; kingdom.squares = {}; kingdom.options = kingdom.game === "origins" ? { mode: "discovery" } : {};
    kingdom.frame = 5; kingdom.domains = ""; brush = freshBrush();
    drawAll();
  });

  const legend = () => Object.fromEntries((format().terrains || []).map((/** @type {any} */ x) => [x.letter, { id: x.id }]));
  const isVolcano = (/** @type {string} */ letter) => Boolean((lettered(format().terrains || [], letter) || {}).volcano);

  /** The options that change a score, as the game's controls. */
  function drawOptions() {
    const options = kingdom.options;
    /** @param {string} id @param {string} label */
    const flag = (id, label) => {
      const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: `score-${id}`, checked: Boolean(options[id]) }));
      box.addEventListener("change", () => { if (box.checked) options[id] = true; else delete options[id]; if (id === "mighty_duel") kingdom.frame = box.checked ? 7 : 5; drawAll(); });
      return el("label", {}, box, " ", label);
    };
    const parts = [];
    if (kingdom.game === "kingdomino") parts.push(flag("middle_kingdom", t("option.middle_kingdom.long")), flag("harmony", t("option.harmony.long")), flag("mighty_duel", t("option.mighty_duel.long")));
    if (kingdom.game === "origins") {
      const mode = /** @type {HTMLSelectElement} */ (el("select", { id: "score-mode" }, ["discovery", "totem", "tribe"].map((m) => el("option", { value: m, selected: m === options.mode }, t(`mode.${m}`)))));
      mode.addEventListener("change", () => { options.mode = mode.value; delete options.totems; drawAll(); });
      const frame = /** @type {HTMLSelectElement} */ (el("select", { id: "score-frame" }, format().frames.map((/** @type {number} */ n) => el("option", { value: n, selected: n === kingdom.frame }, t("scorer.frame_n", { n })))));
      frame.addEventListener("change", () => { kingdom.frame = Number(frame.value); drawAll(); });
      parts.push(el("label", {}, t("lobby.mode"), " ", mode), el("label", {}, t("scorer.frame"), " ", frame), flag("fire_kingdom", t("option.fire_kingdom.long")), flag("homo_habilis", t("option.homo_habilis.long")));
      if (options.mode === "totem") {
        const held = new Set(String(options.totems || "").split(",").filter(Boolean));
        parts.push(el("fieldset", { class: "totems-held" }, el("legend", {}, t("scorer.totems")), format().resources.map((/** @type {any} */ r) => {
          const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: `totem-${r.id}`, checked: held.has(r.id) }));
          box.addEventListener("change", () => { if (box.checked) held.add(r.id); else held.delete(r.id); options.totems = [...held].join(","); if (!options.totems) delete options.totems; drawAll(); });
          return el("label", {}, box, " ", picture(`r-${r.id}`, 22), " ", resourceName(r.id));
        })));
      }
    }
    if (kingdom.game === "duel") {
      const coat = /** @type {HTMLSelectElement} */ (el("select", { id: "score-domains" }, el("option", { value: "" }, t("scorer.nobody")),
        format().coats.map((/** @type {any} */ c) => el("option", { value: c.letter, selected: c.letter === kingdom.domains }, coatName(c.id)))));
      coat.addEventListener("change", () => { kingdom.domains = coat.value; drawAll(); });
      parts.push(el("label", {}, t("scorer.domains"), " ", coat));
    }
    optionsBox.replaceChildren(...parts);
  }

  /** The brush: a terrain (coat of arms) or an empty square, its number, and Origins' extras. */
  function drawPalette() {
    const f = format();
    /** @param {string} id @param {boolean} on @param {() => void} pick @param {...any} children */
    const choice = (id, on, pick, ...children) => el("button", { type: "button", class: `brush${on ? " on" : ""}`, "data-brush": id, "aria-pressed": String(on), onclick: () => { pick(); drawPalette(); } }, ...children);
    const kinds = kingdom.game === "duel"
      ? f.coats.map((/** @type {any} */ c) => choice(c.letter, brush.letter === c.letter, () => { brush.letter = c.letter; }, picture(coatSymbol(c.id), 28), " ", coatName(c.id)))
      : f.terrains.map((/** @type {any} */ x) => choice(x.letter, brush.letter === x.letter, () => { brush = x.volcano ? { ...brush, letter: x.letter, n: Math.max(1, brush.n), marker: 0, resource: false, caveman: "" } : { ...brush, letter: x.letter, n: Math.min(brush.n, f.max) }; },
        picture(terrainSymbol(legend(), x.letter), 28), " ", t(`terrain.${x.id}`)));
    const rows = [el("div", { class: "brush-row", role: "group", "aria-label": t("scorer.brush") }, ...kinds,
      choice("empty", brush.letter === "", () => { brush.letter = ""; }, "✕ ", t("scorer.empty")))];
    if (brush.letter) {
      const volcano = isVolcano(brush.letter);
      const low = volcano ? 1 : 0, high = volcano ? f.max_craters : f.max;
      const label = kingdom.game === "duel" ? "scorer.crosses" : kingdom.game === "origins" ? (volcano ? "scorer.craters" : "scorer.fires") : "scorer.crowns";
      rows.push(el("div", { class: "brush-row", role: "group", "aria-label": t(label) }, el("span", { class: "brush-label" }, t(label)),
        ...Array.from({ length: high - low + 1 }, (_, i) => choice(`n${low + i}`, brush.n === low + i, () => { brush.n = low + i; if (brush.n && !volcano) { brush.marker = 0; brush.caveman = ""; } }, String(low + i)))));
      if (kingdom.game === "origins" && !volcano) {
        rows.push(el("div", { class: "brush-row", role: "group", "aria-label": t("scorer.marker") }, el("span", { class: "brush-label" }, t("scorer.marker")),
          ...Array.from({ length: f.markers + 1 }, (_, k) => choice(`marker${k}`, brush.marker === k, () => { brush.marker = k; if (k) { brush.n = 0; brush.resource = false; brush.caveman = ""; } }, k ? String(k) : t("scorer.none")))));
        const terrain = lettered(f.terrains, brush.letter);
        const resource = terrain && terrain.resource ? lettered(f.resources, terrain.resource) : null;
        if (resource && kingdom.options.mode !== "discovery") {
          rows.push(el("div", { class: "brush-row" }, choice("resource", brush.resource, () => { brush.resource = !brush.resource; if (brush.resource) { brush.marker = 0; brush.caveman = ""; } },
            picture(`r-${resource.id}`, 24), " ", t("scorer.resource", { resource: resourceName(resource.id) }))));
        }
        if (kingdom.options.mode === "tribe") {
          rows.push(el("div", { class: "brush-row", role: "group", "aria-label": t("scorer.caveman") }, el("span", { class: "brush-label" }, t("scorer.caveman")),
            choice("caveman-none", !brush.caveman, () => { brush.caveman = ""; }, t("scorer.none")),
            ...f.cavemen.map((/** @type {any} */ c) => choice(`caveman-${c.code}`, brush.caveman === c.code, () => { brush.caveman = c.code; brush.n = 0; brush.marker = 0; brush.resource = false; }, cavemanPicture(c.id, 26), " ", cavemanName(c.id)))));
        }
      }
    }
    palette.replaceChildren(el("h2", {}, t("scorer.brush")), ...rows);
  }

  /** The kingdom's grid: every square of the frame around the castle, each a button that lays the brush. */
  function drawBoard() {
    const f = format();
    const duel = kingdom.game === "duel";
    const reach = kingdom.frame - 1;
    const [r0, r1] = duel ? f.rows : [-reach, reach];
    const [c0, c1] = duel ? f.cols : [-reach, reach];
    // At least 40 px a square (a finger's width): a grid wider than a phone scrolls in its card.
    const image = svg("svg", { viewBox: `0 0 ${(c1 - c0 + 1) * CELL} ${(r1 - r0 + 1) * CELL}`, class: "scorer-grid", "data-seat": 0, role: "group", "aria-label": t("scorer.grid") });
    image.style.minWidth = `${(c1 - c0 + 1) * CELL}px`;
    const obs = { legend: legend(), options: kingdom.options };
    // Squares the kingdom can no longer reach in its frame are shaded, as on the game's board.
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) {
      const x = (c - c0) * CELL, y = (r - r0) * CELL, key = `${r},${c}`;
      const square = kingdom.squares[key];
      const home = r === 0 && c === 0;
      const label = home ? t(kingdom.game === "origins" ? "hut" : "castle") : `${where(r, c)}: ${square ? squareWords(square) : t("scorer.empty")}`;
      const g = svg("g", { class: "cell", "data-square": key, tabindex: home ? undefined : 0, role: home ? "img" : "button", "aria-label": label },
        svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 3, fill: reachable(r, c) ? "#fbf8ef" : "#d6ceb8", stroke: "#c9bfa6" }));
      if (home) g.append(duel ? use("castle", x, y, CELL, CELL, { color: SEAT_COLOURS[0] }) : squareGroup(obs, { terrain: f.home }, x, y, CELL, 0));
      else if (square) g.append(duel ? coatSquare(lettered(f.coats, square.letter).id, square.n, x, y, CELL) : squareGroup(obs, drawnSquare(square), x, y, CELL, 0));
      if (!home) {
        const lay = () => { paint(key); };
        g.addEventListener("click", lay);
        g.addEventListener("keydown", (/** @type {KeyboardEvent} */ e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); lay(); return; }
          const step = ARROWS[e.key];
          if (!step) return;
          e.preventDefault();
          // The next square that way (past the castle, which takes no brush).
          for (let k = 1; k <= Math.max(r1 - r0, c1 - c0); k++) {
            const next = image.querySelector(`g.cell[data-square="${r + k * step[0]},${c + k * step[1]}"][tabindex]`);
            if (next) { /** @type {SVGGElement} */ (next).focus(); break; }
          }
        });
      }
      image.append(g);
    }
    board.replaceChildren(image);
  }

  /** A square in the shape the board's drawing reads. @param {Square} square */
  function drawnSquare(square) {
    const f = format();
    const terrain = lettered(f.terrains, square.letter) || {};
    const resource = square.resource && terrain.resource ? (lettered(f.resources, terrain.resource) || {}).id : undefined;
    const caveman = square.caveman && kingdom.options.mode === "tribe" ? (f.cavemen.find((/** @type {any} */ c) => c.code === square.caveman) || {}).id : undefined;
    if (kingdom.game !== "origins") return { terrain: square.letter, crowns: square.n };
    return terrain.volcano ? { terrain: square.letter, craters: square.n }
      : { terrain: square.letter, fires: square.n, marker: square.marker, resource, caveman };
  }

  /** A laid square in words, for its label. @param {Square} square */
  function squareWords(square) {
    const f = format();
    if (kingdom.game !== "duel") {
      const drawn = drawnSquare(square);
      const extras = [drawn.marker ? `${t("scorer.marker")} ${drawn.marker}` : "", drawn.caveman ? cavemanName(drawn.caveman) : ""].filter(Boolean);
      return [halfWords({ legend: legend(), options: kingdom.options }, drawn), ...extras].join(", ");
    }
    return `${coatName(lettered(f.coats, square.letter).id)}, ${t("count.crosses", { n: square.n })}`;
  }

  /** What the brush lays: only what the square's terrain and the mode hold (a volcano no
   * marker, resource or caveman; Discovery no resource; only Tribe a caveman), so a choice left on
   * the brush from another terrain is never laid unseen. @param {Square} chosen @returns {Square} */
  function laid(chosen) {
    if (kingdom.game !== "origins") return { letter: chosen.letter, n: chosen.n, marker: 0, resource: false, caveman: "" };
    const terrain = lettered(format().terrains, chosen.letter) || {};
    if (terrain.volcano) return { letter: chosen.letter, n: chosen.n, marker: 0, resource: false, caveman: "" };
    const mode = kingdom.options.mode;
    return { ...chosen, resource: chosen.resource && Boolean(terrain.resource) && mode !== "discovery", caveman: mode === "tribe" ? chosen.caveman : "" };
  }

  /** Whether a square laid at row `r`, column `c` keeps the kingdom within its frame (Duel's map
   * has a fixed grid, every square of it in reach). @param {number} r @param {number} c */
  function reachable(r, c) {
    if (kingdom.game === "duel") return true;
    const [rowLo, rowHi, colLo, colHi] = bounds(kingdom), reach = kingdom.frame - 1;
    return Math.max(rowHi, r) - Math.min(rowLo, r) <= reach && Math.max(colHi, c) - Math.min(colLo, c) <= reach;
  }

  /** Lay the brush on a square (an empty brush clears it); a square beyond the frame is refused
   * with the reason, as the game refuses it. @param {string} key */
  function paint(key) {
    const [r, c] = key.split(",").map(Number);
    if (brush.letter && !kingdom.squares[key] && !reachable(r, c)) {
      error.textContent = errorWords({ code: "out_of_frame", values: { n: kingdom.frame } }, kingdom.game);
      refusedAfter = asked;
      return;
    }
    const focused = document.activeElement && document.activeElement.getAttribute("data-square") === key;
    if (brush.letter) kingdom.squares[key] = laid(brush);
    else delete kingdom.squares[key];
    drawBoard();
    // The keyboard stays where it laid, the grid being drawn anew.
    if (focused) /** @type {SVGGElement | null} */ (board.querySelector(`g.cell[data-square="${key}"]`))?.focus();
    score();
  }

  async function score() {
    localStorage.setItem(KEY, JSON.stringify(kingdom));
    const written = kingdomText(kingdom, format());
    text.value = written;
    const mine = ++asked;
    try {
      const answer = await api("/api/score", { method: "POST", body: { game: kingdom.game, options: kingdom.game === "origins" ? { ...kingdom.options, frame: kingdom.frame } : kingdom.options, text: written } });
      if (mine !== asked) return;
      if (mine !== refusedAfter) error.textContent = "";
      total.textContent = t("scorer.total", { n: answer.total });
      // Every region, those worth 0 too, and the rule in the table's own words ("Points = Squares × Crowns").
      const multiplier = t(kingdom.game === "duel" ? "sheet.crosses" : kingdom.game === "origins" ? "sheet.fires" : "sheet.crowns");
      sheet.replaceChildren(sheetTable({ game: kingdom.game, score_sheets: [answer] }, 0, true),
        el("p", { class: "small", id: "scorer-rule" }, `${t("sheet.points")} = ${t("sheet.squares")} × ${multiplier}`));
    } catch (problem) {
      if (mine !== asked) return;
      error.textContent = errorWords(problem, kingdom.game);
      // The score of the kingdom before this square would be taken for this one's.
      total.textContent = t("scorer.total", { n: "–" });
      sheet.replaceChildren();
    }
  }

  function drawAll() {
    drawOptions();
    drawPalette();
    drawBoard();
    score();
  }

  main.replaceChildren(
    el("section", { class: "card", id: "scorer" },
      el("h1", {}, t("scorer.title")),
      el("p", {}, t("scorer.intro")),
      el("div", { class: "controls" }, el("label", { for: "scorer-game" }, t("lobby.game")), " ", gameSelect, " ",
        el("button", { type: "button", id: "scorer-clear", onclick: () => { kingdom.squares = {}; drawAll(); } }, t("scorer.clear"))),
      optionsBox),
    el("div", { class: "scorer-table" },
      el("section", { class: "card" }, el("p", { class: "small" }, t("scorer.how")), total, error, board),
      el("section", { class: "card" }, palette)),
    el("section", { class: "card" }, el("h2", {}, t("scorer.explained")), sheet,
      el("details", {}, el("summary", {}, t("scorer.as_text")), el("p", { class: "small" }, t("scorer.as_text_note")), text)));
  drawAll();
}
