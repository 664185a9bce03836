"""What players see of a domino game, shared by classic Kingdomino and Origins: a seat's view
(``State.view``) as JSON, a kingdom as JSON, the terrain legend and a score sheet's region lines.

Each game adds its own fields (a square's crowns; fires, resources, cavemen) through the
functions and fields it passes to :func:`seat_view`, so the common fields are written once and
keep their order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from kingdomino.core.game import Bonus, Refusal, RegionScore, ScoreSheet, check_seat
from kingdomino.games.domino.state import FREE
from kingdomino.games.domino.territory import DominoKingdom

if TYPE_CHECKING:
    from kingdomino.games.domino.flow import DominoFlow


class TerrainLike(Protocol):
    """A terrain as the legend shows it."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def letter(self) -> str: ...

    @property
    def colour(self) -> str: ...


class RegionLike(Protocol):
    """A scored region: its terrain, squares (mask and count), symbols (crowns, fires) and points."""

    @property
    def terrain(self) -> int: ...

    @property
    def mask(self) -> int: ...

    @property
    def squares(self) -> int: ...

    @property
    def symbols(self) -> int: ...

    @property
    def points(self) -> int: ...


class ScoredKingdom(Protocol):
    """A kingdom that explains its score: its geometry, regions and tie-break."""

    @property
    def geometry(self) -> Any: ...

    def regions(self) -> Sequence[RegionLike]: ...

    def tie_break(self) -> tuple[int, ...]: ...


def legend(terrains: Iterable[TerrainLike]) -> dict[str, dict[str, str]]:
    """Terrain letter -> id, name and colour, for clients that draw kingdoms."""
    return {t.letter: {"id": t.id, "name": t.name, "colour": t.colour} for t in terrains}


def kingdom_json(kingdom: DominoKingdom, square: Callable[[int, int], dict[str, Any]]) -> dict[str, Any]:
    """A kingdom as JSON: centre-relative squares, each ``row``, ``col`` and the game's own
    fields (``square(row, col)``), then the discards and the bounding box."""
    squares = []
    centre = kingdom.geometry.centre
    for row, col in kingdom.geometry.grid.cells(kingdom.occupied):
        squares.append({"row": row - centre, "col": col - centre, **square(row - centre, col - centre)})
    return {"squares": squares, "discards": kingdom.discards, "bounds": list(kingdom.bounds())}


def centred_bonus(kingdom: DominoKingdom, key: str, points: int, centre: str) -> Bonus:
    """The Middle Kingdom's (Origins: Fire Kingdom's) line: ``points`` while the kingdom is centred
    on its ``centre`` square (the castle, the hut: :meth:`DominoKingdom.is_centred`, an incomplete
    kingdom too), else 0 and why (``off_centre``, with the frame's size)."""
    name = key.replace("_", " ")
    if kingdom.is_centred():
        return Bonus(key, points, name)
    frame = kingdom.geometry.frame
    reason = f"the {centre} is not in the centre of the {frame}x{frame} square"
    return Bonus(key, 0, name, missed=Refusal("off_centre", {"frame": frame}), reason=reason)


def complete_bonus(kingdom: DominoKingdom, key: str, points: int, whole: str) -> Bonus:
    """Harmony's (Origins: Homo Habilis') line: ``points`` for a ``whole`` (kingdom, territory)
    that fills its frame with no domino discarded, else 0 and why: ``discarded`` (how many), or
    ``not_full`` (how many squares are empty; a kingdom in play is not full yet)."""
    name = key.replace("_", " ")
    if kingdom.is_complete():
        return Bonus(key, points, name)
    discards = kingdom.discards
    if discards:
        reason = "a domino was discarded" if discards == 1 else f"{discards} dominoes were discarded"
        return Bonus(key, 0, name, missed=Refusal("discarded", {"n": discards}), reason=reason)
    empty = kingdom.empty_squares()
    squares = "1 square is" if empty == 1 else f"{empty} squares are"
    reason = f"the {whole} is not full: {squares} empty"
    return Bonus(key, 0, name, missed=Refusal("not_full", {"n": empty}), reason=reason)


def sheet(kingdom: ScoredKingdom, terrains: Sequence[TerrainLike], bonuses: list[Bonus]) -> ScoreSheet:
    """A score sheet: every region (most points first), the game's ``bonuses``, the total."""
    grid = kingdom.geometry.grid
    centre = kingdom.geometry.centre
    regions = sorted(kingdom.regions(), key=lambda r: (-r.points, -r.squares, r.terrain))
    lines = tuple(
        RegionScore(
            terrains[r.terrain].id,
            r.squares,
            r.symbols,
            r.points,
            tuple((row - centre, col - centre) for row, col in grid.cells(r.mask)),
        )
        for r in regions
    )
    total = sum(r.points for r in regions) + sum(bonus.points for bonus in bonuses)
    return ScoreSheet(lines, tuple(bonuses), total, kingdom.tie_break())


def seat_view(
    state: DominoFlow,
    seat: int | None,
    halves: Callable[[int], list[dict[str, Any]]],
    kingdom: Callable[[Any], dict[str, Any]],
    terrain_legend: dict[str, dict[str, str]],
    head: dict[str, Any],
    tail: dict[str, Any],
) -> dict[str, Any]:
    """The public position as JSON, from ``seat``'s view (its legal actions when it acts).

    ``head`` (fields after ``current_player``) and ``tail`` (after ``dominoes_left``) hold what
    a game adds; ``halves`` and ``kingdom`` write its dominoes and kingdoms.
    """
    game = state.game
    check_seat(game.num_players, seat)
    legal = state.legal_actions() if seat is not None and seat == state.player else []
    king = state.KING_WORD
    acting = state.row and state.phase not in state.CHANCE_PHASES and state.phase != state.OVER
    return {
        "game": game.name,
        "options": dict(game.options),
        "players": game.num_players,
        "seat": seat,
        "phase": state.phase_name,
        "current_player": state.player,
        **head,
        "round": state.round_number,
        "rounds": game.rounds,
        "frame": game.frame,
        "kingdoms": [kingdom(k) for k in state.kingdoms],
        "row": [{"domino": n, king: o, "halves": halves(n)} for n, o in zip(state.row, state.row_owner)],
        "next_row": [
            {"domino": n, king: o if o != FREE else None, "halves": halves(n)}
            for n, o in zip(state.next_row, state.next_owner)
        ],
        "legend": terrain_legend,
        "acting_slot": state.slot if acting else None,
        "discarded": state.discarded.copy(),
        "dominoes_left": game.deck_size - state.drawn,
        **tail,
        "scores": state.scores(),
        "legal_actions": [game.action_text(a) for a in legal],
    }
