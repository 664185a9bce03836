"""The moderators' queue a page at a time (``moderation.queue``, ``GET /api/moderation/reports``):
an evening's 45 open reports come 20, 20 and 5, newest first, each once, the count of all open
reports with every page and how many are newer than the page (its place, for a page opened at its
address); a report closed between two pages moves none of the others, and the
reports about a moderator are never listed nor counted. Over SQLite and over a PostgreSQL database
of the test's own (``own_database``): the test counts what its database holds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import QUICK
from tests.web.test_challenges import as_
from tests.web.test_relations import app_over, people

from kingdomino.web import moderation, reports
from kingdomino.web.accounts import Accounts
from kingdomino.web.store import Store


@pytest.fixture
def client(own_database: str) -> Iterator[TestClient]:
    with TestClient(app_over(own_database)) as test_client:
        yield test_client


def evening(store: Store, about: str) -> list[int]:
    """Nine players report ``about`` for each of the five reasons: the 45 reports' ids, as made."""
    accounts = Accounts(store, QUICK)
    made = []
    for n in range(9):
        reporter = accounts.create(f"Reporter{n}", "a long enough password")[0]
        made += [
            reports.report(store, reporter.id, about, reason, f"{n} {reason}") for reason in reports.REASONS
        ]
    return made


def page(client: TestClient, session: str, before: int | None = None) -> dict[str, Any]:
    answer = as_(client, session).get("/api/moderation/reports", params={"before": before} if before else {})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def test_45_open_reports_come_20_at_a_time_newest_first_none_lost(client: TestClient) -> None:
    (mona, mona_s), (boris, _), (max_name, _) = people(client, "Mona", "Boris", "Max")
    store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
    for name in (mona, max_name):
        moderation.set_moderator(store, name, True)
    made = evening(store, boris)
    about_max = reports.report(
        store, Accounts(store, QUICK).create("Cleo", "a long enough password")[0].id, max_name, "other", None
    )
    assert len(made) == 45 and moderation.PAGE == 20
    first = page(client, mona_s)
    assert (len(first["reports"]), first["open"], first["newer"], first["more"]) == (20, 45, 0, True)
    assert [line["id"] for line in first["reports"]] == made[::-1][:20]
    # Closed between two pages, a report of the first moves none of the next page's.
    moderation.close(store, made[-1], 0, mona, "seen")
    second = page(client, mona_s, first["reports"][-1]["id"])
    # The page's place in the queue (its first report the 20th open one: one of the first page closed).
    assert (len(second["reports"]), second["open"], second["newer"], second["more"]) == (20, 44, 19, True)
    third = page(client, mona_s, second["reports"][-1]["id"])
    assert (len(third["reports"]), third["open"], third["newer"], third["more"]) == (5, 44, 39, False)
    shown = [line["id"] for answer in (first, second, third) for line in answer["reports"]]
    assert shown == made[::-1] and about_max not in shown
    assert page(client, mona_s, made[0]) == {"reports": [], "open": 44, "newer": 44, "more": False}
    for wrong in (0, 2**70):  # no report's id: refused naming the field
        refused = as_(client, mona_s).get("/api/moderation/reports", params={"before": wrong})
        assert refused.status_code == 422 and refused.json()["error"]["field"] == "before", refused.text
