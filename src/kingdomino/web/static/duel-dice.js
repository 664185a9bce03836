// Kingdomino Duel's dice: a die's face as a pictured coat with its crosses, and the four dice of a
// round with their choices on them (taking one die or two at once, the castle bonus, turning a die).
import { el, svg } from "./dom.js";
import { t } from "./i18n.js";
import { coatSymbol, icons, picture, powerPicture, seatBadge, use } from "./pictures.js";
import { whyNot } from "./placement.js";
import { actionWords, coatName } from "./words.js";

/** @typedef {import("./board-kingdoms.js").Ctx} Ctx */
/** @typedef {import("./view-types.js").Die} Die */
/** @typedef {import("./board-duel.js").DuelView} DuelView */

/** A coat with its crosses at x, y. @param {string} coat @param {number} crosses @param {number} x @param {number} y @param {number} size */
export function coatSquare(coat, crosses, x, y, size) {
  const g = svg("g", { class: "square" }, use(coatSymbol(coat), x, y, size));
  if (crosses) g.append(icons("cross", crosses, x + size * 0.06, y + size * 0.64, size * 0.32));
  return g;
}

/** A die as a small picture. @param {{coat: string, crosses: number, bonus: boolean}} die */
export function diePicture(die) {
  const crosses = die.crosses + (die.bonus ? 1 : 0);
  return svg("svg", { viewBox: "0 0 40 40", width: 44, height: 44, "aria-hidden": "true", class: "die-pic" },
    coatSquare(die.coat, crosses, 0, 0, 40));
}

/** Whether the suggested move is made on die `die`: taking it ("take 2", or two dice at once:
 * "take 1+3"), its castle bonus ("bonus 2") or turning it ("turn 2 5").
 * @param {Ctx} ctx @param {number} die */
function hintedDie(ctx, die) {
  const m = ctx.highlight && ctx.highlight.action ? ctx.highlight.action.match(/^(?:take ([\d+]+)|bonus (\d+)|turn (\d+) \d+)$/) : null;
  return Boolean(m && (m[1] || m[2] || m[3]).split("+").map(Number).includes(die));
}

/** The die clicked first of two to take at once (player B's draft, or player A's with the power),
 * for the state `key` names. */
let firstOfTwo = { key: "", die: 0 };

/** The state (its `pairsKey`) in which player A chose to use the "take 2 dice" power: the dice
 * are then taken two at once, as player B's are. */
let twoAtOnce = "";

/** What names a draft's state for the picks above: the game, the round and the pairs it offers.
 * @param {DuelView} view @param {string[]} pairs */
function pairsKey(view, pairs) {
  return `${view.id} ${view.observation.round} ${pairs.join()}`;
}

/** The legal "take D+E" and whether the dice are taken two at once now: always for player B;
 * for player A holding the power (who may take one die too), once the power's toggle is on.
 * @param {DuelView} view @param {string[]} legal */
function takingPairs(view, legal) {
  const pairs = legal.filter((a) => /^take \d+\+\d+$/.test(a));
  const singles = legal.some((a) => /^take \d+$/.test(a));
  const key = pairsKey(view, pairs);
  return { pairs, key, optional: pairs.length > 0 && singles, on: pairs.length > 0 && (!singles || twoAtOnce === key) };
}

/** Over the dice when two are taken at once: player A's "take 2 dice" power as a toggle (on, the
 * next two dice clicked are taken together; off again, a click takes one die), and while two are
 * taken at once (always for player B), what to click: two dice, or the second after the one picked.
 * Nothing when no two dice may be taken now. @param {DuelView} view @param {Ctx} ctx */
export function takingTwo(view, ctx) {
  if (ctx.replay) return "";
  const { key, optional, on } = takingPairs(view, ctx.legal);
  if (!optional && !on) return "";
  const toggle = () => {
    twoAtOnce = on ? "" : key;
    firstOfTwo = { key: "", die: 0 };
    ctx.redraw?.();
  };
  const first = firstOfTwo.key === key ? firstOfTwo.die : 0;
  return el("div", { class: "take-two" },
    optional ? el("button", { type: "button", class: `pictured power-toggle${on ? " on" : ""}`, "aria-pressed": String(on), onclick: toggle },
      powerPicture("take_two_dice_as_player_A"), " ", t("duel.use_take_two")) : "",
    on ? el("p", { class: "small", id: "take-two-hint" }, first ? t("duel.pick_second", { n: first }) : t("duel.pick_two")) : "");
}

/** The click on die `die` when only two dice may be taken at once: the first picks it (again: drops
 * it), the second takes both. @param {Ctx} ctx @param {string[]} pairs the legal "take D+E"
 * @param {string} key the state the pick holds for @param {number} die */
function pickOfTwo(ctx, pairs, key, die) {
  const first = firstOfTwo.key === key ? firstOfTwo.die : 0;
  const both = first && first !== die ? pairs.find((a) => sameDice(a, [first, die])) : undefined;
  firstOfTwo = { key: both || first === die ? "" : key, die: both || first === die ? 0 : die };
  if (both) ctx.play(both);
  else ctx.redraw?.();
}

