"""A round tournament's end told once and for sure (``web.tournament_end``): its players' places
are written with the end, so that a server stopped between the two leaves the tournament running,
ended and told whole by the server that goes on with it."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event
from tests.web.conftest import new_app
from tests.web.test_challenges import account
from tests.web.test_inbox import eventually, inbox
from tests.web.test_tournaments import act, create, paired, play_round, wait_until

from kingdomino.web import tournament_store as records


def test_a_tournament_ended_as_its_server_stopped_is_told_once_a_server_goes_on(database: str) -> None:
    with TestClient(new_app(database)) as client:
        sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
        tournament_id = create(client, sessions["Kira"])["id"]
        for name in ("Boris", "Cleo"):
            assert act(client, sessions[name], tournament_id, "join").status_code == 200
        assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        stopped = threading.Event()

        def the_server_stops(_c: Any, _k: Any, statement: str, parameters: Any, *_rest: Any) -> None:
            """The inbox's writes of the end fail, as if the server stopped right before them."""
            end = f"tournament:{tournament_id}:end"
            if statement.lstrip().upper().startswith("INSERT INTO NOTIFICATIONS") and end in str(parameters):
                stopped.set()
                raise RuntimeError("the server stops here")

        for round_ in (1, 2, 3):
            found = wait_until(client, tournament_id, paired(round_))
            if round_ == 3:
                event.listen(store.engine, "before_cursor_execute", the_server_stops)
            play_round(client, found, sessions)
        assert stopped.wait(30), "the tournament came to its end"
    stored = records.load(store, tournament_id)
    assert stored is not None and stored.status == "running", "not ended untold"
    with TestClient(new_app(database)) as client:
        found = wait_until(client, tournament_id, lambda t: t["status"] == "finished")
        for line in found["standings"]:
            told = eventually(client, sessions[line["name"]], "tournament_ended")["params"]
            assert (told["place"], told["of"]) == (line["rank"], 3)
            kinds = [e["kind"] for e in inbox(client, sessions[line["name"]])["entries"]]
            assert kinds.count("tournament_ended") == 1
