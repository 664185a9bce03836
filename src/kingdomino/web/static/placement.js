// Choosing where a domino goes: legal spots for the current direction, a rotate control.
import { el, svg } from "./api.js";

export const DIRS = ["E", "S", "W", "N"];
export const STEP = { E: [0, 1], S: [1, 0], W: [0, -1], N: [-1, 0] };

// Group "VERB R,C D" texts by direction: { E: [[r, c], ...], ... }.
export function spotsByDirection(legal, verb) {
  const pattern = new RegExp(`^${verb} (-?\\d+),(-?\\d+) ([ESWN])$`);
  const found = {};
  for (const text of legal) {
    const m = text.match(pattern);
    if (m) (found[m[3]] ||= []).push([Number(m[1]), Number(m[2])]);
  }
  return found;
}

const chosen = { dir: "E" };

export function currentDirection(spots) {
  const available = DIRS.filter((d) => spots[d]);
  if (!available.includes(chosen.dir)) chosen.dir = available[0] || "E";
  return chosen.dir;
}

export function rotateControl(spots, onChange) {
  const available = DIRS.filter((d) => spots[d]);
  if (!available.length) return null;
  const dir = currentDirection(spots);
  const names = { E: "→ east", S: "↓ south", W: "← west", N: "↑ north" };
  const rotate = () => { chosen.dir = available[(available.indexOf(chosen.dir) + 1) % available.length]; onChange(); };
  return el("span", {}, el("button", { id: "rotate", type: "button", onclick: rotate, title: "Rotate (R)" }, "⟳ Rotate"),
    ` second half ${names[dir]} · ${available.length} directions possible`);
}

export function rotateByKey(spots, onChange) {
  const available = DIRS.filter((d) => spots[d]);
  if (available.length) { chosen.dir = available[(available.indexOf(chosen.dir) + 1) % available.length]; onChange(); }
}

// Clickable highlights on an SVG grid: cellAt(r, c) -> [x, y] of the square's corner.
export function spotLayer(spots, dir, size, cellAt, onPick, verb) {
  const group = svg("g", {});
  for (const [r, c] of spots[dir] || []) {
    const [x, y] = cellAt(r, c);
    const [dr, dc] = STEP[dir];
    const [x2, y2] = cellAt(r + dr, c + dc);
    const text = `${verb} ${r},${c} ${dir}`;
    const spot = svg("g", { class: "legal", tabindex: 0, role: "button", "aria-label": text, "data-action": text,
      onclick: () => onPick(text), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(text); } } },
      svg("rect", { class: "spot", x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 4 }),
      svg("rect", { x: x2 + 6, y: y2 + 6, width: size - 12, height: size - 12, rx: 4, fill: "none", stroke: "#f57f17", "stroke-dasharray": "3 2" }),
      svg("title", {}, text));
    group.append(spot);
  }
  return group;
}
