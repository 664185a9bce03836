// The contract between the server and the page, as types: what the server sends (the view of a
// game, a replay's frame, the socket's messages, the answers of the HTTP API) and what the page
// sends on the socket. JSDoc only: `tsc --checkJs` reads it, the browser never loads it.
//
// Each typedef mirrors, field by field, the Python that writes it:
//   View                 web/views.py        state_view
//   ReplayFrame          web/views.py        replay_view
//   ScoreSheet           web/views.py        sheet_of (core/game.py ScoreSheet, Bonus, Refusal .to_json)
//   ScoredTable          web/score_table.py  scored_table
//   Created              web/views.py        created
//   GameSummary          web/views.py        summary
//   DominoObservation    games/domino/view.py seat_view, with the fields games/classic/state.py
//                        (head) and games/origins/view.py (tail) add
//   DominoKingdom        games/domino/view.py kingdom_json (squares: classic/state.py and
//                        origins/view.py kingdom_json)
//   DuelObservation      games/duel/state.py DuelState.view (maps: board_json)
//   HintCandidate        web/hub.py          Hub.hint
//   Review               web/hub.py          Hub.review_of (web/review.py entry, summary, accuracy, Progress)
//   TextFormat           games/*/scorer.py   text_format
//   ServerMessage        web/routes/game_socket.py, web/presence.py (tell), web/thinking.py (text);
//                        the "v" of each: web/page_link.py stamped
//   ClientMessage        web/routes/game_socket.py SocketMessage
// A field the Python writes only in some games or modes is optional here, or `| null` where the
// Python writes null.

/** What a finished rated game did to a seat's rating (web/routes/finished_games.py's
 * `rating_changes`); null for a seat no account played.
 * `provisional`: the rating after is still provisional, `provisional_before`: the one before was.
 * @typedef {{pool: string, place: number, before: number, after: number, provisional?: boolean, provisional_before?: boolean} | null} RatingChange */

/** A time control (web/clocks.py): minutes each and an increment, seconds a move, or days a move.
 * `vacation`: false, a game by the day that does not wait for a player on vacation (a tournament's choice).
 * @typedef {{kind: "game" | "move" | "days", minutes?: number, increment?: number, seconds?: number, days?: number,
 *   level?: string, vacation?: boolean}} TimeControl */
/** Each seat's seconds left when the turn began (`since`, epoch seconds), and whose time runs (web/clocks.py clock_view);
 * `away`, while a player is on vacation: by seat, when they are back (null: not away); `gift`, the time a seat
 * gave another since the last move, and `give`, the seats this page may give time to (web/time_gift.py).
 * @typedef {{remaining: number[], since: number, running: number | null, away?: (number | null)[],
 *   gift?: {by: number, to: number, seconds: number}, give?: {seconds: number, seats: number[]}}} Clock */
/** A seat of a game as a view lists it (`open`: waiting for a player from the lobby; a person's seat
 * an AI took: from which action, `ai_since`, and why: by the clock, `timed_out`, or handed over by
 * another player while its player was away, `away`; else its player left). `rating`: in a rated game, an
 * account seat's rating in the game's pool (web/seat_ratings.py).
 * @typedef {{seat: number, name: string, kind: "human" | "ai" | "open", level: string | null, bot?: boolean,
 *   account?: boolean, challenged?: boolean, declined?: boolean, tournament?: string, ai_since?: number, timed_out?: boolean,
 *   away?: boolean, resigned?: boolean,
 *   rating?: SeatRating}} ViewSeat */
/** A seat's rating at a rated table, and whether it is provisional; at a finished game's end, the
 * rating after it with its `change` (null: not recorded yet; game-ratings.js `seatsAfter`).
 * @typedef {{value: number, provisional: boolean, change?: number | null}} SeatRating */
/** An action played, as the log lists it (`seat` -1: chance). @typedef {{index: number, seat: number, text: string, description: string}} LogEntry */
/** A rule named with its figures, for the page to word (a refusal, a bonus missed).
 * @typedef {{key: string, values: Record<string, string | number>}} Refusal */

