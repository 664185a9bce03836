// Kingdomino and Kingdomino Origins: kingdoms as SVG, the rows with claims, the placing controls.
import { el, svg, textColour, SEAT_COLOURS } from "./api.js";
import { currentDirection, rotateByKey, rotateControl, spotLayer, spotsByDirection } from "./placement.js";

const CELL = 34;

function halfBox(legend, half) {
  const info = legend[half.terrain] || { colour: "#ccc", name: half.terrain };
  const marks = [half.crowns ? "♛".repeat(half.crowns) : "", half.fires ? `${half.fires}✹` : "",
    half.craters ? `${half.craters}◉` : "", half.resource ? half.resource.slice(0, 4) : ""].filter(Boolean).join(" ");
  return el("span", { class: "half", style: `background:${info.colour};color:${textColour(info.colour)}`, title: `${info.name} ${marks}` },
    `${half.terrain}${marks ? " " + marks : ""}`);
}

function squareSvg(x, y, square, legend) {
  const castle = square.terrain === "C" || square.terrain === "H";
  const info = legend[square.terrain] || { colour: castle ? "#fafafa" : "#bbb", name: square.terrain };
  const parts = [svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 3, fill: info.colour, stroke: "#333", "stroke-width": castle ? 2 : 0.5 })];
  const ink = textColour(info.colour.length === 7 ? info.colour : "#bbbbbb");
  if (castle) parts.push(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 6, "text-anchor": "middle", "font-size": 18 }, square.terrain === "H" ? "⌂" : "♜"));
  const marks = [];
  if (square.crowns) marks.push("♛".repeat(square.crowns));
  if (square.fires) marks.push(`${square.fires}✹`);
  if (square.marker) marks.push(`+${square.marker}✹`);
  if (square.craters) marks.push(`${square.craters}◉`);
  if (marks.length) parts.push(svg("text", { x: x + 3, y: y + 12, "font-size": 10, fill: ink }, marks.join(" ")));
  if (square.resource) parts.push(svg("text", { x: x + 3, y: y + CELL - 4, "font-size": 9, fill: ink }, square.resource.slice(0, 4)));
  if (square.caveman) parts.push(svg("circle", { cx: x + CELL - 8, cy: y + CELL - 8, r: 6, fill: "#5d4037" }),
    svg("text", { x: x + CELL - 8, y: y + CELL - 5, "text-anchor": "middle", "font-size": 8, fill: "#fff" }, square.caveman[0].toUpperCase()));
  parts.push(svg("title", {}, `${square.row},${square.col} ${info.name || ""} ${marks.join(" ")} ${square.resource || ""} ${square.caveman || ""}`.trim()));
  return svg("g", { "data-square": `${square.row},${square.col}` }, parts);
}

export function render(container, view, ctx) {
  const obs = view.observation;
  const legend = obs.legend || {};
  const reach = obs.frame - 1;
  const side = 2 * reach + 1;
  const legal = ctx.legal;
  const spots = spotsByDirection(legal, "place");
  const dir = currentDirection(spots);
  const rerender = () => render(container, view, ctx);
  ctx.onKey = (key) => { if (key === "r") rotateByKey(spots, rerender); };
  const kingdoms = el("div", { class: "row" });
  obs.kingdoms.forEach((kingdom, seat) => {
    const cellAt = (r, c) => [(c + reach) * CELL, (r + reach) * CELL];
    const image = svg("svg", { viewBox: `0 0 ${side * CELL} ${side * CELL}`, role: "img", "aria-label": `Kingdom of seat ${seat}`, "data-seat": seat });
    image.append(svg("rect", { x: 0, y: 0, width: side * CELL, height: side * CELL, fill: "#efe9d9" }));
    const [rowLo, rowHi, colLo, colHi] = kingdom.bounds;
    for (let r = -reach; r <= reach; r++) for (let c = -reach; c <= reach; c++) {
      const reachable = Math.max(rowHi, r) - Math.min(rowLo, r) <= reach && Math.max(colHi, c) - Math.min(colLo, c) <= reach;
      const [x, y] = cellAt(r, c);
      image.append(svg("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, fill: reachable ? "#fffdf6" : "#d8d1bf", rx: 2 }));
    }
    for (const square of kingdom.squares) {
      const [x, y] = cellAt(square.row, square.col);
      image.append(squareSvg(x, y, square, legend));
    }
    if (seat === view.current_player && !ctx.replay) image.append(spotLayer(spots, dir, CELL, cellAt, ctx.play, "place"));
    const score = view.scores[seat];
    const name = view.seats[seat].name;
    const title = el("h3", { class: `seat${seat}` }, `${name}: ${score} points`,
      seat === view.current_player ? el("span", { class: "turn" }, " to play") : "",
      kingdom.discards ? el("span", { class: "small" }, ` (${kingdom.discards} discarded)`) : "");
    kingdoms.append(el("div", { class: "kingdom card", "data-seat": seat }, title, image));
  });

  const rows = el("div", { class: "row" });
  const owner = (entry) => (entry.king ?? entry.chief);
  for (const [label, entries, claimable] of [["Current row", obs.row, false], ["Next row", obs.next_row, true]]) {
    if (!entries || !entries.length) continue;
    rows.append(el("div", {}, el("h3", {}, label), el("div", { class: "dominoes" }, entries.map((entry, slot) => {
      const claim = `claim ${entry.domino}`;
      const canClaim = claimable && legal.includes(claim) && !ctx.replay;
      const who = owner(entry);
      const acting = !claimable && obs.acting_slot === slot && (obs.phase === "place" || obs.phase === "claim");
      return el(canClaim ? "button" : "span", {
        class: `domino${canClaim ? " claimable" : ""}`, "data-domino": entry.domino, style: acting ? "border-color:#ff9800" : "",
        onclick: canClaim ? () => ctx.play(claim) : undefined, "aria-label": canClaim ? claim : `domino ${entry.domino}` },
        el("span", { class: "num" }, entry.domino),
        (entry.halves || []).map((half) => halfBox(legend, half)),
        who !== null && who !== undefined ? el("span", { class: "marker", style: `background:${SEAT_COLOURS[who]}` }, `P${who + 1}`) : "");
    }))));
  }
  const info = el("p", { class: "small" }, `Round ${obs.round}/${obs.rounds} · ${obs.dominoes_left} dominoes left to draw`,
    obs.game_number ? ` · game ${obs.game_number}` : "",
    obs.fire_markers ? ` · fire markers left: ${Object.entries(obs.fire_markers).map(([f, n]) => `${n}×${f}✹`).join(" ")}` : "",
    obs.totems ? ` · totems: ${Object.entries(obs.totems).map(([r, h]) => `${r} ${h === null ? "-" : "P" + (h + 1)}`).join(", ")}` : "",
    obs.cave ? ` · cave: ${obs.cave.map((k) => k || "·").join(", ")} (${obs.stack_size} face down)` : "");
  const rotate = ctx.replay ? null : rotateControl(spots, rerender);
  const others = legal.filter((t) => !t.startsWith("place ") && !t.startsWith("claim ") || /^claim \d+\+\d+$/.test(t));
  const buttons = ctx.replay ? null : el("div", { class: "actions" }, others.map((t) => el("button", { type: "button", "data-action": t, onclick: () => ctx.play(t) }, t)));
  container.replaceChildren(info, rotate ? el("p", {}, rotate) : "", buttons || "", rows, kingdoms);
}
