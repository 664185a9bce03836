"""The rating range of an open game: how far below and above its creator's rating a player who
joins it may be, as a lichess seek names one.

A game opened to the lobby, rated or casual, may name its range as two offsets from its creator's
rating in the game's pool (``low`` .. ``high``: -200 .. +300), each a multiple of ``step`` within
``lowest`` .. ``highest`` (``data/rating_ranges.json``). It is made absolute as the game is
opened, around that rating rounded (1900 gives 1700 .. 2200), and stored with the game
(``games.rating_range``): the range a player saw in the lobby is the one they are judged by,
whatever the creator's games change meanwhile. Only an account has a rating, so a guest's game
names no range, and a game without a pool neither.

Who may take a seat at a game with a range: an account whose rating in the pool lies in it, a new
one's 1500 included. A provisional rating counts at its current value, as lichess lets a
provisional player join only a range that holds their current rating: its deviation is not
widened into the range, or a new player would pass every range near 1500 and none far from it by
a rule nobody could see. A guest has no rating and joins no game with a range. Quick pairing
honours ranges both ways (``routes.open_games``): it joins a game only when the game's range holds
the player and the player's own range holds the game's creator, and the game it opens, when none
fits, takes the player's range.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from importlib import resources
from typing import Any

from kingdomino.web.lobby_ratings import Shown, rating_in, rating_value
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store

#: The steps and bounds of a range's offsets.
RULES: dict[str, int] = json.loads(
    resources.files("kingdomino.web").joinpath("data", "rating_ranges.json").read_text(encoding="utf-8")
)


def whole(rating: Shown | None) -> int:
    """A shown rating to the whole point, halves up as the lobby's page rounds it (``Math.round``;
    Python's ``round`` takes a half to the even point, and the page would mark a game joinable that
    the server refuses): a guest's, or one without a pool, is a new player's.

    >>> whole({"value": 1700.5, "provisional": False}), whole({"value": 1699.4, "provisional": True})
    (1701, 1699)
    """
    return math.floor(rating_value(rating) + 0.5)


def check_offsets(low: int, high: int) -> None:
    """Refuse offsets off the steps or the bounds of ``RULES``, each naming its field, or a range
    that leaves out its creator's own rating (``low`` above 0 or ``high`` below)."""
    step, lowest, highest = RULES["step"], RULES["lowest"], RULES["highest"]
    for field, offset, least, most in (("low", low, lowest, 0), ("high", high, 0, highest)):
        if not least <= offset <= most or offset % step:
            raise HubError(
                422,
                f"rating_range.{field}",
                f"expected a multiple of {step} from {least} to {most} (points against your rating), "
                f"got {offset}",
            )


def made_around(offsets: Mapping[str, Any], rating: Shown | None, has_open_seats: bool) -> dict[str, int]:
    """The absolute range of a game opened with ``offsets`` (``{"low", "high"}``) by a creator
    rated ``rating`` in its pool: refused for a guest's game or one without a pool (``rating``
    None) and for a game with no seat open to the lobby."""
    low, high = int(offsets["low"]), int(offsets["high"])
    check_offsets(low, high)
    if not has_open_seats:
        raise HubError(422, "rating_range", "a rating range is for a game with seats open to the lobby")
    if rating is None:
        raise HubError(
            422,
            "rating_range",
            "a rating range is made around your rating: log in, and choose a game that has ratings",
            "range_needs_account",
        )
    centre = whole(rating)
    return {"low": centre + low, "high": centre + high}


def range_asked(
    store: Store,
    offsets: Mapping[str, Any] | None,
    account: int | None,
    game: str,
    players: int,
    opened: bool,
) -> dict[str, int] | None:
    """The absolute range of a game of ``game`` with ``players`` seats that ``account`` (None: a
    guest) opens with ``offsets`` (None: no range), read around its rating there (``made_around``)."""
    if offsets is None:
        return None
    return made_around(offsets, rating_in(store, account, game, players), opened)


def holds(rating_range: Mapping[str, Any] | None, rating: Shown | None) -> bool:
    """Whether a player rated ``rating`` (None: a guest) may join a game of ``rating_range``
    (None: anyone may)."""
    if rating_range is None:
        return True
    if rating is None:
        return False
    return int(rating_range["low"]) <= whole(rating) <= int(rating_range["high"])


def check_holds(rating_range: Mapping[str, Any] | None, rating: Shown | None, guest: bool) -> None:
    """Refuse a player rated ``rating`` a seat at a game of ``rating_range`` that does not hold
    them, saying the range and their rating (a ``guest``: that they need an account)."""
    if rating_range is None or holds(rating_range, rating):
        return
    low, high = int(rating_range["low"]), int(rating_range["high"])
    if guest or rating is None:
        raise HubError(
            401,
            "session",
            f"this game is for ratings {low} to {high}: log in with an account rated in the range to join",
            "range_guest",
            {"low": low, "high": high},
        )
    # A provisional rating is said as the page marks it everywhere: "1500?".
    mine = f"{whole(rating)}{'?' if rating.get('provisional') else ''}"
    raise HubError(
        403,
        "rating_range",
        f"this game is for ratings {low} to {high}; yours is {mine}",
        "out_of_range",
        {"low": low, "high": high, "rating": mine},
    )
