"""A table's kingdoms scored together (``POST /api/score/table``): each kingdom's sheet as the
scorer explains one, the totals and the ranking by the engine's own statement of places
(:func:`kingdomino.core.game.ranked_places` over each sheet's ``tiebreaks``, the kingdom's
``tie_break``), so no page restates a game's tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from kingdomino.core.game import GameError, ranked_places
from kingdomino.games.registry import make_game, option_players
from kingdomino.games.scorer import TIE_BREAK_NAMES, beyond_the_box, text_formats
from kingdomino.web import views
from kingdomino.web.refusals import HubError

#: The scorer's options that are not the game's: the frame a kingdom is laid in, the totems it
#: holds (a kingdom's own, given per kingdom at a table), squares beyond the box.
_SCORER_ONLY = ("frame", "totems", "any_squares")


class TableKingdom(Protocol):
    """A kingdom of the table as the request gives it."""

    name: str
    text: str
    totems: str


def scored_table(game: str, options: dict[str, Any], kingdoms: Sequence[TableKingdom]) -> dict[str, Any]:
    """Every kingdom's score sheet, its place and the winners; a table the game cannot have (its
    player count, a frame other than the count plays on) is refused by field, a kingdom by its own
    (``kingdoms.1.text``), and so is a piece two kingdoms cannot share (a totem, Duel's power)."""
    if "totems" in options:
        raise HubError(422, "options.totems", "options.totems: a table gives each kingdom its totems")
    played = _table_game(game, options, len(kingdoms))
    frame = getattr(played, "frame", None)
    if frame is not None and options.get("frame", frame) != frame:
        raise HubError(
            422,
            "options.frame",
            f"options.frame: {played.title} with {len(kingdoms)} players is played on a "
            f"{frame}x{frame} frame, got {options['frame']!r}",
            "table_frame",
            {"n": frame, "players": len(kingdoms)},
        )
    if frame is not None and game != "duel":
        options = {**options, "frame": frame}
    sheets = [_sheet(game, options, index, kingdom) for index, kingdom in enumerate(kingdoms)]
    _one_holder(game, kingdoms, sheets)
    if frame is not None and options.get("any_squares") is not True:
        _one_box(game, kingdoms, frame)
    totals = [sheet["total"] for sheet in sheets]
    places = ranked_places(totals, lambda seat: tuple(sheets[seat]["tiebreaks"]))
    return {
        "kingdoms": [{"name": k.name, **sheet} for k, sheet in zip(kingdoms, sheets)],
        "places": places,
        "winners": [seat for seat, place in enumerate(places) if place == 1],
        "tiebreaks": list(TIE_BREAK_NAMES.get(game, ())),
        "ties": _ties(totals, [tuple(sheet["tiebreaks"]) for sheet in sheets], game),
    }


def _table_game(game: str, options: dict[str, Any], players: int) -> Any:
    """The game a table of ``players`` plays with ``options``: the engine says which counts and
    variants go together (Mighty Duel is for two)."""
    variants = {name: value for name, value in options.items() if name not in _SCORER_ONLY}
    try:
        return make_game(game, players, variants)
    except GameError as error:
        field = error.field or str(error).split(":", 1)[0]
        if field == "players":
            _option_at_fault(game, variants, players, str(error))
            raise HubError(422, "kingdoms", str(error), "table_players", {"n": players}) from None
        if field == "options":
            # The scorer names the option at fault (``options.zzz``), the game only its options.
            views.scored_text(game, text_formats()[game]["home"], variants)
        raise HubError(422, field, str(error)) from None


def _option_at_fault(game: str, variants: dict[str, Any], players: int, message: str) -> None:
    """Refuse a count the game takes but an option turned on does not (the Mighty Duel at three)
    by that option's name and the most players it takes, for the page to word."""
    for option, counts in option_players(game).items():
        if variants.get(option) is True and players not in counts:
            values = {"n": players, "option": option, "most": max(counts)}
            raise HubError(422, "kingdoms", message, "table_option_players", values)


def _sheet(game: str, options: dict[str, Any], index: int, kingdom: TableKingdom) -> dict[str, Any]:
    """One kingdom's sheet (:func:`views.scored_text`), its refusal named by the kingdom's field."""
    own = {**options, "totems": kingdom.totems} if kingdom.totems else options
    try:
        return views.scored_text(game, kingdom.text, own)
    except HubError as error:
        if error.field == "options.totems":
            error.field = f"kingdoms.{index}.totems"
        elif error.field == "text":
            error.field = f"kingdoms.{index}.text"
        raise


def _one_holder(game: str, kingdoms: Sequence[TableKingdom], sheets: list[dict[str, Any]]) -> None:
    """A totem has one holder at a table, and Duel's "+3 per domain" power one owner (the first
    to complete its line; the other's line is struck out): a second is refused by its kingdom."""
    held: dict[str, int] = {}
    for index, kingdom in enumerate(kingdoms):
        for totem in filter(None, (name.strip() for name in kingdom.totems.split(","))):
            if totem in held:
                raise HubError(
                    422,
                    f"kingdoms.{index}.totems",
                    f"kingdoms.{index}.totems: the {totem} totem is held by {_named(kingdoms, held[totem])} "
                    "already; a totem has one holder",
                    "totem_held",
                    {"resource": totem, "name": _named(kingdoms, held[totem])},
                )
            held[totem] = index
    if game == "duel":
        owners = [i for i, sheet in enumerate(sheets) if any(b["key"] == "domains" for b in sheet["bonuses"])]
        if len(owners) > 1:
            raise HubError(
                422,
                f"kingdoms.{owners[1]}.text",
                f'kingdoms.{owners[1]}.text: {_named(kingdoms, owners[0])} has the "+3 per domain" power '
                "already; one player alone gains a power",
                "power_held",
                {"name": _named(kingdoms, owners[0])},
            )


def _one_box(game: str, kingdoms: Sequence[TableKingdom], frame: int) -> None:
    """A table's kingdoms are laid from one box: a piece they hold more of together than the box
    has is refused at the kingdom that takes one too many (named by its place at the table)."""
    beyond = beyond_the_box(game, [kingdom.text for kingdom in kingdoms], frame)
    if beyond is not None:
        index, error = beyond
        field = f"kingdoms.{index}.text"
        message = f"{field}: {error}, counting the table's kingdoms before it"
        raise HubError(422, field, message, error.code, error.values)


def _named(kingdoms: Sequence[TableKingdom], index: int) -> str:
    """A kingdom's player by the name the table gives, else by its place at the table."""
    return kingdoms[index].name or f"kingdom {index + 1}"


def _ties(totals: list[int], keys: list[tuple[int, ...]], game: str) -> list[dict[str, Any]]:
    """The kingdoms sharing a total, each group with the tie-break that ranked them (the first
    of the game's that tells them apart), or none where they share a place; and within a group,
    those the tie-break left level with what ranked them next, so that each sentence is true of
    every kingdom it names (three tied on points, two of them on the largest region too: the
    largest region ranks the three, the crowns those two)."""
    names = TIE_BREAK_NAMES.get(game, ())
    found: list[dict[str, Any]] = []

    def level(seats: list[int], total: int, start: int) -> None:
        """``seats`` share the total and the tie-breaks before ``start``."""
        by = next((i for i in range(start, len(names)) if len({keys[seat][i] for seat in seats}) > 1), None)
        found.append({"kingdoms": seats, "total": total, "by": None if by is None else names[by]})
        if by is None:
            return
        for value in sorted({keys[seat][by] for seat in seats}, reverse=True):
            same = [seat for seat in seats if keys[seat][by] == value]
            if len(same) > 1:
                level(same, total, by + 1)

    for total in sorted(set(totals), reverse=True):
        seats = [seat for seat, score in enumerate(totals) if score == total]
        if len(seats) > 1:
            level(seats, total, 0)
    return found
