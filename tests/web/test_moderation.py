"""The moderators' page's API (``web.moderation``, ``routes/moderation.py``): the role the operator
gives is checked at every request, a moderator reads the open reports but those about itself, one
in full with the reporter's name, and closes, silences and renames from it, each action recorded;
the refusals name their field. Every name is made new per test: the PostgreSQL runs share one
database, so a list is read for this test's reports alone."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.finished import person
from tests.web.played_games import even_thinker, hint_follower, played_game, random_mover
from tests.web.test_challenges import as_
from tests.web.test_old_databases import play_out, review_of
from tests.web.test_open_games import refusal
from tests.web.test_relations import app_over, people
from tests.web.test_reports import played_with_a_line, send

from kingdomino.web import fairplay, moderation, silences
from kingdomino.web.account_admin import account_id
from kingdomino.web.ai_queue import AIQueue, Lane
from kingdomino.web.ai_workers import AIAnswer, AIJob
from kingdomino.web.store import Store


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    """A client over SQLite, then over the test PostgreSQL (accounts made quickly)."""
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def store_of(client: TestClient) -> Store:
    store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
    return store


def made_moderator(client: TestClient, name: str) -> None:
    assert moderation.set_moderator(store_of(client), name, True)


def reported(client: TestClient, session: str, name: str, reason: str = "other", **more: Any) -> int:
    answer = send(client, session, name, reason, **more)
    assert answer.status_code == 200, answer.text
    return int(answer.json()["id"])


def post(client: TestClient, session: str | None, report_id: int, action: str, **body: Any) -> Any:
    return as_(client, session).post(f"/api/moderation/reports/{report_id}/{action}", json=body)


def test_only_a_moderator_reads_the_queue_and_the_role_ends_when_taken_back(client: TestClient) -> None:
    (mona, mona_s), (_, kira_s), (boris, _) = people(client, "Mona", "Kira", "Boris")
    made = reported(client, kira_s, boris)
    assert refusal(as_(client, None).get("/api/moderation/reports")) == (401, "moderation_guest")
    assert refusal(as_(client, mona_s).get("/api/moderation/reports")) == (403, "not_moderator")
    assert refusal(as_(client, mona_s).get(f"/api/moderation/reports/{made}")) == (403, "not_moderator")
    assert refusal(post(client, mona_s, made, "close", note="")) == (403, "not_moderator")
    assert as_(client, mona_s).get("/api/account").json()["account"]["moderator"] is False
    made_moderator(client, mona)
    assert as_(client, mona_s).get("/api/account").json()["account"]["moderator"] is True
    assert as_(client, mona_s).get("/api/moderation/reports").status_code == 200
    assert not moderation.set_moderator(store_of(client), mona, True)  # a moderator already
    assert moderation.set_moderator(store_of(client), mona, False)
    assert refusal(as_(client, mona_s).get("/api/moderation/reports")) == (403, "not_moderator")


def test_the_queue_is_newest_first_with_the_reporter_s_count_and_never_about_oneself(
    client: TestClient,
) -> None:
    (mona, mona_s), (kira, kira_s), (boris, _), (_, cleo_s) = people(client, "Mona", "Kira", "Boris", "Cleo")
    made_moderator(client, mona)
    first = reported(client, kira_s, boris, "stalling")
    second = reported(client, kira_s, boris, "offensive_name", text="a slur")
    about_her = reported(client, cleo_s, mona, "abusive_chat")
    listed = as_(client, mona_s).get("/api/moderation/reports").json()["reports"]
    ours = [line for line in listed if line["id"] in (first, second, about_her)]
    assert [(line["id"], line["reason"], line["reported"], line["reporter"]) for line in ours] == [
        (second, "offensive_name", boris, kira),
        (first, "stalling", boris, kira),
    ]
    assert [line["reporter_open"] for line in ours] == [2, 2] and ours[0]["text"] == "a slur"
    assert refusal(as_(client, mona_s).get(f"/api/moderation/reports/{about_her}")) == (
        403,
        "moderate_yourself",
    )
    assert refusal(post(client, mona_s, about_her, "silence", days=3)) == (403, "moderate_yourself")
    assert refusal(as_(client, mona_s).get("/api/moderation/reports/999999999")) == (404, "no_report")


def test_a_report_in_full_shows_the_cited_line_and_the_reporter(client: TestClient) -> None:
    (mona, mona_s), (kira, kira_s), (boris, boris_s) = people(client, "Mona", "Kira", "Boris")
    made_moderator(client, mona)
    game_id, line, _ = played_with_a_line(client, kira_s, boris_s)
    made = reported(client, kira_s, boris, "abusive_chat", line=line)
    page = as_(client, mona_s).get(f"/api/moderation/reports/{made}").json()
    assert (page["report"]["reporter"], page["report"]["reported"], page["report"]["game_id"]) == (
        kira,
        boris,
        game_id,
    )
    assert page["cited"]["text"] == "you are a fool" and page["chat"][0]["id"] == line
    assert [game["replay"] for game in page["games"]] == [f"/game/{game_id}/replay"]
    assert (page["silenced_until"], page["actions"]) == (None, [])


def test_silence_rename_and_close_are_recorded_and_close_leaves_the_queue(client: TestClient) -> None:
    (mona, mona_s), (_, kira_s), (boris, _) = people(client, "Mona", "Kira", "Boris")
    made_moderator(client, mona)
    made = reported(client, kira_s, boris, "offensive_name")
    silenced = post(client, mona_s, made, "silence", days=3)
    assert silenced.status_code == 200, silenced.text
    boris_id = account_id(store_of(client), boris)
    assert silences.silenced_until(store_of(client), boris_id) is not None
    new = f"{boris}Kind"
    renamed = post(client, mona_s, made, "rename", name=new)
    assert renamed.json() == {"name": new}, renamed.text
    closed = post(client, mona_s, made, "close", note="  renamed and silenced \n")
    assert closed.status_code == 200, closed.text
    page = as_(client, mona_s).get(f"/api/moderation/reports/{made}").json()
    assert [(a["by"], a["action"], a["detail"]) for a in page["actions"]] == [
        (mona, "silence", "3"),
        (mona, "rename", f"{boris} → {new}"),
        (mona, "close", "renamed and silenced"),
    ]
    assert page["report"]["note"] == "renamed and silenced" and page["report"]["closed"]
    listed = as_(client, mona_s).get("/api/moderation/reports").json()["reports"]
    assert made not in [line["id"] for line in listed]
    assert refusal(post(client, mona_s, made, "close", note="")) == (409, "report_closed")
    assert refusal(post(client, mona_s, made, "silence", days=1)) == (409, "report_closed")


def test_the_refusals_name_their_field(client: TestClient) -> None:
    """Days out of 1..90, a name taken or reading as the old one, a note too long, another site's
    page; the reported account never reads the report."""
    (mona, mona_s), (kira, kira_s), (boris, boris_s) = people(client, "Mona", "Kira", "Boris")
    made_moderator(client, mona)
    made = reported(client, kira_s, boris, "offensive_name")
    for days in (0, moderation.MOST_DAYS + 1):
        answer = post(client, mona_s, made, "silence", days=days)
        assert answer.status_code == 422 and answer.json()["error"]["field"] == "days", answer.text
    taken = post(client, mona_s, made, "rename", name=kira.upper())
    assert refusal(taken) == (409, "name_taken") and taken.json()["error"]["field"] == "name"
    assert refusal(post(client, mona_s, made, "rename", name=boris.lower())) == (409, "name_taken")
    long = post(client, mona_s, made, "close", note="x" * (moderation.MAX_NOTE + 1))
    assert long.status_code == 422 and long.json()["error"]["field"] == "note", long.text
    foreign = as_(client, mona_s).post(
        f"/api/moderation/reports/{made}/close", json={"note": ""}, headers={"Origin": "https://evil.example"}
    )
    assert refusal(foreign) == (403, "foreign_origin")
    assert refusal(as_(client, boris_s).get(f"/api/moderation/reports/{made}")) == (403, "not_moderator")
    assert refusal(as_(client, mona_s).get(f"/api/moderation/reports/{made}/fairplay")) == (
        409,
        "fairplay_not_cheating",
    )


def fairplay_of(client: TestClient, session: str, report_id: int) -> tuple[list[str], dict[str, Any]]:
    """The states the page is told until the evidence is ready, and the evidence."""
    seen, deadline = [], time.monotonic() + 120
    while True:
        answer = as_(client, session).get(f"/api/moderation/reports/{report_id}/fairplay")
        assert answer.status_code == 200, answer.text
        seen.append(answer.json()["state"])
        if answer.json()["state"] == "ready":
            return seen, answer.json()["evidence"]
        assert time.monotonic() < deadline, "the evidence never came"
        time.sleep(0.05)


def test_a_cheating_report_s_evidence_is_computed_in_the_workers_then_kept(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reported account's games, without a stored review, are searched by the AI workers'
    background lane, each search a job of the queue, while the page is told "computing"; asked
    again, the answer is kept."""
    queue: AIQueue = client.app.state.hub.queue  # type: ignore[attr-defined]
    lanes: list[tuple[str, Lane]] = []
    searched = queue.run

    async def counted(
        job: AIJob, owner: str, kind: str = "ai", lane: Lane = Lane.PLAYERS, by: str = ""
    ) -> AIAnswer:
        lanes.append((kind, lane))
        return await searched(job, owner, kind, lane, by)

    monkeypatch.setattr(queue, "run", counted)
    (mona, mona_s), (kira, kira_s), (boris, _) = people(client, "Mona", "Kira", "Boris")
    made_moderator(client, mona)
    store = store_of(client)
    made = reported(client, kira_s, boris, "cheating")
    boris_id, kira_id = account_id(store, boris), account_id(store, kira)
    played_game(
        store,
        [person(boris_id, boris), person(kira_id, kira)],
        [hint_follower(), random_mover(1)],
        [even_thinker(2.0), even_thinker(5.0)],
    )
    states, found = fairplay_of(client, mona_s, made)
    assert states[0] == "computing" and states[-1] == "ready"
    assert (found["account"], len(found["games"]), found["games"][0]["source"]) == (boris, 1, "searched")
    assert found["searches"] > 0 and found["its"]["decisions"] > 0
    assert lanes == [("fairplay", Lane.BACKGROUND)] * found["searches"]
    assert found["its_times"]["median"] == 2.0
    assert fairplay_of(client, mona_s, made)[0] == ["ready"]


