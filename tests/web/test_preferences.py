"""An account's preferences (``web.preferences``, ``routes/preferences.py``): read and changed
over HTTP, refused to guests and for a wrong key or value, kept by every server on one database;
who may challenge the account and its chat, enforced by the server; in its data's download.
Every name is made new per test: the PostgreSQL runs share one database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import select, update
from tests.web.conftest import assert_socket_error, create
from tests.web.sockets import next_of_type
from tests.web.test_challenges import DAYS, as_, challenge
from tests.web.test_chat import chats_heard, rooms, say
from tests.web.test_open_games import refusal
from tests.web.test_relations import app_over, fresh, people, put

from kingdomino.web import preferences, tables
from kingdomino.web.pages import languages

AIDS = {"unseen": True, "order": True, "regions": True, "placements": True}
DEFAULTS: dict[str, Any] = {
    "challenges": "everyone",
    "bot_challenges": True,
    "chat_off": False,
    "spectators_chat": True,
    "language": None,
    "ai_pace": "server",
    "aids": AIDS,
    "quick_ai": None,
    "confirm_moves": "never",
}


@pytest.fixture
def client(either_database: str) -> Iterator[TestClient]:
    """A client over SQLite, then over the test PostgreSQL (accounts made quickly)."""
    with TestClient(app_over(either_database)) as test_client:
        yield test_client


def prefer(client: TestClient, session: str | None, **chosen: Any) -> Any:
    return as_(client, session).put("/api/account/preferences", json=chosen)


def test_an_account_keeps_its_preferences_and_changes_only_those_it_names(client: TestClient) -> None:
    ((_, kira),) = people(client, "Kira")
    assert as_(client, kira).get("/api/account/preferences").json() == DEFAULTS
    changed = prefer(client, kira, language="ru", aids={**AIDS, "regions": False})
    assert changed.status_code == 200, changed.text
    assert changed.json() == {**DEFAULTS, "language": "ru", "aids": {**AIDS, "regions": False}}
    again = prefer(client, kira, challenges="following", ai_pace="slower").json()
    assert (again["language"], again["aids"]["regions"], again["challenges"], again["ai_pace"]) == (
        "ru",
        False,
        "following",
        "slower",
    )
    assert prefer(client, kira, language=None).json()["language"] is None
    assert as_(client, kira).get("/api/account/preferences").json() == {**again, "language": None}
    assert prefer(client, kira, confirm_moves="turn_based").json()["confirm_moves"] == "turn_based"
    mine = as_(client, kira).get("/api/account/preferences").json()
    assert mine == {**again, "language": None, "confirm_moves": "turn_based"}


def test_the_quick_game_against_the_ai_is_kept_and_a_level_gone_is_forgotten(client: TestClient) -> None:
    """The lobby's quick game, its game and level, kept with the account; a level the server no
    longer offers (an operator's agent taken away) reads as none, the lobby's default."""
    ((name, kira),) = people(client, "Kira")
    chosen = prefer(client, kira, quick_ai={"game": "duel", "level": "hard"})
    assert chosen.status_code == 200, chosen.text
    assert chosen.json()["quick_ai"] == {"game": "duel", "level": "hard"}
    assert prefer(client, kira, chat_off=True).json()["quick_ai"] == {"game": "duel", "level": "hard"}
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    gone = {"game": "duel", "level": "an-agent-taken-away"}
    with store.engine.begin() as connection:
        kira_id = select(tables.AccountRow.id).where(tables.AccountRow.name == name).scalar_subquery()
        connection.execute(
            update(tables.PreferenceRow)
            .where(tables.PreferenceRow.account_id == kira_id)
            .values(quick_ai=gone)
        )
    assert as_(client, kira).get("/api/account/preferences").json()["quick_ai"] is None
    assert prefer(client, kira, quick_ai=None).json()["quick_ai"] is None


def test_a_wrong_key_or_value_is_refused_naming_its_field(client: TestClient) -> None:
    ((_, kira),) = people(client, "Kira")
    for body, field in (
        ({"sounds": True}, "sounds"),
        ({"challenges": "friends"}, "challenges"),
        ({"chat_off": 1}, "chat_off"),
        ({"language": "de"}, "language"),
        ({"ai_pace": "fast"}, "ai_pace"),
        ({"aids": {"regions": "no"}}, "aids.regions"),
        ({"aids": {"hints": False}}, "aids.hints"),
        ({"quick_ai": {"game": "carcassonne", "level": "hard"}}, "quick_ai.game"),
        ({"quick_ai": {"game": "duel", "level": "grandmaster"}}, "quick_ai.level"),
        ({"confirm_moves": "sometimes"}, "confirm_moves"),
        ({"confirm_moves": True}, "confirm_moves"),
    ):
        answer = prefer(client, kira, **body)
        assert answer.status_code == 422, (body, answer.text)
        error = answer.json()["error"]
        assert error["field"] == field and error["message"].startswith(f"{field}: "), (body, error)
    assert as_(client, kira).get("/api/account/preferences").json() == DEFAULTS


def test_a_guest_another_site_and_a_flood_are_refused(client: TestClient) -> None:
    ((_, kira),) = people(client, "Kira")
    assert refusal(as_(client, None).get("/api/account/preferences")) == (401, "preferences_guest")
    assert refusal(prefer(client, None, chat_off=True)) == (401, "preferences_guest")
    foreign = as_(client, kira).put(
        "/api/account/preferences", json={"chat_off": True}, headers={"origin": "http://evil.test"}
    )
    assert refusal(foreign) == (403, "foreign_origin")
    client.app.state.login_rate = parse("2/minute")  # type: ignore[attr-defined]
    assert [prefer(client, kira, chat_off=True).status_code for _ in range(3)] == [200, 200, 429]


def test_every_server_on_one_database_reads_the_same_preferences(either_database: str) -> None:
    with TestClient(app_over(either_database)) as one, TestClient(app_over(either_database)) as other:
        (kira, kira_s), (_, boris_s) = people(one, "Kira", "Boris")
        assert prefer(one, kira_s, challenges="nobody").status_code == 200
        assert as_(other, kira_s).get("/api/account/preferences").json()["challenges"] == "nobody"
        assert refusal(challenge(other, boris_s, kira, time_control=DAYS)) == (403, "challenge_nobody")


def test_who_may_challenge_an_account_is_its_own_choice(client: TestClient) -> None:
    """Nobody, the accounts it follows, or everyone but bots: refused naming the account."""
    (kira, kira_s), (boris, boris_s) = people(client, "Kira", "Boris")
    robo = fresh("Robo")
    client.cookies.clear()
    made = client.post("/api/accounts", json={"name": robo, "password": "password " + robo, "bot": True})
    assert made.status_code == 201, made.text
    robo_s = str(client.cookies.get("kd_session"))
    prefer(client, kira_s, challenges="nobody")
    refused = challenge(client, boris_s, kira, time_control=DAYS)
    assert refusal(refused) == (403, "challenge_nobody")
    assert refused.json()["error"]["values"] == {"name": kira}
    prefer(client, kira_s, challenges="following")
    assert refusal(challenge(client, boris_s, kira, time_control=DAYS)) == (403, "challenge_following_only")
    assert put(client, kira_s, "following", boris).status_code == 200
    made = challenge(client, boris_s, kira, time_control=DAYS)
    assert made.status_code == 201, made.text
    prefer(client, kira_s, challenges="everyone", bot_challenges=False)
    assert refusal(challenge(client, robo_s, kira, time_control=DAYS)) == (403, "challenge_no_bots")
    # A challenge of three names each: Kira's rule refuses it whole, though Boris takes any.
    prefer(client, boris_s, challenges="everyone")
    three = challenge(client, robo_s, boris, names=[kira], players=3, time_control=DAYS)
    assert refusal(three) == (403, "challenge_no_bots")
    # A block is still told as a block's refusal, never as a preference.
    assert put(client, kira_s, "blocked", boris).status_code == 200
    assert refusal(challenge(client, kira_s, boris, time_control=DAYS)) == (403, "you_blocked")


def test_the_chat_starts_off_and_spectators_words_stay_away_as_the_player_chose(client: TestClient) -> None:
    """Greta's pages are told to start with the chat off; once her game is over, what Hugo said
    as a spectator reaches Bea's page, never Greta's, and Greta may not write there."""
    (_, greta), (_, hugo) = people(client, "Greta", "Hugo")
    prefer(client, greta, chat_off=True, spectators_chat=False)
    created = create(
        as_(client, greta), seats=[{"kind": "human"}, {"kind": "human", "name": "Bea"}], options={}
    )
    assert created["seats"][0]["name"].startswith("Greta")
    client.cookies.clear()
    path = f"/ws/games/{created['id']}"
    greta_token, bea_token = (seat["token"] for seat in created["seats"])
    with (
        client.websocket_connect(
            path, params={"tokens": greta_token}, headers={"cookie": f"kd_session={greta}"}
        ) as greta_page,
        client.websocket_connect(path, params={"tokens": bea_token}) as bea_page,
        client.websocket_connect(
            path, params={"tokens": created["spectator_token"]}, headers={"cookie": f"kd_session={hugo}"}
        ) as hugo_page,
    ):
        greta_page.send_json({"type": "chat_read"})
        assert next_of_type(greta_page, "chat_history")["off"] is True
        bea_page.send_json({"type": "chat_read"})
        assert next_of_type(bea_page, "chat_history")["off"] is False
        bea_page.send_json({"type": "resign"})
        next_of_type(bea_page, "ack")
        assert say(hugo_page, room="spectators", text="Well played, Greta")["type"] == "ack"
        assert [m["text"] for m in chats_heard(bea_page)] == ["Well played, Greta"]
        assert chats_heard(greta_page) == []
        assert "spectators" not in rooms(greta_page) and "players" in rooms(greta_page)
        refused = assert_socket_error(say(greta_page, room="spectators", text="thanks"))
        assert (refused["field"], refused["code"]) == ("room", "chat_spectators_hidden")
    finished = as_(client, greta).get(f"/api/games/{created['id']}/chat", params={"token": greta_token})
    assert "spectators" not in finished.json()["rooms"] and finished.json()["off"] is True


def test_an_account_s_data_holds_its_preferences(client: TestClient) -> None:
    ((_, kira),) = people(client, "Kira")
    prefer(client, kira, language="hu", chat_off=True)
    exported = as_(client, kira).get("/api/account/export").json()["preferences"]
    assert exported == {**DEFAULTS, "language": "hu", "chat_off": True}


def test_the_preferred_languages_are_the_page_s() -> None:
    static = Path(preferences.__file__).parent / "static"
    assert sorted(get_args(preferences.Language)) == languages(static)
