"""Arenas over the API: players present are paired at the start and again as each game ends, their
games scored 2, 1, 0 (4 and 2 on fire), a late player joins, one pauses and rejoins, one who does
not take their seat loses by forfeit and is paused, and at the window's end the games under way
finish and count before the arena is over; a server started again goes on with it."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import update
from tests.web.arena_setup import (
    CLOCK,
    arena,
    begun_arena,
    game_of,
    holds_over,
    page,
    paused_an_hour_ago,
)
from tests.web.conftest import new_app
from tests.web.test_challenges import account, as_
from tests.web.test_inbox import eventually, inbox
from tests.web.test_open_games import end_the_wait_now, refusal
from tests.web.test_tournament_tables import play_out
from tests.web.test_tournaments import act, client, seated

from kingdomino.web.arena_tables import ArenaRow

__all__ = ["client"]


def waited(
    client: TestClient,
    tournament_id: str,
    holds: Callable[[dict[str, Any]], bool],
    readers: tuple[str, ...] = (),
    timeout: float = 30.0,
) -> dict[str, Any]:
    """The arena once ``holds`` of it, its page read by each of ``readers`` meanwhile."""
    deadline = time.monotonic() + timeout
    while True:
        for reader in readers:
            page(client, tournament_id, reader)
        found = page(client, tournament_id)
        if holds(found):
            return found
        assert time.monotonic() < deadline, f"timed out waiting; last: {found['arena']}"
        time.sleep(0.02)


def line(found: dict[str, Any], name: str) -> dict[str, Any]:
    return next(entry for entry in found["arena"]["standings"] if entry["name"] == name)


def played(found: dict[str, Any], number: int) -> dict[str, Any]:
    """The arena's game ``number`` as its page lists it."""
    return next(game for game in found["arena"]["games"] if game["number"] == number)


def resign_game(client: TestClient, game_id: str, sessions: dict[str, str], loser: str, winner: str) -> None:
    tokens = {who: seated(client, sessions[who], game_id) for who in (winner, loser)}
    resigned = client.post(f"/api/games/{game_id}/resign", json={"token": tokens[loser]})
    assert resigned.status_code == 200, resigned.text


def played_n(number: int) -> Callable[[dict[str, Any]], bool]:
    """Whether Kira played ``number`` games of the arena, each counted."""
    return lambda found: bool(line(found, "Kira")["played"] == number)


def end_the_window_now(client: TestClient, tournament_id: str) -> None:
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(
            update(ArenaRow).where(ArenaRow.tournament_id == tournament_id).values(ends_at=time.time() - 1)
        )


def test_two_players_play_again_and_again_and_a_game_under_way_at_the_end_counts(
    client: TestClient,
) -> None:
    sessions = {name: account(client, name) for name in ("Kira", "Boris")}
    tournament_id = arena(client, sessions["Kira"])
    assert act(client, sessions["Boris"], tournament_id, "join").status_code == 200
    for session in sessions.values():
        page(client, tournament_id, session)
    assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200, "two are enough"
    found = page(client, tournament_id, sessions["Kira"])
    assert found["status"] == "running" and 0 < found["arena"]["seconds_left"] <= 20 * 60
    for number in (1, 2, 3):
        game = game_of(client, tournament_id, sessions["Kira"])
        assert game["seated"] is False and game["token"] is None
        # A bot's program finds its seat where it finds a round's: the list's `awaiting`.
        awaiting = as_(client, sessions["Boris"]).get("/api/tournaments").json()["awaiting"]
        assert [(a["game_id"], a["round"], a["opponent"]) for a in awaiting] == [
            (game["game_id"], number, "Kira")
        ]
        resign_game(client, game["game_id"], sessions, loser="Boris", winner="Kira")
        found = waited(client, tournament_id, played_n(number))
    kira, boris = line(found, "Kira"), line(found, "Boris")
    assert (kira["points"], kira["sequence"], kira["fire"]) == (8, [2, 2, 4], True)
    assert (boris["points"], boris["sequence"], boris["fire"]) == (0, [0, 0, 0], False)
    assert [entry["rank"] for entry in found["arena"]["standings"]] == [1, 2]
    assert not any(game["forfeit"] for game in found["arena"]["games"]), "a game resigned was played"
    game = game_of(client, tournament_id, sessions["Boris"])
    end_the_window_now(client, tournament_id)
    late = account(client, "Cleo")
    assert refusal(act(client, late, tournament_id, "join")) == (409, "tournament_over"), "its time is over"
    tokens = {name: seated(client, sessions[name], game["game_id"]) for name in sessions}
    seats = client.get(f"/api/games/{game['game_id']}", params={"token": tokens["Kira"]}).json()["seats"]
    play_out(client, game["game_id"], {n: tokens[seat["name"]] for n, seat in enumerate(seats)})
    found = waited(client, tournament_id, lambda f: f["status"] == "finished")
    assert sum(entry["played"] for entry in found["arena"]["standings"]) == 8, "four games, each of two"
    assert len(found["arena"]["games"]) == 4 and all(g["result"] for g in found["arena"]["games"])
    assert refusal(act(client, sessions["Boris"], tournament_id, "pause")) == (409, "arena_not_running")
    for name, place in (("Kira", 1), ("Boris", 2)):
        told = eventually(client, sessions[name], "tournament_ended")
        assert (told["params"]["place"], told["params"]["of"]) == (place, 2)
        kinds = {e["kind"] for e in inbox(client, sessions[name])["entries"]}
        assert "tournament_round" not in kinds, "an arena's pairings are its page's news, not the inbox's"


