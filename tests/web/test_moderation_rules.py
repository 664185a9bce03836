"""The moderators' rules beyond one action (``web.moderation``): a report about a moderator is the
operator's alone (no moderator sees it in the queue nor acts on it, the role read at each
request), a rename made by mistake is put back from the report's page (refused with the reason
when it cannot be), and the queue says for an evening's work how many open reports are about each
player, what was done on each already, and which report comes next. SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import as_
from tests.web.test_moderation import made_moderator, post, reported, store_of
from tests.web.test_open_games import refusal
from tests.web.test_relations import app_over, people

from kingdomino.web import account_admin, moderation, report_admin, silences


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    """A client over SQLite, then over the test PostgreSQL other tests share."""
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


@pytest.fixture
def own_client(own_database: str) -> Iterator[TestClient]:
    """A client over a database of its own (the queue's order is read whole)."""
    with TestClient(app_over(own_database)) as test_client:
        yield test_client


def queued(client: TestClient, session: str, *ids: int) -> dict[int, dict[str, object]]:
    """The queue's lines among ``ids``, by id."""
    listed = as_(client, session).get("/api/moderation/reports").json()["reports"]
    return {line["id"]: line for line in listed if line["id"] in ids}


def test_a_report_about_a_moderator_is_the_operator_s_alone(client: TestClient) -> None:
    """Max becomes a moderator after Kira reported him: Mona no longer sees the report nor acts on
    it; Max's role taken back, it is back in her queue. The operator reads it all along."""
    (mona, mona_s), (_, kira_s), (max_, max_s), (boris, _) = people(client, "Mona", "Kira", "Max", "Boris")
    made_moderator(client, mona)
    about_max = reported(client, kira_s, max_, "offensive_name")
    about_boris = reported(client, kira_s, boris, "abusive_chat")
    assert set(queued(client, mona_s, about_max, about_boris)) == {about_max, about_boris}
    made_moderator(client, max_)
    assert set(queued(client, mona_s, about_max, about_boris)) == {about_boris}
    refused = (403, "moderate_moderator")
    assert refusal(as_(client, mona_s).get(f"/api/moderation/reports/{about_max}")) == refused
    assert refusal(post(client, mona_s, about_max, "silence", days=3)) == refused
    assert refusal(post(client, mona_s, about_max, "rename", name=f"{max_}Kind")) == refused
    assert refusal(post(client, mona_s, about_max, "rename_back")) == refused
    assert refusal(post(client, mona_s, about_max, "close", note="")) == refused
    own = as_(client, max_s).get(f"/api/moderation/reports/{about_max}")
    assert refusal(own) == (403, "moderate_yourself")
    max_id = account_admin.account_id(store_of(client), max_)
    assert silences.silenced_until(store_of(client), max_id) is None
    assert [line.id for line in report_admin.list_reports(store_of(client), True, max_)] == [about_max]
    assert moderation.set_moderator(store_of(client), max_, False)
    assert set(queued(client, mona_s, about_max, about_boris)) == {about_max, about_boris}
    assert as_(client, mona_s).get(f"/api/moderation/reports/{about_max}").status_code == 200


def test_a_rename_is_put_back_from_the_report_even_closed(client: TestClient) -> None:
    (mona, mona_s), (_, kira_s), (boris, _) = people(client, "Mona", "Kira", "Boris")
    made_moderator(client, mona)
    made = reported(client, kira_s, boris, "offensive_name")
    assert refusal(post(client, mona_s, made, "rename_back")) == (409, "rename_nothing")
    assert post(client, mona_s, made, "rename", name=f"{boris}Kind").status_code == 200
    assert post(client, mona_s, made, "close", note="renamed").status_code == 200
    page = as_(client, mona_s).get(f"/api/moderation/reports/{made}").json()
    assert page["rename_back"] == boris  # the page offers the old name back
    back = post(client, mona_s, made, "rename_back")
    assert back.json() == {"name": boris}, back.text
    assert account_admin.account_id(store_of(client), boris)
    assert refusal(post(client, mona_s, made, "rename_back")) == (409, "rename_nothing")
    page = as_(client, mona_s).get(f"/api/moderation/reports/{made}").json()
    assert page["rename_back"] is None
    assert [(a["by"], a["action"], a["detail"]) for a in page["actions"]][-1] == (
        mona,
        "rename_back",
        f"{boris}Kind → {boris}",
    )


def test_a_rename_is_not_put_back_over_a_later_name_or_a_taken_one(client: TestClient) -> None:
    (mona, mona_s), (_, kira_s), (boris, _), (cleo, _) = people(client, "Mona", "Kira", "Boris", "Cleo")
    made_moderator(client, mona)
    made = reported(client, kira_s, boris, "offensive_name")
    assert post(client, mona_s, made, "rename", name=f"{boris}Kind").status_code == 200
    account_admin.rename(store_of(client), f"{boris}Kind", f"{boris}Nice")  # the operator, since
    changed = post(client, mona_s, made, "rename_back")
    assert refusal(changed) == (409, "rename_changed")
    assert changed.json()["error"]["values"] == {"name": f"{boris}Nice"}
    account_admin.rename(store_of(client), f"{boris}Nice", f"{boris}Kind")
    account_admin.rename(store_of(client), cleo, boris.upper())  # Cleo takes the old name meanwhile
    taken = post(client, mona_s, made, "rename_back")
    assert refusal(taken) == (409, "name_taken") and taken.json()["error"]["field"] == "name"
    assert taken.json()["error"]["values"] == {"name": boris}
    page = as_(client, mona_s).get(f"/api/moderation/reports/{made}").json()
    assert [a["action"] for a in page["actions"]] == ["rename"]


def test_the_queue_counts_a_player_s_reports_says_what_was_done_and_what_is_next(
    own_client: TestClient,
) -> None:
    client = own_client
    (mona, mona_s), (_, kira_s), (_, cleo_s), (boris, _) = people(client, "Mona", "Kira", "Cleo", "Boris")
    made_moderator(client, mona)
    first = reported(client, kira_s, boris, "stalling")
    second = reported(client, cleo_s, boris, "abusive_chat")
    third = reported(client, cleo_s, mona, "abusive_chat")  # about a moderator: never next
    assert post(client, mona_s, first, "silence", days=3).status_code == 200
    lines = queued(client, mona_s, first, second, third)
    assert sorted(lines) == [first, second]
    assert [lines[first]["reported_open"], lines[second]["reported_open"]] == [2, 2]
    assert lines[first]["done"] == [{"by": mona, "action": "silence", "detail": "3"}]
    assert lines[second]["done"] == []
    read = as_(client, mona_s).get
    assert read(f"/api/moderation/reports/{second}").json()["next"] == first
    assert read(f"/api/moderation/reports/{first}").json()["next"] == second  # from the newest again
    assert post(client, mona_s, second, "close", note="").status_code == 200
    assert read(f"/api/moderation/reports/{first}").json()["next"] is None
    assert queued(client, mona_s, first)[first]["reported_open"] == 1
