// Words for people: the engine's stable action texts ("place R,C D", "claim N", "take D", ...) read
// aloud in the chosen language, and the status line saying what to do now (what a move adds:
// move-gains.js; a hint's win chance: win-chance.js). Nothing here decides what is legal: the texts
// come from the server, which asked the engine. Seats' names are seat-names.js's, exported here
// too, so that a page takes its words from this one module.
import { t, has, language } from "./i18n.js";
import { localName, seatWords } from "./seat-names.js";

export { UNNAMED_YOU, isYours, localName, localSeatNames, seatName, seatWords } from "./seat-names.js";

/** @typedef {import("./view-types.js").Observation} Observation */
/** @typedef {import("./view-types.js").DominoObservation} DominoObservation */
/** @typedef {import("./view-types.js").DominoSquare} DominoSquare */
/** @typedef {import("./view-types.js").GameOptions} GameOptions */
/**
 * What words are made from: a view (a live game's, a replay step's), its seats by name, the seats
 * spoken to as "you" and what the moves would add.
 * @typedef {{seats: Array<{name: string, kind?: string}>, your_seats?: number[], viewer_seats?: number[],
 *   observation: Observation, game: string, current_player: number, score_gains?: Record<string, number>}} ViewLike
 */
/** What a square's words need of the observation: the terrains' ids, and the mode (Discovery has no resources).
 * @typedef {{legend?: Record<string, {id: string}>, options?: GameOptions}} SquareContext */

/** A game's title for people: "Kingdomino Origins · Tribe · Fire Kingdom".
 * @param {{game: string, options?: GameOptions}} view */
export function gameTitle(view) {
  const options = view.options || {};
  const bits = [t(`game.${view.game}`)];
  if (options.mode) bits.push(t(`mode.${options.mode}`));
  for (const [key, value] of Object.entries(options)) if (value === true) bits.push(t(`option.${key}`));
  return bits.join(" · ");
}

/**
 * A refusal of the server in the page's language where it is named (`code`, with the `values` its
 * words need; a game's own words first, `error.CODE.GAME`), else the server's own words; anything
 * else thrown says its message.
 * @param {unknown} problem an error message of the socket, a `Refused`, or anything thrown
 * @param {string} [game] the game it concerns ("origins" says "territory")
 */
export function errorWords(problem, game = "") {
  const named = /** @type {{code?: string, message?: unknown, values?: Record<string, string | number>} | null | undefined} */ (problem);
  const code = named && named.code;
  const key = has(`error.${code}.${game}`) ? `error.${code}.${game}` : `error.${code}`;
  if (!named || !code || !has(key)) return named && typeof named.message === "string" ? named.message : String(problem);
  const values = { ...(named.values || {}) };
  if (typeof values.name === "string") values.name = localName(values.name);
  return t(key, values);
}

/** A square relative to the castle, in words: "2 up, 1 left of the castle". @param {number} r @param {number} c */
export function where(r, c) {
  const parts = [];
  if (r < 0) parts.push(t("where.up", { n: -r }));
  if (r > 0) parts.push(t("where.down", { n: r }));
  if (c < 0) parts.push(t("where.left", { n: -c }));
  if (c > 0) parts.push(t("where.right", { n: c }));
  if (!parts.length) return t("where.castle");
  return t("where.of_castle", { where: parts.join(", ") });
}

/** @param {string} dir */
export function dirWord(dir) {
  return t(`dir.${dir}`);
}

/** A terrain's name from its letter (Kingdomino / Origins). @param {SquareContext} obs @param {string} letter */
export function terrainName(obs, letter) {
  const id = ((obs.legend || {})[letter] || {}).id || letter;
  return has(`terrain.${id}`) ? t(`terrain.${id}`) : id;
}

/** A coat of arms' name (Duel). @param {string} coat */
export function coatName(coat) {
  return has(`coat.${coat}`) ? t(`coat.${coat}`) : coat === "?" ? t("coat.joker") : coat;
}

/** @param {string} kind */
export function cavemanName(kind) {
  return has(`caveman.${kind}`) ? t(`caveman.${kind}`) : kind;
}

/** What a caveman scores, in words, its figures from the game's data (the view's `tribe`). @param {DominoObservation} obs @param {string} kind */
export function cavemanScores(obs, kind) {
  const facts = obs.tribe && obs.tribe.cavemen[kind];
  return has(`caveman.${kind}.scores`) ? t(`caveman.${kind}.scores`, { n: facts ? facts.points : 0 }) : "";
}

/** The caveman a log description names (the longest name found: "Amazon warrior (strength 2)"), by
 * the names of the game's data (the view's `tribe`), or "". @param {ViewLike} view @param {string} description */
function cavemanIn(view, description) {
  const obs = view.observation;
  const cavemen = (obs && obs.game !== "duel" && obs.tribe && obs.tribe.cavemen) || {};
  let found = "", length = 0;
  for (const [kind, facts] of Object.entries(cavemen)) {
    const named = facts.name || "";
    if (named.length > length && description.includes(named)) { found = kind; length = named.length; }
  }
  return found;
}

