"""Puzzles over HTTP (``routes/puzzles.py``, ``web/puzzles.py``): a puzzle's view gives nothing of
its answer away, an answer is checked against the engine's exact answers and then says them all,
an account's first answer to a puzzle moves its puzzle rating (and the puzzle's) and no later one,
and the next puzzle is not one the player answered."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import new_app
from tests.web.deadlines import barrier
from tests.web.test_challenges import as_
from tests.web.test_relations import app_over, people

from kingdomino.puzzles.catalogue import shipped, shipped_kind
from kingdomino.web import puzzles, standings
from kingdomino.web.store import Store


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    """A client over SQLite, then over the test PostgreSQL (accounts made quickly)."""
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def answer(client: TestClient, puzzle_id: str, action: str) -> Any:
    return client.post(f"/api/puzzles/{puzzle_id}/answer", json={"action": action})


def test_a_puzzle_s_view_is_its_position_without_its_answer(client: TestClient) -> None:
    view = client.get("/api/puzzles/next").json()
    puzzle = shipped()[view["id"]]
    assert view["goal"] == puzzle.goal
    assert view["your_seats"] == [puzzle.seat] == [view["current_player"]]
    assert sorted(view["legal_actions"]) == sorted(a.action for a in puzzle.answers)
    assert not {"answers", "best", "score_gains", "seed", "actions", "log"} & set(view)
    assert not {"seed", "pool", "legal_actions"} & set(view["observation"])
    assert view["aids"] is None and view["player"] is None
    assert client.get(f"/api/puzzles/{puzzle.id}").json() == view


def test_an_answer_is_checked_against_the_exact_answers_and_then_says_them(client: TestClient) -> None:
    puzzle = sorted(shipped_kind("kingdomino").values(), key=lambda p: p.id)[0]
    worse = puzzle.answers[-1]
    checked = answer(client, puzzle.id, worse.action).json()
    assert checked["solved"] is False
    assert (checked["points"], checked["best"]) == (worse.points, puzzle.best)
    assert checked["answers"] == [{"action": a.action, "points": a.points} for a in puzzle.answers]
    assert checked["rating"] is None  # a guest plays unrated
    assert answer(client, puzzle.id, puzzle.answers[0].action).json()["solved"] is True
    refused = answer(client, puzzle.id, "place 9,9 E")
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "action"
    assert answer(client, puzzle.id, "").status_code == 422
    unknown = client.get("/api/puzzles/nothing")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "no_puzzle"


def test_an_account_s_first_answer_moves_its_puzzle_rating_and_no_later_one(client: TestClient) -> None:
    ((name, session),) = people(client, "Pia")
    as_(client, session)
    view = client.get("/api/puzzles/next").json()
    assert view["player"] == {"rating": 1500, "provisional": True, "tried": 0, "solved": 0}
    assert client.get(f"/api/puzzles/players/{name}").json()["rating"] is None  # no card on its page yet
    puzzle = shipped()[view["id"]]
    first = answer(client, puzzle.id, puzzle.answers[0].action).json()
    assert first["solved"] is True
    assert first["rating"]["rated"] is True and first["rating"]["after"] > first["rating"]["before"] == 1500
    again = answer(client, puzzle.id, puzzle.answers[-1].action).json()
    assert again["rating"] == {**first["rating"], "before": first["rating"]["after"], "rated": False}
    rating = client.get(f"/api/puzzles/players/{name}").json()["rating"]
    assert rating == {"rating": first["rating"]["after"], "provisional": True, "tried": 1, "solved": 1}
    assert client.get("/api/puzzles/next").json()["player"] == rating
    for _ in range(20):  # the next puzzle is drawn among the nearest: never the one answered
        assert client.get("/api/puzzles/next").json()["id"] != puzzle.id
    as_(client, None)
    assert client.get(f"/api/puzzles/players/{name}").json()["rating"] == rating
    assert client.get("/api/puzzles/players/nobody-at-all").status_code == 404


def test_a_guest_is_not_given_the_puzzles_its_page_saw_and_the_daily_one_stays(client: TestClient) -> None:
    nearest = [client.get("/api/puzzles/next").json()["id"] for _ in range(30)]
    seen = ",".join(sorted(set(nearest)))
    for _ in range(10):
        assert client.get(f"/api/puzzles/next?skip={seen}").json()["id"] not in nearest
    daily = client.get("/api/puzzles/daily").json()
    assert daily["id"] in shipped() and client.get("/api/puzzles/daily").json()["id"] == daily["id"]


def test_answers_are_limited_per_client(database: str) -> None:
    puzzle = next(iter(shipped_kind("kingdomino").values()))
    with TestClient(new_app(database)) as limited:  # the app's own rate, not the tests' looser one
        codes = [answer(limited, puzzle.id, puzzle.answers[0].action).status_code for _ in range(31)]
    assert codes[:30] == [200] * 30 and codes[30] == 429


def test_the_puzzles_page_preloads_its_own_modules(client: TestClient) -> None:
    base = client.app.state.static_base  # type: ignore[attr-defined]
    for path in ("/puzzles", "/puzzles/0123abcd"):
        page = client.get(path)
        assert page.status_code == 200
        assert f"{base}puzzle.js" in page.text and f"{base}board-kingdoms.js" in page.text


def test_two_servers_answering_at_once_rate_the_first_answer_once(
    client: TestClient, either_database: str
) -> None:
    """The same account's answer sent to two servers on one database at the same moment (two
    stores, two threads): one rated answer, one rating change, both answers told the same after."""
    ((name, _),) = people(client, "Ria")
    found = standings.account_named(client.app.state.hub.store, name)  # type: ignore[attr-defined]
    assert found is not None
    account_id = found[0]
    puzzle = sorted(shipped_kind("kingdomino").values(), key=lambda p: p.id)[1]
    stores = [Store(either_database), Store(either_database)]
    try:
        start = barrier()

        def answer_on(store: Store) -> dict[str, Any]:
            start.wait()
            return puzzles.answer(store, account_id, puzzle, puzzle.answers[0].action)

        with ThreadPoolExecutor(2) as pool:
            results = list(pool.map(answer_on, stores))
    finally:
        for store in stores:
            store.close()
    assert sorted(r["rating"]["rated"] for r in results) == [False, True]
    rating = client.get(f"/api/puzzles/players/{name}").json()["rating"]
    assert (rating["tried"], rating["solved"]) == (1, 1)
