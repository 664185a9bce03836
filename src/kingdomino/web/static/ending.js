// Scores: each kingdom's breakdown (live and at the end) and the end screen's ranking with the
// tie-breaks spelled out, rematch, replay. Places are the engine's (the view's `places`).
import { accountMark } from "./account-mark.js";
import { el } from "./dom.js";
import { has, language, number, t } from "./i18n.js";
import { ratingMoved, ratingText } from "./rating-mark.js";
import { fill, keep, part } from "./redraw-in-place.js";
import { seatBadge } from "./pictures.js";
import { cavemanName, coatName, resourceName } from "./words.js";

/** @typedef {import("./view-types.js").ShownView} ShownView */
/** @typedef {import("./view-types.js").ScoreSheet} ScoreSheet */
/** @typedef {import("./view-types.js").BonusLine} BonusLine */
/** A board module's small kingdom of a seat, for its score sheet. @typedef {(view: ShownView, seat: number) => Element} MiniKingdom */
/** What a star in the lead is read from. @typedef {Pick<ShownView, "status" | "scores" | "winners">} Standing */

/** A region's kind (terrain or coat id) in words. @param {string} game @param {string} kind */
function kindName(game, kind) {
  if (game === "duel") return coatName(kind);
  return has(`terrain.${kind}`) ? t(`terrain.${kind}`) : kind.replaceAll("_", " ");
}

/** The values of a bonus line that name a thing (a coat of arms, a resource, a caveman), each in
 * the page's words. @type {Record<string, (id: string) => string>} */
const NAMED = { coat: coatName, resource: resourceName, caveman: cavemanName };

/**
 * A bonus line in words: the engine names every line by its rule (`key`, "middle_kingdom",
 * "domains", "game") and figures (`values`: `n`, `coat`...), as it names a refusal, so the page
 * words it in its own language without reading the English `name`, which it shows only for a
 * rule it has no words for.
 * @param {{name: string, key: string, values: Record<string, string | number>}} bonus
 */
export function bonusName(bonus) {
  /** @type {Record<string, string | number>} */
  const values = {};
  for (const [name, value] of Object.entries(bonus.values)) values[name] = name in NAMED ? NAMED[name](String(value)) : value;
  const key = `bonus.${bonus.key}`;
  return has(key) ? t(key, values) : bonus.name;
}

/**
 * Why a bonus the game plays scores nothing ("the castle is not in the centre of the 5 × 5
 * square"), from the engine's rule (`missed`: its key and figures), in the game's words where they
 * differ (a castle, a hut); "" for a bonus that scored.
 * @param {string} game @param {{missed?: {key: string, values: Record<string, string | number>, reason: string}}} bonus
 */
export function bonusMissed(game, bonus) {
  const missed = bonus.missed;
  if (!missed) return "";
  const perGame = `bonus.missed.${missed.key}.${game}`;
  const key = has(perGame) ? perGame : `bonus.missed.${missed.key}`;
  return has(key) ? t(key, missed.values) : missed.reason;
}

/**
 * Light one region of `seat` on every drawing of its kingdom on the page (the board and the sheet's
 * small map): its squares stay, the others fade. `cells` null puts the kingdom back.
 * @param {number} seat @param {Array<[number, number]> | null} cells
 */
export function lightRegion(seat, cells) {
  const lit = new Set((cells || []).map(([r, c]) => `${r},${c}`));
  for (const image of document.querySelectorAll(`svg[data-seat="${seat}"]`)) {
    image.classList.toggle("lit-region", cells !== null);
    for (const square of image.querySelectorAll("g[data-square]")) {
      square.classList.toggle("lit", lit.has(square.getAttribute("data-square") || ""));
    }
  }
}

/** One seat's sheet as a table; pointing at (or focusing, or tapping) a region's row lights it on
 * the kingdom. A game's sheet leaves out the regions worth nothing (a kingdom in play has many);
 * `every` keeps them (the scorer: a region just laid without a crown is still listed, at 0).
 * @param {{game: string, score_sheets: ScoreSheet[]}} view @param {number} seat @param {boolean} [every] */