/**
 * A region of a score sheet: its kind (terrain or coat id), squares x multiplier = points, and its
 * castle-relative cells.
 * @typedef {{kind: string, squares: number, multiplier: number, points: number, cells: Array<[number, number]>}} RegionLine
 */
/**
 * A bonus line of a score sheet, named by its rule (`key`, `values`); a bonus that missed says why.
 * @typedef {{name: string, points: number, key: string, values: Record<string, string | number>,
 *   missed?: Refusal & {reason: string}}} BonusLine
 */
/** A seat's score explained. @typedef {{regions: RegionLine[], bonuses: BonusLine[], total: number, tiebreaks: number[]}} ScoreSheet */

/** A game's options as created (`mode`, flags), JSON values. @typedef {Record<string, string | number | boolean>} GameOptions */

/**
 * A square of a Kingdomino kingdom (`crowns`) or an Origins territory (`fires`, `craters`, a fire
 * `marker`, a `resource` and a `caveman`), castle-relative; also a half of a domino of a row (no
 * `row`, `col`), and the squares the scorer draws.
 * @typedef {{row?: number, col?: number, terrain: string, crowns?: number, fires?: number, craters?: number,
 *   marker?: number, resource?: string | null, caveman?: string | null}} DominoSquare
 */
/**
 * A kingdom (territory): its squares, the dominoes discarded, and the rows and columns it spans,
 * [rowLo, rowHi, colLo, colHi].
 * @typedef {{squares: Array<DominoSquare & {row: number, col: number}>, discards: number,
 *   bounds: [number, number, number, number]}} DominoKingdom
 */
/**
 * A domino of a row and the seat whose king (Origins: chief) is on it, if any.
 * @typedef {{domino: number, king?: number | null, chief?: number | null, halves: DominoSquare[]}} RowEntry
 */
/** A terrain of the legend (by letter). @typedef {{id: string, name: string, colour: string}} Terrain */
/** A caveman kind's facts (Origins' Tribe). @typedef {{name: string, points: number, per: string, strength: number}} CavemanFacts */
/** A Dynasty's game played: each seat's points and kingdom at its end.
 * @typedef {{game: number, scores: number[], kingdoms: DominoKingdom[]}} PastGame */

/**
 * The public position of Kingdomino or Origins. Kingdomino adds the Dynasty's fields
 * (`game_number`, `games_in_match`, `past_games`); Origins the fire, totems and tribe (null where
 * its mode has none).
 * @typedef {{game: "kingdomino" | "origins", options: GameOptions, players: number, seat: number | null, phase: string,
 *   current_player: number, round: number, rounds: number, frame: number, kingdoms: DominoKingdom[],
 *   row: RowEntry[], next_row: RowEntry[], legend: Record<string, Terrain>, acting_slot: number | null,
 *   discarded: number[], dominoes_left: number, scores: number[], legal_actions: string[],
 *   game_number?: number, games_in_match?: number, past_games?: PastGame[],
 *   fire_markers?: Record<string, number>, pending_volcanoes?: number, fire_range?: number | null,
 *   fire_marker?: number | null, totems?: Record<string, number | null> | null, cave?: Array<string | null> | null,
 *   stack_size?: number | null, recruiting?: string | null, to_pay?: number,
 *   tribe?: {cost_face_up: number, cost_stack: number, cavemen: Record<string, CavemanFacts>} | null}} DominoObservation
 */

/** A face of a Duel die. @typedef {{coat: string, crosses: number}} DieFace */
/**
 * A Duel die as rolled: its face, who holds it, whether it is the castle bonus's, its six faces.
 * @typedef {{die: number, face: number, coat: string, crosses: number, holder: number | null, bonus: boolean,
 *   faces: DieFace[]}} Die
 */
/** A Duel map: its squares (castle-relative) and whether it is full.
 * @typedef {{squares: Array<{row: number, col: number, coat: string, crosses: number}>, full: boolean}} DuelMap */
