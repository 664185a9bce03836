"""Ratings written straight into a server's store, as rated games would have left them, for the
tests of what reads them (the lobby's pairing, the leaderboards, the pool a page opens on)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Insert, insert

from kingdomino.web.tables import RatingRow


def rating_row(
    account_id: int,
    pool: str,
    rating: float = 1500.0,
    deviation: float = 200.0,
    games: int = 1,
    wins: int = 0,
    updated: datetime | None = None,
) -> Insert:
    """The insert of ``account_id``'s rating in ``pool`` (Glicko-2's volatility at its start), its
    latest rated game ``updated`` (now if not said)."""
    figures = {"rating": rating, "deviation": deviation, "volatility": 0.06, "games": games, "wins": wins}
    return insert(RatingRow).values(
        account_id=account_id, pool=pool, updated=updated or datetime.now(UTC), **figures
    )
