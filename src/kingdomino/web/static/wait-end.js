// Why a game that waited for players ended unplayed, in words: its wait ran out with nobody to
// take the open seats, its creator called it off, or a player it challenged declined, and why
// when they said (the server's `wait_ended` and `decline_reason`: web/wait_end.py).
import { language, t } from "./i18n.js";
import { waitWords } from "./open-games.js";
import { localName } from "./words.js";

/** A game's page, once its wait ended unplayed: "Nobody joined in time: the game was called off
 * after 3 hours.", "Anna called the game off before it began." or "You called the game off…".
 * @param {import("./view-types.js").View} view */
export function waitEndWords(view) {
  if (view.wait_ended === "expired") return t("wait_end.ran_out", { time: waitWords(view.waited_minutes ?? 0) });
  const kept = view.seats.find((seat) => seat.declined) || challenged(view);
  if (view.wait_ended === "declined" && kept) {
    const challenger = view.creator_seat !== null && view.your_seats.includes(view.creator_seat);
    const why = challenger ? declineWords(view.decline_reason) : declineToldWords(view.decline_reason);
    return [t("wait_end.declined", { name: localName(kept.name) }), why].filter(Boolean).join(" ");
  }
  const creator = view.creator_seat;
  // A tournament's game is called off by the server (a player withdrew, the tournament was called
  // off), never by the player of its first seat.
  const byServer = view.seats.some((seat) => seat.tournament);
  if (view.wait_ended !== "called_off" || creator === null || !view.seats[creator] || byServer) return t("status.expired");
  if (view.your_seats.includes(creator)) return t("wait_end.you_called_off");
  return t("wait_end.called_off_by", { name: localName(view.seats[creator].name) });
}

/** Why a challenge was declined, in words for its challenger ("Busy with other games: try again
 * later."); "" when its player said no reason. @param {import("./view-types.js").DeclineReason | null | undefined} reason */
export function declineWords(reason) {
  /** @type {Record<import("./view-types.js").DeclineReason, () => string>} */
  const words = {
    generic: () => t("decline_reason.generic"),
    later: () => t("decline_reason.later"),
    too_fast: () => t("decline_reason.too_fast"),
    too_slow: () => t("decline_reason.too_slow"),
    clock: () => t("decline_reason.clock"),
    rated: () => t("decline_reason.rated"),
    casual: () => t("decline_reason.casual"),
    game: () => t("decline_reason.game"),
  };
  return reason && words[reason] ? words[reason]() : "";
}

/** Why a challenge was declined, in words for the other players it challenged and its watchers
 * ("Busy with other games."): the challenger's words say what to try next, which is theirs to do.
 * "" when its player said no reason. @param {import("./view-types.js").DeclineReason | null | undefined} reason */
export function declineToldWords(reason) {
  /** @type {Record<import("./view-types.js").DeclineReason, () => string>} */
  const words = {
    generic: () => t("decline_told.generic"),
    later: () => t("decline_told.later"),
    too_fast: () => t("decline_told.too_fast"),
    too_slow: () => t("decline_told.too_slow"),
    clock: () => t("decline_told.clock"),
    rated: () => t("decline_told.rated"),
    casual: () => t("decline_told.casual"),
    game: () => t("decline_told.game"),
  };
  return reason && words[reason] ? words[reason]() : "";
}

/** The first seat of a challenge kept for a player it challenged, which bears their name
 * (web/seats.py `open_seat`); undefined for any other game.
 * @param {{seats: Array<{name: string, challenged?: boolean, declined?: boolean}>}} view */
export function challenged(view) {
  return view.seats.find((seat) => seat.challenged);
}

/** Whom a challenge still waits for, on its page: "Waiting for Boris to accept your challenge." to
 * its challenger awaiting one player, else the players still to answer ("Still to accept the
 * challenge: Cleo and Dora."); null for any other game. @param {import("./view-types.js").View} view */
export function challengeWaitWords(view) {
  const awaited = view.seats.filter((seat) => seat.challenged).map((seat) => localName(seat.name));
  if (!awaited.length) return null;
  const creator = view.creator_seat !== null && view.your_seats.includes(view.creator_seat);
  if (creator && awaited.length === 1) return t("status.challenge_open", { name: awaited[0] });
  return t("status.challenge_waits", { names: new Intl.ListFormat(language(), { type: "conjunction" }).format(awaited) });
}

/** The status of a game in a list of games ("over", "called off", "nobody joined").
 * @param {{status: string, wait_ended?: string | null}} game */
export function statusWords(game) {
  return game.wait_ended === "expired" ? t("wait_end.nobody_joined") : t(`lobby.status.${game.status}`);
}