/**
 * A coat's line of the spellbook: its boxes filled by each seat, its power and who holds it.
 * @typedef {{coat: string, length: number, power: string, filled: [number, number], owner: number | null, used: boolean}} SpellLine
 */
/**
 * The public position of Kingdomino Duel. `map_rows` and `map_cols` are not sent: the page draws the
 * maps' 5 x 7 squares by default.
 * @typedef {{game: "duel", options: GameOptions, players: 2, seat: number | null, phase: string, current_player: number,
 *   round: number, player_a: number, dice: Die[], taken_by_a: number[], maps: DuelMap[], spellbook: SpellLine[],
 *   castle_bonus_used: boolean[], domains_coat: Array<string | null>,
 *   turn: {bonus_die: number | null, ignore_connection: boolean, split: boolean, undrawn: number[], pending_coat: string[]},
 *   pending_lightning: Array<{seat: number, power: string}>, scores: number[],
 *   legend: Record<string, {letter: string, name: string, colour: string}>, legal_actions: string[],
 *   map_rows?: [number, number], map_cols?: [number, number]}} DuelObservation
 */
/** A game's public position, its engine's `view()` (a View's `observation`). @typedef {DominoObservation | DuelObservation} Observation */

/** Why a game that waited for players ended unplayed (web/wait_end.py): none while it did not.
 * @typedef {"expired" | "called_off" | "declined" | null} WaitEnd */
/** Why a challenge was declined, when its player said (web/challenges.py `DECLINE_REASONS`).
 * @typedef {"generic" | "later" | "too_fast" | "too_slow" | "clock" | "rated" | "casual" | "game"} DeclineReason */
/**
 * The view of a live game for the holder of `your_seats` (none: a spectator), sent over the socket
 * at every change (`type` "state") and by `GET /api/games/ID`; `version`: the game's revision it shows;
 * `former_seats`: the seats an AI took over whose player's link this is.
 * @typedef {{type: "state", id: string, game: string, description: string, options: GameOptions, index: number,
 *   version: number, status: string, rated: boolean, open_until: number | null, creator_seat: number | null,
 *   rating_range?: RatingRange | null,
 *   wait_ended: WaitEnd, waited_minutes: number | null, decline_reason: DeclineReason | null,
 *   time_control: TimeControl | null, clock: Clock | null, seats: ViewSeat[], your_seats: number[], former_seats?: number[],
 *   current_player: number, legal_actions: string[],
 *   score_gains: Record<string, number>, observation: Observation, scores: number[], winners: number[],
 *   places: number[], score_sheets: ScoreSheet[], log: LogEntry[], undo_allowed: boolean, undo_refused: string | null,
 *   hints_allowed: boolean, aids: Aids | null, practice: boolean, same_deal: boolean, can_leave: boolean,
 *   rematch: RematchOffer | null, awaited?: number[], ended?: Ended | null, can_resign?: boolean, can_abort?: boolean,
 *   takeback?: Takeback}} View
 */
/**
 * A game's takebacks as a seat sees them (web/take_back.py `view`): whether the game allows them,
 * whether its Undo asks people (`asks`) and why it may not now (`refused`, a refusal's code), and the
 * request shown: waiting (`outcome` null) or answered, until the next move.
 * @typedef {{allowed: boolean, asks: boolean, refused: string | null, request: {by: number, outcome: "accepted" | "declined" | null,
 *   answered_by: number | null, accepted: number[], awaited: number[]} | null}} Takeback
 */
/**
 * How a game ended before its last move (web/endings.py): a seat resigned (the game finished, that
 * seat last) or aborted it (status "aborted", no result), or a rematch was called off because the
 * seat's player never joined it ("no_show": aborted too, the first such seat).
 * @typedef {{by: "resign" | "abort" | "no_show", seat: number}} Ended
 */