/** @param {string} id */
export function resourceName(id) {
  return has(`resource.${id}`) ? t(`resource.${id}`) : id;
}

/** A half of a domino in words: "wheat field, 2 crowns". @param {SquareContext} obs @param {DominoSquare} half */
export function halfWords(obs, half) {
  const bits = [terrainName(obs, half.terrain)];
  if (half.crowns) bits.push(t("count.crowns", { n: half.crowns }));
  if (half.fires) bits.push(t("count.fires", { n: half.fires }));
  if (half.craters) bits.push(t("count.craters", { n: half.craters }));
  if (half.resource && obs.options && obs.options.mode !== "discovery") bits.push(resourceName(half.resource));
  return bits.join(", ");
}

/** A domino of a row in words. @param {Observation} obs @param {number} number */
export function dominoWords(obs, number) {
  const domino = obs.game === "duel" ? null : obs;
  const entry = domino ? [...(domino.row || []), ...(domino.next_row || [])].find((e) => e.domino === number) : undefined;
  const halves = domino && entry && entry.halves ? ` (${entry.halves.map((h) => halfWords(domino, h)).join(" | ")})` : "";
  return t("domino_n", { n: number }) + halves;
}

/** The square of the acting seat's kingdom at r, c (for payments). @param {ViewLike} view @param {number} r @param {number} c */
function squareAt(view, r, c) {
  const obs = view.observation;
  const list = obs.game !== "duel" && obs.kingdoms ? obs.kingdoms[view.current_player] : null;
  return list ? list.squares.find((s) => s.row === r && s.col === c) : null;
}

/**
 * An action text as a sentence for the move list and the hint ("Place: 1 up of the castle, second half to the right").
 * An action already played (the log) passes the `description` written when it happened: who was
 * recruited, placed or paid with is read there, since the cave and the squares have changed since.
 * @param {ViewLike} view @param {string} text @param {string} [description]
 */
export function actionWords(view, text, description) {
  const parts = actionParts(view, text, description);
  return parts ? t(`act.${parts.key}`, parts.params) : text;
}

/**
 * What an action text says, as the name of its sentence (`act.KEY` for the move list, `log.KEY` for
 * the log) and the words that fill it; null for a text this page does not know.
 * @param {ViewLike} view @param {string} text @param {string} [description]
 * @returns {{key: string, params: Record<string, string>} | null}
 */
function actionParts(view, text, description) {
  const obs = view.observation;
  const domino = obs.game === "duel" ? null : obs;
  const [verb, ...rest] = text.split(" ");
  const arg = rest.join(" ");
  const rc = (/** @type {string} */ s) => s.split(",").map(Number);
  /** @param {string} key @param {Record<string, string>} [params] */
  const say = (key, params = {}) => ({ key, params });
  switch (verb) {
    case "place": { const [r, c] = rc(rest[0]); return say("place", { where: where(r, c), dir: dirWord(rest[1]) }); }
    case "discard": return say("discard");
    case "claim": {
      if (arg.includes("+")) { const [a, b] = arg.split("+"); return say("claim_pair", { a, b }); }
      return say("claim", { domino: dominoWords(obs, Number(arg)) });
    }
    case "take": {
      if (arg.includes("+")) { const [a, b] = arg.split("+"); return say("take_two", { a, b }); }
      return say("take", { die: arg, coat: dieCoat(obs, Number(arg)) });
    }
    case "bonus": return say("bonus", { die: arg });
    case "turn": return say("turn", { die: rest[0], face: rest[1] });
    case "power": return say(rest[0] === "split" ? "power_split" : "power_ignore");
    case "draw": {
      if (rest.length === 2) { const [r, c] = rc(rest[0]); return say("draw", { where: where(r, c), dir: dirWord(rest[1]) }); }
      return null;
    }
    case "die": { const [r, c] = rc(rest[1]); return say("die", { die: rest[0], where: where(r, c) }); }
    case "pass": return say("pass");
    case "coat": return say("coat", { coat: coatName(arg) });
    case "domains": return say("domains", { coat: coatName(arg) });
    case "cross": { const [r, c] = rc(arg); return say("cross", { where: where(r, c) }); }
    case "fire": { const [r, c] = rc(arg); return say("fire", { where: where(r, c) }); }
    case "no-fire": return say("no_fire");
    case "fire-to-box": return say("fire_to_box");
    case "totem": return say("totem", { to: view.seats[Number(arg)] ? view.seats[Number(arg)].name : arg });
    case "recruit": {
      const kind = description === undefined ? ((domino && domino.cave) || [])[Number(arg) - 1] : cavemanIn(view, description);
      return say("recruit", { caveman: cavemanName(kind || "?"), slot: arg });
    }
    case "recruit-stack": return say("recruit_stack", { caveman: cavemanName(arg) });
    case "no-recruit": return say("no_recruit");
    case "pay": {
      const [r, c] = rc(arg);
      const square = description === undefined ? squareAt(view, r, c) : null;
      const paid = description === undefined ? square && square.resource : (description.match(/ pays the (\w+) on /) || [])[1];
      return say("pay", { resource: resourceName(paid || "?"), where: where(r, c) });
    }
    case "caveman": {
      const [r, c] = rc(arg);
      const kind = description === undefined ? domino && domino.recruiting : cavemanIn(view, description);
      return say("caveman", { caveman: cavemanName(kind || "?"), where: where(r, c) });
    }
    default: return null;
  }
}

