"""A simul as the API shows it (``simuls``): its settings, the players who applied and, from its
start, its games, the host's results and, for the viewer who plays in it, their seats' tokens."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from kingdomino.web.simul_store import Entrant, Simul
from kingdomino.web.table import Table

#: The results a simul counts, the host's: each game ended is one of them.
RESULTS = ("win", "draw", "loss", "unplayed")


def simul_json(simul: Simul, viewer: int | None, table_of: Callable[[str], Table | None]) -> dict[str, Any]:
    """``simul`` for ``viewer`` (an account's id; None: a guest): ``you`` says whether they host
    it, where their application stands and whether they are logged in at all; ``games`` lists
    the boards in the simul's order (its players' as they applied: a board keeps its place as
    turns pass, for the host's eye and their "Next board"), each marked when it awaits the host's
    move (``host_to_move``) and with the viewer's token when they play it."""
    host = viewer is not None and viewer == simul.host
    mine = simul.entrant(viewer) if viewer is not None else None
    boards = [
        _board(entrant, table_of(entrant.game_id), _viewer_seat(entrant, host, entrant is mine))
        for entrant in simul.accepted()
        if entrant.game_id is not None
    ]
    counted = Counter(entrant.result for entrant in simul.accepted() if entrant.result is not None)
    return {
        "id": simul.id,
        "host": simul.host_name,
        "game": simul.game,
        "options": simul.options,
        "time_control": simul.time_control,
        "host_extra": simul.host_extra,
        "extra_per_challenger": simul.extra_per_challenger,
        "first": simul.first,
        "rated": simul.rated,
        "text": simul.text,
        "status": simul.status,
        "you": {
            "host": host,
            "state": mine.state if mine is not None else None,
            "account": viewer is not None,
        },
        "entrants": [{"name": e.name, "bot": e.bot, "state": e.state} for e in simul.entrants],
        "games": boards,
        "results": {result: counted[result] for result in RESULTS},
        "playing": sum(board["status"] == "playing" for board in boards),
    }


def _viewer_seat(entrant: Entrant, host: bool, challenger: bool) -> int | None:
    """The viewer's seat in ``entrant``'s game: the host's, the challenger's, or None."""
    if entrant.host_seat is None or not (host or challenger):
        return None
    return entrant.host_seat if host else 1 - entrant.host_seat


def _board(entrant: Entrant, table: Table | None, viewer_seat: int | None) -> dict[str, Any]:
    """One game of a simul: its challenger, where it stands and the token of ``viewer_seat``."""
    seat = entrant.host_seat if entrant.host_seat is not None else 0
    board: dict[str, Any] = {
        "id": entrant.game_id,
        "challenger": entrant.name,
        "host_seat": seat,
        "result": entrant.result,
        "status": "aborted",
        "current_player": None,
        "host_to_move": False,
        "moves": 0,
        "scores": [0, 0],
        "token": None,
    }
    if table is None:
        return board
    stored = table.stored
    playing = stored.status == "playing"
    current = table.state.current_player if playing else None
    board.update(
        status=stored.status,
        current_player=current,
        host_to_move=current == seat,
        moves=len(table.actions),
        scores=[int(score) for score in table.state.scores()],
    )
    if viewer_seat is not None:
        played = stored.seats[viewer_seat]
        board["token"] = played.get("token") or played.get("former_token")
    return board
