"""What clients see: the views of a live game, its record, its summary and its score sheets (a
finished game's replay frames: ``replays``).

Built from the engine's public view of the position (``State.view(None)``, sent as the
``observation`` field) and, for the seats a client holds, their legal moves; never the seed or
anything hidden.
"""

from __future__ import annotations

from typing import Any

from kingdomino.core.game import GameError, ScoreOptionError, ScoreSheet, ScoreTextError, State
from kingdomino.core.records import GameRecord, final_result
from kingdomino.games.aids import draft_aids, placement_regions
from kingdomino.games.domino.text import BoxError, FrameError
from kingdomino.games.scorer import score_text
from kingdomino.web import endings, take_back, time_gift
from kingdomino.web.game_results import ended_by, final_places, resigned_seats
from kingdomino.web.live import LiveGame, ViewKey
from kingdomino.web.refusals import HubError
from kingdomino.web.rematch_wait import awaited, offer_view
from kingdomino.web.seat_ratings import seat_ratings
from kingdomino.web.seats import account_marks, kept_for
from kingdomino.web.wait_end import wait_end

LOG_LENGTH = 25


def state_view(live: LiveGame, mine: ViewKey, former: ViewKey = ()) -> dict[str, Any]:
    """The state as the holder of the seats ``mine`` may see it (before the start: no deal);
    ``former``: the seats an AI now plays whose player's token the holder has (``former_seats``),
    so a page opened after its seat was handed over can say why it only watches."""
    state, shown = live.shown()
    position = state.view(None)
    position.pop("legal_actions", None)
    acting = state.current_player
    actions = state.legal_actions() if acting in mine and live.stored.status == "playing" else []
    legal = [state.action_text(a) for a in actions]
    undo_refused = _undo_refused(live, mine)
    ratings = seat_ratings(live)
    return {
        "type": "state",
        "id": live.id,
        "game": live.game.name,
        "description": live.game.describe(),
        "options": dict(live.game.options),
        "index": len(shown),
        "version": live.version,
        "status": live.stored.status,
        "rated": live.stored.rated,
        "open_until": live.stored.open_until,
        "creator_seat": live.stored.creator(),
        "rating_range": live.stored.rating_range,
        **wait_end(live.stored),
        "time_control": live.stored.time_control,
        "clock": time_gift.clock_view(live, mine, acting if not live.over() else -2),
        "seats": [
            {
                "seat": s,
                "name": info["name"],
                "kind": info["kind"],
                "level": info.get("level"),
                **({"bot": True} if info.get("bot") else {}),  # a bot's account (kingdomino bot)
                **account_marks(info),
                **_handed_over(info),
                **({"rating": ratings[s]} if s in ratings else {}),  # a rated game's account seats
            }
            for s, info in enumerate(live.stored.seats)
        ],
        "your_seats": list(mine),
        "former_seats": list(former),
        "current_player": acting,
        "legal_actions": legal,
        "score_gains": score_gains(state, actions),
        "observation": position,
        "scores": state.scores(),
        **_result(live, state),
        "score_sheets": [sheet_json(state, s) for s in range(live.game.num_players)],
        "log": [
            {"index": a.index, "seat": a.seat, "text": a.text, "description": a.description}
            for a in shown[-LOG_LENGTH:]
        ],
        "undo_allowed": undo_refused is None and len(mine) > 0,
        "undo_refused": undo_refused,
        "takeback": take_back.view(live, mine),
        "hints_allowed": live.hints_allowed(),
        "aids": aids_view(state, acting in mine) if live.stored.aids else None,
        "practice": live.stored.seed_chosen,
        "same_deal": len(mine) == 1 and live.same_deal_refusal(mine[0]) is None,
        "can_leave": len(mine) == 1 and live.leave_refusal(mine[0]) is None,
        **endings.allowed(live, mine),
        "rematch": offer_view(live.stored.rematch),
        # A rematch's seats whose player has not joined it yet (or never did: ``ended`` no_show).
        "awaited": awaited(live.stored.seats),
    }