/** The coat a Duel die shows. @param {Observation} obs @param {number} die */
function dieCoat(obs, die) {
  const found = (obs.game === "duel" ? obs.dice || [] : []).find((d) => d.die === die);
  return found ? coatName(found.coat) : "";
}

/**
 * A log entry in plain words, in the past tense, with the player's name.
 * @param {ViewLike} view @param {{seat: number, text: string, description?: string}} entry
 */
export function logWords(view, entry) {
  const [verb, ...rest] = entry.text.split(" ");
  const arg = rest.join(" ");
  const name = entry.seat >= 0 && view.seats[entry.seat] ? view.seats[entry.seat].name : "";
  const domino = ((entry.description || "").match(/#(\d+)/) || [])[1] || "";
  const rc = (/** @type {string} */ s) => s.split(",").map(Number);
  /** @param {string} key @param {number} seat @param {Record<string, string>} [params] */
  const did = (key, seat, params = {}) => seatWords(view, key, seat, params);
  switch (verb) {
    case "draw":
      if (entry.seat < 0) return t("log.drawn", { domino: arg });
      { const [r, c] = rc(rest[0]); return did("log.drew_dice", entry.seat, { where: where(r, c) }); }
    case "king": return did("log.first_king", Number(arg));
    case "chief": return did("log.first_chief", Number(arg));
    case "roll": return t("log.rolled");
    case "reveal": return t("log.revealed", { caveman: cavemanName(arg) });
    case "place": { const [r, c] = rc(rest[0]); return did("log.placed", entry.seat, { domino, where: where(r, c), dir: dirWord(rest[1]) }); }
    case "claim": return arg.includes("+") ? did("log.claimed_pair", entry.seat) : did("log.claimed", entry.seat, { domino: arg });
    case "discard": return did("log.discarded", entry.seat, { domino });
    case "take": {
      if (!arg.includes("+")) return did("log.took", entry.seat, { dice: arg });
      const [a, b] = arg.split("+");
      return did("log.took_two", entry.seat, { a, b });
    }
    case "pass": return did("log.passed", entry.seat);
    default: {
      const parts = actionParts(view, entry.text, entry.description ?? "");
      if (parts && has(`log.${parts.key}`)) return did(`log.${parts.key}`, entry.seat, parts.params);
      return `${name}: ${parts ? t(`act.${parts.key}`, parts.params) : entry.text}`;
    }
  }
}

/** The kinds of the legal actions (first words), in a fixed order of what to say first. */
const STATUS_ORDER = ["coat", "domains", "cross", "totem", "caveman", "pay", "fire", "fire-to-box", "no-fire", "recruit", "recruit-stack",
  "no-recruit",
  "place", "draw", "die", "discard", "pass", "claim", "take"];

/** What the seat to act must do now, from the kinds of its legal actions (and, for a fire marker,
 * its reach from the observation). @param {string[]} legal @param {Observation} [obs] */
export function todo(legal, obs) {
  const kinds = new Set(legal.map((text) => text.split(" ")[0]));
  const kind = STATUS_ORDER.find((k) => kinds.has(k));
  switch (kind) {
    case "claim": return legal.some((text) => text.includes("+")) ? t("do.claim_pair") : t("do.claim");
    // Player A with the "take 2 dice" power may take one die or two.
    case "take": return !legal.some((a) => a.includes("+")) ? t("do.take")
      : legal.some((a) => /^take \d+$/.test(a)) ? t("do.take_one_or_two") : t("do.take_two");
    case "draw": case "die": return t("do.draw");
    // Nothing fits as the dice are, but a power (ignore the connection, split, turn a die) may make a drawing.
    case "pass": return legal.some((text) => /^(power|turn) /.test(text)) ? t("do.pass_or_power") : t("do.pass");
    case "recruit-stack": case "no-recruit": return t("do.recruit");
    case "fire-to-box": case "no-fire": return t("do.fire");
    case "fire": return obs && obs.game !== "duel" && obs.fire_range ? t("do.fire_n", { n: obs.fire_range }) : t("do.fire");
    case undefined: return "";
    default: return t(`do.${kind}`);
  }
}

/** A move's words (a move list's line, "Choose domino 20 (...)") inside a sentence: its first
 * letter small, as the five languages write a verb after a colon. @param {string} words */
export function inSentence(words) {
  return words.charAt(0).toLocaleLowerCase() + words.slice(1);
}

/** `text` beginning with a capital, as a label does (names such as the terrains' are written for
 * the middle of a sentence: "wheat field"). @param {string} text */
export function capitalised(text) {
  return text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);
}