def test_four_players_avoid_the_last_opponent_pause_rejoin_forfeit_join_late(
    client: TestClient,
) -> None:
    names = ("Kira", "Boris", "Cleo", "Dan")
    sessions = {name: account(client, name) for name in (*names, "Eve")}
    tournament_id = arena(client, sessions["Kira"], rematch=60.0)
    for name in names[1:]:
        assert act(client, sessions[name], tournament_id, "join").status_code == 200
    for name in names[:3]:
        page(client, tournament_id, sessions[name])
    assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200
    found = page(client, tournament_id)
    assert len(found["arena"]["games"]) == 1, "Dan never opened the page: not paired, Cleo waits for a player"
    first = found["arena"]["games"][0]
    waiting = ({"Kira", "Boris", "Cleo"} - {first["first"], first["second"]}).pop()
    page(client, tournament_id, sessions["Dan"])
    found = waited(client, tournament_id, lambda f: len(f["arena"]["games"]) == 2, readers=(sessions["Dan"],))
    second = found["arena"]["games"][0]
    assert {second["first"], second["second"]} == {waiting, "Dan"}
    # The first game's loser pauses: the winner meets the second game's players, not them.
    winner, loser = first["first"], first["second"]
    resign_game(client, first["game_id"], sessions, loser=loser, winner=winner)
    assert act(client, sessions[loser], tournament_id, "pause").status_code == 200
    resign_game(client, second["game_id"], sessions, loser="Dan", winner=waiting)
    readers = tuple(sessions[n] for n in names)
    found = waited(client, tournament_id, lambda f: len(f["arena"]["games"]) == 3, readers=readers)
    third = found["arena"]["games"][0]
    assert loser not in (third["first"], third["second"]) and line(found, loser)["paused"]
    assert {third["first"], third["second"]} in ({winner, waiting}, {winner, "Dan"})
    yours = page(client, tournament_id, sessions[loser])["arena"]["you"]
    assert (yours["paused"], yours["game"]) == (True, None)
    # Back from the pause: paired with the one left free, whose last opponent was another.
    assert act(client, sessions[loser], tournament_id, "rejoin").status_code == 200
    found = waited(client, tournament_id, lambda f: len(f["arena"]["games"]) == 4, readers=readers)
    fourth = found["arena"]["games"][0]
    assert loser in (fourth["first"], fourth["second"])
    # A late player joins the running arena; the fourth game's players never sit: forfeit, both paused.
    assert act(client, sessions["Eve"], tournament_id, "join").status_code == 200
    end_the_wait_now(client, fourth["game_id"])
    found = waited(
        client,
        tournament_id,
        lambda f: f["arena"]["games"][-4]["result"] is not None,
        readers=(sessions["Eve"],),
    )
    assert found["arena"]["games"][-4]["result"] == "0-0" and found["arena"]["games"][-4]["forfeit"]
    assert all(line(found, name)["paused"] for name in (fourth["first"], fourth["second"]))
    # One of them rejoins and meets Eve; a player who withdraws loses their game, paired no more.
    back = fourth["first"]
    assert act(client, sessions[back], tournament_id, "rejoin").status_code == 200
    both = (sessions["Eve"], sessions[back])
    found = waited(client, tournament_id, lambda f: line(f, "Eve")["playing"], readers=both)
    assert {found["arena"]["games"][0]["first"], found["arena"]["games"][0]["second"]} == {"Eve", back}
    assert act(client, sessions["Eve"], tournament_id, "leave").status_code == 200
    found = waited(client, tournament_id, lambda f: not line(f, "Eve")["playing"])
    assert line(found, "Eve")["withdrew"] and line(found, "Eve")["sequence"] == [0]


