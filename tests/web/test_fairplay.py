"""The fair-play evidence on an account (``web.fairplay``): an account whose every move is the AI's
first choice matches it in every decision, its opponent moving at random seldom; even move times
are told from uneven ones; casual games fill in for rated ones; a stored review is read, not
searched again, a game played on a server end to end too; a seat left to an AI is not the
account's play; the refusals. The decisions are valued by ``greedy`` (its analysis costs no
search), the player following its hints."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.conftest import QUICK, QUICK_REVIEW
from tests.web.finished import ai, person
from tests.web.played_games import even_thinker, hint_follower, played_game, random_mover, uneven_thinker
from tests.web.test_challenges import as_
from tests.web.test_old_databases import play_out, review_of
from tests.web.test_relations import app_over, people

from kingdomino.web.account_admin import NoAccount
from kingdomino.web.accounts import Accounts
from kingdomino.web.fairplay import evidence
from kingdomino.web.store import Store
from kingdomino.web.tables import SeatAccountRow


@pytest.fixture
def store(own_database: str) -> Iterator[Store]:
    """A fresh SQLite file, then a fresh PostgreSQL database (``own_database``: fixed names)."""
    store = Store(own_database)
    yield store
    store.close()


def accounts(store: Store, *names: str) -> list[int]:
    made = Accounts(store, QUICK)
    return [made.create(name, "a long password")[0].id for name in names]


def test_the_ais_moves_match_it_and_a_random_opponents_do_not(store: Store) -> None:
    kira, boris = accounts(store, "Kira", "Boris")
    for seed in (1, 2):
        played_game(
            store,
            [person(kira, "Kira"), person(boris, "Boris")],
            [hint_follower(), random_mover(seed)],
            [even_thinker(3.0), uneven_thinker(seed)],
            rated=True,
            seed=seed,
        )
    found = evidence(store, "kira", agent="greedy")
    assert (found.account, len(found.games), found.rated, found.casual) == ("Kira", 2, 2, False)
    its, theirs = found.its(), found.theirs()
    assert its.decisions >= 30 and its.matched == its.decisions, its
    share = theirs.share()
    assert share is not None and share < 0.6, theirs
    assert its.mean_loss_points() == 0.0 and (theirs.mean_loss_points() or 0) > 0
    assert all(game.source == "searched" and game.opponents == ["Boris"] for game in found.games)
    assert found.searches == its.decisions + theirs.decisions
    # Ratings before each game: Kira placed first (1540), Boris second (1580).
    assert [(game.its_rating, game.their_rating) for game in found.games] == [(1540, 1580)] * 2
    its_times, their_times = found.its_times(), found.their_times()
    assert (its_times.median(), its_times.spread()) == (3.0, 0.0)
    assert (their_times.spread() or 0) > 0.5
    # Seen from the other side, the figures swap.
    other = evidence(store, "Boris", agent="greedy")
    assert other.its() == theirs and other.theirs() == its


def test_every_game_is_valued(store: Store) -> None:
    """Duel and Origins as Kingdomino: the same plan of a review, whichever the game."""
    kira, boris = accounts(store, "Kira", "Boris")
    for game, options in (("duel", {}), ("origins", {"mode": "discovery"})):
        played_game(
            store,
            [person(kira, "Kira"), person(boris, "Boris")],
            [hint_follower(), random_mover(3)],
            game=game,
            options=options,
        )
    found = evidence(store, "Kira", agent="greedy")
    assert sorted(game.game for game in found.games) == ["duel", "origins"]
    for seen in found.games:
        assert seen.its.decisions > 10 and seen.its.matched == seen.its.decisions, seen.game
        assert (seen.theirs.share() or 1) < 0.6, seen.game
        assert seen.its_times is None  # played without moments: not stored


def test_casual_games_fill_in_and_a_stored_review_is_read(store: Store) -> None:
    kira, boris = accounts(store, "Kira", "Boris")
    seats, movers = [person(kira, "Kira"), person(boris, "Boris")], [random_mover(1), random_mover(2)]
    day = datetime.now(UTC)
    rated = played_game(store, seats, movers, rated=True, created=day - timedelta(days=2))
    casual = played_game(store, seats, movers, created=day - timedelta(days=1))
    played_game(store, seats, movers, created=day - timedelta(days=3))
    moves = [
        {"index": 5, "seat": 0, "action": "x", "forced": False, "reviewed": True, "best": "x", "loss": 0.0},
        {"index": 6, "seat": 1, "action": "y", "forced": False, "reviewed": True, "best": "z", "loss": 0.2},
        {"index": 7, "seat": 0, "action": "w", "forced": False, "reviewed": False, "mark": None},
    ]
    store.save_review(rated, {"agent": "greedy", "moves": moves})
    found = evidence(store, "Kira", 2, agent="greedy")
    assert [game.id for game in found.games] == [casual, rated]  # newest first
    assert (found.rated, found.casual) == (1, True)
    kept = found.games[1]
    assert kept.source == "review" and (kept.its.matched, kept.its.decisions) == (1, 1)
    assert (kept.theirs.matched, kept.theirs.decisions, kept.theirs.mean_loss_points()) == (0, 1, 20.0)
    # A review by another agent is not this evidence's: the game is searched.
    assert evidence(store, "Kira", 1, agent="random").games[0].source == "searched"


def test_the_searches_are_bounded_and_a_seat_left_to_an_ai_not_counted(store: Store) -> None:
    kira, boris = accounts(store, "Kira", "Boris")
    seats = [person(kira, "Kira"), person(boris, "Boris")]
    for seed in (1, 2, 3):
        played_game(store, seats, [random_mover(seed), random_mover(seed + 9)], seed=seed)
    found = evidence(store, "Kira", agent="greedy", searches=10)
    assert found.searches == 10 and len(found.games) == 3
    assert sum(game.its.decisions + game.theirs.decisions for game in found.games) == 10
    left = played_game(store, [person(kira, "Kira", gave_up=True), ai()], [random_mover(1), random_mover(2)])
    with store.engine.begin() as connection:
        connection.execute(update(SeatAccountRow).where(SeatAccountRow.game_id == left).values(playing=False))
    assert left not in [game.id for game in evidence(store, "Kira", agent="greedy", searches=0).games]


def test_a_name_no_account_has_and_a_count_out_of_range_are_refused(store: Store) -> None:
    accounts(store, "Kira")
    with pytest.raises(NoAccount, match="'Nobody'"):
        evidence(store, "Nobody")
    for count in (0, 51):
        with pytest.raises(ValueError, match=f"1 to 50, not {count}"):
            evidence(store, "Kira", count)
    assert evidence(store, "Kira").games == []


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def test_a_game_played_on_the_server_is_read_from_its_review_and_moments(client: TestClient) -> None:
    """Two accounts play a game through the server: the evidence reads the review the server
    stored at its end (no search) and the moments it took each action."""
    (kira, kira_s), (_, boris_s) = people(client, "Kira", "Boris")
    seats = [{"kind": "human", "name": ""}, {"kind": "open"}]
    made = as_(client, kira_s).post("/api/games", json={"game": "kingdomino", "players": 2, "seats": seats})
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    joined = as_(client, boris_s).post(f"/api/games/{game_id}/join", json={})
    assert joined.status_code == 200, joined.text
    tokens = {0: made.json()["seats"][0]["token"], 1: joined.json()["token"]}
    assert play_out(client, game_id, tokens)["status"] == "finished"
    assert review_of(client, game_id)["moves"]
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    found = evidence(store, kira, agent=QUICK_REVIEW, searches=0)  # the tests' servers review so
    [seen] = found.games
    assert (seen.id, seen.source, found.searches, found.casual) == (game_id, "review", 0, True)
    assert seen.its.decisions > 10 and seen.theirs.decisions > 10
    assert seen.its_times is not None and len(seen.its_times) >= seen.its.decisions
