"""Team battles over the API (``web.team_battle``): an arena of three clubs made by a leader of
one, joined by their members alone (a member of two choosing once), paired across clubs, each
club scored by its best players' points, its winner named at the end, listed on the clubs' pages
and read the same after a restart; and the refusals of a battle's making. Over SQLite and,
when ``KINGDOMINO_TEST_POSTGRES_URL`` is set, PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import func, select
from tests.web.arena_setup import CLOCK, page
from tests.web.conftest import new_app
from tests.web.test_arenas import end_the_window_now, line, resign_game, waited
from tests.web.test_challenges import account, as_
from tests.web.test_clubs import new_club, post
from tests.web.test_inbox import eventually, inbox
from tests.web.test_open_games import refusal
from tests.web.test_relations import fresh
from tests.web.test_tournaments import act

from kingdomino.web import club_leaving, clubs, team_battle
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow
from kingdomino.web.team_battle_tables import TeamBattleClubRow
from kingdomino.web.tournament_tables import TournamentRow


def app(database: str) -> Any:
    made = new_app(database)
    made.state.login_rate = parse("1000/minute")
    return made


def battle(client: TestClient, session: str, clubs: list[str], **fields: Any) -> Any:
    """``session`` asks for a team battle of ``clubs`` (an arena quick to pair again)."""
    arena = client.app.state.tournaments.arena  # type: ignore[attr-defined]
    arena.tick, arena.rematch_seconds = 0.05, 60.0
    body = {
        "name": "Clubs' night",
        "game": "kingdomino",
        "format": "arena",
        "minutes": 20,
        "time_control": CLOCK,
        "team_battle": {"clubs": clubs, **fields.pop("battle", {})},
        **fields,
    }
    return as_(client, session).post("/api/tournaments", json=body)


def join(client: TestClient, session: str, tournament_id: str, club: str | None = None) -> Any:
    return as_(client, session).post(
        f"/api/tournaments/{tournament_id}/join", json=None if club is None else {"club": club}
    )


def pairs(found: dict[str, Any]) -> list[set[str]]:
    return [{game["first"], game["second"]} for game in found["arena"]["games"]]


def test_three_clubs_battle_across_clubs_and_their_best_players_score(own_database: str) -> None:
    with TestClient(app(own_database)) as client:
        names = ("Kira", "Boris", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal")
        s = {name: account(client, name) for name in names}
        owls, larks, wrens = (new_club(client, s[leader]) for leader in ("Kira", "Cleo", "Eve"))
        for member, club in (("Boris", owls), ("Dan", larks), ("Fay", wrens), ("Gus", owls), ("Gus", larks)):
            post(client, s[member], f"/api/clubs/{club}/join")
        made = battle(client, s["Kira"], [owls, larks, wrens], battle={"leaders": 1})
        assert made.status_code == 201, made.text
        tournament_id = made.json()["id"]
        assert refusal(join(client, s["Hal"], tournament_id)) == (403, "team_battle_member")
        assert refusal(join(client, s["Gus"], tournament_id)) == (409, "team_battle_choose")
        assert join(client, s["Gus"], tournament_id, larks).status_code == 200
        assert act(client, s["Gus"], tournament_id, "leave").status_code == 200
        assert refusal(join(client, s["Gus"], tournament_id, owls)) == (409, "team_battle_side"), (
            "chosen once"
        )
        assert join(client, s["Gus"], tournament_id).status_code == 200, "for the club chosen before"
        for name in ("Boris", "Cleo", "Dan", "Eve", "Fay"):
            assert join(client, s[name], tournament_id).status_code == 200
        found = page(client, tournament_id)
        assert found["team_battle"]["sides"]["Gus"] == larks and found["team_battle"]["sides"]["Kira"] == owls
        # Kira and Boris are of the same club: Kira meets Cleo, Boris waits for one of another club.
        for name in ("Kira", "Boris", "Cleo"):
            page(client, tournament_id, s[name])
        assert act(client, s["Kira"], tournament_id, "start").status_code == 200
        found = page(client, tournament_id)
        assert pairs(found) == [{"Kira", "Cleo"}], "club mates are not paired while another is free"
        found = waited(client, tournament_id, lambda f: len(f["arena"]["games"]) == 2, readers=(s["Dan"],))
        assert pairs(found)[0] == {"Boris", "Dan"}
        first, second = found["arena"]["games"][1], found["arena"]["games"][0]
        resign_game(client, first["game_id"], s, loser="Cleo", winner="Kira")
        resign_game(client, second["game_id"], s, loser="Dan", winner="Boris")
        readers = tuple(s[name] for name in ("Kira", "Boris", "Cleo", "Dan"))
        found = waited(client, tournament_id, lambda f: len(f["arena"]["games"]) == 4, readers=readers)
        assert sorted(map(sorted, pairs(found)[:2])) == [["Boris", "Cleo"], ["Dan", "Kira"]], "across, fresh"
        end_the_window_now(client, tournament_id)
        games = {
            frozenset(pair): game for pair, game in zip(pairs(found), found["arena"]["games"], strict=True)
        }
        resign_game(client, games[frozenset({"Kira", "Dan"})]["game_id"], s, loser="Dan", winner="Kira")
        resign_game(client, games[frozenset({"Boris", "Cleo"})]["game_id"], s, loser="Boris", winner="Cleo")
        found = waited(client, tournament_id, lambda f: f["status"] == "finished")
        assert (
            line(found, "Kira")["points"],
            line(found, "Boris")["points"],
            line(found, "Cleo")["points"],
        ) == (4, 2, 2)
        table = [
            (club["rank"], club["name"], club["score"], [(p["name"], p["points"]) for p in club["leaders"]])
            for club in found["team_battle"]["clubs"]
        ]
        assert table == [
            (1, owls, 4, [("Kira", 4)]),
            (2, larks, 2, [("Cleo", 2)]),
            (3, wrens, 0, [("Eve", 0)]),
        ], "one leader counts: Boris's 2 points are not the Owls'"
        assert found["team_battle"]["winners"] == [owls]
        for name, club, place in (
            ("Kira", owls, 1),
            ("Cleo", larks, 2),
            ("Gus", larks, 2),
            ("Eve", wrens, 3),
        ):
            told = eventually(client, s[name], "team_battle_ended")["params"]
            assert (told["name"], told["winners"], told["club"], told["place"], told["of"]) == (
                "Clubs' night",
                [owls],
                club,
                place,
                3,
            ), "each player is told the winner and their club's place"
        assert not [e for e in inbox(client, s["Hal"])["entries"] if e["kind"] == "team_battle_ended"]
        gus = page(client, tournament_id, s["Gus"])["team_battle"]["you"]
        assert gus == {"club": larks, "clubs": [owls, larks]}
        finished = as_(client, None).get("/api/tournaments", params={"status": "finished"}).json()["finished"]
        assert [t["team_battle"] for t in finished if t["id"] == tournament_id] == [[owls, larks, wrens]]
        listed = as_(client, None).get(f"/api/clubs/{wrens}").json()["team_battles"]
        assert listed == [
            {"id": tournament_id, "name": "Clubs' night", "status": "finished", "clubs": [owls, larks, wrens]}
        ]
    with TestClient(app(own_database)) as client:
        assert page(client, tournament_id)["team_battle"] == {**found["team_battle"], "you": None}


def test_a_team_battle_is_refused_in_words(own_database: str) -> None:
    with TestClient(app(own_database)) as client:
        s = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
        owls, larks = new_club(client, s["Kira"]), new_club(client, s["Cleo"])
        post(client, s["Boris"], f"/api/clubs/{owls}/join")
        assert refusal(battle(client, s["Kira"], [owls])) == (422, "team_battle_clubs")
        once = [owls, owls.upper()]
        assert refusal(battle(client, s["Kira"], once)) == (422, "team_battle_clubs"), "one club twice"
        many = [owls, *(fresh("Club ") for _ in range(10))]
        assert refusal(battle(client, s["Kira"], many)) == (422, "team_battle_clubs")
        assert refusal(battle(client, s["Kira"], [owls, fresh("Nobody ")])) == (404, "no_club")
        assert refusal(battle(client, s["Boris"], [owls, larks])) == (403, "team_battle_leader")
        assert refusal(battle(client, s["Kira"], [owls, larks], format="swiss")) == (422, "team_battle_arena")
        assert battle(client, s["Kira"], [owls, larks], battle={"leaders": 21}).status_code == 422
        made = battle(client, s["Kira"], [owls, larks])
        assert made.status_code == 201, made.text
        found = page(client, made.json()["id"], s["Kira"])
        assert found["team_battle"]["leaders"] == 5 and found["team_battle"]["sides"] == {"Kira": owls}
        assert [c["name"] for c in found["team_battle"]["clubs"]] == sorted([owls, larks], key=str.casefold)


def closed_by_its_leader(store: Store, club: str, leader: str) -> None:
    """The club ``club`` closed by its leader ``leader`` (``clubs.close``), as its page does."""
    with store.engine.connect() as connection:
        leader_id = connection.scalar(select(AccountRow.id).where(AccountRow.name == leader))
    assert leader_id is not None
    clubs.close(store, club, leader_id)


def gone_with_its_last_member(store: Store, name: str) -> None:
    """The account ``name`` leaves its clubs as its closing does (``club_leaving.leave_all``): a
    club it was the last member of is closed, whatever it plays in."""
    with store.engine.begin() as connection:
        account_id = connection.scalar(select(AccountRow.id).where(AccountRow.name == name))
        assert account_id is not None
        club_leaving.leave_all(connection, account_id)


def test_a_club_closed_as_its_battle_is_made_leaves_no_arena(
    own_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(app(own_database)) as client:
        s = {name: account(client, name) for name in ("Kira", "Cleo")}
        owls, larks = new_club(client, s["Kira"]), new_club(client, s["Cleo"])
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        checked = team_battle.checked_clubs

        def then_closed(*args: Any) -> Any:
            found = checked(*args)
            closed_by_its_leader(store, larks, "Cleo")
            return found

        monkeypatch.setattr(team_battle, "checked_clubs", then_closed)
        assert refusal(battle(client, s["Kira"], [owls, larks])) == (404, "no_club")
        with store.engine.connect() as connection:
            left = [
                connection.scalar(select(func.count()).select_from(t))
                for t in (TournamentRow, TeamBattleClubRow)
            ]
        assert left == [0, 0], "no plain arena left behind, nor a battle's rows"


def test_a_player_who_leaves_their_club_and_a_club_closed_mid_battle(own_database: str) -> None:
    """Dan leaves the Larks after joining: he plays on for them (joins again for them alone), his
    points theirs. Eve may not close the Wrens mid-battle, but they go with their last member's
    account (Fay left): she plays on, paired across clubs, her points the Wrens' in the table; no
    former Wren joins any more, and at the end Eve is told the Wrens' place."""
    with TestClient(app(own_database)) as client:
        names = ("Kira", "Cleo", "Dan", "Eve", "Fay")
        s = {name: account(client, name) for name in names}
        owls, larks, wrens = (new_club(client, s[leader]) for leader in ("Kira", "Cleo", "Eve"))
        for member, club in (("Dan", larks), ("Fay", wrens)):
            post(client, s[member], f"/api/clubs/{club}/join")
        tournament_id = battle(client, s["Kira"], [owls, larks, wrens]).json()["id"]
        for name in ("Cleo", "Dan", "Eve"):
            assert join(client, s[name], tournament_id).status_code == 200
        assert post(client, s["Dan"], f"/api/clubs/{larks}/leave").status_code == 200
        assert act(client, s["Dan"], tournament_id, "leave").status_code == 200
        assert refusal(join(client, s["Dan"], tournament_id, owls)) == (409, "team_battle_side")
        assert join(client, s["Dan"], tournament_id).status_code == 200, "for the Larks he left"
        assert refusal(as_(client, s["Eve"]).delete(f"/api/clubs/{wrens}")) == (409, "club_team_battle_on")
        assert post(client, s["Fay"], f"/api/clubs/{wrens}/leave").status_code == 200
        gone_with_its_last_member(client.app.state.hub.store, "Eve")  # type: ignore[attr-defined]
        assert refusal(join(client, s["Fay"], tournament_id)) == (403, "team_battle_member")
        playing = ("Kira", "Cleo", "Dan", "Eve")
        for name in playing:
            page(client, tournament_id, s[name])
        assert act(client, s["Kira"], tournament_id, "start").status_code == 200
        readers = tuple(s[name] for name in playing)
        found = waited(client, tournament_id, lambda f: len(f["arena"]["games"]) == 2, readers=readers)
        assert {"Cleo", "Dan"} not in pairs(found), "Dan plays for the Larks still: not against Cleo"
        eves = next(game for game in found["arena"]["games"] if "Eve" in (game["first"], game["second"]))
        other = next(name for name in (eves["first"], eves["second"]) if name != "Eve")
        resign_game(client, eves["game_id"], s, loser=other, winner="Eve")
        found = waited(client, tournament_id, lambda f: line(f, "Eve")["points"] == 2, readers=readers)
        table = {club["name"]: (club["score"], club["players"]) for club in found["team_battle"]["clubs"]}
        assert table == {owls: (0, 1), larks: (0, 2), wrens: (2, 1)}, "the closed club keeps its line"
        assert found["team_battle"]["sides"] == {"Kira": owls, "Cleo": larks, "Dan": larks, "Eve": wrens}
        end_the_window_now(client, tournament_id)
        last = next(game for game in found["arena"]["games"] if game["game_id"] != eves["game_id"])
        resign_game(client, last["game_id"], s, loser=last["second"], winner=last["first"])
        found = waited(client, tournament_id, lambda f: f["status"] == "finished")
        assert wrens in found["team_battle"]["winners"], "the closed club may win"
        told = eventually(client, s["Eve"], "team_battle_ended")["params"]
        assert (told["club"], told["place"]) == (wrens, 1)
        told = eventually(client, s["Dan"], "team_battle_ended")["params"]
        assert told["club"] == larks