def test_a_player_who_pauses_before_sitting_calls_the_game_off_for_neither(client: TestClient) -> None:
    """A game's end pairs its players again at once, within its page's countdown back to the
    arena: a player who stays and pauses then was paired unknowing. Their game not sat at yet is
    called off, counted for neither (no forfeit), and the other player is paired again; a game
    they sat at is played on."""
    sessions, tournament_id = begun_arena(client, ("Kira", "Boris"))
    game = game_of(client, tournament_id, sessions["Kira"])
    boris = seated(client, sessions["Boris"], game["game_id"])
    assert act(client, sessions["Kira"], tournament_id, "pause").status_code == 200
    view = client.get(f"/api/games/{game['game_id']}", params={"token": boris}).json()
    assert view["status"] == "expired"
    found = page(client, tournament_id)
    assert found["arena"]["games"] == [], "called off: no game of the arena, no forfeit"
    assert line(found, "Kira")["paused"] and not line(found, "Boris")["paused"]
    assert line(found, "Kira")["played"] == line(found, "Boris")["played"] == 0
    assert act(client, sessions["Kira"], tournament_id, "rejoin").status_code == 200
    again = game_of(client, tournament_id, sessions["Kira"])
    assert again["game_id"] != game["game_id"]
    seated(client, sessions["Kira"], again["game_id"])
    assert act(client, sessions["Kira"], tournament_id, "pause").status_code == 200
    found = page(client, tournament_id)
    assert [g["game_id"] for g in found["arena"]["games"]] == [again["game_id"]], "sat at: played on"


def test_an_arenas_bounds_and_clock_are_refused_with_their_names(client: TestClient) -> None:
    kira = account(client, "Kira")
    body = {"name": "x", "game": "kingdomino", "format": "arena", "time_control": CLOCK}
    for minutes in (19, 181):
        answer = as_(client, kira).post("/api/tournaments", json={**body, "minutes": minutes})
        assert answer.status_code == 422 and answer.json()["error"]["field"] == "minutes", answer.text
    answer = as_(client, kira).post("/api/tournaments", json={**body, "max_players": 2})
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "max_players", answer.text
    days = {**body, "time_control": {"kind": "days", "days": 1}}
    assert refusal(as_(client, kira).post("/api/tournaments", json=days)) == (422, "arena_clock")
    tournament_id = arena(client, kira)
    assert refusal(act(client, kira, tournament_id, "start")) == (409, "tournament_too_few")
    assert refusal(act(client, kira, tournament_id, "pause")) == (409, "arena_not_running")


def test_a_server_started_again_goes_on_with_a_running_arena(database: str) -> None:
    def app() -> Any:
        made = new_app(database)
        made.state.login_rate = parse("1000/minute")
        return made

    with TestClient(app()) as test_client:
        sessions = {name: account(test_client, name) for name in ("Kira", "Boris")}
        tournament_id = arena(test_client, sessions["Kira"])
        act(test_client, sessions["Boris"], tournament_id, "join")
        for session in sessions.values():
            page(test_client, tournament_id, session)
        act(test_client, sessions["Kira"], tournament_id, "start")
        game = game_of(test_client, tournament_id, sessions["Kira"])
        ends_at = page(test_client, tournament_id)["arena"]["ends_at"]
    with TestClient(app()) as test_client:
        assert page(test_client, tournament_id)["arena"]["ends_at"] == ends_at
        resign_game(test_client, game["game_id"], sessions, loser="Kira", winner="Boris")
        found = waited(
            test_client,
            tournament_id,
            lambda f: len(f["arena"]["games"]) == 2,
            readers=tuple(sessions.values()),
        )
        assert line(found, "Boris")["sequence"] == [2]
        end_the_window_now(test_client, tournament_id)
        resign_game(
            test_client, found["arena"]["games"][0]["game_id"], sessions, loser="Kira", winner="Boris"
        )
        found = waited(test_client, tournament_id, lambda f: f["status"] == "finished")
        assert line(found, "Boris")["sequence"] == [2, 2]