def test_a_game_s_stored_review_is_read_not_searched_again(client: TestClient) -> None:
    """A game played through the server has the review it stored at its end: the evidence reads
    it (the server's review level values both), no search spent."""
    (mona, mona_s), (kira, kira_s), (boris, boris_s) = people(client, "Mona", "Kira", "Boris")
    made_moderator(client, mona)
    seats = [{"kind": "human", "name": ""}, {"kind": "open"}]
    game = as_(client, boris_s).post("/api/games", json={"game": "kingdomino", "players": 2, "seats": seats})
    assert game.status_code == 201, game.text
    game_id = game.json()["id"]
    joined = as_(client, kira_s).post(f"/api/games/{game_id}/join", json={})
    assert joined.status_code == 200, joined.text
    tokens = {0: game.json()["seats"][0]["token"], 1: joined.json()["token"]}
    assert play_out(client, game_id, tokens)["status"] == "finished"
    assert review_of(client, game_id)["moves"]
    made = reported(client, kira_s, boris, "cheating")
    _, found = fairplay_of(client, mona_s, made)
    assert [(g["id"], g["source"]) for g in found["games"]] == [(game_id, "review")]
    assert (
        found["searches"] == 0 and found["theirs"]["decisions"] > 0 and kira in found["games"][0]["opponents"]
    )


def test_an_evidence_that_fails_is_said_failed_not_tried_at_every_ask(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    (mona, mona_s), (_, kira_s), (boris, _) = people(client, "Mona", "Kira", "Boris")
    made_moderator(client, mona)
    made = reported(client, kira_s, boris, "cheating")
    tries: list[str] = []

    def broken(store: Store, name: str, **more: Any) -> None:
        tries.append(name)
        raise RuntimeError("the disk is gone")

    monkeypatch.setattr(fairplay, "evidence", broken)
    deadline = time.monotonic() + 60
    while (
        state := as_(client, mona_s).get(f"/api/moderation/reports/{made}/fairplay").json()["state"]
    ) != "failed":
        assert state == "computing" and time.monotonic() < deadline, state
        time.sleep(0.05)
    assert as_(client, mona_s).get(f"/api/moderation/reports/{made}/fairplay").json() == {"state": "failed"}
    assert tries == [boris]
