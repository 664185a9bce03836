// The scorer's controls: the game's options that change a score, and the brush (a terrain or coat,
// its number, and Origins' fire marker, resource and caveman).
import { el } from "./dom.js";
import { language, t } from "./i18n.js";
import { cavemanPicture, coatSymbol, picture, terrainSymbol } from "./pictures.js";
import { capitalised, cavemanName, coatName, localName, resourceName } from "./words.js";
import { format, legend, lettered, tableLimit } from "./scorer-state.js";
import { playerName, sayWhy } from "./scorer-table.js";

/** @typedef {import("./scorer-state.js").Scorer} Scorer */

/** The options that change a score, as the game's controls. @param {Scorer} scorer */
export function drawOptions(scorer) {
  const { kingdom, drawAll } = scorer;
  const options = kingdom.options;
  /** @param {string} id @param {string} label */
  const flag = (id, label) => {
    const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: `score-${id}`, checked: Boolean(options[id]) }));
    box.addEventListener("change", () => {
      if (box.checked && tooMany(scorer, id)) { box.checked = false; return; }
      if (box.checked) options[id] = true; else delete options[id];
      if (id === "mighty_duel") kingdom.frame = box.checked ? 7 : 5;
      drawAll();
    });
    return el("label", {}, box, " ", label);
  };
  const parts = [];
  if (kingdom.game === "kingdomino") {
    parts.push(flag("middle_kingdom", t("option.middle_kingdom.long")), flag("harmony", t("option.harmony.long")),
      flag("mighty_duel", t("option.mighty_duel.long")));
  }
  if (kingdom.game === "origins") parts.push(...originsOptions(scorer), flag("fire_kingdom", t("option.fire_kingdom.long")),
    flag("homo_habilis", t("option.homo_habilis.long")));
  if (kingdom.game === "origins" && options.mode === "totem") parts.push(totemsHeld(scorer));
  if (kingdom.game === "duel") {
    const coat = /** @type {HTMLSelectElement} */ (el("select", { id: "score-domains" }, el("option", { value: "" }, t("scorer.nobody")),
      (format(scorer).coats || []).map((c) => el("option", { value: c.letter, selected: c.letter === kingdom.domains }, coatName(c.id)))));
    coat.addEventListener("change", () => { kingdom.domains = coat.value; drawAll(); });
    parts.push(el("label", {}, t("scorer.domains"), " ", coat));
  }
  scorer.optionsBox.replaceChildren(...parts);
}

/** Whether turning `option` on would leave more players at the table than it allows (the Mighty
 * Duel at three): if so, the players who must go first are named by the options.
 * @param {Scorer} scorer @param {string} option */
function tooMany(scorer, option) {
  const { table, kingdom, optionsBox } = scorer;
  const { most } = tableLimit(scorer, { ...kingdom.options, [option]: true });
  if (table.players.length <= most) return false;
  const names = new Intl.ListFormat(language(), { type: "conjunction" })
    .format(table.players.slice(most).map((_, i) => localName(playerName(table, most + i))));
  sayWhy(optionsBox, "score-option-why", t("scorer.option_remove_first", { option: t(`option.${option}`), most, names }));
  return true;
}

/** Origins' mode and frame. @param {Scorer} scorer */
function originsOptions(scorer) {
  const { kingdom, drawAll } = scorer;
  const options = kingdom.options;
  const mode = /** @type {HTMLSelectElement} */ (el("select", { id: "score-mode" },
    ["discovery", "totem", "tribe"].map((m) => el("option", { value: m, selected: m === options.mode }, t(`mode.${m}`)))));
  mode.addEventListener("change", () => { options.mode = mode.value; delete options.totems; drawAll(); });
  const frame = /** @type {HTMLSelectElement} */ (el("select", { id: "score-frame" },
    (format(scorer).frames || []).map((n) => el("option", { value: n, selected: n === kingdom.frame }, t("scorer.frame_n", { n })))));
  frame.addEventListener("change", () => { kingdom.frame = Number(frame.value); drawAll(); });
  return [el("label", {}, t("lobby.mode"), " ", mode), el("label", {}, t("scorer.frame"), " ", frame)];
}

/** The totems the kingdom holds (Origins' Totem mode). @param {Scorer} scorer */
function totemsHeld(scorer) {
  const options = scorer.kingdom.options;
  const held = new Set(String(options.totems || "").split(",").filter(Boolean));
  return el("fieldset", { class: "totems-held" }, el("legend", {}, t("scorer.totems")), (format(scorer).resources || []).map((r) => {
    const box = /** @type {HTMLInputElement} */ (el("input", { type: "checkbox", id: `totem-${r.id}`, checked: held.has(r.id) }));
    box.addEventListener("change", () => {
      if (box.checked) held.add(r.id); else held.delete(r.id);
      options.totems = [...held].join(",");
      if (!options.totems) delete options.totems;
      scorer.drawAll();
    });
    return el("label", {}, box, " ", picture(`r-${r.id}`, 22), " ", resourceName(r.id));
  }));
}

