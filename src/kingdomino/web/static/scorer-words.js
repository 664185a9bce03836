// The scorer's refusals in the page's words: a piece of the box the kingdom has too many of, or
// that the box lacks, named as the palette names it.
import { t } from "./i18n.js";
import { capitalised, cavemanName, errorWords, resourceName } from "./words.js";

/** A piece of the box a scorer's refusal names (`POST /api/score`'s `not_in_box` and `beyond_box`
 * values): a square by its terrain and number ("Mine, 3 × crown"), a fire token, a resource or a
 * caveman. @param {Record<string, string | number>} values */
function boxPieceWords(values) {
  if (typeof values.caveman === "string") return capitalised(cavemanName(values.caveman));
  if (typeof values.marker === "number") return `${t("scorer.marker")}, ${t("count.fires", { n: values.marker })}`;
  if (typeof values.terrain !== "string") return capitalised(resourceName(String(values.resource)));
  const bits = [capitalised(t(`terrain.${values.terrain}`))];
  for (const count of ["crowns", "fires", "craters"]) {
    if (typeof values[count] === "number") bits.push(t(`count.${count}`, { n: values[count] }));
  }
  if (typeof values.resource === "string") bits.push(resourceName(values.resource));
  return bits.join(", ");
}

/** A scorer's refusal in words, the piece of the box (the totem held twice, the option a table is too big for) it names
 * included. @param {unknown} problem @param {string} game */
export function scorerErrorWords(problem, game) {
  const named = /** @type {{code?: string, values?: Record<string, string | number>} | null | undefined} */ (problem);
  if (named && named.code === "table_option_players") {
    return errorWords({ ...named, values: { ...named.values, option: t(`option.${(named.values || {}).option}`) } }, game);
  }
  if (named && named.code === "totem_held") {
    return errorWords({ ...named, values: { ...named.values, resource: resourceName(String((named.values || {}).resource)) } }, game);
  }
  if (!named || (named.code !== "not_in_box" && named.code !== "beyond_box")) return errorWords(problem, game);
  return errorWords({ ...named, values: { ...named.values, what: boxPieceWords(named.values || {}) } }, game);
}
