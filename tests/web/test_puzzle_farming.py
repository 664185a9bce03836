"""A puzzle's rating is moved only by players whose own puzzle rating is settled
(``puzzles.settles``): new accounts are free to make, and a dozen of them answering one puzzle
wrong on purpose raised its rating for a friend's account to solve it at a profit."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import as_
from tests.web.test_puzzles_api import answer
from tests.web.test_relations import app_over, people

from kingdomino.puzzles.catalogue import shipped_kind
from kingdomino.ratings.glicko2 import Rating
from kingdomino.web import puzzles, standings
from kingdomino.web.puzzle_tables import PuzzlePlayerRow


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def test_new_accounts_answering_wrong_move_no_puzzle_s_rating(client: TestClient) -> None:
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    puzzle = sorted(shipped_kind("kingdomino").values(), key=lambda p: p.id)[2]
    wrong = puzzle.answers[-1].action
    assert puzzle.points_of(wrong) != puzzle.best
    guessed = Rating(puzzle.rating, puzzles.PUZZLE_DEVIATION)
    for _, session in people(client, "Sock1", "Sock2", "Sock3"):
        as_(client, session)
        told = answer(client, puzzle.id, wrong).json()
        assert told["solved"] is False and told["rating"]["rated"] is True  # the player's own moves
        assert puzzles.puzzle_ratings(store)[puzzle.id] == guessed
    ((name, session),) = people(client, "Settled")
    found = standings.account_named(store, name)
    assert found is not None
    with store.sessions.begin() as db:
        settled = {"rating": 1500.0, "deviation": 60.0, "volatility": 0.06, "tried": 40, "solved": 20}
        db.add(PuzzlePlayerRow(account_id=found[0], updated=datetime.now(UTC), **settled))
    as_(client, session)
    assert answer(client, puzzle.id, wrong).json()["rating"]["rated"] is True
    assert puzzles.puzzle_ratings(store)[puzzle.id].rating > guessed.rating  # a settled player's does
