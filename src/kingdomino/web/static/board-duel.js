// Kingdomino Duel: both maps, the dice, the spellbook; drawing by clicking, every other choice by buttons.
import { el, svg, textColour } from "./api.js";
import { currentDirection, rotateByKey, rotateControl, spotLayer, spotsByDirection } from "./placement.js";

const CELL = 36;
const ROWS = [-2, 2], COLS = [-3, 3];

function coatBox(legend, coat, crosses) {
  const info = legend[coat] || { colour: "#fff", letter: "?", name: "joker" };
  return el("span", { class: "half", style: `background:${info.colour};color:${textColour(info.colour)}`, title: `${info.name} ${crosses} crosses` },
    `${info.letter}${crosses ? " " + "✝".repeat(crosses) : ""}`);
}

export function render(container, view, ctx) {
  const obs = view.observation;
  const legend = obs.legend || {};
  const legal = ctx.legal;
  const spots = spotsByDirection(legal, "draw");
  const dir = currentDirection(spots);
  const rerender = () => render(container, view, ctx);
  ctx.onKey = (key) => { if (key === "r") rotateByKey(spots, rerender); };
  const dieSpots = {};
  for (const t of legal) { const m = t.match(/^die (\d) (-?\d+),(-?\d+)$/); if (m) (dieSpots[m[1]] ||= []).push([Number(m[2]), Number(m[3])]); }
  const crossSpots = legal.filter((t) => t.startsWith("cross ")).map((t) => t.slice(6).split(",").map(Number));
  const width = (COLS[1] - COLS[0] + 1) * CELL, height = (ROWS[1] - ROWS[0] + 1) * CELL;
  const cellAt = (r, c) => [(c - COLS[0]) * CELL, (r - ROWS[0]) * CELL];
  const maps = el("div", { class: "row" });
  obs.maps.forEach((map, seat) => {
    const image = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `Map of seat ${seat}`, "data-seat": seat });
    for (let r = ROWS[0]; r <= ROWS[1]; r++) for (let c = COLS[0]; c <= COLS[1]; c++) {
      const [x, y] = cellAt(r, c);
      image.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, fill: "#fffdf6", stroke: "#ccc", rx: 2 }));
      if (r === 0 && c === 0) image.append(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 7, "text-anchor": "middle", "font-size": 20 }, "♜"));
    }
    for (const square of map.squares) {
      const [x, y] = cellAt(square.row, square.col);
      const info = legend[square.coat] || { colour: "#fff", letter: "?", name: "?" };
      const ink = textColour(info.colour);
      image.append(svg("g", { "data-square": `${square.row},${square.col}` },
        svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 3, fill: info.colour, stroke: "#333", "stroke-width": 0.5 }),
        svg("text", { x: x + CELL / 2, y: y + 16, "text-anchor": "middle", "font-size": 13, "font-weight": "bold", fill: ink }, info.letter),
        square.crosses ? svg("text", { x: x + CELL / 2, y: y + CELL - 5, "text-anchor": "middle", "font-size": 10, fill: ink }, "✝".repeat(square.crosses)) : null,
        svg("title", {}, `${square.row},${square.col} ${info.name} ${square.crosses} crosses`)));
    }
    if (seat === view.current_player && !ctx.replay) {
      image.append(spotLayer(spots, dir, CELL, cellAt, ctx.play, "draw"));
      const pick = (text) => ctx.play(text);
      for (const [die, list] of Object.entries(dieSpots)) for (const [r, c] of list) {
        const [x, y] = cellAt(r, c);
        const text = `die ${die} ${r},${c}`;
        image.append(svg("g", { class: "legal", tabindex: 0, role: "button", "aria-label": text, "data-action": text, onclick: () => pick(text) },
          svg("rect", { class: "spot", x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 4 }),
          svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 4, "text-anchor": "middle", "font-size": 10 }, `d${die}`)));
      }
      for (const [r, c] of crossSpots) {
        const [x, y] = cellAt(r, c);
        const text = `cross ${r},${c}`;
        image.append(svg("g", { class: "legal", tabindex: 0, role: "button", "aria-label": text, "data-action": text, onclick: () => pick(text) },
          svg("rect", { class: "spot", x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 4 })));
      }
    }
    const role = obs.player_a === seat ? "A" : "B";
    maps.append(el("div", { class: "kingdom card", "data-seat": seat },
      el("h3", { class: `seat${seat}` }, `${view.seats[seat].name} (player ${role}): ${view.scores[seat]} points`,
        seat === view.current_player ? el("span", { class: "turn" }, " to play") : "",
        obs.castle_bonus_used[seat] ? el("span", { class: "small" }, " · castle bonus used") : ""), image));
  });
  const dice = el("div", { class: "dice" }, (obs.dice || []).map((die) => {
    const take = `take ${die.die}`;
    const can = legal.includes(take) && !ctx.replay;
    return el(can ? "button" : "div", { class: `die${can ? " takeable" : ""}`, "data-die": die.die, onclick: can ? () => ctx.play(take) : undefined },
      el("div", { class: "small" }, `die ${die.die}`), coatBox(legend, die.coat, die.crosses + (die.bonus ? 1 : 0)),
      el("div", { class: "small" }, die.holder === null ? (obs.taken_by_a.includes(die.die) ? `P${obs.player_a + 1}` : "free") : `P${die.holder + 1}`));
  }));
  const book = el("table", { class: "sheet" }, el("tr", {}, el("th", {}, "coat"), el("th", {}, "P1"), el("th", {}, "P2"), el("th", {}, "power")),
    obs.spellbook.map((line) => el("tr", {}, el("td", {}, coatBox(legend, line.coat, 0)),
      el("td", {}, `${line.filled[0]}/${line.length}`), el("td", {}, `${line.filled[1]}/${line.length}`),
      el("td", {}, line.power.replaceAll("_", " "), line.owner !== null ? ` — P${line.owner + 1}${line.used ? " (used)" : ""}` : ""))));
  const spatial = (t) => /^(draw|die|cross) /.test(t) || /^take \d$/.test(t);
  const buttons = ctx.replay ? "" : el("div", { class: "actions" }, legal.filter((t) => !spatial(t)).map((t) => el("button", { type: "button", "data-action": t, onclick: () => ctx.play(t) }, t)));
  const rotate = ctx.replay ? null : rotateControl(spots, rerender);
  container.replaceChildren(el("p", { class: "small" }, `Round ${obs.round} · player A: P${obs.player_a + 1} · phase ${obs.phase}`),
    rotate ? el("p", {}, rotate) : "", buttons, el("div", { class: "row" }, el("div", {}, el("h3", {}, "Dice"), dice), el("div", {}, el("h3", {}, "Spellbook"), book)), maps);
}
