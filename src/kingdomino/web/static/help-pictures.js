// Pictures beside the rules: real components of each game (dominoes, dice, the spellbook, fire
// tokens, cavemen), drawn with the boards' own picture code, each with words for screen readers.
import { el, svg } from "./dom.js";
import { t } from "./i18n.js";
import { squareGroup } from "./board-square.js";
import { coatSquare } from "./duel-dice.js";
import { caveman, coatSymbol, icons, picture, powerPicture, use } from "./pictures.js";
import { coatName, halfWords, terrainName } from "./words.js";

/** @typedef {import("./view-types.js").DominoSquare} DominoSquare */
/** @typedef {import("./words.js").SquareContext} SquareContext */

/** The components pictured, copied from the game data (src/kingdomino/games/data/*.json, in its
 * shapes); tests/web/test_help_pictures.py checks that they are the real ones.
 * @type {{kingdomino: {dominoes: Record<string, [string, number][]>},
 *   duel: {dice: [string, number][][], spellbook: {coat: string, length: number, power: string}[]},
 *   origins: {dominoes: Record<string, [string, number, string | null, number][]>, fire_markers: number[],
 *     cavemen: string[], resources: string[]}}} */
export const COMPONENTS = /* components */ {
  "kingdomino": {
    "dominoes": {
      "1": [["wheat", 0], ["wheat", 0]],
      "19": [["wheat", 1], ["forest", 0]],
      "24": [["forest", 1], ["wheat", 0]],
      "33": [["lake", 1], ["forest", 0]],
      "41": [["wheat", 0], ["grassland", 2]],
      "48": [["wheat", 0], ["mine", 3]]
    }
  },
  "duel": {
    "dice": [
      [["question_mark", 0], ["dot", 0], ["double_stripe", 1], ["stripe", 0], ["double_dot", 1], ["dot", 0]],
      [["quarters", 0], ["stripe", 0], ["double_dot", 1], ["double_stripe", 1], ["dot", 0], ["all_black", 0]],
      [["double_dot", 0], ["stripe", 0], ["all_black", 2], ["quarters", 2], ["dot", 0], ["double_stripe", 0]],
      [["double_stripe", 0], ["stripe", 1], ["question_mark", 0], ["stripe", 0], ["dot", 1], ["double_dot", 0]]
    ],
    "spellbook": [
      {"coat": "dot", "length": 5, "power": "ignore_connection_rules"},
      {"coat": "stripe", "length": 5, "power": "split_domino"},
      {"coat": "double_dot", "length": 4, "power": "take_two_dice_as_player_A"},
      {"coat": "double_stripe", "length": 4, "power": "turn_die_to_any_face"},
      {"coat": "all_black", "length": 3, "power": "plus3_per_domain_of_chosen_coat"},
      {"coat": "quarters", "length": 3, "power": "add_one_cross"}
    ]
  },
  "origins": {
    "dominoes": {
      "33": [["grassland", 1, null, 0], ["forest_jungle", 0, "mushroom", 0]],
      "48": [["quarry", 0, "flint", 0], ["volcano", 0, null, 3]]
    },
    "fire_markers": [1, 2, 3],
    "cavemen": ["hunter", "gatherer", "fire_woman", "shaman", "warrior2"],
    "resources": ["mammoth", "fish", "mushroom", "flint"]
  }
} /* end of components */;

const CELL = 40;

/** Each square a placed domino covers: the domino's number and where its two halves lie [row, col].
 * @typedef {[string, [number, number], [number, number]]} Placed */

/** Kingdomino's connection: domino 1 touches the castle, domino 19 touches wheat with its wheat. @type {Placed[]} */
const CONNECTED = [["1", [0, 1], [0, 2]], ["19", [1, 2], [1, 1]]];
/** A small kingdom of real dominoes to score, the castle at row 1, column 0. @type {Placed[]} */
const SCORED = [["1", [0, 0], [0, 1]], ["19", [0, 2], [0, 3]], ["24", [1, 3], [1, 2]], ["33", [1, 1], [2, 1]], ["41", [2, 2], [2, 3]]];

/** A Kingdomino half as the boards draw it. @param {[string, number]} half @returns {DominoSquare} */
function kingdominoHalf([terrain, crowns]) {
  return { terrain, crowns };
}

/** An Origins half (terrain, printed fires, resource, craters) as the boards draw it.
 * @param {[string, number, string | null, number]} half @returns {DominoSquare} */
function originsHalf([terrain, fires, resource, craters]) {
  return { terrain, fires, resource, craters };
}

