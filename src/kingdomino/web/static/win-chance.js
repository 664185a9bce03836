// A hint's value read as a win chance, in figures and in words ("about 70 %"), for the hints and the
// review of a finished game.
import { number, t } from "./i18n.js";

/**
 * An estimated win chance from a hint's value. The hub's hint agent (MCTS) values a move in [0, 1]:
 * 0.4 x its share of the win + 0.6 x the score margin squashed to [0, 1] (see agents/playouts.py
 * terminal_values), averaged over its playouts; we read it as a win chance. A value in [-1, 0) comes
 * from an agent valuing in [-1, 1] and is mapped by (v + 1) / 2.
 * @param {number} value
 */
export function winChance(value) {
  const p = value < 0 ? (value + 1) / 2 : value;
  return Math.max(0, Math.min(1, p));
}

/** A value's win chance in whole percent, for comparing two moves (62 against 48: the hint's
 * rounding to 5 would make close moves look alike). @param {number} value */
export function winPercent(value) {
  return Math.round(winChance(value) * 100);
}

/** "about 70 %". @param {number} value */
export function winChanceWords(value) {
  const p = Math.round(winChance(value) * 20) * 5;
  return t("hint.chance", { percent: number(p) });
}
