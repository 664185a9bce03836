"""A finished game's details for a player's statistics (``insights``), from its engine's scorer:
each seat's :class:`~kingdomino.core.game.ScoreSheet` (the regions and bonuses that make its
kingdom's score) summed into the rows of ``insight_tables``, kept once per game.

What a sheet gives, whatever the game: its regions (terrains in Kingdomino and Origins, coats of
arms in Duel), each ``squares`` x ``multiplier`` (crowns, crosses, fires), summed by kind into
the seat's row, and its bonuses, a row each (the
Middle Kingdom and Harmony; Origins' resources, totems, cavemen, warrior horde, Fire Kingdom,
Homo Habilis; Duel's "+3 per domain"). A Dynasty's lines of its earlier games are left out: the
details are of the kingdom at the end.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from kingdomino.core.game import ScoreSheet, State
from kingdomino.games.classic.components import TERRAINS as CLASSIC_TERRAINS
from kingdomino.games.duel.components import COATS
from kingdomino.games.origins.components import TERRAINS as ORIGINS_TERRAINS
from kingdomino.web.insight_tables import InsightGameRow, InsightLineRow, InsightSeatRow
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame, now
from kingdomino.web.tables import GameRow

log = logging.getLogger(__name__)

#: Each game's kinds of region, in the order of ``insight_seats``' columns of their points:
#: Kingdomino's and Origins' terrains, Duel's coats of arms.
KINDS: dict[str, tuple[str, ...]] = {
    "kingdomino": tuple(terrain.id for terrain in CLASSIC_TERRAINS),
    "duel": tuple(coat.id for coat in COATS),
    "origins": tuple(terrain.id for terrain in ORIGINS_TERRAINS),
}
#: A Dynasty's line of an earlier game's points: not a detail of the kingdom at the end.
_EARLIER_GAME = "game"
#: The values of a bonus's line that say which one it is (a caveman's kind, a totem's resource,
#: Duel's coat of arms), kept as its ``detail``.
_DETAILS = ("caveman", "resource", "coat")


def mode_of(game: str, options: Mapping[str, Any]) -> str:
    """The mode a game's statistics are grouped by: Origins' own (``discovery``, ``totem``,
    ``tribe``), Kingdomino's ``dynasty`` or ``mighty_duel``, else ``standard``.

    >>> mode_of("origins", {"mode": "tribe"}), mode_of("kingdomino", {"dynasty": True})
    ('tribe', 'dynasty')
    >>> mode_of("duel", {}), mode_of("kingdomino", {"harmony": True})
    ('standard', 'standard')
    """
    if game == "origins":
        return str(options.get("mode", "discovery"))
    for variant in ("dynasty", "mighty_duel"):
        if options.get(variant):
            return variant
    return "standard"


def sheets_of(state: State) -> list[ScoreSheet]:
    """Each seat's score sheet in ``state`` (the final one, or the one a resignation left)."""
    return [state.score_sheet(seat) for seat in range(len(state.scores()))]


def seat_rows(
    game_id: str, seat: int, sheet: ScoreSheet, kinds: Sequence[str]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A seat's row of ``insight_seats`` (its regions' points by kind, in the order of the game's
    ``kinds``) and its rows of ``insight_lines`` (its bonuses), from its ``sheet``."""
    by_kind = Counter[str]()
    for region in sheet.regions:
        if region.kind not in kinds:
            raise ValueError(f"a region of {region.kind!r}, which is none of {', '.join(kinds)}")
        by_kind[region.kind] += region.points
    figures: dict[str, Any] = {
        "game_id": game_id,
        "seat": seat,
        "crowns": sum(region.multiplier for region in sheet.regions),
        "largest": max((region.squares for region in sheet.regions), default=0),
        "regions": len(sheet.regions),
        **{f"points_{n}": by_kind[kind] for n, kind in enumerate(kinds)},
    }
    points: Counter[tuple[str, str]] = Counter()
    count: Counter[tuple[str, str]] = Counter()
    for bonus in sheet.bonuses:
        if bonus.key == _EARLIER_GAME:
            continue
        detail = next((str(bonus.values[name]) for name in _DETAILS if name in bonus.values), "")
        points[(bonus.key, detail)] += bonus.points
        count[(bonus.key, detail)] += 1
    lines = [
        {"game_id": game_id, "seat": seat, "key": key, "detail": detail}
        | {"points": points[(key, detail)], "count": found}
        for (key, detail), found in count.items()
    ]
    return figures, lines


def keep(
    connection: Connection, game_id: str, game: str, mode: str, sheets: Sequence[ScoreSheet] | None
) -> None:
    """Keep the details of the game ``game_id`` (a game of ``game``, in ``mode``) from its
    ``sheets``, a seat's each (None: its record could not be replayed, kept as ``failed``), once:
    a game kept already is left as it is. A region of no kind of its game is refused (ValueError)
    before anything is written."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    seats: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    for seat, sheet in enumerate(sheets or []):
        figures, its_lines = seat_rows(game_id, seat, sheet, KINDS[game])
        seats.append(figures)
        lines += its_lines
    # The game's end is its row's, written before (``game_results.keep_results``).
    ended = select(GameRow.ended).where(GameRow.id == game_id).scalar_subquery()
    head = {
        "game_id": game_id,
        "mode": mode,
        "failed": sheets is None,
        "kept": now(),
        "game": game,
        "ended": ended,
    }
    # RETURNING says whether the row was written: psycopg's rowcount of this insert is -1.
    written = connection.execute(
        dialect.insert(InsightGameRow).values(head).on_conflict_do_nothing().returning(InsightGameRow.game_id)
    ).first()
    if written is None or not seats:
        return
    connection.execute(dialect.insert(InsightSeatRow), seats)
    if lines:
        connection.execute(dialect.insert(InsightLineRow), lines)


def keep_details(store: Store, game: StoredGame, sheets: Sequence[ScoreSheet]) -> None:
    """Keep ``game``'s details at its end. A failure is logged and costs the game nothing (its
    result and ratings are kept apart): the next read of a player's statistics, or the fill at the
    server's next start, keeps them."""
    try:
        with store.engine.begin() as connection:
            keep(connection, game.id, game.game, mode_of(game.game, game.options), sheets)
    except Exception:
        log.exception("the details of game %s were not kept (the next start fills them)", game.id)