/** The tick on a die picked to be taken with a second: a shape, not only the die's colour. */
function pickedMark() {
  return svg("svg", { viewBox: "0 0 20 20", width: 16, height: 16, class: "picked-mark", "aria-hidden": "true" },
    svg("circle", { cx: 10, cy: 10, r: 9, fill: "#1b6e20", stroke: "#fff", "stroke-width": 1.5 }),
    svg("path", { d: "M5 10.5 L8.5 14 L15 6.5", fill: "none", stroke: "#fff", "stroke-width": 2.6, "stroke-linecap": "round",
      "stroke-linejoin": "round" }));
}

/** Whether "take D+E" takes exactly the dice `dice`. @param {string} action @param {number[]} dice */
function sameDice(action, dice) {
  const taken = action.slice("take ".length).split("+").map(Number);
  return taken.length === dice.length && dice.every((d) => taken.includes(d));
}

/** The four dice, with take / castle bonus / turn choices on them; when two dice are taken at
 * once (`takingPairs`), each of them a button too (the first click picks a die, the second takes both).
 * @param {DuelView} view @param {Ctx} ctx */
export function dice(view, ctx) {
  const obs = view.observation;
  const legal = ctx.replay ? [] : ctx.legal;
  const { pairs, key, on: onlyPairs } = takingPairs(view, legal);
  const first = onlyPairs && firstOfTwo.key === key ? firstOfTwo.die : 0;
  // A hint's dice, or the player's own awaiting Confirm (move-confirm.js).
  const marking = ctx.highlight?.chosen ? " chosen" : " hinted";
  return el("ul", { class: "dice" }, (obs.dice || []).map((die) => {
    const take = `take ${die.die}`;
    const pairable = onlyPairs && pairs.some((a) => a.slice("take ".length).split("+").map(Number).includes(die.die))
      && (!first || first === die.die || pairs.some((a) => sameDice(a, [first, die.die])));
    const can = legal.includes(take) || pairable;
    const picked = pairable && first === die.die;
    // With a die picked, a click on another takes both: it is named by that move.
    const both = pairable && first && !picked ? pairs.find((a) => sameDice(a, [first, die.die])) : undefined;
    const holder = die.holder === null ? (obs.taken_by_a.includes(die.die) ? obs.player_a : null) : die.holder;
    const label = `${t("duel.die_n", { n: die.die })}: ${coatName(die.coat)}${die.crosses + (die.bonus ? 1 : 0) ? ", " + t("count.crosses",
      { n: die.crosses + (die.bonus ? 1 : 0) }) : ""}`;
    const holderText = holder === null ? t("duel.free") : view.seats[holder].name;
    const extra = legal.filter((a) => a === `bonus ${die.die}` || a.startsWith(`turn ${die.die} `));
    return el("li", { class: "die-slot" },
      // A die that cannot be taken is a picture named in words, so that its face and holder are read.
      el(can ? "button" : "div", { type: can ? "button" : undefined, role: can ? undefined : "img",
        class: `die${can ? " takeable" : ""}${picked ? " picked" : ""}${hintedDie(ctx, die.die) ? marking : ""}`, "data-die": die.die,
        "aria-pressed": pairable ? String(picked) : undefined,
        onclick: pairable ? () => pickOfTwo(ctx, pairs, key, die.die) : can ? () => ctx.play(take) : whyNot(view, ctx, take),
        "aria-label": `${both ? actionWords(view, both) : pairable ? label : can ? actionWords(view, take) : label} — ${holderText}`,
        title: label },
      diePicture(die), picked ? pickedMark() : "",
      el("span", { class: "small" }, holder === null ? t("duel.free") : el("span", { class: `seat${holder}` },
        seatBadge(holder, 12), " ", el("span", { class: "holder-name" }, view.seats[holder].name)))),
      extra.map((a) => choiceButton(view, die, a, ctx)));
  }));
}

/** A castle bonus (pictured: the castle gives a cross; in words too where there is room) or a face
 * the die may be turned to (pictured), each named for screen readers.
 * @param {DuelView} view @param {Die} die @param {string} action @param {Ctx} ctx */
function choiceButton(view, die, action, ctx) {
  const words = actionWords(view, action);
  const face = action.startsWith("turn ") ? (die.faces || [])[Number(action.split(" ")[2]) - 1] : undefined;
  if (!face) {
    return el("button", { type: "button", class: "small-button bonus-choice", "data-action": action, onclick: () => ctx.play(action),
      "aria-label": words, title: words },
      picture("castle", 20), "+", picture("cross", 16), " ", el("span", { class: "choice-words" }, words));
  }
  return el("button", { type: "button", class: "small-button face-choice", "data-action": action, onclick: () => ctx.play(action),
    "aria-label": words, title: words },
    diePicture({ coat: face.coat, crosses: face.crosses, bonus: false }));
}
