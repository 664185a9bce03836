"""Rating pools, and a game of several players rated as its pairwise results.

A rating means something only against players of the same games: a pool is a game and a size of
table, as issue #64 names them. Every variant of a game shares its pool (a Mighty Duel or a
Dynasty is Kingdomino with two players), since each is the same skill at another length.

A game of three or four players counts, for each player, as one result against each other player
(better placed: a win; the same place: a draw), all rated in one period against the others'
ratings before the game, as Board Game Arena and Dominion Online rate theirs.

>>> pool_of("kingdomino", 4), pool_of("duel", 2), pool_of("origins", 2)
('kingdomino-3-4', 'duel', 'origins-2')
>>> pairwise_scores([2, 1, 2])
[[(1, 0.0), (2, 0.5)], [(0, 1.0), (2, 1.0)], [(0, 0.5), (1, 0.0)]]
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdomino.ratings.glicko2 import Rating, update

#: Each pool's name, by game and the table sizes it holds.
POOLS: dict[str, dict[range, str]] = {
    "kingdomino": {range(2, 3): "kingdomino-2", range(3, 5): "kingdomino-3-4"},
    "duel": {range(2, 3): "duel"},
    "origins": {range(2, 3): "origins-2", range(3, 5): "origins-3-4"},
}


def pool_names() -> list[str]:
    """Every pool, in the order of ``POOLS``."""
    return [name for sizes in POOLS.values() for name in sizes.values()]


def pool_of(game: str, players: int) -> str:
    """The pool of a rated game of ``game`` with ``players`` seats."""
    sizes = POOLS.get(game)
    if sizes is None:
        raise ValueError(f"game: expected one of {', '.join(POOLS)}, got {game!r}")
    for size, name in sizes.items():
        if players in size:
            return name
    counts = sorted(n for size in sizes for n in size)
    allowed = str(counts[0]) if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    raise ValueError(f"players: a rated {game} game has {allowed} players, not {players}")


def pairwise_scores(places: Sequence[int]) -> list[list[tuple[int, float]]]:
    """For each seat, its score against every other seat, from the seats' places in the final
    ranking (1 the first; tied seats share a place): 1 better placed, 0.5 level, 0 worse."""
    return [
        [
            (other, 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
            for other, theirs in enumerate(places)
            if other != seat
        ]
        for seat, mine in enumerate(places)
    ]


def rate_game(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """Every seat's rating after a game it finished in ``places`` (see :func:`pairwise_scores`),
    each against the others' ratings before the game.

    >>> after = rate_game([Rating(), Rating()], [1, 2])
    >>> after[0].rating > 1500 > after[1].rating, round(after[0].rating + after[1].rating, 6)
    (True, 3000.0)
    """
    if len(ratings) != len(places) or len(ratings) < 2:
        raise ValueError(f"places: expected one per seat of {len(ratings)} (at least 2), got {len(places)}")
    if any(place < 1 for place in places):
        raise ValueError(f"places: expected places from 1, got {list(places)}")
    return [
        update(ratings[seat], [(ratings[other], score) for other, score in scores])
        for seat, scores in enumerate(pairwise_scores(places))
    ]
