// The scorer's table: every player's kingdom, kept in this browser, a tab each (switching keeps
// each as laid), the player's name, a player added or taken away, and "Start again". The game,
// frame and options are the table's, the same in every kingdom but the totems each holds.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { format, tableLimit } from "./scorer-state.js";

/** @typedef {import("./scorer-state.js").Scorer} Scorer */
/** @typedef {import("./scorer-state.js").Kingdom} Kingdom */
/** @typedef {import("./scorer-state.js").Table} Table */

const KEY = "kingdomino.scorer";

/** An empty kingdom of `game`, as the scorer opens it. @param {string} game @returns {Kingdom} */
export function emptyKingdom(game) {
  return { game, frame: 5, options: game === "origins" ? { mode: "discovery" } : {}, domains: "", squares: {}, name: "" };
}

/** The table as this browser left it; a kingdom kept alone (before tables) is its first player's.
 * @returns {Table} */
export function savedTable() {
  try {
    const found = JSON.parse(localStorage.getItem(KEY) || "null");
    const players = found && Array.isArray(found.players) ? found.players : found && typeof found.squares === "object" ? [found] : [];
    if (players.length && players.every((/** @type {unknown} */ k) => k && typeof k === "object" && "squares" in k)) {
      return { players, at: Math.min(Math.max(0, Number(found.at) || 0), players.length - 1) };
    }
  } catch { /* a damaged entry starts afresh */ }
  return { players: [emptyKingdom("kingdomino")], at: 0 };
}

/** Keep the table in this browser, every kingdom sharing the shown one's game, frame and options
 * (the totems aside: each kingdom holds its own, in Totem mode only). @param {Scorer} scorer */
export function keepTable(scorer) {
  const { table, kingdom } = scorer;
  const shared = sharedOptions(kingdom);
  for (const other of table.players) {
    if (other === kingdom) continue;
    const held = other.options.totems;
    other.game = kingdom.game; other.frame = kingdom.frame;
    other.options = { ...shared };
    if (held && shared.mode === "totem") other.options.totems = held;
  }
  localStorage.setItem(KEY, JSON.stringify(table));
}

/** A kingdom's options that are the table's: all but the totems it holds. @param {Kingdom} kingdom */
function sharedOptions(kingdom) {
  const shared = { ...kingdom.options };
  delete shared.totems;
  return shared;
}

/** A player's name at the table: the one typed in, else "Player 2". @param {Table} table @param {number} i */
export function playerName(table, i) {
  return (table.players[i].name || "").trim() || t("player_n", { n: i + 1 });
}

/** The players' tabs, the shown player's name and the buttons that add and take away a player (as
 * many as the game and its options take: Duel two, the Mighty Duel two, the others four). @param {Scorer} scorer */
export function drawTabs(scorer) {
  const { table } = scorer;
  const { most, option } = tableLimit(scorer);
  const tabs = table.players.map((_, i) => el("button", { type: "button", role: "tab", class: "player-tab", id: `player-tab-${i}`,
    "aria-controls": "scorer-kingdom", "aria-selected": String(i === table.at), tabindex: i === table.at ? 0 : -1,
    onclick: () => show(scorer, i, false),
    onkeydown: (/** @type {KeyboardEvent} */ e) => {
      const count = table.players.length;
      const to = { ArrowRight: (i + 1) % count, ArrowLeft: (i - 1 + count) % count, Home: 0, End: count - 1 }[e.key];
      if (to !== undefined) { e.preventDefault(); show(scorer, to, true); }
    } }, playerName(table, i)));
  const name = /** @type {HTMLInputElement} */ (el("input", { id: "player-name", maxlength: 40, autocomplete: "off",
    value: scorer.kingdom.name || "", placeholder: t("player_n", { n: table.at + 1 }) }));
  name.addEventListener("input", () => {
    scorer.kingdom.name = name.value;
    tabs[table.at].textContent = playerName(table, table.at);
    keepTable(scorer);
  });
  name.addEventListener("change", () => scorer.score());
  // The card of the grid is the shown player's kingdom, named by their tab for a screen reader.
  scorer.board.parentElement?.setAttribute("aria-labelledby", `player-tab-${table.at}`);
  scorer.tabs.replaceChildren(
    el("div", { class: "player-tabs" }, el("div", { class: "player-tablist", role: "tablist", "aria-label": t("scorer.players") }, tabs),
      addButton(scorer, most, option)),
    el("div", { class: "player-name" }, el("label", { for: "player-name" }, t("scorer.name")), " ", name, " ",
      table.players.length > 1
        ? el("button", { type: "button", id: "player-remove", onclick: () => removePlayer(scorer) }, t("scorer.remove_player")) : ""),
    table.players.length === 1 ? el("p", { class: "small", id: "scorer-table-hint" }, t("scorer.table_hint")) : "");
}

