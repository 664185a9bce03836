// The middle of a Kingdomino or Origins table: the info line (round, dominoes left), the yes/no
// buttons, and the current and next rows with their kings (chiefs) and the dominoes to claim.
import { el, svg } from "./dom.js";
import { t } from "./i18n.js";
import { seatPiece } from "./pictures.js";
import { whyNot } from "./placement.js";
import { actionWords, halfWords, localName } from "./words.js";
import { moveWords } from "./move-gains.js";
import { markLanded } from "./landing-animation.js";
import { squareGroup } from "./board-square.js";

/** @typedef {import("./view-types.js").DominoObservation} DominoObservation */
/** @typedef {import("./view-types.js").RowEntry} RowEntry */
/** @typedef {import("./board-kingdoms.js").KingdomsView} KingdomsView */
/** @typedef {import("./board-kingdoms.js").Ctx} Ctx */

/** A domino of a row, as a small picture; its king (chief) lands when `landed` says it is new.
 * @param {DominoObservation} obs @param {RowEntry} entry @param {Ctx} ctx */
function dominoPicture(obs, entry, ctx) {
  const image = svg("svg", { viewBox: "0 0 84 40", width: 84, height: 40, class: "domino-pic", "aria-hidden": "true" });
  (entry.halves || []).forEach((half, i) => image.append(squareGroup(obs, half, i * 42 + 1, 0, 40)));
  const owner = entry.king ?? entry.chief;
  if (owner !== null && owner !== undefined) {
    image.append(markLanded(seatPiece(owner, 42, 20, 12), ctx.landed, pieceKey(entry.domino, owner)));
  }
  return image;
}

/** Whose king (chief) stands on a domino, in a word under it: the colour of a small piece alone was
 * hard to read. "You" for the seat played on this page, else the name without an AI's level.
 * @param {KingdomsView} view @param {number} owner */
function ownerWords(view, owner) {
  if (view.your_seats.length === 1 && view.your_seats[0] === owner) return t("name.you");
  return localName(view.seats[owner].name).replace(/ \([^()]*\)$/, "");
}

/** What identifies a king (chief) on a domino of a row. @param {number} domino @param {number} owner */
export function pieceKey(domino, owner) {
  return `piece ${domino} ${owner}`;
}

/** The claim a click on the domino in `place` (1-based) of the next row makes in the 2-player first
 * claim of Origins (`claim 1+4`: that domino with its partner), if any. @param {string[]} legal @param {number} place */
function pairClaim(legal, place) {
  return legal.find((a) => /^claim \d+\+\d+$/.test(a) && a.slice("claim ".length).split("+").map(Number).includes(place));
}

/** Light the dominoes a pair claim takes together while one of them is pointed at or focused.
 * @param {Event} event */
function lightPair(event) {
  const button = /** @type {HTMLElement} */ (event.currentTarget);
  const on = event.type === "mouseenter" || event.type === "focus";
  button.closest(".dominoes")?.querySelectorAll(`[data-action="${button.dataset.action}"]`).forEach((b) => b.classList.toggle("paired", on));
}

/** The current and next rows; in the 2-player first claim each domino of the next row takes its pair.
 * @param {KingdomsView} view @param {Ctx} ctx */
