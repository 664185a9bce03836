"""What a club tournament's page and lists show (``GET /api/tournaments``, ``/api/tournaments/{id}``):
its settings, its players, its rounds with their games and results, and its standings with the
tie-breaks (``club_pairing``); ``wait_minutes`` is how long each game waits for its players. A
game's seat token is shown to its own player alone (the page's "Play"), as an account's list of
games shows it; everyone else gets the game's id, to watch it.
"""

from __future__ import annotations

from typing import Any

from kingdomino.web.club_pairing import standings
from kingdomino.web.club_tables import GONE
from kingdomino.web.open_seats import MAX_WAIT_MINUTES
from kingdomino.web.table_pairing import table_standings
from kingdomino.web.tournament_store import Tournament, seated


def settings_json(tournament: Any, players: int) -> dict[str, Any]:
    """A tournament's settings as the lists show it (``tournament``: its row), with ``players``."""
    return {
        "id": tournament.id,
        "name": tournament.name,
        "game": tournament.game,
        "options": dict(tournament.options),
        "time_control": tournament.time_control,
        "rated": bool(tournament.rated),
        "public": bool(tournament.public),
        "format": tournament.format,
        "rounds": tournament.rounds,
        "round": tournament.round,
        "max_players": tournament.max_players,
        "bots": bool(tournament.bots),
        "status": tournament.status,
        "table_size": tournament.table_size,
        "starts_at": tournament.starts_at,
        "players": players,
        "club": tournament.club_name,
        # Members-only, of a club no longer there (``club_tables.GONE``): nobody joins it.
        "club_gone": tournament.club == GONE,
    }


def places(tournament: Tournament) -> int:
    """The places of ``tournament`` taken against its ``max_players``: every player's, but an
    arena's withdrawn players give theirs back (``arena_joins.places_taken``)."""
    return len(tournament.active() if tournament.format == "arena" else tournament.players)


def waited_minutes(minutes: int, time_control: dict[str, Any] | None) -> int:
    """How long each game waits for its players: ``minutes``, a game by the day at least a turn's
    days (``open_seats.wait_until``).

    >>> waited_minutes(20, None), waited_minutes(20, {"kind": "days", "days": 2})
    (20, 2880)
    """
    if time_control is not None and time_control.get("kind") == "days":
        return max(minutes, min(MAX_WAIT_MINUTES, int(time_control.get("days", 0)) * 24 * 60))
    return minutes


def result_words(first: float | None, second: float | None) -> str | None:
    """A game's result as a table writes it ("1-0", "½-½", "0-0"); None while it goes on.

    >>> result_words(1.0, 0.0), result_words(0.5, 0.5), result_words(None, None)
    ('1-0', '½-½', None)
    """
    if first is None:
        return None
    words = {1.0: "1", 0.5: "½", 0.0: "0"}
    return f"{words[first]}-{words[second or 0.0]}"


def tournament_json(
    tournament: Tournament,
    viewer: int | None,
    games: dict[str, tuple[str, list[dict[str, Any]]]],
    unplayed: set[str] | frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """``tournament`` whole, as its page shows it to the account ``viewer`` (None: a guest);
    ``games``: the status and seats of its games (``tournament_store.games_now``); ``unplayed``: its
    finished games without a move (``games_moved``), ``played`` false: nothing to replay."""
    names = tournament.names()
    rounds: dict[int, list[dict[str, Any]]] = {}
    for game in tournament.games:
        status, seats = games.get(game.game_id, ("", [])) if game.game_id else ("", [])
        mine = viewer is not None and viewer in seated(game)
        pairs = tournament.table_size == 2
        result = result_words(game.first_points, game.second_points) if pairs else None
        entry: dict[str, Any] = {
            "board": game.board,
            "first": names.get(game.first),
            "second": names.get(game.second) if game.second is not None else None,
            "game_id": game.game_id,
            "status": status or None,
            "result": result,
            "scores": None
            if game.first_points is None or game.forfeit
            else [game.first_score, game.second_score],
            "forfeit": bool(game.forfeit),
            "played": game.game_id not in unplayed,
            "yours": mine,
        }
        if tournament.table_size > 2:
            entry["players"] = table_lines(game, names)
        if mine and seats:
            seat = next(
                (info for info in seats if info.get("account") == viewer or info.get("for") == viewer), None
            )
            entry["seated"] = seat is not None and seat["kind"] != "open"
            entry["token"] = seat.get("token") if seat is not None and seat["kind"] == "human" else None
        rounds.setdefault(game.round, []).append(entry)
    withdrew = {p.account_id: p.withdrew for p in tournament.players}
    return {
        **settings_json(tournament, places(tournament)),
        "organiser": tournament.organiser_name,
        "wait_minutes": waited_minutes(tournament.wait_minutes, tournament.time_control),
        "created": tournament.created.isoformat(),
        "you": {
            "organiser": viewer == tournament.organiser,
            "playing": viewer in names and withdrew.get(viewer) is None,
        }
        if viewer is not None
        else None,
        "entrants": [
            {"name": p.name, "bot": bool(p.bot), "withdrew": p.withdrew} for p in tournament.players
        ],
        "rounds_played": [{"round": number, "games": rounds[number]} for number in sorted(rounds)],
        "standings": standings_json(tournament, withdrew),
    }


def standings_json(tournament: Tournament, withdrew: dict[int, int | None]) -> list[dict[str, Any]]:
    """The standings' lines: a tournament of games of two's with its tie-breaks (``club_pairing``),
    one by tables' with the opponents' points and the kingdom margin (``table_pairing``)."""
    names = tournament.names()
    if tournament.table_size > 2:
        return [
            {
                "rank": line.rank,
                "name": line.name,
                "points": line.points,
                "opponents": line.opponents,
                "kingdom_margin": line.kingdom_margin,
                "played": line.played,
                "withdrew": withdrew.get(line.player),
            }
            for line in table_standings(names, tournament.table_played())
        ]
    return [
        {
            "rank": line.rank,
            "name": line.name,
            "points": line.points,
            "buchholz": line.buchholz,
            "sonneborn_berger": line.sonneborn_berger,
            "kingdom_diff": line.kingdom_diff,
            "played": line.played,
            "withdrew": withdrew.get(line.player),
        }
        for line in standings(names, tournament.played())
    ]


def table_lines(game: Any, names: dict[int, str]) -> list[dict[str, Any]]:
    """A table's players in seat order, each with their ``place``, ``points`` and kingdom points
    (``score``) once it ended (None before) and whether their seat was ``forfeit``."""
    outcome = game.outcome or {}
    players = seated(game)
    ended = game.first_points is not None

    def of(key: str, seat: int) -> Any:
        return outcome[key][seat] if ended and key in outcome else None

    return [
        {
            "name": names.get(player),
            "place": of("places", seat),
            "points": of("points", seat),
            "score": of("scores", seat),
            "forfeit": bool(of("forfeits", seat)),
        }
        for seat, player in enumerate(players)
    ]
