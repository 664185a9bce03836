"""Club tournaments at tables of three or four over the API: a Swiss by tables played to its end
(each table a game of its players' kept seats, a bye for the one the count leaves out, points by
place), a player who does not come to their table (an AI plays their seat, last, 0 points; with
fewer than two come the game is not played), and the refusals of what is not offered."""

from __future__ import annotations

import secrets
import time
from typing import Any

from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import delete, update
from tests.web.conftest import new_app
from tests.web.test_challenges import DAYS, account, as_
from tests.web.test_open_games import end_the_wait_now, refusal
from tests.web.test_tournaments import act, client, create, current_games, seated, tournament, wait_until

from kingdomino.web.table_pairing import TABLE_BYE, place_points
from kingdomino.web.tournament_tables import TournamentGameRow, TournamentRow

__all__ = ["client"]  # the fixture, over a SQLite file of its own


def names_of(suffix: str, count: int) -> list[str]:
    """Players' names unique to a test (the test PostgreSQL is every test's)."""
    return [f"{who}{suffix}" for who in ("Kira", "Boris", "Anna", "Lena", "Dan")[:count]]


def by_tables(client: TestClient, names: list[str], **fields: Any) -> tuple[str, dict[str, str]]:
    """A Swiss by tables of ``names`` (the first organises it), started: its id and the sessions."""
    sessions = {name: account(client, name) for name in names}
    settings = {"format": "swiss", "rounds": 2, "table_size": 4, **fields}
    tournament_id = create(client, sessions[names[0]], **settings)["id"]
    for name in names[1:]:
        assert act(client, sessions[name], tournament_id, "join").status_code == 200
    assert act(client, sessions[names[0]], tournament_id, "start").status_code == 200
    return tournament_id, sessions


def tables_made(round_: int) -> Any:
    """Whether a tournament plays round ``round_``, each table's game made (a bye has none)."""
    return lambda found: (
        found["round"] == round_ and all(g["game_id"] or len(g["players"]) == 1 for g in current_games(found))
    )


def play_out(client: TestClient, game_id: str, tokens: dict[int, str], deadline: float = 120.0) -> None:
    """Every human seat of ``tokens`` plays its first legal move until the game ends; an AI's turn
    (a seat not in ``tokens``) is waited for."""
    any_token = next(iter(tokens.values()))
    until = time.monotonic() + deadline
    while time.monotonic() < until:
        view = client.get(f"/api/games/{game_id}", params={"token": any_token}).json()
        if view["status"] == "finished":
            return
        token = tokens.get(view["current_player"])
        mine = client.get(f"/api/games/{game_id}", params={"token": token}).json() if token else None
        if not mine or not mine["legal_actions"]:
            time.sleep(0.02)
            continue
        client.post(
            f"/api/games/{game_id}/actions",
            json={"token": token, "action": mine["legal_actions"][0], "index": mine["index"]},
        )
    raise AssertionError(f"the game {game_id} did not end in {deadline} s")


def sit_and_play(
    client: TestClient, game: dict[str, Any], sessions: dict[str, str], absent: set[str]
) -> None:
    """The table's players but ``absent`` take their seats; played out once they all sat."""
    names = [p["name"] for p in game["players"]]
    tokens = {
        seat: seated(client, sessions[name], game["game_id"])
        for seat, name in enumerate(names)
        if name not in absent
    }
    if absent:
        end_the_wait_now(client, game["game_id"])
    play_out(client, game["game_id"], tokens)


def test_a_swiss_by_tables_is_played_to_its_end_over_either_database(api: TestClient) -> None:
    """Five players at tables of four: a table of four and a bye each round, the bye to another
    player the second round; each table's points by place, the standings their sums."""
    names = names_of(secrets.token_hex(3), 5)
    tournament_id, sessions = by_tables(api, names)
    byes = []
    for round_ in (1, 2):
        found = wait_until(api, tournament_id, tables_made(round_))
        games = current_games(found)
        assert sorted(len(g["players"]) for g in games) == [1, 4]
        bye = next(g for g in games if len(g["players"]) == 1)
        byes.append(bye["players"][0]["name"])
        assert bye["players"][0]["points"] == TABLE_BYE
        table = next(g for g in games if len(g["players"]) == 4)
        assert table["status"] == "open" and all(p["points"] is None for p in table["players"])
        sit_and_play(api, table, sessions, set())
    assert byes[0] == names[4] and byes[1] != byes[0], "the lowest-ranked first, then one who had none"
    found = wait_until(api, tournament_id, lambda t: t["status"] == "finished")
    points: dict[str, float] = dict.fromkeys(names, 0.0)
    for played in found["rounds_played"]:
        for game in played["games"]:
            lines = game["players"]
            if len(lines) > 1:
                assert game["status"] == "finished" and not any(p["forfeit"] for p in lines)
                expected = place_points([p["place"] for p in lines], [False] * len(lines))
                assert [p["points"] for p in lines] == expected
            for line in lines:
                points[line["name"]] += line["points"]
    standings = found["standings"]
    assert {line["name"]: line["points"] for line in standings} == points
    assert abs(sum(points.values()) - 2 * (2 + TABLE_BYE)) < 1e-9, "a table of four gives 2, a bye 1/2"
    assert [line["rank"] for line in standings] == sorted(line["rank"] for line in standings)
    assert {"opponents", "kingdom_margin", "played"} <= set(standings[0])


