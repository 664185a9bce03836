"""What the mailed notices of games by the day keep and find (``mail_notice_sweep``): the turns
mailed of a game are forgotten once it ended, a bounded number of games a sweep; a move that came
while its player's page was open is mailed once they left it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from tests.web.conftest import POSTGRES, fresh_postgres
from tests.web.mail_server import Mailbox, mail_server
from tests.web.test_challenges import as_
from tests.web.test_mail import mail_app
from tests.web.test_mail_notices import (
    WAIT,
    Player,
    game_by_the_day,
    notices_to,
    player,
    sweep,
    turn_came_on_the_open_page,
)
from tests.web.test_vacation_api import stored_deadline

from kingdomino.web import mail_notice_sweep
from kingdomino.web.mail_notice_tables import MailNoticeSentRow

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


@pytest.fixture
def mailed(either_database: str) -> Iterator[tuple[TestClient, Mailbox]]:
    """A server with mail over SQLite, then over a PostgreSQL database of the test's own: a sweep
    forgets the ended games of every account, others' tests' too."""
    with ExitStack() as stack:
        database = either_database
        if either_database == POSTGRES:
            database = stack.enter_context(fresh_postgres("kd_mailed"))
        box, settings = stack.enter_context(mail_server())
        yield stack.enter_context(TestClient(mail_app(database, settings))), box


def rows_of(client: TestClient, account: Player) -> dict[str, int]:
    """The turns mailed to ``account`` kept, counted by game."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(MailNoticeSentRow.game_id, func.count())
            .where(MailNoticeSentRow.account_id == account.id)
            .group_by(MailNoticeSentRow.game_id)
        )
        return {str(game_id): int(count) for game_id, count in rows}


def test_the_turns_mailed_of_a_game_are_forgotten_once_it_ended(
    mailed: tuple[TestClient, Mailbox], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kira is mailed her move and her time running out in two games (two rows a game); both end,
    and the sweeps forget their rows, one game a sweep when it may forget only one."""
    client, box = mailed
    kira = player(client, box, "Kira", turns=True, time_short=True)
    boris, cleo = player(client, box, "Boris"), player(client, box, "Cleo")
    games = [game_by_the_day(client, kira, other) for other in (boris, cleo)]
    assert sweep(client, time.time() + WAIT + 1, kira) == ["turns"]
    assert sweep(client, stored_deadline(client, games[0][0]) - 3600, kira) == ["time_short"]
    notices_to(box, kira, 2)
    assert rows_of(client, kira) == {game_id: 2 for game_id, _ in games}
    assert sweep(client, time.time(), kira) == []
    assert rows_of(client, kira) == {game_id: 2 for game_id, _ in games}, "games going on keep theirs"
    for game_id, tokens in games:
        resigned = client.post(f"/api/games/{game_id}/resign", json={"token": tokens[kira.name]})
        assert resigned.status_code == 200, resigned.text
    monkeypatch.setattr(mail_notice_sweep, "FORGOTTEN_AT_ONCE", 1)
    sweep(client, time.time(), kira)
    assert len(rows_of(client, kira)) == 1, "one game a sweep"
    sweep(client, time.time(), kira)
    assert rows_of(client, kira) == {}


def test_a_move_seen_on_the_open_page_is_mailed_once_its_player_walked_away(
    mailed: tuple[TestClient, Mailbox],
) -> None:
    """Boris moves while Kira's page of the game is open: the inbox notes no turn (her page says
    it). She closes the page without moving: her move is noted then, and mailed once it waited
    ``turn_wait_minutes`` from her leaving, as a move that came while she was away is."""
    client, box = mailed
    kira, boris = player(client, box, "Kira", turns=True), player(client, box, "Boris")
    with turn_came_on_the_open_page(client, kira, boris) as (game_id, _):
        assert turn_entries(client, kira) == []
        assert sweep(client, time.time() + WAIT + 1, kira) == [], "her page is open: nothing to mail"
    deadline = time.monotonic() + 30
    while not (entries := turn_entries(client, kira)):  # her page's presence ends a moment after
        assert time.monotonic() < deadline, "her move was not noted when she left"
        time.sleep(0.05)
    (left,) = entries
    assert left["params"]["game_id"] == game_id and not left["read"]
    assert sweep(client, left["at"] + WAIT - 30, kira) == [], "the wait counts from her leaving"
    assert sweep(client, left["at"] + WAIT + 1, kira) == ["turns"]
    (mail,) = notices_to(box, kira, 1)
    assert mail["Subject"] == f"Your move: Kingdomino with {boris.name}"


def turn_entries(client: TestClient, account: Player) -> list[dict[str, Any]]:
    """``account``'s inbox entries telling it is their move."""
    entries = as_(client, account.session).get("/api/account/notifications").json()["entries"]
    return [entry for entry in entries if entry["kind"] == "your_turn"]