/**
 * A finished game's rematch, once a player offered it (web/rematch_wait.py `offer_view`): the new
 * game's `id`, the seat that offered it (`by`), the seats whose player has not joined it
 * (`awaited`) and how it was called off (`called_off`: null while it stands); no token, no seed.
 * @typedef {{id: string, by: number, awaited: number[], called_off: Ended | null}} RematchOffer
 */
/**
 * The draft aids of a live game (null: a game created without them), from public facts only:
 * Kingdomino and Origins count the dominoes not seen yet by terrain (`halves` and their `crowns` or
 * `fires`), how many are still `to_come`, next round's order (a seat per domino of the next row,
 * null: unclaimed; null: no next row); Origins adds the resources on them and Tribe the cavemen left
 * in the stack; Duel has its dice faces. `regions`: every region of each seat, for a square's hover.
 * `placements` (for the acting seat's holder only): by placement's text, the regions it changes.
 * @typedef {{unseen?: number, to_come?: number, terrains?: Record<string, {halves: number, crowns?: number, fires?: number}>,
 *   resources?: Record<string, number> | null, cavemen?: Record<string, number> | null,
 *   dice?: Array<Array<{coat: string, crosses: number}>>, coats?: Record<string, {faces: number, crosses: number}>,
 *   next_order: Array<number | null> | null, regions: RegionLine[][], placements?: Record<string, RegionChange[]>}} Aids
 */
/**
 * A region a placement changes (compact, views.placement_changes): its kind, squares, multiplier
 * and points after the placement, the points `before` of the regions it joins, those regions (their
 * indexes in the acting seat's `regions`: none, a new region) and the placed halves in it (0, 1).
 * @typedef {[kind: string, squares: number, multiplier: number, points: number, before: number,
 *   joined: number[], halves: number[]]} RegionChange
 */
/**
 * A view as the boards and score sheets draw it: a live game's, or one the page draws without
 * playing, a replay's step (the game's view with a frame's fields over it: its seats have no
 * `level`, its `type` is "replay") or a Dynasty's past game. `viewer_seats` are the seats of the
 * page that looks (a replay plays none of them).
 * @typedef {Omit<View, "type" | "seats"> & {type: "state" | "replay", seats: Array<Omit<ViewSeat, "level"> & {level?: string | null}>,
 *   viewer_seats?: number[]}} ShownView
 */

/** An action of a replay: the one before the frame (`last`) or after it (`next`).
 * @typedef {{text: string, description: string, seat: number}} ReplayAction */
/**
 * A finished game's public view after `step` of its `steps` actions (`GET /api/games/ID/replay`).
 * @typedef {{type: "replay", id: string, game: string, step: number, steps: number,
 *   seats: Array<{seat: number, name: string, kind: "human" | "ai"}>, observation: Observation, scores: number[],
 *   score_sheets: ScoreSheet[], current_player: number, last: ReplayAction | null, log: LogEntry[],
 *   next: ReplayAction | null}} ReplayFrame
 */

/**
 * A human's decision reviewed: the move played, its value and the best one's (none if forced),
 * and the mark the loss earns; `reviewed` false: left out by the game's budget of searches.
 * @typedef {{index: number, seat: number, action: string, forced: boolean, reviewed?: boolean, value?: number,
 *   best?: string, best_value?: number, loss?: number, mark: "inaccuracy" | "mistake" | null}} ReviewedMove
 */
/**
 * A finished game's review (`GET /api/games/ID/review`): its place in line while it waits behind
 * other reviews, its progress while it is computed, then every human decision, how many marks of
 * each kind and how many decisions the budget left out (`searches_per_game`: the budget), and
 * each reviewed seat's accuracy in percent and its own marks and win chance lost in points, by seat
 * number (`review.accuracy`, `review.by_seat`; `seats` missing from a server before it).
 * @typedef {{status: "queued", place: number, done: number, total: number}
 *   | {status: "pending", done: number, total: number}
 *   | {status: "ready", moves: ReviewedMove[], searches_per_game?: number,
 *      summary: {inaccuracy: number, mistake: number, not_reviewed?: number}, accuracy: Record<string, number>,
 *      seats?: import("./review-seats.js").SeatMarks}} Review
 */

