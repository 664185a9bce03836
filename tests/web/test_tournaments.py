"""Club tournaments over the API: an organiser creates one, accounts join, it starts, its rounds
are paired as their games end (each game made with both seats kept for its two players), a
player who never comes loses by forfeit, one who withdraws is paired no more, and a server that
starts again goes on where the last one stopped."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest
from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import delete, insert, select, update
from tests.web.conftest import new_app
from tests.web.test_challenges import DAYS, account, as_
from tests.web.test_open_games import end_the_wait_now, refusal

from kingdomino.core.game import State
from kingdomino.ratings.pools import pool_of
from kingdomino.web import tournament_rounds as rounds
from kingdomino.web import tournament_store as records
from kingdomino.web.stored import StoredGame, now
from kingdomino.web.tables import AccountRow, RatingRow
from kingdomino.web.tournament_rounds import result_of
from kingdomino.web.tournament_tables import TournamentGameRow, TournamentRow


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """``api``'s client (accounts made quickly, logins not limited) over a fresh SQLite file alone:
    the tests name their players as a club does (Kira, Boris, Cleo), and the test PostgreSQL, which
    every test shares, holds those names already (and other tests' challenges in its lobby)."""
    app = new_app(database)
    app.state.login_rate = parse("1000/minute")
    with TestClient(app) as test_client:
        yield test_client


def create(client: TestClient, session: str, **fields: Any) -> dict[str, Any]:
    body = {
        "name": "Club night",
        "game": "kingdomino",
        "format": "round_robin",
        "time_control": DAYS,
        **fields,
    }
    made = as_(client, session).post("/api/tournaments", json=body)
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def tournament(client: TestClient, tournament_id: str, session: str | None = None) -> dict[str, Any]:
    found = as_(client, session).get(f"/api/tournaments/{tournament_id}")
    assert found.status_code == 200, found.text
    answer: dict[str, Any] = found.json()
    return answer


def wait_until(
    client: TestClient, tournament_id: str, holds: Callable[[dict[str, Any]], bool], timeout: float = 30.0
) -> dict[str, Any]:
    """The tournament once ``holds`` says so of it (polled under a generous deadline)."""
    deadline = time.monotonic() + timeout
    while True:
        found = tournament(client, tournament_id)
        if holds(found):
            return found
        assert time.monotonic() < deadline, (
            f"timed out waiting; last: {found['status']}, round {found['round']}"
        )
        time.sleep(0.02)


def paired(round_: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a tournament plays round ``round_``, its games made (they are, just after its pairing)."""
    return lambda found: (
        found["round"] == round_ and all(g["game_id"] or g["result"] for g in current_games(found))
    )


def act(client: TestClient, session: str, tournament_id: str, what: str) -> Any:
    return as_(client, session).post(f"/api/tournaments/{tournament_id}/{what}")


def seated(client: TestClient, session: str, game_id: str) -> str:
    """``session``'s account takes its kept seat at ``game_id``: the seat's token."""
    joined = as_(client, session).post(f"/api/games/{game_id}/join", json={})
    assert joined.status_code == 200, joined.text
    return str(joined.json()["token"])


def current_games(found: dict[str, Any]) -> list[dict[str, Any]]:
    return next(r["games"] for r in found["rounds_played"] if r["round"] == found["round"])


def play_round(
    client: TestClient, found: dict[str, Any], sessions: dict[str, str], loser: str = "second"
) -> None:
    """Every game of the current round: both players sit, then ``loser``'s seat resigns."""
    for game in current_games(found):
        if game["second"] is None or game["result"] is not None:
            continue
        tokens = {side: seated(client, sessions[game[side]], game["game_id"]) for side in ("first", "second")}
        resigned = client.post(f"/api/games/{game['game_id']}/resign", json={"token": tokens[loser]})
        assert resigned.status_code == 200, resigned.text


def test_a_round_robin_is_played_to_its_end_over_either_database(api: TestClient) -> None:
    """A tournament's store over the test PostgreSQL as over SQLite (``api``: both; the other tests
    have a SQLite file of their own): its players' names are the test's own, as the database is
    every test's."""
    suffix = secrets.token_hex(3)
    kira, boris, cleo = (f"{who}{suffix}" for who in ("Kira", "Boris", "Cleo"))
    sessions = {name: account(api, name) for name in (kira, boris, cleo)}
    tournament_id = create(api, sessions[kira])["id"]
    for name in (boris, cleo):
        assert act(api, sessions[name], tournament_id, "join").status_code == 200
    assert act(api, sessions[kira], tournament_id, "start").status_code == 200
    for round_ in (1, 2, 3):
        play_round(api, wait_until(api, tournament_id, paired(round_)), sessions)
    found = wait_until(api, tournament_id, lambda t: t["status"] == "finished")
    table = found["standings"]
    assert sum(line["points"] for line in table) == 6, "three games won, three byes"
    assert all(line["points"] >= 1 for line in table), "each player had one bye"
    assert [r["round"] for r in found["rounds_played"]] == [1, 2, 3]


def test_a_round_robin_of_four_is_paired_round_after_round_to_its_standings(client: TestClient) -> None:
    names = ("Kira", "Boris", "Cleo", "Dan")
    sessions = {name: account(client, name) for name in names}
    made = create(client, sessions["Kira"], time_control=DAYS, rated=True)
    tournament_id = made["id"]
    assert (made["status"], made["organiser"], made["you"]) == (
        "open",
        "Kira",
        {"organiser": True, "playing": True},
    )
    for name in names[1:]:
        assert act(client, sessions[name], tournament_id, "join").status_code == 200
    listed = as_(client, None).get("/api/tournaments").json()
    assert [(t["id"], t["players"]) for t in listed["open"]] == [(tournament_id, 4)]
    assert refusal(act(client, sessions["Boris"], tournament_id, "start")) == (403, "tournament_organiser")
    assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200
    assert refusal(act(client, sessions["Dan"], tournament_id, "join")) == (409, "tournament_not_open")
    found = tournament(client, tournament_id, sessions["Kira"])
    assert (found["status"], found["round"], found["rounds"]) == ("running", 1, 3)
    first = current_games(found)
    assert len(first) == 2 and all(g["status"] == "open" and g["game_id"] for g in first)
    mine = next(g for g in first if g["yours"])
    assert mine["seated"] is False and mine["token"] is None
    awaiting = as_(client, sessions["Kira"]).get("/api/tournaments").json()["awaiting"]
    other = mine["second"] if mine["first"] == "Kira" else mine["first"]
    assert awaiting == [
        {
            "tournament": tournament_id,
            "name": "Club night",
            "round": 1,
            "game_id": mine["game_id"],
            "opponent": other,
        }
    ]
    assert "awaiting" not in as_(client, None).get("/api/tournaments").json()
    assert as_(client, None).get("/api/open-games").json()["games"] == [], "a tournament's games are its own"
    for name in names:
        assert as_(client, sessions[name]).get("/api/challenges").json()["challenges"] == [], "nor challenges"
    stranger = account(client, "Eve")
    assert refusal(as_(client, stranger).post(f"/api/games/{first[0]['game_id']}/join", json={})) == (
        403,
        "seat_kept",
    )
    met: list[frozenset[str]] = []
    for round_ in (1, 2, 3):
        found = wait_until(client, tournament_id, paired(round_))
        met += [frozenset((g["first"], g["second"])) for g in current_games(found)]
        play_round(client, found, sessions)
        awaiting = as_(client, sessions["Kira"]).get("/api/tournaments").json()["awaiting"]
        # The next round may be paired already (its games are made as the last one ends).
        assert [a for a in awaiting if a["round"] == round_] == [], "a game played awaits no more"
    found = wait_until(client, tournament_id, lambda t: t["status"] == "finished")
    assert len(set(met)) == 6, "everyone met everyone once"
    assert all(g["result"] == "1-0" and g["forfeit"] for r in found["rounds_played"] for g in r["games"])
    table = found["standings"]
    assert sum(line["points"] for line in table) == 6
    assert [line["rank"] for line in table] == sorted(line["rank"] for line in table)
    assert {line["name"] for line in table} == set(names)
    watched = client.get(f"/api/games/{first[0]['game_id']}").json()
    assert watched["status"] == "finished", "a tournament's game is public: watched without a token"


def test_a_player_who_never_takes_their_seat_loses_by_forfeit_and_a_bye_scores(client: TestClient) -> None:
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    tournament_id = create(client, sessions["Kira"], format="swiss", rounds=2)["id"]
    for name in ("Boris", "Cleo"):
        act(client, sessions[name], tournament_id, "join")
    act(client, sessions["Kira"], tournament_id, "start")
    found = tournament(client, tournament_id)
    games = current_games(found)
    bye = next(g for g in games if g["second"] is None)
    assert (bye["first"], bye["result"]) == ("Cleo", "1-0"), "the lowest-ranked has the bye"
    game = next(g for g in games if g["second"] is not None)
    token = seated(client, sessions[game["first"]], game["game_id"])
    assert refusal(client.post(f"/api/games/{game['game_id']}/cancel", json={"token": token})) == (
        409,
        "tournament_game",
    )
    end_the_wait_now(client, game["game_id"])
    found = wait_until(client, tournament_id, paired(2))
    result = next(g for g in found["rounds_played"][0]["games"] if g["game_id"] == game["game_id"])
    assert (result["result"], result["forfeit"], result["status"]) == ("1-0", True, "expired")
    points = {line["name"]: line["points"] for line in found["standings"]}
    bye = next(g for g in current_games(found) if g["second"] is None)
    assert (bye["first"], bye["result"]) == (game["second"], "1-0"), "the lowest-ranked without a bye"
    assert points == {game["first"]: 1.0, game["second"]: 1.0, "Cleo": 1.0}


def test_a_player_who_withdraws_forfeits_and_is_paired_no_more(client: TestClient) -> None:
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo", "Dan")}
    tournament_id = create(client, sessions["Kira"], format="swiss", rounds=3)["id"]
    for name in ("Boris", "Cleo", "Dan"):
        act(client, sessions[name], tournament_id, "join")
    act(client, sessions["Kira"], tournament_id, "start")
    found = tournament(client, tournament_id)
    game = next(g for g in current_games(found) if "Dan" in (g["first"], g["second"]))
    tokens = [seated(client, sessions[game[side]], game["game_id"]) for side in ("first", "second")]
    aborted = client.post(f"/api/games/{game['game_id']}/abort", json={"token": tokens[0]})
    assert refusal(aborted) == (409, "tournament_game"), "a game without a result would hold the round up"
    assert act(client, sessions["Dan"], tournament_id, "leave").status_code == 200
    assert refusal(act(client, sessions["Dan"], tournament_id, "leave")) == (409, "tournament_not_joined")
    ended = client.get(f"/api/games/{game['game_id']}").json()
    assert ended["status"] == "finished" and ended["ended"]["by"] == "resign"
    found = tournament(client, tournament_id)
    result = next(g for g in current_games(found) if g["game_id"] == game["game_id"])
    dan_first = game["first"] == "Dan"
    assert result["result"] == ("0-1" if dan_first else "1-0")
    other = next(g for g in current_games(found) if g["game_id"] != game["game_id"])
    play_round(client, found, sessions)
    found = wait_until(client, tournament_id, paired(2))
    later = current_games(found)
    assert all("Dan" not in (g["first"], g["second"]) for g in later)
    assert [g["second"] is None for g in later].count(True) == 1, "three players left: one bye"
    assert other["result"] is None
    assert next(p for p in found["entrants"] if p["name"] == "Dan")["withdrew"] == 1


def test_creation_and_joining_are_refused_in_words(client: TestClient) -> None:
    kira, bot = account(client, "Kira"), account(client, "Robo", bot=True)
    answer = as_(client, None).post(
        "/api/tournaments", json={"name": "x", "game": "kingdomino", "format": "swiss"}
    )
    assert refusal(answer) == (401, "tournament_guest")
    assert refusal(
        as_(client, kira).post(
            "/api/tournaments", json={"name": "x", "game": "kingdomino", "format": "swiss", "rated": True}
        )
    ) == (422, "tournament_clock"), "a tournament's games have a clock, rated or not"
    assert (
        as_(client, kira)
        .post(
            "/api/tournaments", json={"name": "x", "game": "kingdomino", "format": "swiss", "max_players": 65}
        )
        .status_code
        == 422
    )
    later = time.time() + 40 * 86400
    assert refusal(
        as_(client, kira).post(
            "/api/tournaments", json={"name": "x", "game": "duel", "format": "swiss", "starts_at": later}
        )
    ) == (422, "tournament_start_time")
    made = [create(client, kira, game="duel", play=False, max_players=3)["id"] for _ in range(3)]
    assert refusal(
        as_(client, kira).post("/api/tournaments", json={"name": "x", "game": "duel", "format": "swiss"})
    ) == (
        429,
        "too_many_tournaments",
    )
    assert refusal(act(client, bot, made[0], "join")) == (403, "tournament_bots")
    assert refusal(act(client, kira, made[0], "start")) == (409, "tournament_too_few")
    for name in ("A1", "A2", "A3"):
        assert act(client, account(client, name), made[0], "join").status_code == 200
    assert refusal(act(client, account(client, "A4"), made[0], "join")) == (409, "tournament_full")
    assert act(client, kira, made[1], "cancel").status_code == 200
    assert tournament(client, made[1])["status"] == "cancelled"
    assert refusal(as_(client, None).get("/api/tournaments/nope")) == (404, "no_tournament")


def test_a_server_started_again_counts_the_games_that_ended_and_pairs_on(database: str) -> None:
    def app() -> Any:
        made = new_app(database)
        made.state.login_rate = parse("1000/minute")
        return made

    with TestClient(app()) as client:
        sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo", "Dan")}
        tournament_id = create(client, sessions["Kira"])["id"]
        for name in ("Boris", "Cleo", "Dan"):
            act(client, sessions[name], tournament_id, "join")
        act(client, sessions["Kira"], tournament_id, "start")
        found = tournament(client, tournament_id)
        play_round(client, found, sessions)
        wait_until(client, tournament_id, paired(2))
        store = client.app.state.hub.store  # type: ignore[attr-defined]
    # As if the server had stopped between the round's last game and its count: round 2 unpaired.
    with store.engine.begin() as connection:
        connection.execute(
            update(TournamentGameRow)
            .where(TournamentGameRow.tournament_id == tournament_id, TournamentGameRow.round == 1)
            .where(TournamentGameRow.board == 1)
            .values(first_points=None, second_points=None)
        )
        connection.execute(
            delete(TournamentGameRow).where(
                TournamentGameRow.tournament_id == tournament_id, TournamentGameRow.round == 2
            )
        )
        connection.execute(update(TournamentRow).where(TournamentRow.id == tournament_id).values(round=1))
    with TestClient(app()) as client:
        found = wait_until(client, tournament_id, paired(2))
        assert all(g["result"] == "1-0" for g in found["rounds_played"][0]["games"])
        assert all(g["game_id"] and g["status"] == "open" for g in current_games(found))
        play_round(client, found, sessions)
        wait_until(client, tournament_id, paired(3))


def test_a_tournament_starts_by_itself_at_its_time_or_is_called_off_without_players(
    client: TestClient,
) -> None:
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    # Its two creations and two joins come first: a generous start, whatever the machine's load.
    soon = time.time() + 10
    full = create(client, sessions["Kira"], starts_at=soon)["id"]
    empty = create(client, sessions["Kira"], starts_at=soon)["id"]
    for name in ("Boris", "Cleo"):
        act(client, sessions[name], full, "join")
    assert tournament(client, full)["starts_at"] == soon
    found = wait_until(client, full, paired(1))
    assert (found["status"], found["rounds"]) == ("running", 3)
    assert wait_until(client, empty, lambda t: t["status"] != "open")["status"] == "cancelled"


class _Ended:
    """A final state as ``result_of`` reads it: its places and scores."""

    def __init__(self, places: list[int], scores: list[int]) -> None:
        self._places, self._scores = places, scores

    def places(self) -> list[int]:
        return self._places

    def scores(self) -> list[int]:
        return self._scores


@pytest.mark.parametrize(
    ("places", "seats", "points", "forfeit"),
    [
        ([1, 1], [{}, {}], (0.5, 0.5), False),
        ([2, 1], [{}, {}], (0.0, 1.0), False),
        ([1, 2], [{"ai_since": 9}, {}], (0.0, 1.0), True),
        ([1, 2], [{"ai_since": 9}, {"ai_since": 12}], (0.0, 0.0), True),
    ],
)
def test_a_game_s_end_gives_a_win_a_draw_or_a_loss(
    places: list[int], seats: list[dict[str, Any]], points: tuple[float, float], forfeit: bool
) -> None:
    """A shared first place is a draw; a seat an AI finished (time out, resigned) ranks last."""
    game = StoredGame(
        "g", "duel", 2, {}, 1, [{"kind": "human", **s} for s in seats], "t", "finished", now(), []
    )
    result = result_of(game, cast(State, _Ended(places, [30, 20])))
    assert result is not None
    assert (result["first_points"], result["second_points"], result["forfeit"]) == (*points, forfeit)
    game.status = "expired"
    game.seats = [{"kind": "human"}, {"kind": "open"}]
    unplayed = result_of(game, None)
    assert unplayed is not None
    assert (unplayed["first_points"], unplayed["second_points"], unplayed["forfeit"]) == (1.0, 0.0, True)


def test_the_players_start_in_the_order_of_their_ratings_then_of_joining(client: TestClient) -> None:
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        cleo = connection.execute(select(AccountRow.id).where(AccountRow.name == "Cleo")).scalar_one()
        connection.execute(
            insert(RatingRow).values(
                account_id=cleo,
                pool=pool_of("kingdomino", 2),
                rating=1800.0,
                deviation=60.0,
                volatility=0.06,
                games=30,
                wins=20,
                updated=now(),
            )
        )
    tournament_id = create(client, sessions["Kira"], format="swiss", rounds=2)["id"]
    for name in ("Boris", "Cleo"):
        act(client, sessions[name], tournament_id, "join")
    assert [p["name"] for p in tournament(client, tournament_id)["entrants"]] == ["Kira", "Boris", "Cleo"]
    act(client, sessions["Kira"], tournament_id, "start")
    found = tournament(client, tournament_id)
    assert [p["name"] for p in found["entrants"]] == ["Cleo", "Kira", "Boris"]
    games = current_games(found)
    assert (games[0]["first"], games[0]["second"]) == ("Cleo", "Kira")
    assert games[1] == {**games[1], "first": "Boris", "second": None}, "the lowest-seeded has the bye"


def test_a_game_another_server_linked_first_is_left_unplayed(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two servers going on with one round both make its games: the row keeps the first linked,
    and the other server's game ends unplayed, in no list."""
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    tournament_id = create(client, sessions["Kira"])["id"]
    for name in ("Boris", "Cleo"):
        act(client, sessions[name], tournament_id, "join")
    made: list[str] = []
    link = records.set_game

    def linked_elsewhere(store: Any, tournament: str, round_: int, board: int, game_id: str) -> bool:
        made.append(game_id)
        link(store, tournament, round_, board, "elsewhere")
        return link(store, tournament, round_, board, game_id)

    monkeypatch.setattr(records, "set_game", linked_elsewhere)
    act(client, sessions["Kira"], tournament_id, "start")
    game = next(g for g in current_games(tournament(client, tournament_id)) if g["second"] is not None)
    assert game["game_id"] == "elsewhere"
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    assert [store.load(game_id).status for game_id in made] == ["expired"]
    assert as_(client, None).get("/api/open-games").json()["games"] == []


def test_a_closed_account_is_taken_off_a_tournament_at_its_start(client: TestClient) -> None:
    """Dan closed his account after joining: the tournament starts with the three who can play;
    one whose organiser closed theirs is called off when its start time comes."""
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo", "Dan")}
    tournament_id = create(client, sessions["Kira"])["id"]
    for name in ("Boris", "Cleo", "Dan"):
        assert act(client, sessions[name], tournament_id, "join").status_code == 200
    closed = as_(client, sessions["Dan"]).post("/api/account/close", json={"password": "password Dan"})
    assert closed.status_code == 200, closed.text
    assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200
    found = tournament(client, tournament_id)
    assert found["status"] == "running"
    assert sorted(line["name"] for line in found["standings"]) == ["Boris", "Cleo", "Kira"]
    other = create(client, sessions["Boris"], name="Boris's night")["id"]
    for name in ("Kira", "Cleo"):
        assert act(client, sessions[name], other, "join").status_code == 200
    closed = as_(client, sessions["Boris"]).post("/api/account/close", json={"password": "password Boris"})
    assert closed.status_code == 200, closed.text
    tournaments = cast(Any, client.app).state.tournaments
    client.portal.call(tournaments.start, other, None)  # type: ignore[union-attr]  # its time came
    assert tournament(client, other)["status"] == "cancelled"


def test_a_start_stopped_midway_leaves_the_tournament_open_to_start_again(
    own_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start writes ``running``, the seeds and the round count in one transaction: a server
    stopping between them (here its plan failing) leaves the tournament open and unseeded, and the
    next start starts it whole. Before, ``running`` came first, alone, and a stop after it left a
    tournament running with no seeds and no rounds, for good."""
    app = new_app(own_database)
    app.state.login_rate = parse("1000/minute")
    with TestClient(app) as client:
        sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
        tournament_id = create(client, sessions["Kira"], format="swiss", rounds=2)["id"]
        for name in ("Boris", "Cleo"):
            act(client, sessions[name], tournament_id, "join")

        def server_stops(*_: Any) -> Any:
            raise RuntimeError("the server stops here")

        monkeypatch.setattr(rounds, "start_plan", server_stops)
        assert act(client, sessions["Kira"], tournament_id, "start").status_code == 500
        store = app.state.hub.store
        with store.engine.connect() as connection:
            status = connection.scalar(select(TournamentRow.status).where(TournamentRow.id == tournament_id))
        assert status == "open" and tournament(client, tournament_id)["status"] == "open"
        monkeypatch.undo()
        started = act(client, sessions["Kira"], tournament_id, "start")
        assert started.status_code == 200, started.text
        found = tournament(client, tournament_id)
        assert found["status"] == "running" and len(current_games(found)) == 2
        assert [p["name"] for p in found["entrants"]] == ["Kira", "Boris", "Cleo"]
