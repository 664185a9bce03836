// A game page's state: one object that the game's modules read and change, with the page's
// elements (game-layout.js). Its `view` is the one the server sent last; `draw` draws it.

/** @typedef {import("./view-types.js").View} View */
/** @typedef {import("./view-types.js").HintCandidate} HintCandidate */
/** @typedef {import("./board-kingdoms.js").Ctx} Ctx */
/** @typedef {import("./game-layout.js").GamePage} GamePage */
/** @typedef {import("./game-focus.js").FocusPlace} FocusPlace */

/**
 * The state of a game's page:
 * - `main`, the page's <main>; `id`, the `tokens` this browser holds for it and what it `saved` of it
 *   (saved-games.js); `watching`: it holds none and watches a public game at its watch link;
 * - `view`: the server's last view shown (null until one comes); `socket`; `refusedWith`: why the
 *   server refused to show the game before any view of it came;
 * - `version`: the version of the newest state the server sent (-1: none yet; game-sync.js), and
 *   `awaited` the newest one a message named, asked for by the timer `catchUp` unless it comes;
 * - `pending`: the move sent and not yet answered, or made offline, sent again once the socket
 *   is open (`resent`), on the view of `index` (game-socket.js);
 * - `hints`: the hint's moves shown; `hintTries`: the tries made of the hint being asked (null: no
 *   hint awaited) and `hintRetry` the timer of the next (game-hints.js);
 * - `thinking`: the AI turn the server is computing or has queued, its seat, the jobs ahead of
 *   it (0: running) and how far its search is (a fraction; null: not known);
 * - `askedWhy`: the action last asked "why not" about (only its answer is said; null: none awaited);
 * - `toldUpTo`: the index of the last log entry told to screen readers (or shown at the first drawing);
 * - `presence`: who is awaited while away (the server's "presence") and when that was heard, the
 *   human seats with a page open (`here`; null: not told, a game of one human), this page's seats
 *   open in another window too (`elsewhere`), how many spectators watch here (`watching`), and `awayTimer` the timer that offers to hand the
 *   seat over (game-presence.js);
 * - `replayAsked`: the replay was asked for by its address, started once the finished game's view comes;
 *   `replayMissed`: the way back shown when that game had no move to replay (null: none asked for);
 * - `ratings`: what a finished rated game did to each seat's rating, once the server says (null
 *   before), and `ratingsAsked` whether it was asked (game-ratings.js);
 * - `byKeyboard`: whether the last move was made with the keys (game-focus.js);
 * - `acted`: the seats seen acting in the log (the invite links fold once every invited seat has);
 * - `paced`: the server's views waiting to be shown at the AI's pace (game-pace.js);
 * - `ctx`: what the board is drawn with; `page`: the page's elements; `draw`: draws the view;
 * - `chat`: the game's chat (chat.js); `tv`: told each view shown, of a watch page TV opened (tv.js).
 * @typedef {{main: HTMLElement, id: string, tokens: string[], watching: boolean, saved: Partial<import("./saved-games.js").SavedGame>,
 *   view: View | null, socket: WebSocket | null, refusedWith: string,
 *   version: number, awaited: number, catchUp: number,
 *   pending: {action: string, index: number | undefined, resent: boolean} | null,
 *   hints: HintCandidate[] | null, hintTries: number | null, hintRetry: number,
 *   thinking: Thinking | null, askedWhy: string | null, toldUpTo: number | null,
 *   presence: Presence, awayTimer: number | undefined,
 *   replayAsked: boolean, replayMissed: HTMLElement | null, ratings: import("./view-types.js").RatingChange[] | null, ratingsAsked: boolean,
 *   byKeyboard: boolean, acted: Set<number>,
 *   paced: {add: (view: View) => void}, ctx: Ctx, page: GamePage,
 *   draw: (before?: FocusPlace) => void, chat: import("./chat.js").Chat, tv: (view: View) => void}} GameState
 */

/** Who is at the table, as the server last said (game-presence.js).
 * @typedef {{away: Record<string, number>, after: number, at: number, here: number[] | null, elsewhere: number[],
 *   watching: number, lost: number[], gone: Record<string, number>, claimAfter: number}} Presence */

/** Where an AI turn stands: its seat, the jobs ahead of it in the server's queue (0: running) and
 * how far its search is, from 0 to 1 (null: not known, or no search).
 * @typedef {{seat: number, ahead: number, progress: number | null}} Thinking */

/** A drawn game's state: its view, which every drawing reads. @typedef {GameState & {view: View}} DrawnGame */

export {};