/** "+ Add a player" while the table takes one more; at the most an option allows (the Mighty Duel's
 * two), greyed, its title saying why (kept focusable, so a keyboard hears it); at the game's own
 * most, gone; pressed there, it says why (a phone shows no title). @param {Scorer} scorer @param {number} most @param {string | null} option */
function addButton(scorer, most, option) {
  const room = scorer.table.players.length < most;
  if (!room && !option) return "";
  const why = room ? null : t("scorer.add_player_most", { option: t(`option.${option}`), most });
  return el("button", { type: "button", id: "player-add", "aria-disabled": String(!room), title: why,
    onclick: () => { if (why) sayWhy(scorer.tabs, "player-add-why", why); else addPlayer(scorer); } }, `+ ${t("scorer.add_player")}`);
}

/** Say why a control refused, in a note of `box` under it (`id`), said by a screen reader too.
 * @param {HTMLElement} box @param {string} id @param {string} words */
export function sayWhy(box, id, words) {
  const note = box.querySelector(`#${id}`) || box.appendChild(el("p", { class: "small error", id, role: "alert" }));
  note.textContent = words;
}

/** A table of Origins plays on the frame its player count needs (two players 7x7, more 5x5): it
 * is chosen for them as players are added or taken away, where the server would refuse the other.
 * A kingdom alone keeps the frame chosen. @param {Scorer} scorer */
function frameForCount(scorer) {
  const { players } = scorer.table;
  const needed = (format(scorer).frame_for || {})[String(players.length)];
  if (needed && players.length > 1) for (const kingdom of players) kingdom.frame = needed;
}

/** Show player `i`'s kingdom (the keyboard's focus kept on its tab). @param {Scorer} scorer @param {number} i @param {boolean} focus */
function show(scorer, i, focus) {
  scorer.table.at = i;
  scorer.kingdom = scorer.table.players[i];
  scorer.drawAll();
  if (focus) /** @type {HTMLElement | null} */ (scorer.tabs.querySelector(`#player-tab-${i}`))?.focus();
}

/** A player more at the table, their kingdom empty and shown. @param {Scorer} scorer */
function addPlayer(scorer) {
  const { table, kingdom } = scorer;
  table.players.push({ ...emptyKingdom(kingdom.game), frame: kingdom.frame, options: sharedOptions(kingdom) });
  frameForCount(scorer);
  show(scorer, table.players.length - 1, false);
}

/** Take the shown player away from the table (asked first when their kingdom has squares). @param {Scorer} scorer */
function removePlayer(scorer) {
  const { table } = scorer;
  const laid = Object.keys(scorer.kingdom.squares).length > 0;
  if (laid && !confirm(t("scorer.remove_confirm", { name: playerName(table, table.at) }))) return;
  table.players.splice(table.at, 1);
  frameForCount(scorer);
  show(scorer, Math.min(table.at, table.players.length - 1), false);
}

/** A new game at the table: every kingdom emptied, the names kept, as many players as the game
 * takes at most. @param {Scorer} scorer @param {string} game */
export function newGame(scorer, game) {
  const { table } = scorer;
  const most = Math.max(1, ...(scorer.formats[game].players || []));
  table.players = table.players.slice(0, most).map((k) => ({ ...emptyKingdom(game), name: k.name || "" }));
  table.at = Math.min(table.at, table.players.length - 1);
  scorer.kingdom = table.players[table.at];
  frameForCount(scorer);
}

/** "Start again": the whole table cleared, one empty kingdom of the game and options left, after
 * asking when anything laid or named would be lost. @param {Scorer} scorer */
export function startAgain(scorer) {
  const { table, kingdom } = scorer;
  const something = table.players.length > 1 || table.players.some((k) => Object.keys(k.squares).length || (k.name || "").trim());
  if (something && !confirm(t(table.players.length > 1 ? "scorer.clear_table_confirm" : "scorer.clear_confirm"))) return;
  table.players = [{ ...emptyKingdom(kingdom.game), frame: kingdom.frame, options: sharedOptions(kingdom) }];
  table.at = 0;
  scorer.kingdom = table.players[0];
  scorer.drawAll();
}