def test_a_player_who_does_not_come_is_played_by_an_ai_and_scores_nothing(client: TestClient) -> None:
    names = names_of("", 4)
    tournament_id, sessions = by_tables(client, names, rounds=1)
    (table,) = current_games(wait_until(client, tournament_id, tables_made(1)))
    absent = table["players"][1]["name"]
    sit_and_play(client, table, sessions, {absent})
    found = wait_until(client, tournament_id, lambda t: t["status"] == "finished")
    (game,) = current_games(found)
    lines = {p["name"]: p for p in game["players"]}
    assert (lines[absent]["points"], lines[absent]["place"], lines[absent]["forfeit"]) == (0.0, 4, True)
    came = [lines[name] for name in names if name != absent]
    assert sorted(p["place"] for p in came) == [1, 2, 3] or len({p["place"] for p in came}) < 3
    assert abs(sum(p["points"] for p in came) - 2) < 1e-9, "those who came share the table's points"
    assert game["forfeit"] is True


def test_a_table_only_one_player_came_to_is_not_played_and_theirs_is_the_point(client: TestClient) -> None:
    names = names_of("", 3)
    tournament_id, sessions = by_tables(client, names, rounds=1, table_size=3)
    (table,) = current_games(wait_until(client, tournament_id, tables_made(1)))
    came = table["players"][2]["name"]
    seated(client, sessions[came], table["game_id"])
    end_the_wait_now(client, table["game_id"])
    found = wait_until(client, tournament_id, lambda t: t["status"] == "finished")
    (game,) = current_games(found)
    assert game["status"] == "expired"
    assert {p["name"]: p["points"] for p in game["players"]} == {name: float(name == came) for name in names}


def test_a_tournament_by_tables_is_a_swiss_of_a_game_with_such_tables(client: TestClient) -> None:
    session = account(client, "Kira")
    body = {"name": "Club night", "game": "kingdomino", "time_control": DAYS, "table_size": 4}
    robin = as_(client, session).post("/api/tournaments", json={**body, "format": "round_robin"})
    assert refusal(robin) == (422, "tournament_tables_format")
    duel = as_(client, session).post("/api/tournaments", json={**body, "game": "duel", "format": "swiss"})
    assert refusal(duel) == (422, "tournament_table_size")
    five = as_(client, session).post("/api/tournaments", json={**body, "format": "swiss", "table_size": 5})
    assert five.status_code == 422
    made = create(client, session, format="swiss", table_size=3, game="origins")
    assert (made["table_size"], tournament(client, made["id"])["standings"][0]["points"]) == (3, 0.0)


def test_a_player_who_withdraws_from_a_table_forfeits_and_the_others_play_on(client: TestClient) -> None:
    """Four at a table of four: the last seat's player is told the table awaits them (the lobby's
    list names the three others); once all sat, one withdraws: an AI plays their seat, which ends
    last with 0 points, and the next round seats the three others at a table of three."""
    names = names_of("", 4)
    tournament_id, sessions = by_tables(client, names)
    (table,) = current_games(wait_until(client, tournament_id, tables_made(1)))
    seat_names = [p["name"] for p in table["players"]]
    awaiting = as_(client, sessions[seat_names[3]]).get("/api/tournaments").json()["awaiting"]
    others = ", ".join(seat_names[:3])
    assert [(a["game_id"], a["opponent"]) for a in awaiting] == [(table["game_id"], others)]
    tokens = {seat: seated(client, sessions[name], table["game_id"]) for seat, name in enumerate(seat_names)}
    leaver = seat_names[1]
    assert act(client, sessions[leaver], tournament_id, "leave").status_code == 200
    view = client.get(f"/api/games/{table['game_id']}", params={"token": tokens[0]}).json()
    assert (view["status"], view["seats"][1]["kind"]) == ("playing", "ai"), "the others play on"
    play_out(client, table["game_id"], {seat: token for seat, token in tokens.items() if seat != 1})
    found = wait_until(client, tournament_id, tables_made(2))
    ended = {p["name"]: p for p in found["rounds_played"][0]["games"][0]["players"]}
    assert (ended[leaver]["points"], ended[leaver]["place"], ended[leaver]["forfeit"]) == (0.0, 4, True)
    (next_table,) = current_games(found)
    assert sorted(p["name"] for p in next_table["players"]) == sorted(set(names) - {leaver})
    standing = next(line for line in found["standings"] if line["name"] == leaver)
    assert standing["withdrew"] == 1


def test_a_server_started_again_counts_a_table_that_ended_and_seats_the_next_round(database: str) -> None:
    """A table's game ended while no server counted it (its row's result and the next round
    undone, as if the server had stopped between them): the next server counts it, its points by
    place, and seats the next round once."""

    def app() -> Any:
        made = new_app(database)
        made.state.login_rate = parse("1000/minute")
        return made

    names = names_of("", 3)
    with TestClient(app()) as first:
        tournament_id, sessions = by_tables(first, names, table_size=3)
        (table,) = current_games(wait_until(first, tournament_id, tables_made(1)))
        came = table["players"][0]["name"]
        seated(first, sessions[came], table["game_id"])
        end_the_wait_now(first, table["game_id"])
        wait_until(first, tournament_id, tables_made(2))
        store = first.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        this = TournamentGameRow.tournament_id == tournament_id
        connection.execute(
            update(TournamentGameRow)
            .where(this, TournamentGameRow.round == 1)
            .values(first_points=None, second_points=None, outcome=None)
        )
        connection.execute(delete(TournamentGameRow).where(this, TournamentGameRow.round == 2))
        connection.execute(update(TournamentRow).where(TournamentRow.id == tournament_id).values(round=1))
    with TestClient(app()) as again:
        found = wait_until(again, tournament_id, tables_made(2))
        ended = found["rounds_played"][0]["games"][0]["players"]
        assert {p["name"]: p["points"] for p in ended} == {name: float(name == came) for name in names}
        (next_table,) = current_games(found)
        assert next_table["game_id"] and next_table["status"] == "open"
        assert len(found["rounds_played"]) == 2
