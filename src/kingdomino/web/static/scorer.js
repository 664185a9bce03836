// The scorer for table players: build a kingdom of a game played with the box, square by square
// (choose a brush, tap the squares), and read its score explained region by region, each region lit
// on the kingdom. The page only writes the kingdom as text (each game's text format, from
// /api/score/formats); the server's engine counts it (POST /api/score) and says what is wrong.
// A table's players each have a kingdom, a tab each (scorer-table.js), and the table of totals
// ranks them (scorer-totals.js). The brush and options are scorer-brush.js's, the grid
// scorer-grid.js's, its refusals' words scorer-words.js's.
import { el } from "./dom.js";
import { api } from "./server.js";
import { t, tTouch } from "./i18n.js";
import { sheetTable } from "./ending.js";
import { scorerErrorWords } from "./scorer-words.js";
import { format, freshBrush, kingdomText } from "./scorer-state.js";
import { drawTabs, keepTable, newGame, savedTable, startAgain } from "./scorer-table.js";
import { scoreTable } from "./scorer-totals.js";
import { drawOptions, drawPalette } from "./scorer-brush.js";
import { drawBoard } from "./scorer-grid.js";

/** @typedef {import("./scorer-state.js").Scorer} Scorer */
/** @typedef {import("./view-types.js").TextFormat} TextFormat */

/** The scorer's page, its table as this browser left it. @param {HTMLElement} main */
export async function showScorer(main) {
  document.title = `${t("scorer.title")} · ${t("app.name")}`;
  const formats = /** @type {Record<string, TextFormat>} */ (await api("/api/score/formats"));
  const table = savedTable();
  /** @type {Scorer} */
  const scorer = { table, kingdom: table.players[table.at], formats, brush: { letter: "", n: 0, marker: 0, resource: false, caveman: "" },
    asked: 0, refusedAfter: -1, tableAsked: 0,
    tabs: el("div", { class: "scorer-players", id: "scorer-players" }),
    // The winner is said where a screen reader hears it change (a status kept across answers).
    totals: el("section", { class: "card", id: "scorer-totals-card", hidden: true }, el("h2", { id: "scorer-totals-title" }, t("scorer.totals")),
      el("div", { id: "scorer-totals" }), el("p", { class: "scorer-winner", id: "scorer-winner", role: "status" }),
      el("div", { id: "scorer-ties" })),
    optionsBox: el("div", { class: "scorer-options", id: "scorer-options" }),
    board: el("div", { class: "scorer-board" }),
    palette: el("div", { class: "palette", id: "palette" }),
    total: el("p", { class: "scorer-total", id: "scorer-total", role: "status", "aria-live": "polite" }),
    error: el("p", { class: "error", id: "scorer-error", role: "alert" }),
    sheet: el("div", { id: "scorer-sheet" }),
    text: /** @type {HTMLTextAreaElement} */ (el("textarea", { id: "scorer-text", readonly: true, rows: 5, cols: 30,
      "aria-label": t("scorer.as_text") })),
    drawAll: () => {
      gameSelect.value = scorer.kingdom.game;
      drawTabs(scorer); drawOptions(scorer); drawPalette(scorer); drawBoard(scorer); score(scorer);
    },
    score: () => score(scorer) };
  scorer.brush = freshBrush(scorer);
  const gameSelect = /** @type {HTMLSelectElement} */ (el("select", { id: "scorer-game" },
    Object.keys(formats).map((id) => el("option", { value: id, selected: id === scorer.kingdom.game }, t(`game.${id}`)))));
  gameSelect.addEventListener("change", () => {
    newGame(scorer, gameSelect.value);
    scorer.brush = freshBrush(scorer);
    scorer.drawAll();
  });
  main.replaceChildren(
    el("section", { class: "card", id: "scorer" },
      el("h1", {}, t("scorer.title")),
      el("p", {}, t("scorer.intro")),
      el("div", { class: "controls" }, el("label", { for: "scorer-game" }, t("lobby.game")), " ", gameSelect, " ",
        el("button", { type: "button", id: "scorer-clear", onclick: () => startAgain(scorer) }, t("scorer.clear"))),
      scorer.optionsBox, scorer.tabs),
    el("div", { class: "scorer-table" },
      el("section", { class: "card", id: "scorer-kingdom", role: "tabpanel" }, el("p", { class: "small", id: "scorer-how" }, tTouch("scorer.how")),
        scorer.total, scorer.error, scorer.board),
      el("section", { class: "card" }, scorer.palette)),
    scorer.totals,
    el("section", { class: "card" }, el("h2", {}, t("scorer.explained")), scorer.sheet,
      el("details", {}, el("summary", {}, t("scorer.as_text")), el("p", { class: "small" }, t("scorer.as_text_note")), scorer.text)));
  scorer.drawAll();
}

/** Keep the table, write the kingdom as text and ask the server for its score: its sheet, or what
 * is wrong with it (only the answer to the last score asked is shown); and the table's totals.
 * @param {Scorer} scorer */
async function score(scorer) {
  const { kingdom, error, total, sheet } = scorer;
  keepTable(scorer);
  void scoreTable(scorer);
  const written = kingdomText(kingdom, format(scorer));
  scorer.text.value = written;
  const mine = ++scorer.asked;
  try {
    const options = kingdom.game === "origins" ? { ...kingdom.options, frame: kingdom.frame } : kingdom.options;
    const answer = /** @type {import("./view-types.js").ScoreSheet} */ (await api("/api/score", { method: "POST",
      body: { game: kingdom.game, options, text: written } }));
    if (mine !== scorer.asked) return;
    if (mine !== scorer.refusedAfter) error.textContent = "";
    total.textContent = t("scorer.total", { n: answer.total });
    // Every region, those worth 0 too, and the rule in the table's own words ("Points = Squares × Crowns").
    const multiplier = t(kingdom.game === "duel" ? "sheet.crosses" : kingdom.game === "origins" ? "sheet.fires" : "sheet.crowns");
    // The table scrolls in its card where its columns outgrow a phone (large text), not the page.
    sheet.replaceChildren(el("div", { class: "table-scroll" }, sheetTable({ game: kingdom.game, score_sheets: [answer] }, 0, true)),
      el("p", { class: "small", id: "scorer-rule" }, `${t("sheet.points")} = ${t("sheet.squares")} × ${multiplier}`));
  } catch (problem) {
    if (mine !== scorer.asked) return;
    error.textContent = scorerErrorWords(problem, kingdom.game);
    // The score of the kingdom before this square would be taken for this one's.
    total.textContent = t("scorer.total", { n: "–" });
    sheet.replaceChildren();
  }
}