export function sheetTable(view, seat, every = false) {
  const sheet = view.score_sheets[seat];
  /** A row that lights `cells` while pointed at. @param {Array<[number, number]>} cells @param {...HTMLElement} cellsOfRow */
  const lighting = (cells, ...cellsOfRow) => el("tr", { class: "region-row", tabindex: 0,
    onmouseenter: () => lightRegion(seat, cells), onmouseleave: () => lightRegion(seat, null),
    onfocus: () => lightRegion(seat, cells), onblur: () => lightRegion(seat, null) }, ...cellsOfRow);
  /** @param {import("./view-types.js").RegionLine} r */
  const regionRow = (r) => lighting(r.cells, el("td", {}, kindName(view.game, r.kind)), el("td", {}, r.squares), el("td", {}, r.multiplier),
    el("td", {}, r.points));
  /** A bonus, with why it scored nothing if it missed; a caveman's lights its square. @param {BonusLine} b */
  const bonusRow = (b) => {
    const missed = bonusMissed(view.game, b);
    const cells = [el("td", { colspan: 3 }, bonusName(b), missed ? el("span", { class: "bonus-missed" }, missed) : ""), el("td", {}, b.points)];
    return b.key === "caveman" ? lighting([[Number(b.values.row), Number(b.values.col)]], ...cells) : el("tr", {}, ...cells);
  };
  return el("table", { class: "sheet" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t(view.game === "duel" ? "sheet.domain" : view.game === "kingdomino" ? "sheet.territory"
      : "sheet.region")), el("th", { scope: "col" }, t("sheet.squares")),
      el("th", { scope: "col" }, t(view.game === "duel" ? "sheet.crosses" : view.game === "origins" ? "sheet.fires" : "sheet.crowns")),
        el("th", { scope: "col" }, t("sheet.points")))),
    el("tbody", {},
      sheet.regions.filter((r) => every || r.points).map(regionRow),
      sheet.bonuses.map(bonusRow),
      el("tr", { class: "total" }, el("th", { colspan: 3, scope: "row" }, t("sheet.total")), el("th", {}, sheet.total))));
}

/** A star after the name of the seat (or seats) in the lead, with its meaning for pointers and
 * screen readers; "" for the others, and for everyone while all share the same score (at the start,
 * or Origins' Fire Kingdom's 10 each). At the end it marks the engine's winners, after the
 * tie-breaks, not every seat tied on points. @param {Standing} view @param {number} seat */
export function leaderMark(view, seat) {
  const meaning = leaderMeaning(view, seat);
  return meaning ? el("span", { class: "leader", title: t(meaning), "aria-label": t(meaning), role: "img" }, " ★") : "";
}

/** What the star after `seat`'s name means ("board.winner", "board.leader"), or "" for no star
 * (see `leaderMark`). @param {Standing} view @param {number} seat */
function leaderMeaning(view, seat) {
  if (view.status === "finished") return (view.winners || []).includes(seat) ? "board.winner" : "";
  const lead = Math.max(...view.scores);
  const ahead = view.scores.some((score) => score < lead);
  return view.scores[seat] === lead && lead > 0 && ahead ? "board.leader" : "";
}

/**
 * Every seat's breakdown, collapsed (one tap away), each next to a small drawing of its kingdom
 * (`miniKingdom`, the board's own) on which the sheet's regions light up. A seat's breakdown is
 * the one drawn into `owner` (the box `keepOpen` fills) at the last drawing while everything it
 * shows is the same (redraw-in-place.js): a move changes one kingdom, and drawing every open sheet
 * anew at every state is slow (on a slowed phone, 370 ms for a finished table).
 * @param {ShownView} view @param {MiniKingdom} miniKingdom @param {Element} owner
 */
