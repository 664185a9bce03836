"""Puzzles of each game over HTTP (``routes/puzzles.py``): the next puzzle is of the set asked
(Kingdomino by default, Duel, a mode of Origins), its view is that game's, and an account's puzzle
rating is one per set, as its game ratings are."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import as_
from tests.web.test_relations import app_over, people

from kingdomino.puzzles.catalogue import KINDS, shipped, shipped_kind

#: The sets other than Kingdomino's that the package ships.
OTHERS = [kind for kind in KINDS[1:] if shipped_kind(kind)]


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(app_over(database)) as test_client:
        yield test_client


@pytest.mark.parametrize("kind", KINDS)
def test_the_next_puzzle_is_of_the_game_asked_and_shown_as_that_game(client: TestClient, kind: str) -> None:
    if not shipped_kind(kind):
        pytest.skip(f"the package ships no {kind} puzzles")
    view = client.get(f"/api/puzzles/next?game={kind}").json()
    puzzle = shipped()[view["id"]]
    assert view["kind"] == puzzle.kind == kind and view["game"] == kind.split("-")[0]
    assert sorted(view["legal_actions"]) == sorted(a.action for a in puzzle.answers)
    if kind.startswith("origins"):
        assert view["options"]["mode"] == kind.removeprefix("origins-")
    assert client.get("/api/puzzles/next").json()["kind"] == "kingdomino"


def test_a_game_without_puzzles_is_refused_and_the_daily_puzzle_stays_kingdomino_s(
    client: TestClient,
) -> None:
    refused = client.get("/api/puzzles/next?game=chess")
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "game"
    assert client.get("/api/puzzles/daily").json()["kind"] == "kingdomino"


def test_a_puzzle_rating_is_one_per_game(client: TestClient) -> None:
    """An Origins or Duel answer moves that set's rating only: the Kingdomino one and the next
    Kingdomino puzzle's player rating stay as they were, and the player's ratings name the set."""
    assert OTHERS, "the package ships no puzzles of Duel or Origins"
    kind = OTHERS[0]
    ((name, session),) = people(client, "Gia")
    as_(client, session)
    view = client.get(f"/api/puzzles/next?game={kind}").json()
    puzzle = shipped()[view["id"]]
    checked = client.post(
        f"/api/puzzles/{puzzle.id}/answer", json={"action": puzzle.answers[0].action}
    ).json()
    assert checked["solved"] is True and checked["rating"]["before"] == 1500 < checked["rating"]["after"]
    mine = {"rating": checked["rating"]["after"], "provisional": True, "tried": 1, "solved": 1}
    assert client.get(f"/api/puzzles/players/{name}").json() == {"rating": None, "ratings": {kind: mine}}
    assert client.get(f"/api/puzzles/next?game={kind}").json()["player"] == mine
    start = {"rating": 1500, "provisional": True, "tried": 0, "solved": 0}
    assert client.get("/api/puzzles/next").json()["player"] == start
    kingdomino = client.get("/api/puzzles/next").json()
    first = shipped()[kingdomino["id"]]
    client.post(f"/api/puzzles/{first.id}/answer", json={"action": first.answers[-1].action})
    ratings = client.get(f"/api/puzzles/players/{name}").json()["ratings"]
    assert list(ratings) == ["kingdomino", kind] and ratings[kind] == mine
    assert ratings["kingdomino"]["solved"] == 0 and ratings["kingdomino"]["rating"] < 1500
