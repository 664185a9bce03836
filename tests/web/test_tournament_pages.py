"""A tournament's page (``tournament_pages``): a finished tournament's games are read once and
kept, its page is the one built from the store (a player's own seats too), an operator's renaming
of a player is shown at once, and a flood of reads is refused as a flood of game requests."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import event, select
from tests.web.test_challenges import account, as_
from tests.web.test_open_games import refusal
from tests.web.test_tournaments import act, client, create, paired, play_round, tournament, wait_until

from kingdomino.web import tournament_store as records
from kingdomino.web.account_admin import rename
from kingdomino.web.games_moved import unplayed_in
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow
from kingdomino.web.tournament_views import tournament_json

__all__ = ["client"]  # the fixture, as the tests of tournaments make it


def finished(client: TestClient) -> tuple[str, dict[str, str]]:
    """A round robin of Kira, Boris and Cleo played to its end: its id and the players' sessions."""
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    tournament_id = create(client, sessions["Kira"])["id"]
    for name in ("Boris", "Cleo"):
        assert act(client, sessions[name], tournament_id, "join").status_code == 200
    assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200
    for round_ in (1, 2, 3):
        play_round(client, wait_until(client, tournament_id, paired(round_)), sessions)
    wait_until(client, tournament_id, lambda t: t["status"] == "finished")
    return tournament_id, sessions


def built(store: Store, tournament_id: str, viewer: int | None) -> dict[str, Any]:
    """The page as built from the store, nothing kept."""
    found = records.load(store, tournament_id)
    assert found is not None
    games = records.games_now(store, [g.game_id for g in found.games if g.game_id])
    over = [game_id for game_id, (status, _seats) in games.items() if status == "finished"]
    unplayed = unplayed_in(store, over)
    page: dict[str, Any] = json.loads(json.dumps(tournament_json(found, viewer, games, unplayed)))
    return page


def test_a_finished_tournament_s_games_are_read_once_and_a_renaming_is_shown(client: TestClient) -> None:
    tournament_id, sessions = finished(client)
    app: Any = client.app
    store: Store = app.state.hub.store
    with store.engine.connect() as connection:
        kira = connection.execute(select(AccountRow.id).where(AccountRow.name == "Kira")).scalar_one()
    statements: list[str] = []
    event.listen(store.engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
    guest = tournament(client, tournament_id)
    player = tournament(client, tournament_id, sessions["Kira"])
    games_read = [s for s in statements if "FROM tournament_games" in s or "games.seats" in s]
    assert games_read == [], "the games of a finished tournament are read once, then kept"
    assert guest == built(store, tournament_id, None), "a guest's page as built from the store"
    assert player == built(store, tournament_id, kira), "a player's page, their seats too"
    assert any(g["yours"] for r in player["rounds_played"] for g in r["games"])
    # Each game was resigned once both sat, before a move: "(without play)", and no "Replay".
    assert not any(g["played"] for r in guest["rounds_played"] for g in r["games"] if g["game_id"])

    assert rename(store, "Boris", "Borislav") == "Borislav"
    renamed = tournament(client, tournament_id)
    assert renamed == built(store, tournament_id, None), "the kept page is left once a name changed"
    assert "Borislav" in {line["name"] for line in renamed["standings"]}
    assert "Borislav" in {p["name"] for p in renamed["entrants"]}


def test_a_running_tournament_s_ended_rounds_are_kept_and_its_round_read(client: TestClient) -> None:
    names = ("Kira", "Boris", "Cleo", "Dan")
    sessions = {name: account(client, name) for name in names}
    tournament_id = create(client, sessions["Kira"])["id"]
    for name in names[1:]:
        assert act(client, sessions[name], tournament_id, "join").status_code == 200
    assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200
    app: Any = client.app
    store: Store = app.state.hub.store
    with store.engine.connect() as connection:
        kira = connection.execute(select(AccountRow.id).where(AccountRow.name == "Kira")).scalar_one()
    play_round(client, wait_until(client, tournament_id, paired(1)), sessions)
    wait_until(client, tournament_id, paired(2))
    guest = tournament(client, tournament_id)
    assert app.state.tournaments.pages.kept[tournament_id].through == 1, "round 1 ended: kept"
    assert guest == built(store, tournament_id, None)
    assert tournament(client, tournament_id, sessions["Kira"]) == built(store, tournament_id, kira)
    play_round(client, guest, sessions)
    found = wait_until(client, tournament_id, paired(3))
    assert found == built(store, tournament_id, None), "round 2's results, read as it ended"
    assert tournament(client, tournament_id, sessions["Kira"]) == built(store, tournament_id, kira)


def test_a_flood_of_reads_of_a_tournament_is_refused(client: TestClient) -> None:
    session = account(client, "Kira")
    tournament_id = create(client, session)["id"]
    app: Any = client.app
    app.state.game_rate = (parse("3/hour"),)  # a window no slow machine outlasts
    for _ in range(3):
        assert as_(client, None).get(f"/api/tournaments/{tournament_id}").status_code == 200
    assert refusal(as_(client, None).get(f"/api/tournaments/{tournament_id}")) == (429, "too_many_requests")
