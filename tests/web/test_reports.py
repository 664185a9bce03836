"""Players' reports of other accounts (``web.reports``, ``routes/reports.py``): from a player page
and from a chat line, each refused in its own words when it should be, and never told to the
reported account. Every name is made new per test: the PostgreSQL runs share one database."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from tests.web.sockets import next_of_type
from tests.web.test_challenges import as_
from tests.web.test_open_games import refusal
from tests.web.test_relations import app_over, open_game, people

from kingdomino.web import reports
from kingdomino.web.report_tables import ReportRow
from kingdomino.web.store import Store


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    """A client over SQLite, then over the test PostgreSQL (accounts made quickly)."""
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def send(client: TestClient, session: str | None, name: str, reason: str = "other", **more: Any) -> Any:
    return as_(client, session).post("/api/reports", json={"name": name, "reason": reason, **more})


def stored(client: TestClient, report_id: int) -> ReportRow:
    store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.sessions() as session:
        row: ReportRow = session.scalars(select(ReportRow).where(ReportRow.id == report_id)).one()
        session.expunge(row)
        return row


def played_with_a_line(client: TestClient, host: str, guest: str) -> tuple[str, int, str]:
    """A game ``host``'s account opens and ``guest``'s joins, where the guest says a line in the
    players' room: the game's id, the line's and the guest's seat's token."""
    game_id = open_game(client, host)
    joined = as_(client, guest).post(f"/api/games/{game_id}/join", json={})
    assert joined.status_code == 200, joined.text
    token = str(joined.json()["token"])
    with client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": token}) as page:
        page.send_json({"type": "chat", "room": "players", "text": "you are a fool"})
        line = int(next_of_type(page, "ack")["chat"])
    return game_id, line, token


def test_a_player_reports_another_from_their_page_and_is_thanked(client: TestClient) -> None:
    """The report is stored with its reason and cleaned words; the reporter is thanked, no more."""
    (_, kira_s), (boris, boris_s) = people(client, "Kira", "Boris")
    answer = send(client, kira_s, boris.lower(), "offensive_name", text="  his name\u202e  is a slur \n")
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"id": answer.json()["id"], "thanks": True}
    row = stored(client, answer.json()["id"])
    assert (row.reason, row.text, row.game_id, row.chat_line, row.closed) == (
        "offensive_name",
        "his name is a slur",
        None,
        None,
        None,
    )
    assert send(client, kira_s, boris, "cheating").status_code == 200  # another reason is another report
    # The reporter's data holds the reports made; the reported account's says nothing of them.
    made = as_(client, kira_s).get("/api/account/export").json()["reports"]
    assert [(line["name"], line["reason"], line["closed"]) for line in made] == [
        (boris, "offensive_name", None),
        (boris, "cheating", None),
    ]
    assert as_(client, boris_s).get("/api/account/export").json()["reports"] == []


def test_a_report_from_a_chat_line_cites_it_and_its_game(client: TestClient) -> None:
    (_, kira_s), (boris, boris_s) = people(client, "Kira", "Boris")
    game_id, line, _ = played_with_a_line(client, kira_s, boris_s)
    answer = send(client, kira_s, boris, "abusive_chat", line=line)
    assert answer.status_code == 200, answer.text
    row = stored(client, answer.json()["id"])
    assert (row.reason, row.game_id, row.chat_line) == ("abusive_chat", game_id, line)


def test_refusals_name_their_reason(client: TestClient) -> None:
    """A guest, oneself, no such account, another's line or one of a players' room the reporter
    does not sit in, a reason off the list, words too long."""
    (kira, kira_s), (boris, boris_s), (cleo, _) = people(client, "Kira", "Boris", "Cleo")
    assert refusal(send(client, None, boris)) == (401, "report_guest")
    assert refusal(send(client, kira_s, kira)) == (422, "report_yourself")
    assert refusal(send(client, kira_s, f"{boris}x")) == (404, "no_player")
    _, line, _ = played_with_a_line(client, kira_s, boris_s)
    assert refusal(send(client, kira_s, cleo, line=line)) == (422, "report_line")
    cleo_s = people(client, "Cleo")[0][1]
    assert refusal(send(client, cleo_s, boris, line=line)) == (422, "report_line")  # not her game's room
    assert refusal(send(client, kira_s, boris, game="nosuchgame")) == (404, "no_game")
    assert send(client, kira_s, boris, "rudeness").status_code == 422
    assert send(client, kira_s, boris, text="x" * (reports.MAX_TEXT + 1)).status_code == 422


def test_the_same_open_report_and_a_day_s_too_many_are_refused(client: TestClient) -> None:
    (_, kira_s), (boris, _), *others = people(client, "Kira", "Boris", *["Dan"] * reports.PER_DAY)
    assert send(client, kira_s, boris, "stalling").status_code == 200
    assert refusal(send(client, kira_s, boris, "stalling")) == (409, "report_again")
    for name, _ in others[: reports.PER_DAY - 1]:
        assert send(client, kira_s, name).status_code == 200
    last = send(client, kira_s, others[-1][0])
    assert refusal(last) == (429, "too_many_reports")
    assert last.json()["error"]["values"] == {"n": reports.PER_DAY}


def test_a_report_is_logged_for_the_operator(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """A line at WARNING names the report, which an operator's monitoring of the log catches
    without asking ``kingdomino reports list``; never who sent it nor its words."""
    (kira, kira_s), (boris, _) = people(client, "Kira", "Boris")
    with caplog.at_level(logging.WARNING, logger="kingdomino.web.reports"):
        answer = send(client, kira_s, boris, "cheating", text="secret words")
    report_id = answer.json()["id"]
    (record,) = [record for record in caplog.records if record.name == "kingdomino.web.reports"]
    assert record.levelno == logging.WARNING
    said = f"report {report_id} made: {boris} reported for cheating (kingdomino reports show {report_id})"
    assert record.getMessage() == said
    assert kira not in caplog.text and "secret" not in caplog.text
