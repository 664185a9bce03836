"""The inbox: what happened for an account while it was away, kept by the server and read on any
device: challenges received, accepted and declined; a turn-based game's move (one entry a game)
and end; a club tournament's start, rounds and end. Over SQLite and the test PostgreSQL (``api``),
the accounts' names the test's own."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from tests.web.conftest import new_app
from tests.web.test_challenges import DAYS, account, as_, challenged
from tests.web.test_open_games import refusal
from tests.web.test_push import play_until_the_turn_passes, to_act
from tests.web.test_tournaments import act, create, paired, play_round, wait_until

from kingdomino.web import inbox_store
from kingdomino.web.inbox_store import Event


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """An app over a fresh SQLite file, accounts made quickly, logins not limited (nor the inbox,
    whose rate the app's ``login_rate`` stands for in the tests)."""
    app = new_app(database)
    app.state.login_rate = parse("1000/minute")
    with TestClient(app) as test_client:
        yield test_client


def inbox(client: TestClient, session: str, **params: Any) -> dict[str, Any]:
    """``session``'s account's inbox."""
    found = as_(client, session).get("/api/account/notifications", params=params)
    assert found.status_code == 200, found.text
    answer: dict[str, Any] = found.json()
    return answer


def kinds(client: TestClient, session: str) -> list[tuple[str, bool]]:
    """Each entry of ``session``'s inbox, the latest first: its kind and whether it is read."""
    return [(entry["kind"], entry["read"]) for entry in inbox(client, session)["entries"]]


def entry(client: TestClient, session: str, kind: str) -> dict[str, Any]:
    """The latest entry of ``kind`` in ``session``'s inbox."""
    found: dict[str, Any] = next(e for e in inbox(client, session)["entries"] if e["kind"] == kind)
    return found


def eventually(client: TestClient, session: str, kind: str) -> dict[str, Any]:
    """The latest entry of ``kind`` in ``session``'s inbox once there is one: a game's end and a
    tournament's are noted in a thread after the result is kept (polled under a generous deadline)."""
    deadline = time.monotonic() + 30
    while not any(e["kind"] == kind for e in inbox(client, session)["entries"]):
        assert time.monotonic() < deadline, f"no {kind} came"
        time.sleep(0.02)
    return entry(client, session, kind)


def names() -> dict[str, str]:
    suffix = secrets.token_hex(3)
    return {who: f"{who}{suffix}" for who in ("Kira", "Boris", "Cleo")}


def test_a_challenge_and_its_turns_and_end_are_kept_for_each_player(api: TestClient) -> None:
    """Boris hears of Kira's challenge, Kira of his acceptance; then the player to move (but Boris
    at the start: he has just accepted, at the app) has one entry for the game, gone once they
    moved (it would say "your move" still) and unread again at their next turn; at the end, each
    has their place and no turn left."""
    who = names()
    kira, boris = account(api, who["Kira"]), account(api, who["Boris"])
    assert refusal(as_(api, None).get("/api/account/notifications")) == (401, "inbox_guest")
    made = challenged(api, kira, who["Boris"], time_control=DAYS)
    game_id = made["id"]
    told = entry(api, boris, "challenged")
    assert (told["params"]["name"], told["params"]["game_id"], told["params"]["players"]) == (
        who["Kira"],
        game_id,
        2,
    )
    assert inbox(api, boris)["unread"] == 1 and inbox(api, kira)["unread"] == 0
    accepted = as_(api, boris).post(f"/api/challenges/{game_id}/accept")
    assert accepted.status_code == 200, accepted.text
    assert entry(api, kira, "challenge_accepted")["params"]["name"] == who["Boris"]
    assert ("challenged", True) in kinds(api, boris), "answered: the challenge is read"
    tokens = {"Kira": made["seats"][0]["token"], "Boris": accepted.json()["token"]}
    sessions = {"Kira": kira, "Boris": boris}
    if to_act(api, game_id, tokens)[0] == "Boris":  # who took the last seat is at the app: not told
        assert "your_turn" not in [kind for kind, _ in kinds(api, boris)]
        play_until_the_turn_passes(api, game_id, tokens)
    first = to_act(api, game_id, tokens)[0]
    turn = entry(api, sessions[first], "your_turn")
    assert (turn["read"], turn["token"], turn["params"]["others"]) == (
        False,
        tokens[first],
        [who[other(first)]],
    )
    for _ in range(3):
        mover, now = play_until_the_turn_passes(api, game_id, tokens)
        assert [k for k in kinds(api, sessions[mover]) if k[0] == "your_turn"] == []
        assert [k for k in kinds(api, sessions[now]) if k[0] == "your_turn"] == [("your_turn", False)]
    resigned = api.post(f"/api/games/{game_id}/resign", json={"token": tokens["Kira"]})
    assert resigned.status_code == 200, resigned.text
    for name, place, won in (("Kira", 2, False), ("Boris", 1, True)):
        ended = eventually(api, sessions[name], "game_ended")
        assert (ended["params"]["place"], ended["params"]["won"], ended["token"]) == (place, won, None)
        assert "your_turn" not in [kind for kind, _ in kinds(api, sessions[name])]


def other(name: str) -> str:
    return "Boris" if name == "Kira" else "Kira"


def test_a_decline_is_told_to_the_challenger_and_entries_are_read(api: TestClient) -> None:
    """Boris's decline is told to Kira; a challenge called off is no longer unread for those it
    challenged; one entry or all are marked read, by their account alone."""
    who = names()
    kira, boris, cleo = (account(api, who[name]) for name in ("Kira", "Boris", "Cleo"))
    made = challenged(api, kira, who["Boris"])
    declined = as_(api, boris).post(f"/api/challenges/{made['id']}/decline")
    assert declined.status_code == 200, declined.text
    told = entry(api, kira, "challenge_declined")
    assert (told["params"]["name"], told["params"]["yours"], told["read"]) == (who["Boris"], True, False)
    assert kinds(api, boris) == [("challenged", True)]
    mine = inbox(api, boris)["entries"][0]["id"]
    assert refusal(as_(api, cleo).post("/api/account/notifications/read", json={"id": mine})) == (
        404,
        "no_notification",
    )
    assert refusal(as_(api, cleo).post("/api/account/notifications/read", json={"id": "x"}))[0] == 422
    for huge in (2**70, -(2**70)):  # no row's id: the database cannot compare it
        read = as_(api, cleo).post("/api/account/notifications/read", json={"id": huge})
        assert read.status_code == 422 and read.json()["error"]["field"] == "id", read.text
    older = as_(api, cleo).get("/api/account/notifications", params={"before": 2**70})
    assert older.status_code == 422 and older.json()["error"]["field"] == "before", older.text
    marked = as_(api, kira).post("/api/account/notifications/read", json={"id": told["id"]})
    assert marked.json() == {"marked": 1}
    assert inbox(api, kira)["unread"] == 0
    challenged(api, cleo, who["Kira"])
    challenged(api, boris, who["Kira"])
    assert inbox(api, kira)["unread"] == 2
    assert as_(api, kira).post("/api/account/notifications/read").json() == {"marked": 2}
    assert inbox(api, kira)["unread"] == 0
    both = challenged(api, kira, who["Boris"], names=[who["Cleo"]], players=3)
    assert ("challenged", False) in kinds(api, cleo)
    called_off = api.post(f"/api/games/{both['id']}/cancel", json={"token": both["seats"][0]["token"]})
    assert called_off.status_code == 200, called_off.text
    for session in (boris, cleo):
        assert ("challenged", False) not in kinds(api, session), "called off: answered no more"
    foreign = as_(api, kira).post(
        "/api/account/notifications/read", headers={"origin": "https://elsewhere.example"}
    )
    assert foreign.status_code == 403, foreign.text


def test_a_tournament_tells_its_start_each_round_s_game_and_each_place(client: TestClient) -> None:
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    tournament_id = create(client, sessions["Kira"])["id"]
    for name in ("Boris", "Cleo"):
        assert act(client, sessions[name], tournament_id, "join").status_code == 200
    assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200
    for round_ in (1, 2, 3):
        found = wait_until(client, tournament_id, paired(round_))
        for game in found["rounds_played"][-1]["games"]:
            if game["second"] is None:
                continue
            for name, opponent in ((game["first"], game["second"]), (game["second"], game["first"])):
                told = entry(client, sessions[name], "tournament_round")
                assert (told["params"]["round"], told["params"]["others"], told["params"]["game_id"]) == (
                    round_,
                    [opponent],
                    game["game_id"],
                )
                assert told["token"] is None, "the seat is not taken yet: the page takes it"
        play_round(client, found, sessions)
    found = wait_until(client, tournament_id, lambda t: t["status"] == "finished")
    for line in found["standings"]:
        eventually(client, sessions[line["name"]], "tournament_ended")
        told = inbox(client, sessions[line["name"]])["entries"]
        # The last game's own end is told in its results' task, beside the tournament's: either first.
        ended = next(index for index, e in enumerate(told) if e["kind"] == "tournament_ended")
        assert ended <= 1 and all(e["kind"] == "game_ended" for e in told[:ended]), told[:2]
        assert (told[ended]["params"]["place"], told[ended]["params"]["of"]) == (line["rank"], 3)
        assert told[-1]["kind"] == "tournament_started"
        assert told[-1]["params"] == {"tournament": tournament_id, "name": "Club night"}
        rounds = [e["params"]["round"] for e in told if e["kind"] == "tournament_round"]
        assert len(rounds) == 2 and rounds == sorted(rounds, reverse=True), "a round's bye has no game"


def test_an_account_keeps_its_latest_hundred_of_the_last_thirty_days(client: TestClient) -> None:
    """The oldest beyond ``MAX_KEPT`` and those older than ``KEPT_SECONDS`` are dropped; the list
    comes a page at a time, the latest first; a game's turn is one entry however often it comes."""
    kira = account(client, "Kira")
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    kira_id = as_(client, kira).get("/api/account").json()["account"]["id"]
    moment = time.time()
    inbox_store.note(store, kira_id, Event("challenged", "old", {"name": "Old"}), at=moment - 31 * 24 * 3600)
    assert inbox(client, kira)["entries"] == [], "older than 30 days: not shown"
    for n in range(inbox_store.MAX_KEPT + 5):
        inbox_store.note(
            store, kira_id, Event("challenged", f"challenge:{n}", {"name": f"P{n}"}), at=moment + n
        )
    for _ in range(3):
        inbox_store.note(store, kira_id, Event("your_turn", "turn:g", {}), renewed=True, at=moment + 200)
    seen: list[str] = []
    page = inbox(client, kira, limit=50)
    while True:
        seen += [e["params"].get("name", e["kind"]) for e in page["entries"]]
        if not page["more"]:
            break
        page = inbox(client, kira, limit=50, before=page["entries"][-1]["id"])
    expected = ["your_turn"] + [f"P{n}" for n in reversed(range(6, inbox_store.MAX_KEPT + 5))]
    assert seen == expected
    assert inbox(client, kira)["unread"] == inbox_store.MAX_KEPT
    inbox_store.note(store, kira_id, Event("challenged", "challenge:104", {"name": "again"}), at=moment + 300)
    assert inbox(client, kira, limit=1)["entries"][0]["params"] == {}, "noted once: not again"
    assert refusal(as_(client, kira).get("/api/account/notifications", params={"limit": 51}))[0] == 422


def test_the_inbox_is_limited_per_client(database: str) -> None:
    with TestClient(new_app(database)) as limited:
        kira = account(limited, "Kira")
        answers = [as_(limited, kira).get("/api/account/notifications").status_code for _ in range(61)]
        assert answers[:60] == [200] * 60
        assert refusal(as_(limited, kira).get("/api/account/notifications")) == (429, "too_many_tries")


def test_a_closed_account_s_inbox_is_dropped(client: TestClient) -> None:
    kira, boris = account(client, "Kira"), account(client, "Boris")
    challenged(client, boris, "Kira")
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    kira_id = as_(client, kira).get("/api/account").json()["account"]["id"]
    assert inbox(client, kira)["unread"] == 1
    closed = as_(client, kira).post("/api/account/close", json={"password": "password Kira"})
    assert closed.status_code == 200, closed.text
    assert inbox_store.entries(store, kira_id, None, 10, time.time())["entries"] == []


def test_challenges_called_off_unanswered_leave_nothing_in_the_inbox(api: TestClient) -> None:
    """Kira challenges Boris and calls it off, again and again (an attack on the inbox, which
    keeps its latest hundred entries: the challenges gone pushed out what mattered): Boris's
    inbox keeps none of them. A challenge of three that Cleo declines is told to Kira, who made
    it; Boris, who had not answered, keeps no entry of it."""
    who = names()
    kira, boris, cleo = (account(api, who[name]) for name in ("Kira", "Boris", "Cleo"))
    for _ in range(3):
        made = challenged(api, kira, who["Boris"])
        assert ("challenged", False) in kinds(api, boris)
        called_off = api.post(f"/api/games/{made['id']}/cancel", json={"token": made["seats"][0]["token"]})
        assert called_off.status_code == 200, called_off.text
        assert kinds(api, boris) == [], "a challenge gone unanswered leaves no entry"
    three = challenged(api, kira, who["Boris"], names=[who["Cleo"]], players=3)
    declined = as_(api, cleo).post(f"/api/challenges/{three['id']}/decline")
    assert declined.status_code == 200, declined.text
    assert entry(api, kira, "challenge_declined")["params"]["name"] == who["Cleo"]
    assert kinds(api, boris) == [] and kinds(api, cleo) == [("challenged", True)]