export function scoreSheets(view, miniKingdom, owner) {
  const obs = view.observation;
  const domino = obs.game === "duel" ? null : obs, duel = obs.game === "duel" ? obs : null;
  const boards = (domino ? domino.kingdoms : duel && duel.maps) || [];
  return part("sheets", "div", { class: "sheets" }, view.seats.map((seat, i) => {
    // Everything the sheet and its small kingdom are drawn from.
    const key = JSON.stringify([language(), view.game, view.status, seat.name, Boolean(seat.account), seat.rating, view.scores[i],
      leaderMeaning(view, i),
      view.score_sheets[i], domino?.frame, obs.legend, obs.options, duel?.map_rows, duel?.map_cols, boards[i]]);
    return keep(owner, `sheet ${i}`, key, () => {
      const map = el("div", { class: "sheet-map" });
      return unfolding(el("details", { "data-seat": i, open: view.status === "finished" || undefined },
        el("summary", { class: `seat${i}` }, seatBadge(i), " ", seat.name, accountMark(seat), ": ", t("points_n", { n: view.scores[i] }),
          leaderMark(view, i)),
        el("div", { class: "sheet-with-map" }, map, sheetTable(view, i))), () => map.append(miniKingdom(view, i)));
    });
  }));
}

/** What a folded `<details>` still has to draw when it opens (see `unfolding`). @type {WeakMap<Element, () => void>} */
const unfilled = new WeakMap();

/** Let `details` draw its costly part (`fill`: the small kingdoms) only when it is open: at once if
 * it is, else when it opens (its summary's click, before the browser shows it; or `keepOpen`). The
 * score sheets and a Dynasty's past games are drawn anew at every move, mostly folded, and their
 * small kingdoms would take a third of a redrawing (on a slowed phone 100 ms of 300).
 * @param {HTMLElement} details @param {() => void} fill */
function unfolding(details, fill) {
  if (details.hasAttribute("open")) { fill(); return details; }
  const once = () => { if (unfilled.delete(details)) fill(); };
  unfilled.set(details, once);
  const summary = details.querySelector("summary");
  if (summary) summary.addEventListener("click", once);
  details.addEventListener("toggle", () => { if (/** @type {HTMLDetailsElement} */ (details).open) once(); });
  return details;
}

/** Put `parts` (score sheets, a Dynasty's past games) in `box` (redraw-in-place.js's `fill`: a part kept from
 * the last drawing stays in place, open or folded), a new one open again if the one it replaces
 * was (`data-seat`, `data-game`), so that a sheet a player opened to follow stays open at every
 * redrawing (every step of a replay, every move). @param {Element} box @param {...import("./redraw-in-place.js").Child} parts */
export function keepOpen(box, ...parts) {
  const key = (/** @type {Element} */ d) => `${d.getAttribute("data-seat")}/${d.getAttribute("data-game")}`;
  const opened = new Set([...box.querySelectorAll("details[open]")].map(key));
  // A keyboard's focus on a sheet (its summary or a region's row) stays there, not falling to the
  // page at every move of the AI seats while a sheet is read.
  const focusable = (/** @type {Element} */ d) => [...d.querySelectorAll("summary, [tabindex]")];
  const active = document.activeElement;
  const holder = active && box.contains(active) ? active.closest("details") : null;
  const focused = holder && active ? { key: key(holder), at: focusable(holder).indexOf(active) } : null;
  fill(box, parts);
  for (const details of box.querySelectorAll("details")) {
    if (!opened.has(key(details))) continue;
    details.setAttribute("open", "");
    const fill = unfilled.get(details);
    if (fill) fill();
    const again = focused && key(details) === focused.key ? focusable(details)[focused.at] : null;
    if (again) /** @type {HTMLElement} */ (again).focus({ preventScroll: true });
  }
}

/** A forfeited seat's note after its name ("out of time", "left"): an AI finished its game, and it
 * ranks below every seat played on (web/game_results.py `final_places`); "" for the others.
 * @param {Pick<import("./view-types.js").ViewSeat, "ai_since" | "timed_out" | "away">} seat */