def _result(live: LiveGame, state: State) -> dict[str, Any]:
    """Who won and each seat's place once the game is over (``game_results.final_places``: a
    seat that resigned or was forfeited ranks last, and a game every player forfeited has no
    winner), and how it ended if not by its last move (``ended``)."""
    ended = ended_by(live.stored.seats)
    if live.stored.status != "finished" and not state.is_terminal():
        return {"winners": [], "places": [], "ended": ended}
    places = final_places(state.places(), live.stored.seats)
    return {"winners": [s for s, place in enumerate(places) if place == 1], "places": places, "ended": ended}


def aids_view(state: State, acting: bool = False) -> dict[str, Any]:
    """The draft aids of ``state`` (``games.aids``: public facts only), with every region of each
    seat's kingdom, those worth 0 too, for a page to show a region's points on a square's hover;
    for the holder of the ``acting`` seat, what each of its placements does to its regions
    (:func:`placement_changes`), for a page to say it beside the placement's preview."""
    aids = draft_aids(state)
    aids["regions"] = [
        sheet_of(state.score_sheet(s), every=True)["regions"] for s in range(state.game.num_players)
    ]
    seat = state.current_player
    if acting and 0 <= seat < state.game.num_players:
        aids["placements"] = placement_changes(state, aids["regions"][seat])
    return aids


def placement_changes(state: State, regions: list[dict[str, Any]]) -> dict[str, list[list[Any]]]:
    """By action text, the regions each legal placement of the acting seat changes, one compact
    array each: ``[kind, squares, multiplier, points, before, joined, halves]`` (the
    :class:`~kingdomino.core.game.RegionChange` fields; ``joined`` holds the indexes of the joined
    regions in ``regions``, the acting seat's regions as the view lists them, so their squares
    are sent once). Measured over random games of each game: at most 3.7 KB of JSON and about
    half a millisecond a view (only the regions a placement touches are looked at)."""
    index_of = {tuple(cell): i for i, region in enumerate(regions) for cell in region["cells"]}
    return {
        state.action_text(action): [
            [
                change.kind,
                change.squares,
                change.multiplier,
                change.points,
                change.before,
                [index_of[cell] for cell in change.joined],
                list(change.halves),
            ]
            for change in changes
        ]
        for action, changes in placement_regions(state).items()
    }


def _undo_refused(live: LiveGame, mine: ViewKey) -> str | None:
    """Why the holder of ``mine`` (one seat, or a screen shared by several) may not take back a
    move now, by its code (None: they may, or they watch): a page says it beside its greyed undo
    button."""
    if not mine:
        return None
    refused = take_back.undo_refusal(live, mine)
    return refused.code if refused is not None else None


def score_gains(state: State, actions: list[int]) -> dict[str, int]:
    """The points each of ``actions`` adds at once to the acting seat's score (its text -> points),
    so a page can show what a placement is worth before it is made (DESIGN.md: "show, then
    confirm"). Counted by the engine on a copy of the state: the page never adds up a rule."""
    seat = state.current_player
    before = state.scores()[seat] if actions else 0
    gains = {}
    for action in actions:
        after = state.clone()
        after.apply(action)
        gains[state.action_text(action)] = after.scores()[seat] - before
    return gains


def record(live: LiveGame) -> GameRecord:
    """A finished game's record: its actions, and its result ranked as every page ranks it
    (``_result``: a seat that resigned or was forfeited is last, ``places`` and ``winners`` say
    so, and ``ended`` names a resignation, after which the actions stop short of the game's end)."""
    if live.stored.status != "finished":
        raise HubError(409, "game", "the record is available once the game is over")
    state = live.state
    ranked = _result(live, state)
    result = {**final_result(state), "winners": ranked["winners"], "places": ranked["places"]}
    if ranked["ended"] is not None:
        result["ended"] = ranked["ended"]
    return GameRecord(
        live.game.name,
        [str(seat["name"]) for seat in live.stored.seats],
        dict(live.game.options),
        live.stored.seed,
        [a.text for a in live.actions],
        result,
    )


def _handed_over(seat: dict[str, Any]) -> dict[str, Any]:
    """A person's seat an AI now plays: from which action (``ai_since``), and why: ``timed_out``
    when its clock ran out, ``away`` when another player handed it over while its player was
    away, ``resigned`` when its player resigned (else its player left), so a client need not
    guess from ``kind``."""
    if seat.get("ai_since") is None:
        return {}
    why = {key: True for key in ("timed_out", "away", "resigned") if seat.get(key)}
    return {"ai_since": seat["ai_since"], **why}


