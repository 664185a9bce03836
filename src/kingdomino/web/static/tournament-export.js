// A tournament's standings to keep: a CSV file (what a spreadsheet opens) of the table the page
// shows, for an organiser's club records, built in the page from the tournament already read.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./tournament.js").Tournament} Tournament */

/** A CSV cell, quoted when it holds a comma, a quote or a line break; a text a spreadsheet would
 * read as a formula (a name that starts with =, +, -, an at sign, a tab or a carriage return) after an
 * apostrophe, so that it shows as written and runs nothing. @param {string | number} value */
function cell(value) {
  const text = typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The standings as CSV, headed in the page's language; numbers as spreadsheets read them (a
 * dot before halves), a withdrawn player marked as on the page. @param {Tournament} found */
export function standingsCsv(found) {
  if (found.arena) return arenaStandingsCsv(found.arena, found.team_battle?.sides);
  const tables = found.table_size > 2;
  const keys = tables ? ["tournament.rank", "tournament.player", "tournament.points", "tournament.opponents", "tournament.kingdom_margin",
    "tournament.played"] : ["tournament.rank", "tournament.player", "tournament.points", "tournament.buchholz", "tournament.sonneborn",
    "tournament.kingdom", "tournament.played"];
  const rows = found.standings.map((line) => {
    const name = line.withdrew ? `${line.name} (${t("tournament.withdrew")})` : line.name;
    const tieBreaks = tables ? [line.opponents ?? 0, line.kingdom_margin ?? 0]
      : [line.buchholz ?? 0, line.sonneborn_berger ?? 0, line.kingdom_diff ?? 0];
    return [line.rank, name, line.points, ...tieBreaks, line.played];
  });
  return table([keys.map((key) => t(key)), ...rows]);
}

/** An arena's standings as CSV: its table's columns (each player's results in a row, the newest
 * last, as the page writes them), and the games played, which the page counts in the row; in a
 * team battle, each player's club after their name.
 * @param {NonNullable<Tournament["arena"]>} arena @param {Record<string, string>} [sides] */
function arenaStandingsCsv(arena, sides) {
  const club = sides ? ["team_battle.club"] : [];
  const keys = ["tournament.rank", "tournament.player", ...club, "tournament.points", "arena.sequence", "tournament.played"];
  const rows = arena.standings.map((line) => [line.rank, line.withdrew ? `${line.name} (${t("tournament.withdrew")})` : line.name,
    ...sides ? [sides[line.name] ?? ""] : [], line.points, line.sequence.join(" "), line.played]);
  return table([keys.map((key) => t(key)), ...rows]);
}

/** Rows of cells as a CSV file's text. @param {(string | number)[][]} rows */
function table(rows) {
  return rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** "Save the standings (CSV)": the file made when clicked, so it holds the standings of that
 * moment, named after the tournament. @param {Tournament} found */
export function standingsFileLink(found) {
  const link = /** @type {HTMLAnchorElement} */ (el("a", { href: "#", id: "standings-file", class: "button",
    download: `${found.name.replace(/[\\/:*?"<>|]+/g, "-")}.csv` }, t("tournament.save_standings")));
  link.addEventListener("click", () => {
    // A byte-order mark first: spreadsheets then read the names' accents and Cyrillic as UTF-8.
    const file = new Blob(["\ufeff", standingsCsv(found)], { type: "text/csv;charset=utf-8" });
    link.href = URL.createObjectURL(file);
    setTimeout(() => { URL.revokeObjectURL(link.href); }, 60_000);
  });
  return el("p", {}, link);
}