export function rows(view, ctx) {
  const obs = view.observation;
  const legal = ctx.legal;
  const box = el("div", { class: "rows" });
  const pairs = ctx.replay ? [] : legal.filter((a) => /^claim \d+\+\d+$/.test(a));
  /** @type {Array<[string, RowEntry[], boolean]>} */
  const lines = [["board.current_row", obs.row, false], ["board.next_row", obs.next_row, true]];
  for (const [label, entries, claimable] of lines) {
    if (!entries || !entries.length || (view.status === "finished")) continue;
    const places = pairs.map((a) => { const [p, q] = a.slice("claim ".length).split("+"); return t("board.pair_places", { a: p, b: q }); });
    const pairHint = claimable && pairs.length ? el("p", { class: "small", id: "pair-hint" },
      t("board.claim_pair_hint", { pairs: places.join(" · ") })) : "";
    box.append(el("div", { class: "row-line" }, el("h3", {}, t(label)), pairHint, el("ol", { class: "dominoes" }, entries.map((entry, slot) => {
      const pair = claimable && pairs.length ? pairClaim(pairs, slot + 1) : undefined;
      const claim = pair || `claim ${entry.domino}`;
      const can = claimable && legal.includes(claim) && !ctx.replay;
      const acting = !claimable && obs.acting_slot === slot;
      const owner = entry.king ?? entry.chief;
      const words = `${t("domino_n", { n: entry.domino })}: ${(entry.halves || []).map((h) => halfWords(obs,
        h)).join(" | ")}${owner !== null && owner !== undefined ? " — " + view.seats[owner].name : ""}`;
      // A hint's move, or the player's own awaiting Confirm (move-confirm.js).
      const hinted = ctx.highlight && ctx.highlight.action === claim ? ctx.highlight.chosen ? " chosen" : " hinted" : "";
      const played = ctx.highlight && ctx.highlight.played === claim;
      // A domino that cannot be chosen is a picture named in words (role "img"): a label on an
      // element of no role is read as its number only ("25"), not its terrains nor its king.
      return el("li", {}, el(can ? "button" : "div", {
        type: can ? "button" : undefined, role: can ? undefined : "img",
          class: `domino${can ? " claimable" : ""}${acting ? " acting" : ""}${hinted}${played ? " played" : ""}`,
        "data-domino": entry.domino, "data-action": pair,
        onclick: can ? () => ctx.play(claim) : whyNot(view, ctx, claim), "aria-label": can ? pair ? pairLabel(view, entries, pair)
          : actionWords(view, claim) : words,
        onmouseenter: pair ? lightPair : undefined, onmouseleave: pair ? lightPair : undefined,
        onfocus: pair ? lightPair : undefined, onblur: pair ? lightPair : undefined,
          title: words },
      el("span", { class: "num" }, entry.domino), dominoPicture(obs, entry, ctx),
      owner !== null && owner !== undefined ? el("span", { class: `owner-name seat${owner}` }, ownerWords(view, owner)) : ""));
    }))));
  }
  return box;
}

/** A pair claim's words on either of its dominoes: the places and the dominoes' numbers.
 * @param {KingdomsView} view @param {RowEntry[]} entries the row @param {string} pair "claim 1+4" */
function pairLabel(view, entries, pair) {
  const [a, b] = pair.slice("claim ".length).split("+").map((p) => t("domino_n", { n: entries[Number(p) - 1]?.domino ?? p }));
  return t("board.claim_pair_label", { claim: actionWords(view, pair), a, b });
}

/** Yes/no moments as buttons: discard, no fire, nobody to recruit (the 2-player first claim is made
 * on the row). @param {KingdomsView} view @param {Ctx} ctx */
export function buttons(view, ctx) {
  const spatial = /^(place|fire|pay|caveman) -?\d+,-?\d+/;
  const rest = ctx.legal.filter((a) => !spatial.test(a) && !/^claim [\d+]+$/.test(a) && !/^(recruit|recruit-stack|totem) /.test(a));
  if (!rest.length || ctx.replay) return "";
  return el("div", { class: "actions" },
    rest.map((a) => el("button", { type: "button", "data-action": a, onclick: () => ctx.play(a) }, moveWords(view, a))));
}

/** The info line: round, dominoes left, game of the Dynasty. @param {KingdomsView} view */
export function info(view) {
  const obs = view.observation;
  const dynasty = obs.options && obs.options.dynasty;
  const bits = [];
  if (view.status === "finished") bits.push(t("board.finished"));
  else if (!obs.round) bits.push(t("board.setup"));
  else bits.push(t("board.round", { n: obs.round, of: obs.rounds }));
  if (view.status !== "finished") bits.push(t("board.left_n", { n: obs.dominoes_left }));
  if (dynasty) bits.push(t("board.dynasty_game", { n: obs.game_number ?? 0, of: obs.games_in_match ?? 0 }));
  return el("p", { class: "small info", id: "round-info" }, bits.join(" · "));
}