def created(live: LiveGame) -> dict[str, Any]:
    """What the creator of a game is told: its id, each seat (a human's token and invite link)."""
    seats = []
    for seat, info in enumerate(live.stored.seats):
        entry = {"seat": seat, "name": info["name"], "kind": info["kind"], "level": info.get("level")}
        if info["kind"] == "human":
            entry["token"] = info["token"]
            entry["online"] = info.get("online", False)
            entry["invite"] = f"/game/{live.id}?token={info['token']}"
        seats.append(entry)
    return {
        "id": live.id,
        "game": live.game.name,
        "seats": seats,
        "spectator": f"/game/{live.id}?token={live.stored.spectator_token}",
        "spectator_token": live.stored.spectator_token,
        "hints": live.hints_allowed(),
        "aids": live.stored.aids,
        "practice": live.stored.seed_chosen,
        "status": live.stored.status,
        "rated": live.stored.rated,
    }


def summary(live: LiveGame, token: str) -> dict[str, Any]:
    seat = live.seat_of(token)
    state = live.shown()[0]
    return {
        "id": live.id,
        "game": live.game.name,
        "options": dict(live.game.options),
        "description": live.game.describe(),
        "status": live.stored.status,
        **wait_end(live.stored),
        "created": live.stored.created.isoformat(),
        "seat": seat,
        "seats": [i["name"] for i in live.stored.seats],
        "current_player": state.current_player,
        "scores": state.scores(),
        # Who won a finished game (after the tie-breaks: a tie on points still has its winners; a
        # forfeited seat never: game_results.final_places).
        "winners": _result(live, state)["winners"],
        # How it ended before its last move, and who resigned, for the list to say it.
        "ended": ended_by(live.stored.seats),
        "resigned": resigned_seats(live.stored.seats),
        "hints": live.hints_allowed(),
        "aids": live.stored.aids,
        "practice": live.stored.seed_chosen,
        # A challenge still awaiting answers: the lobby lists it with the challenges, not here.
        "challenge": live.stored.status == "open" and bool(kept_for(live.stored.seats)),
        # For the lobby's notifications (static/turn-notify.js): the revision, and whether people
        # play the other seats (a human's or an open seat).
        "version": live.version,
        "with_people": any(
            info["kind"] in ("human", "open") for at, info in enumerate(live.stored.seats) if at != seat
        ),
    }


def scored_text(game: str, text: str, options: dict[str, Any]) -> dict[str, Any]:
    """The score sheet of a kingdom written as text, as :func:`sheet_json` gives a live one; a bad
    text is refused with where and what was expected (field ``text``), a bad option by its name."""
    try:
        full = score_text(game, text, options)
    except ScoreOptionError as error:
        raise HubError(422, f"options.{error.option}", str(error)) from None
    except BoxError as error:
        raise HubError(422, "text", str(error), error.code, error.values) from None
    except ScoreTextError as error:
        raise HubError(422, "text", str(error)) from None
    except FrameError as error:
        raise HubError(422, "text", str(error), "out_of_frame", {"n": error.frame}) from None
    except GameError as error:
        message = str(error)
        named = message.split(":", 1)[0]
        field = named if named == "game" or named.startswith("options.") else "text"
        raise HubError(422, field, message) from None
    # Every region, those worth 0 too: a table player who laid a crownless forest looks for it.
    return sheet_of(full, every=True)


def sheet_of(full: ScoreSheet, every: bool = False) -> dict[str, Any]:
    """A score sheet for clients: the regions that score (``every``: all of them), each with its
    castle-relative squares (``[row, col]``, so a page can light a region on the kingdom), bonuses
    (each named by its rule and figures for the page's words, and a missed one with why:
    :class:`Bonus`), total, and the engine's tie-break values (e.g. largest region, crowns) for
    explaining a tie."""
    sheet = full.to_json()
    sheet["tiebreaks"] = list(full.tiebreaks)
    if not every:
        sheet["regions"] = [region for region in sheet["regions"] if region["points"]]
    return sheet


def sheet_json(state: State, seat: int) -> dict[str, Any]:
    """A seat's score sheet for clients (:func:`sheet_of`)."""
    return sheet_of(state.score_sheet(seat))