def test_an_arena_is_played_to_its_end_over_either_database(api: TestClient) -> None:
    """An arena's tables over the test PostgreSQL as over SQLite (its players' names the test's
    own: the database is every test's): paired, a game counted, a pause, the end."""
    suffix = secrets.token_hex(3)
    kira, boris = f"Kira{suffix}", f"Boris{suffix}"
    sessions = {kira: account(api, kira), boris: account(api, boris)}
    tournament_id = arena(api, sessions[kira])
    act(api, sessions[boris], tournament_id, "join")
    for session in sessions.values():
        page(api, tournament_id, session)
    assert act(api, sessions[kira], tournament_id, "start").status_code == 200
    game = game_of(api, tournament_id, sessions[boris])
    resign_game(api, game["game_id"], sessions, loser=kira, winner=boris)
    assert act(api, sessions[kira], tournament_id, "pause").status_code == 200
    found = waited(api, tournament_id, lambda f: line(f, boris)["played"] == 1)
    assert (line(found, boris)["sequence"], line(found, kira)["paused"]) == ([2], True)
    assert [entry["name"] for entry in found["arena"]["standings"]] == [boris, kira]
    assert act(api, sessions[kira], tournament_id, "rejoin").status_code == 200
    second = waited(
        api, tournament_id, lambda f: len(f["arena"]["games"]) == 2, readers=tuple(sessions.values())
    )
    end_the_window_now(api, tournament_id)
    resign_game(api, second["arena"]["games"][0]["game_id"], sessions, loser=boris, winner=kira)
    found = waited(api, tournament_id, lambda f: f["status"] == "finished")
    assert (line(found, kira)["sequence"], line(found, boris)["sequence"]) == ([0, 2], [2, 0])


def test_a_second_call_off_by_pausing_holds_the_player_back_from_pairing(client: TestClient) -> None:
    """Pausing before sitting and rejoining would dodge an opponent at no cost: the first call-off
    is free, a second keeps its player from being paired for the figure's wait, then they are."""
    sessions, tournament_id = begun_arena(client, ("Kira", "Boris"))
    for _ in range(2):
        game_of(client, tournament_id, sessions["Kira"])
        assert act(client, sessions["Kira"], tournament_id, "pause").status_code == 200
        page(client, tournament_id, sessions["Boris"])
        assert act(client, sessions["Kira"], tournament_id, "rejoin").status_code == 200
    # Rejoining pairs at once: the second call-off's wait keeps Kira out of it and of every pass.
    for _ in range(5):
        page(client, tournament_id, sessions["Boris"])
        kira = page(client, tournament_id, sessions["Kira"])["arena"]["you"]
        assert (kira["paused"], kira["game"]) == (False, None)
    holds_over(client)
    assert game_of(client, tournament_id, sessions["Kira"])["seated"] is False


def test_a_player_paused_too_long_gives_back_their_place_in_a_full_arena(client: TestClient) -> None:
    """Accounts that join and never sit would keep a full arena's places: one paused longer than
    the figure's minutes is withdrawn when someone asks to join, one paused lately keeps theirs."""
    sessions, tournament_id = begun_arena(client, ("Kira", "Boris", "Cleo"), ("Kira", "Boris"), max_players=3)
    sessions["Dan"] = account(client, "Dan")
    game_of(client, tournament_id, sessions["Kira"])
    assert act(client, sessions["Cleo"], tournament_id, "pause").status_code == 200
    assert refusal(act(client, sessions["Dan"], tournament_id, "join")) == (409, "tournament_full")
    paused_an_hour_ago(client)
    assert act(client, sessions["Dan"], tournament_id, "join").status_code == 200
    found = page(client, tournament_id)
    assert line(found, "Cleo")["withdrew"] and not line(found, "Dan")["withdrew"]
    assert refusal(act(client, sessions["Cleo"], tournament_id, "rejoin")) == (409, "tournament_not_joined")


def test_a_player_who_withdrew_is_refused_in_their_own_words_when_joining_again(client: TestClient) -> None:
    """A running arena takes late players, but not one who withdrew: they are told that they withdrew,
    not that they are in it already."""
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    tournament_id = arena(client, sessions["Kira"])
    for name in ("Boris", "Cleo"):
        assert act(client, sessions[name], tournament_id, "join").status_code == 200
    assert refusal(act(client, sessions["Boris"], tournament_id, "join")) == (409, "tournament_joined")
    assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200
    assert act(client, sessions["Cleo"], tournament_id, "leave").status_code == 200
    refused = act(client, sessions["Cleo"], tournament_id, "join")
    assert refusal(refused) == (409, "tournament_withdrew")
    assert "a player who withdraws does not come back" in refused.json()["error"]["message"]
    assert line(page(client, tournament_id), "Cleo")["withdrew"]