export function forfeitMark(seat) {
  if (seat.ai_since === undefined || seat.ai_since === null) return "";
  const why = seat.timed_out ? "timed_out" : seat.away ? "away" : "left";
  return el("span", { class: "forfeit", title: t("forfeit.title") }, ` · ${t(`forfeit.${why}`)}`);
}

/** A seat's mark in the ranking: "· resigned" for a player who resigned (who ranks last, however
 * many points), else why an AI finished their game (`forfeitMark`). @param {ShownView} view @param {number} seat */
function resignOrForfeitMark(view, seat) {
  const resigned = view.seats[seat].resigned || (view.ended?.by === "resign" && view.ended.seat === seat);
  if (!resigned) return forfeitMark(view.seats[seat]);
  return el("span", { class: "forfeit resigned", title: t("forfeit.title") }, ` · ${t("players.resigned")}`);
}

/** How a seat's rating moved, for the sentence a screen reader is told: "1500 → 1662 (+162)", a
 * provisional rating marked "1500?" (`ratingText`);
 * "" for a seat no account played. @param {import("./view-types.js").RatingChange | undefined} change */
export function ratingWords(change) {
  if (!change) return "";
  const [before, after] = [Math.round(change.before), Math.round(change.after)];
  return `${ratingText(before, change.provisional_before)} → ${ratingText(after, change.provisional)} (${
    number(after - before, { signDisplay: "always" })})`;
}

/** A seat's rating after the game with its change, "1662 (+162)" (`ratingMoved`), as the seats'
 * names beside the ranking say it; "" for a seat no account played.
 * @param {import("./view-types.js").RatingChange | undefined} change */
function ratingAfter(change) {
  if (!change) return "";
  const [before, after] = [Math.round(change.before), Math.round(change.after)];
  return ratingMoved(after, change.provisional, after - before);
}

/** Whether another seat has `seat`'s points. @param {ShownView} view @param {number} seat */
function sharesPoints(view, seat) {
  return view.scores.some((other, s) => s !== seat && other === view.scores[seat]);
}

/** The tie-break values of a seat in words ("largest region: 9 squares, crowns: 12"). @param {ShownView} view @param {number} seat */
function tiebreakWords(view, seat) {
  const values = view.score_sheets[seat].tiebreaks || [];
  const labels = view.game === "duel" ? ["tie.largest_domain"] : view.game === "origins" ? ["tie.largest_region",
    "tie.fires"] : ["tie.largest_territory", "tie.crowns"];
  return values.map((v, i) => t(labels[i] || "tie.value", { n: v })).join(", ");
}

/** The points beside a kingdom: its own, and in a Dynasty also the match's running total ("10 points
 * · 31 in all"), so a new game's empty kingdom never seems to hold the earlier games' points.
 * @param {ShownView} view @param {number} seat */
export function kingdomPoints(view, seat) {
  const obs = view.observation;
  const past = (obs.game === "duel" ? [] : obs.past_games || []).reduce((sum, g) => sum + g.scores[seat], 0);
  if (!past) return t("points_n", { n: view.scores[seat] });
  return `${t("points_n", { n: view.scores[seat] - past })} · ${t("board.match_total", { n: view.scores[seat] })}`;
}

/** A Dynasty's games played so far: each one's points and kingdoms, the newest first (open while the
 * next game is young, so the table's jump to empty kingdoms is explained); the list drawn into
 * `owner` at the last drawing while they are the same (see `scoreSheets`).
 * @param {ShownView} view @param {MiniKingdom} miniKingdom @param {Element} owner */