/** A move the hint suggests, with its value (a win chance) and the playouts it was searched by.
 * @typedef {{action: string, value: number, visits?: number}} HintCandidate */

/**
 * A seat of a game just created: a human's token and invite link, an AI's level.
 * @typedef {{seat: number, name: string, kind: "human" | "ai" | "open", level: string | null, token?: string, online?: boolean,
 *   invite?: string}} CreatedSeat
 */
/**
 * What the creator of a game is told (`POST /api/games`).
 * @typedef {{id: string, game: string, seats: CreatedSeat[], spectator: string, spectator_token: string,
 *   hints: boolean, aids: boolean, practice: boolean, status: string, rated: boolean}} Created
 */
/**
 * A game waiting for players, as the lobby lists it (`GET /api/open-games`, `WS /ws/lobby`: web/lobby.py listing).
 * @typedef {{id: string, game: string, players: number, options: GameOptions, description: string, rated: boolean,
 *   pool: string | null, seats: Array<{name: string, kind: string, level: string | null, bot: boolean, account: number | null}>, open: number,
 *   creator: string | null, creator_seat: number | null, creator_account: number | null, creator_bot: boolean,
 *   rating: SeatRating | null, created: string,
 *   open_until: number | null, ai_fill: string | null, time_control: TimeControl | null,
 *   challenged: number[], awaited: number[], rating_range: RatingRange | null,
 *   takebacks: boolean}} OpenGame
 */
/** The ratings a player joining an open game needs (web/seek_ranges.py), or the offsets asked for one.
 * @typedef {{low: number, high: number}} RatingRange */
/** A challenge waiting, as the lobby's socket tells its accounts (`to_you`: it awaits your answer).
 * @typedef {OpenGame & {to_you: boolean}} Challenge */
/** A seat just taken at an open game (`POST /api/games/{id}/join`, `POST /api/pairing`).
 * @typedef {{id: string, seat: number, token: string, started: boolean}} Seated */
/** A message of the lobby's socket (web/lobby.py).
 * @typedef {{type: "open_games", games: OpenGame[]} | {type: "listed", game: OpenGame}
 *   | {type: "unlisted", id: string, status: string, wait_ended: WaitEnd} | {type: "pong", ping_every: number}
 *   | {type: "challenges", account: number, challenges: Challenge[]} | {type: "challenge", challenge: Challenge}
 *   | {type: "challenge_gone", id: string, status: string, wait_ended: WaitEnd, declined: string | null,
 *     decline_reason: DeclineReason | null}} LobbyMessage */
/**
 * A game this browser holds, as `POST /api/games/lookup` lists it for one of its tokens.
 * @typedef {{id: string, game: string, options: GameOptions, description: string, status: string, created: string,
 *   wait_ended: WaitEnd, waited_minutes: number | null, decline_reason: DeclineReason | null,
 *   seat: number | null, seats: string[], current_player: number, scores: number[], winners: number[],
 *   ended: Ended | null, resigned: number[], hints: boolean, aids: boolean, practice: boolean, version: number,
 *   with_people: boolean, challenge: boolean}} GameSummary
 */

/**
 * How a game's kingdom is written as text (`GET /api/score/formats`): its letters and limits.
 * Kingdomino: terrains (each with the crowns its squares in the box have: `numbers`), crowns up to
 * `max`, `frames`; Origins adds volcanoes, resources, fire markers and cavemen (a terrain's
 * `numbers`: its printed fires, a volcano's craters), and `frame_for`, the frame a table of each
 * player count plays on; Duel has coats, crosses up to `max`, and its map's `rows` and `cols`.
 * `players`: the player counts a table of the game may have; `players_with`: those an option turned
 * on narrows them to (the Mighty Duel's two), by option.
 * @typedef {{home: string, empty: string, max: number, frames?: number[], frame_for?: Record<string, number>,
 *   players?: number[], players_with?: Record<string, number[]>,
 *   terrains?: Array<{letter: string, id: string, numbers: number[], volcano?: boolean, resource?: string | null}>,
 *   coats?: Array<{letter: string, id: string}>, max_craters?: number, markers?: number,
 *   resources?: Array<{letter: string, id: string}>, cavemen?: Array<{code: string, id: string}>,
 *   rows?: [number, number], cols?: [number, number]}} TextFormat
 */