/** The brush: a terrain (coat of arms) or an empty square, its number, and Origins' extras. @param {Scorer} scorer */
export function drawPalette(scorer) {
  const { kingdom } = scorer;
  const f = format(scorer);
  const choice = brushChoice(scorer);
  const kinds = kingdom.game === "duel"
    ? (f.coats || []).map((c) => choice(c.letter, scorer.brush.letter === c.letter, () => { scorer.brush.letter = c.letter; },
      picture(coatSymbol(c.id), 28), " ", capitalised(coatName(c.id))))
    : (f.terrains || []).map((x) => choice(x.letter, scorer.brush.letter === x.letter, () => {
      const brush = scorer.brush;
      const n = nearestNumber(x.numbers, brush.n);
      scorer.brush = x.volcano ? { ...brush, letter: x.letter, n, marker: 0, resource: false, caveman: "" }
        : { ...brush, letter: x.letter, n, resource: brush.resource && !n };
    }, picture(terrainSymbol(legend(scorer), x.letter), 28), " ", capitalised(t(`terrain.${x.id}`))));
  const rows = [el("div", { class: "brush-row", role: "group", "aria-label": t("scorer.brush") }, ...kinds,
    choice("empty", scorer.brush.letter === "", () => { scorer.brush.letter = ""; }, "✕ ", t("scorer.empty")))];
  if (scorer.brush.letter) rows.push(...brushExtras(scorer));
  scorer.palette.replaceChildren(el("h2", {}, t("scorer.brush")), ...rows);
}

/** A button of the palette, pressed while chosen, that picks what it lays and draws the palette again.
 * @param {Scorer} scorer */
function brushChoice(scorer) {
  /** @param {string} id @param {boolean} on @param {() => void} pick @param {import("./dom.js").Children[]} children */
  return (id, on, pick, ...children) => el("button", { type: "button", class: `brush${on ? " on" : ""}`, "data-brush": id, "aria-pressed": String(on),
    onclick: () => { pick(); drawPalette(scorer); } }, ...children);
}

/** The number of `numbers` nearest `n` (the lower of two as near): the brush's number kept as far as
 * the new terrain allows. @param {number[]} numbers @param {number} n */
function nearestNumber(numbers, n) {
  return numbers.reduce((best, x) => (Math.abs(x - n) < Math.abs(best - n) ? x : best), numbers[0]);
}

/** The brush's number (crowns, fires, craters, crosses), and in Origins its fire marker, resource
 * and caveman, as the terrain and mode allow (a volcano: a caveman only). @param {Scorer} scorer */
function brushExtras(scorer) {
  const { kingdom, brush } = scorer;
  const f = format(scorer);
  const choice = brushChoice(scorer);
  const terrain = lettered(f.terrains, brush.letter);
  const volcano = Boolean(terrain && terrain.volcano);
  // A terrain's numbers are those its squares in the box have: no brush lays a square the box lacks.
  const numbers = terrain ? terrain.numbers : Array.from({ length: f.max + 1 }, (_, i) => i);
  const label = kingdom.game === "duel" ? "scorer.crosses" : kingdom.game === "origins" ? (volcano ? "scorer.craters" : "scorer.fires")
    : "scorer.crowns";
  const rows = [el("div", { class: "brush-row", role: "group", "aria-label": t(label) }, el("span", { class: "brush-label" }, t(label)),
    ...numbers.map((n) => choice(`n${n}`, brush.n === n, () => {
      brush.n = n;
      // A resource lies on its symbol, which the box prints only on squares without fire.
      if (brush.n && !volcano) { brush.marker = 0; brush.caveman = ""; brush.resource = false; }
    }, String(n))))];
  if (kingdom.game !== "origins") return rows;
  if (!volcano) rows.push(el("div", { class: "brush-row", role: "group", "aria-label": t("scorer.marker") },
    el("span", { class: "brush-label" }, t("scorer.marker")),
    ...Array.from({ length: (f.markers ?? 0) + 1 }, (_, k) => choice(`marker${k}`, brush.marker === k, () => {
      brush.marker = k;
      if (k) { brush.n = 0; brush.resource = false; brush.caveman = ""; }
    }, k ? String(k) : t("scorer.none")))));
  const resource = terrain && terrain.resource ? lettered(f.resources, terrain.resource) : null;
  if (resource && !volcano && kingdom.options.mode !== "discovery") {
    rows.push(el("div", { class: "brush-row" }, choice("resource", brush.resource, () => {
      brush.resource = !brush.resource;
      if (brush.resource) { brush.n = 0; brush.marker = 0; brush.caveman = ""; }
    }, picture(`r-${resource.id}`, 24), " ", t("scorer.resource", { resource: resourceName(resource.id) }))));
  }
  if (kingdom.options.mode === "tribe") {
    rows.push(el("div", { class: "brush-row", role: "group", "aria-label": t("scorer.caveman") },
      el("span", { class: "brush-label" }, t("scorer.caveman")),
      choice("caveman-none", !brush.caveman, () => { brush.caveman = ""; }, t("scorer.none")),
      ...(f.cavemen || []).map((c) => choice(`caveman-${c.code}`, brush.caveman === c.code, () => {
        // A volcano keeps its craters: a caveman may stand on it (it has no printed fire).
        brush.caveman = c.code; brush.n = volcano ? brush.n : 0; brush.marker = 0; brush.resource = false;
      }, cavemanPicture(c.id, 26), " ", cavemanName(c.id)))));
  }
  return rows;
}