/** What the board code needs to draw squares named by their terrain ids. @param {string | undefined} mode @returns {SquareContext} */
function context(mode) {
  const ids = ["wheat", "forest", "lake", "grassland", "swamp", "mine", "forest_jungle", "quarry", "desert", "volcano"];
  return { legend: Object.fromEntries(ids.map((id) => [id, { id }])), options: mode ? { mode } : {} };
}

/** A picture and its caption. @param {string} kind @param {Element} image @param {...(string | Node)} caption */
function figure(kind, image, ...caption) {
  return el("figure", { class: `help-pic help-pic-${kind}` }, image, caption.length ? el("figcaption", {}, ...caption) : "");
}

/** An SVG image named for screen readers. @param {number} width @param {number} height @param {string} label @param {...SVGElement} parts */
function image(width, height, label, ...parts) {
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": label, class: "help-svg" }, ...parts);
}

/** A domino (two halves side by side) in words, "Domino 48 (wheat field | mine, 3 × crown)".
 * @param {SquareContext} obs @param {string} number @param {DominoSquare[]} halves */
function dominoLabel(obs, number, halves) {
  return `${t("domino_n", { n: number })} (${halves.map((h) => halfWords(obs, h)).join(" | ")})`;
}

/** A domino as a picture. @param {SquareContext} obs @param {string} number @param {DominoSquare[]} halves */
function dominoFigure(obs, number, halves) {
  const label = dominoLabel(obs, number, halves);
  return figure("domino", image(2 * CELL + 2, CELL, label, ...halves.map((h, i) => squareGroup(obs, h, i * (CELL + 2), 0, CELL))),
    t("domino_n", { n: number }));
}

/** The squares of Kingdomino dominoes placed around a castle at `castle`, by "row,col".
 * @param {Placed[]} placed @param {[number, number]} castle */
function kingdomSquares(placed, castle) {
  /** @type {Map<string, DominoSquare>} */
  const squares = new Map([[castle.join(","), { terrain: "C" }]]);
  const dominoes = COMPONENTS.kingdomino.dominoes;
  for (const [number, first, second] of placed) {
    const [a, b] = dominoes[number];
    squares.set(first.join(","), kingdominoHalf(a));
    squares.set(second.join(","), kingdominoHalf(b));
  }
  return squares;
}

/** A kingdom's squares as an SVG. @param {Map<string, DominoSquare>} squares @param {string} label */
function kingdomImage(squares, label) {
  const cells = [...squares.keys()].map((key) => key.split(",").map(Number));
  const rows = Math.max(...cells.map(([r]) => r)) + 1, cols = Math.max(...cells.map(([, c]) => c)) + 1;
  const obs = context(undefined);
  const grid = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const square = squares.get(`${r},${c}`);
      grid.push(square ? squareGroup(obs, square, c * CELL, r * CELL, CELL - 1, 0)
        : svg("rect", { x: c * CELL, y: r * CELL, width: CELL - 1, height: CELL - 1, fill: "#f4efe2", stroke: "#d8ccb0" }));
    }
  }
  return image(cols * CELL, rows * CELL, label, ...grid);
}

/** Each territory of a kingdom (squares of one terrain joined by their sides): terrain, squares, crowns.
 * @param {Map<string, DominoSquare>} squares */
function territories(squares) {
  const seen = new Set();
  const found = [];
  for (const [start, square] of squares) {
    if (square.terrain === "C" || seen.has(start)) continue;
    let count = 0, crowns = 0;
    const todo = [start];
    seen.add(start);
    while (todo.length) {
      const key = /** @type {string} */ (todo.pop());
      const here = /** @type {DominoSquare} */ (squares.get(key));
      count += 1;
      crowns += here.crowns || 0;
      const [r, c] = key.split(",").map(Number);
      for (const next of [`${r - 1},${c}`, `${r + 1},${c}`, `${r},${c - 1}`, `${r},${c + 1}`]) {
        const there = squares.get(next);
        if (there && there.terrain === square.terrain && !seen.has(next)) { seen.add(next); todo.push(next); }
      }
    }
    found.push({ terrain: square.terrain, count, crowns, points: count * crowns });
  }
  return found;
}