export function pastGames(view, miniKingdom, owner) {
  const obs = view.observation;
  const past = (obs.game === "duel" ? null : obs.past_games) || [];
  if (obs.game === "duel" || !past.length) return "";
  const young = view.status !== "finished" && obs.round <= 1;
  const key = JSON.stringify([language(), view.status, young, view.seats.map((s) => s.name), obs.games_in_match,
    obs.frame, obs.legend, obs.options, past]);
  return keep(owner, "past games", key, () => el("div", { class: "past-games", id: "past-games" }, past.slice().reverse().map((game, k) => {
    /** @type {ShownView} */
    const shown = { ...view, scores: game.scores, observation: { ...obs, kingdoms: game.kingdoms, past_games: [] } };
    const ranked = view.seats.map((s, i) => `${s.name} ${game.scores[i]}`).join(" · ");
    const kingdoms = el("div", { class: "past-kingdoms" });
    return unfolding(el("details", { "data-game": game.game, open: young && k === 0 || undefined },
      el("summary", {}, t("board.game_over", { n: game.game, of: obs.games_in_match ?? 0 }), ": ", ranked), kingdoms),
    () => kingdoms.append(...view.seats.map((s, i) => {
      const image = miniKingdom(shown, i);
      image.removeAttribute("data-seat");  // the live score sheets' regions light this game's kingdoms only
      return el("figure", { class: `seat${i}` }, image, el("figcaption", {}, seatBadge(i), " ", s.name, ": ", t("points_n", { n: game.scores[i] })));
    })));
  })));
}

/** A Dynasty's game just played, in words ("Game 1 of 3 is over: Anna 20 · Bruno 17"), while the
 * next one is young (its setup and first round: its kingdoms are empty), else "". @param {ShownView} view */
export function matchNoteWords(view) {
  const obs = view.observation;
  const past = (obs.game === "duel" ? null : obs.past_games) || [];
  const last = past[past.length - 1];
  if (!last || view.status === "finished" || obs.round > 1) return "";
  const ranked = view.seats.map((s, i) => `${s.name} ${last.scores[i]}`).join(" · ");
  return `${t("board.game_over", { n: last.game, of: obs.game === "duel" ? 0 : obs.games_in_match ?? 0 })}: ${ranked}`;
}

/** A Dynasty seat's points in each game of the match: the past games from its score sheet's lines
 * (key "game"), the last one what its total leaves. @param {ShownView} view @param {number} seat */
function gameScores(view, seat) {
  const past = view.score_sheets[seat].bonuses.filter((b) => b.key === "game").map((b) => b.points);
  return [...past, view.scores[seat] - past.reduce((a, b) => a + b, 0)];
}

/** Whether a seat played a move in the finished game `view`: one resigned or called off after its
 * players sat but before anyone moved has the deal alone in its log (the table's actions, seat -1),
 * nothing to replay. The view's log is its last lines: one that starts past the first action is a
 * long game's. @param {ShownView} view */
export function anyMove(view) {
  return (view.log[0]?.index ?? 0) > 0 || view.log.some((entry) => entry.seat >= 0);
}

/**
 * The end screen: ranking, tie-breaks explained, replay (or why there is none), rematch (a new deal: the creator's, or
 * `shared` among the players of several browsers, game-rematch.js) and, against AI seats, the same
 * deal again; "New game", or `elsewhere` instead (a spectator's ways on from a tournament's game).
 * A rated game's ranking says each rating after the game with its change, once the server has
 * recorded it (`ratings`; null: not yet, "…"). A game without a move says there is nothing to
 * replay where the replay's button would be; its replay's address opened, it says so to who asked
 * for the replay, with the way back `missed` (game-replay.js).
 * @param {ShownView} view
 * @param {{replay: () => void, rematch: (() => void) | null, sameDeal: (() => void) | null, shared?: Array<Node | string>,
 *   elsewhere?: Node[], missed?: Node | null}} actions
 * @param {import("./view-types.js").RatingChange[] | null} [ratings]
 */
