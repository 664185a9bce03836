// Kingdomino TV, as lichess's: the best-rated public game being played now, watched one after
// another without a click. /tv shows the best game of every game, /tv/<game> of one (a channel:
// kingdomino, duel, origins). The page goes to that game's watch link with `?tv=<channel>`, where a
// strip says it is TV; once the game is over it comes back here after a few seconds for the next.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { api } from "./server.js";
import { errorWords } from "./words.js";

/** Seconds a game's end stays on screen before TV goes on to the next game. */
export const NEXT_SECONDS = 10;
/** Seconds between two looks for a game while none is being played. */
const LOOK_AGAIN_SECONDS = 30;
/** The channels: every game's ("") and each game's own. */
const CHANNELS = ["", "kingdomino", "duel", "origins"];

/** TV's page of `channel` (its game's name; "" every game's): to the best game being played now,
 * or, while none is, a card that says so and looks again every `LOOK_AGAIN_SECONDS`.
 * @param {HTMLElement} main @param {string} channel */
export async function showTv(main, channel) {
  const said = el("p", { id: "tv-none", role: "status" });
  main.replaceChildren(el("section", { class: "card", id: "tv", "aria-labelledby": "tv-title" },
    el("h1", { id: "tv-title" }, t("tv.title")), el("p", { class: "small" }, t("tv.about")),
    channelLinks(channel), said, el("p", {}, el("a", { href: "/" }, t("tv.lobby")))));
  if (!CHANNELS.includes(channel)) {
    said.textContent = t("tv.no_channel");
    return;
  }
  const look = async () => {
    const query = channel ? `&game=${encodeURIComponent(channel)}` : "";
    try {
      const page = /** @type {{games: {id: string}[]}} */ (await api(`/api/live-games?limit=1${query}`));
      if (page.games.length) {
        location.replace(`/game/${page.games[0].id}/watch?tv=${encodeURIComponent(channel)}`);
        return;
      }
      said.textContent = t("tv.none", { seconds: LOOK_AGAIN_SECONDS });
    } catch (problem) {
      said.textContent = errorWords(problem);
    }
    if (main.contains(said)) setTimeout(look, LOOK_AGAIN_SECONDS * 1000);
  };
  await look();
}

/** The links to each channel, the one shown marked as the current page. @param {string} shown */
function channelLinks(shown) {
  return el("nav", { class: "tv-channels", "aria-label": t("tv.channels") }, CHANNELS.map((channel) =>
    el("a", { href: channel ? `/tv/${channel}` : "/tv", class: "button small-button", "aria-current": channel === shown ? "page" : null },
      channel ? t(`game.${channel}`) : t("tv.every_game"))));
}

/** The TV channel a watch page was opened for (`?tv=`; "" every game's), or null: not TV. */
export function tvChannel() {
  return new URLSearchParams(location.search).get("tv");
}

/** A watch page opened by TV: a strip above the game that says so, with the way to stay on this
 * game (TV stops) and the count down to the next game once this one is over.
 * @param {HTMLElement} main @param {string} gameId @param {string} channel
 * @returns {(view: {status: string}) => void} what the page tells of each view it shows */
export function tvStrip(main, gameId, channel) {
  const words = el("span", { id: "tv-words" }, t("tv.watching"));
  /** @type {number | undefined} */
  let timer;
  let stopped = false;
  const stay = el("button", { type: "button", class: "small-button", id: "tv-stay" }, t("tv.stay"));
  const strip = el("p", { class: "card tv-strip", id: "tv-strip", role: "status" },
    el("a", { href: channel ? `/tv/${channel}` : "/tv" }, t("tv.title")), " · ", words, " ", stay);
  stay.addEventListener("click", () => {
    stopped = true;
    clearInterval(timer);
    history.replaceState(null, "", `/game/${gameId}/watch`);
    strip.remove();
  });
  main.prepend(strip);
  return (view) => {
    if (stopped || timer !== undefined || view.status === "playing") return;
    let left = NEXT_SECONDS;
    words.textContent = t("tv.next", { n: left });
    timer = window.setInterval(() => {
      left -= 1;
      if (left > 0) words.textContent = t("tv.next", { n: left });
      else {
        clearInterval(timer);
        location.replace(channel ? `/tv/${channel}` : "/tv");
      }
    }, 1000);
  };
}