/**
 * A table's kingdoms scored and ranked (`POST /api/score/table`, web/score_table.py): each
 * kingdom's sheet with its name, the places and winners by the game's tie-breaks (`tiebreaks`
 * names the sheets' values), and each group tied on points with the tie-break that ranked it
 * (`by`; null: a shared place).
 * @typedef {{kingdoms: Array<ScoreSheet & {name: string}>, places: number[], winners: number[], tiebreaks: string[],
 *   ties: Array<{kingdoms: number[], total: number, by: string | null}>}} ScoredTable
 */

/**
 * A refusal of the server, as the socket's `error` message and an HTTP refusal's `error` say it.
 * @typedef {{field: string, message: string, code?: string, values?: Record<string, string | number>}} ErrorBody
 */

/**
 * What the server says on a game's socket, each message with the game's version `v` when it was
 * sent (null only in a refusal before the game is known): the view (at every change, and when
 * asked with a sync), a move's or an undo's acknowledgement, a hint, why an action is not legal,
 * the AI turn being thought, who is awaited while away, a refusal, and the answer to a ping with
 * the seconds to wait before the next (`ping_every`) and the server's time (`now`, epoch seconds).
 * @typedef {{v: number | null} & (View
 *   | {type: "ack", index?: number, action?: string, undo?: boolean, chat?: number, takeback?: string}
 *   | {type: "hint", candidates: HintCandidate[]}
 *   | {type: "why", action: string, reason: string, refusal: Refusal | null}
 *   | {type: "thinking", seat: number | null, ahead: number, progress: number | null}
 *   | {type: "presence", away: Record<string, number>, after: number, here: number[], elsewhere: number[],
 *      lost: number[], gone: Record<string, number>, claim_after: number}
 *   | {type: "watching", n: number}
 *   | {type: "chat_history", rooms: Partial<Record<ChatRoom, {messages: ChatLine[], write: string | null, until?: string}>>, off?: boolean}
 *   | {type: "chat", room: ChatRoom, messages: ChatLine[]}
 *   | ({type: "error"} & ErrorBody)
 *   | {type: "pong", ping_every: number, now: number})} ServerMessage
 */

/**
 * What the page says on a game's socket: a move (on the view of `index`), an undo, a hint asked,
 * why an action is not legal, the current view asked for, a ping, the echo of a pong (the server
 * measures the socket's round trip by it, web/lag.py).
 * @typedef {{type: "action", action: string, index?: number} | {type: "undo"} | {type: "hint"}
 *   | {type: "why", action: string} | {type: "sync"} | {type: "ping"} | {type: "echo"}
 *   | {type: "chat_read"} | {type: "chat", room: ChatRoom, text?: string, phrase?: string}
 *   | {type: "takeback"} | {type: "takeback_answer", accept: boolean} | {type: "give_time", seat: number}} ClientMessage
 */

/** A room of a game's chat (web/chat.py). @typedef {"players" | "spectators"} ChatRoom */
/**
 * A message of a game's chat (web/chat_store.py ChatLine): `seat` the sender's in the players'
 * room (null in the spectators'), `account` whether an account sent it, `text` its words or
 * `phrase` a quick phrase's code (one of the two).
 * @typedef {{id: number, room: ChatRoom, at: number, seat: number | null, name: string, account: boolean,
 *   bot: boolean, text: string | null, phrase: string | null}} ChatLine
 */

export {};
