// A logged-in player who opens an invite link takes the seat for their account: the game is then
// among the account's games, on any device (POST /api/account/games/claim). The link's token is
// what proves the seat: the server claims only the human seat whose token is sent. The page says
// so under who you are, once (not when the seat was the account's already), or why the seat stays
// a guest's (another account plays it). A player who opens their own game without its seat in this
// browser is taken to their seat by its address (a push tapped on another device), and offered it
// by its watch link.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { gameHref, noteOffered } from "./account-games.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** The seats an account may not take (``account_games.claim_seat``): said, not hidden. */
const SAID = new Set(["claim_taken", "claim_one_seat"]);

/** Claim the seat of the invite link's `token` in game `id` for the account logged in, if any, and
 * say what came of it after `whoami`. @param {string} id @param {string} token @param {HTMLElement} whoami */
export async function claimInvite(id, token, whoami) {
  try {
    const who = /** @type {{account: {id: number, name: string} | null}} */ (await api("/api/account"));
    if (!who.account) return;
    const sent = { games: [{ id, token }] };
    const answer = /** @type {{claimed: Array<{already: boolean}>, refused: Array<{error: {code?: string}}>}} */ (
      await api("/api/account/games/claim", { method: "POST", body: sent }));
    noteOffered(who.account.id, [id]);
    const refused = answer.refused.length ? answer.refused[0].error : null;
    // Said once, by the claim that made the seat the account's: not each time the game opens.
    const words = answer.claimed.some((seat) => !seat.already) ? t("game.claimed", { name: who.account.name })
      : refused && SAID.has(refused.code || "") ? errorWords(refused) : "";
    if (words) whoami.after(el("p", { id: "claimed", class: "small", role: "status" }, words));
  } catch {
    // No account to say it for (the server away a moment): the lobby's card still offers the claim.
  }
}

/** On a game's page opened by one of its players without its seat (logged in, the seat's token not
 * in this browser: another device, its watch link shared): opened by the game's address (a push
 * tapped on a phone, the history), the page at their seat in this page's place (which said a
 * private game "cannot open here", or watched a public one: a stranger at their own table); opened
 * by its watch link (`watching`), the link that plays it at their seat, after `whoami`.
 * @param {string} id @param {HTMLElement} whoami @param {boolean} watching */
export async function offerOwnSeat(id, whoami, watching) {
  try {
    // Asked first: a guest's ask for an account's games is refused, a failed request in the console.
    const who = /** @type {{account: object | null}} */ (await api("/api/account"));
    if (!who.account) return;
    const games = /** @type {{playing: import("./account-games.js").AccountGame[]}} */ (await api("/api/account/games"));
    const mine = games.playing.find((g) => g.id === id && g.token);
    if (mine && !watching) { location.replace(gameHref(mine)); return; }
    const place = whoami.isConnected ? whoami : document.querySelector("#unavailable h1");
    if (mine && place) place.after(el("p", { id: "your-game" }, el("a", { href: gameHref(mine) }, t("watch.your_game"))));
  } catch {
    // The server away a moment: the page watches as it was asked.
  }
}