/** Kingdomino: the lowest and the highest domino, a connection, and a small kingdom scored. @returns {Record<string, Element[]>} */
function kingdominoPictures() {
  const obs = context(undefined);
  const dominoes = COMPONENTS.kingdomino.dominoes;
  const connected = kingdomSquares(CONNECTED, [0, 0]);
  const scored = kingdomSquares(SCORED, [1, 0]);
  const lines = territories(scored);
  const total = lines.reduce((sum, line) => sum + line.points, 0);
  const regions = lines.map((line) => t("help.pic.region",
    { terrain: terrainName(obs, line.terrain), squares: line.count, crowns: line.crowns, points: line.points }));
  return {
    "help.kingdomino.setup": ["1", "48"].map((n) => dominoFigure(obs, n, dominoes[n].map(kingdominoHalf))),
    "help.kingdomino.place": [figure("kingdom", kingdomImage(connected, t("help.pic.connect", { a: 1, b: 19, terrain: terrainName(obs, "wheat") })),
      t("help.pic.connect", { a: 1, b: 19, terrain: terrainName(obs, "wheat") }))],
    "help.kingdomino.score": [figure("kingdom", kingdomImage(scored, `${t("help.pic.kingdom", { total })}: ${regions.join("; ")}`),
      el("strong", {}, t("help.pic.formula")), el("ul", {}, regions.map((words) => el("li", {}, words))),
      el("strong", {}, t("help.pic.kingdom", { total })))],
  };
}

/** Duel: the four dice with their faces, and the spellbook's lines. @returns {Record<string, Element[]>} */
function duelPictures() {
  const size = 30;
  const dice = COMPONENTS.duel.dice;
  const faces = dice.flatMap((die, row) => die.map(([coat, crosses], col) => coatSquare(coat, crosses, col * (size + 4), row * (size + 6), size)));
  const book = COMPONENTS.duel.spellbook;
  const lines = book.flatMap((line, row) => {
    const y = row * (size + 6);
    const boxes = Array.from({ length: line.length }, (_, i) => svg("rect",
      { x: size + 8 + i * 18, y: y + 8, width: 14, height: 14, rx: 2, fill: "#fffdf6", stroke: "#1d1d1d" }));
    const power = powerPicture(line.power, size);
    power.setAttribute("x", String(size + 8 + 5 * 18 + 6));
    power.setAttribute("y", String(y));
    return [use(coatSymbol(line.coat), 0, y, size), ...boxes, power];
  });
  const bookLines = book.map((line) => `${coatName(line.coat)} ${line.length} → ${t(`power.${line.power}`)}`);
  const bookLabel = `${t("help.pic.spellbook")}: ${bookLines.join("; ")}`;
  return {
    "help.duel.turn": [figure("dice", image(6 * (size + 4), 4 * (size + 6), t("help.pic.dice"), ...faces), t("help.pic.dice"))],
    "help.duel.powers": [figure("spellbook", image(size + 8 + 5 * 18 + 6 + size, 6 * (size + 6), bookLabel, ...lines), t("help.pic.spellbook"))],
  };
}

/** Origins: a volcano's domino and the fire tokens, a domino with a printed fire, and per mode
 * its resources or cavemen. @param {string | undefined} mode @returns {Record<string, Element[]>} */
function originsPictures(mode) {
  const obs = context(mode);
  const dominoes = COMPONENTS.origins.dominoes;
  const markers = COMPONENTS.origins.fire_markers;
  const tokens = markers.map((fires, i) => svg("g", {}, use("marker", i * 44, 0, 40),
    icons("fire", fires, i * 44 + 20 - fires * 6.5 / 2 - 2, 13, 14 * 0.95)));
  const tokensLabel = t("help.pic.fire_markers", { list: markers.join(", ") });
  /** @type {Record<string, Element[]>} */
  const pictures = {
    "help.origins.place": [dominoFigure(obs, "48", dominoes["48"].map(originsHalf)),
      figure("fire", image(markers.length * 44, 40, tokensLabel, ...tokens), tokensLabel)],
    "help.origins.score": [dominoFigure(obs, "33", dominoes["33"].map(originsHalf))],
  };
  if (mode === "totem") {
    pictures["help.origins.totem"] = COMPONENTS.origins.resources.map((id) => figure("resource", picture(`r-${id}`, 36, t(`resource.${id}`)),
      t(`resource.${id}`)));
  }
  if (mode === "tribe") {
    pictures["help.origins.tribe"] = COMPONENTS.origins.cavemen.map((kind) => figure("caveman",
      image(40, 40, t(`caveman.${kind}`), caveman(kind, 0, 0, 40)), t(`caveman.${kind}`)));
  }
  return pictures;
}

/** The pictures of a game's rules (in Origins, of its mode), by the key of the section they illustrate.
 * @param {string} game @param {string | undefined} mode @returns {Record<string, Element[]>} */
export function helpPictures(game, mode) {
  if (game === "kingdomino") return kingdominoPictures();
  if (game === "duel") return duelPictures();
  if (game === "origins") return originsPictures(mode);
  return {};
}