export function endScreen(view, actions, ratings = null) {
  // The final ranking (web/game_results.py `final_places`: the engine's points and tie-breaks among
  // the seats played on, a forfeited seat last whatever its AI scored).
  const place = view.places;
  const order = view.seats.map((_s, i) => i).sort((a, b) => place[a] - place[b] || view.scores[b] - view.scores[a]);
  const played = view.seats.map((_s, i) => i).filter((i) => !forfeitMark(view.seats[i]));
  const best = Math.max(...played.map((i) => view.scores[i]));
  // A resigned game is placed by the resignation, not by the points or their tie-breaks.
  const tied = !view.ended && played.filter((i) => view.scores[i] === best).length > 1;
  // The tie-breaks are shown wherever two seats have the same points: they place them (`view.places`).
  const anyShared = !view.ended && view.scores.some((_p, seat) => sharesPoints(view, seat));
  const dynasty = view.options && view.options.dynasty;
  let explain = "";
  if (tied) {
    const names = played.filter((i) => view.scores[i] === best).map((i) => view.seats[i].name).join(", ");
    explain = dynasty ? t("tie.dynasty", { names }) : view.winners.length > 1 ? t("tie.shared",
      { names, rule: t(`tie.rule.${view.game}`) }) : t("tie.decided", { names, rule: t(`tie.rule.${view.game}`) });
  }
  const games = dynasty ? view.seats.map((_s, seat) => gameScores(view, seat)) : [];
  return el("section", { class: "card end", id: "ranking", "aria-labelledby": "ranking-title" },
    // Focusable from a script: a keyboard's focus comes here when the game ends.
    el("h2", { id: "ranking-title", tabindex: -1 }, t("end.title")),
    el("div", { class: "ranking-box" }, el("table", { class: "sheet ranking" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("end.place")), el("th", { scope: "col" }, t("end.player")),
        ...(games[0] || []).map((_p, k) => el("th", { scope: "col", class: "game-score" }, t("end.game_n", { n: k + 1 }))),
        el("th", { scope: "col" }, t("end.points")),
        anyShared && !dynasty ? el("th", { scope: "col" }, t("end.tiebreak")) : "",
        view.rated ? el("th", { scope: "col" }, t("players.rating")) : "")),
      el("tbody", {}, order.map((seat) => el("tr", { "data-seat": seat, class: place[seat] === 1 ? "first" : "" },
        el("td", {}, String(place[seat])),
        el("td", { class: `seat${seat}` }, seatBadge(seat), " ", view.seats[seat].name, resignOrForfeitMark(view, seat)),
        ...(games[seat] || []).map((points) => el("td", { class: "game-score" }, points)),
        el("td", {}, view.scores[seat]),
        anyShared && !dynasty ? el("td", {}, sharesPoints(view, seat) ? tiebreakWords(view, seat) : "") : "",
        view.rated ? el("td", { class: "rating-change" }, ratings ? ratingAfter(ratings[seat]) : "…") : ""))))),
    explain ? el("p", { id: "tie-explained" }, explain) : "",
    el("div", { class: "controls" },
      anyMove(view) ? el("button", { type: "button", id: "replay", onclick: actions.replay }, "▶ ", t("end.replay"))
        : actions.missed ? el("span", { id: "no-replay", class: "no-replay-asked", role: "status" }, t("replay.none"), " ", actions.missed)
          : el("span", { id: "no-replay", class: "small" }, t("end.no_moves")), " ",
      actions.rematch ? el("button", { type: "button", id: "rematch", class: "primary", onclick: actions.rematch }, "↻ ", t("end.rematch"))
        : "", " ",
      ...(actions.shared || []), " ",
      actions.sameDeal ? el("button", { type: "button", id: "same-deal", title: t("end.same_deal_title"), onclick: actions.sameDeal }, "↺ ",
        t("end.same_deal")) : "", " ",
      ...(actions.elsewhere || [el("a", { href: "/", class: "button" }, t("end.new_game"))]), " ",
      // The record the command line replays and analyses (`kingdomino replay`, `kingdomino analyse`).
      el("a", { href: `/api/games/${view.id}/record`, download: `kingdomino-${view.id}.json`, class: "button", id: "save-record",
        title: t("end.save_record_title") },
        "⤓ ", t("end.save_record"))));
}
