"""A player's whole archive (``GET /api/players/{name}/games``: filters, pages stable while games
end, refusals) and two players' record (``GET /api/players/{name}/vs/{other}``), on SQLite and
PostgreSQL; the finished games written as their end leaves them (``tests/web/finished.py``), and
one played to its end through the API."""

from __future__ import annotations

import secrets
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.conftest import assert_error_shape, store_of
from tests.web.finished import ai, finished_game, guest, person
from tests.web.test_players_api import claim, log_in, play_out

from kingdomino.web.accounts import Account
from kingdomino.web.tables import AccountRow

DAYS = {"kind": "days", "days": 1}
BLITZ = {"kind": "game", "minutes": 5, "increment": 3}


def account(client: TestClient, name: str, bot: bool = False) -> Account:
    """A new account named ``name`` with a random ending, so that a shared PostgreSQL holds it once."""
    made, _ = client.app.state.accounts.create(f"{name}{secrets.token_hex(3)}", "a long password", bot)  # type: ignore[attr-defined]
    return made  # type: ignore[no-any-return]


def archive(client: TestClient, name: str, **query: Any) -> dict[str, Any]:
    answer = client.get(f"/api/players/{name}/games", params=query)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def ids(client: TestClient, name: str, **query: Any) -> list[str]:
    """The ids of every page of the archive, followed page by page (3 a page)."""
    found: list[str] = []
    cursor = None
    while True:
        page = archive(client, name, limit=3, **query, **({"before": cursor} if cursor else {}))
        found += [game["id"] for game in page["games"]]
        assert page["total"] == len(found) or page["next"], page
        if page["next"] is None:
            return found
        cursor = page["next"]


def test_pages_follow_the_end_newest_first_and_stay_while_games_end(api: TestClient) -> None:
    kira, bela = account(api, "Kira"), account(api, "Bela")
    store = store_of(api)
    start = datetime.now(UTC) - timedelta(days=30)
    made = [
        finished_game(
            store,
            [person(kira.id, kira.name), person(bela.id, bela.name)],
            [1, 2],
            ended=start + timedelta(days=n),
        )
        for n in range(7)
    ]
    first = archive(api, kira.name, limit=3)
    assert (
        [g["id"] for g in first["games"]] == made[::-1][:3]
        and first["total"] == 7
        and first["name"] == kira.name
    )
    assert first["games"][0]["ended_at"].startswith((start + timedelta(days=6)).date().isoformat())
    # A game that ends now goes above the first page: the second page is what it was.
    newest = finished_game(store, [person(kira.id, kira.name), ai()], [2, 1])
    second = archive(api, kira.name, limit=3, before=first["next"])
    assert [g["id"] for g in second["games"]] == made[::-1][3:6] and second["total"] == 8
    third = archive(api, kira.name, limit=3, before=second["next"])
    assert [g["id"] for g in third["games"]] == made[:1] and third["next"] is None
    assert ids(api, kira.name) == [newest, *made[::-1]]
    # Games ended at the same moment are each listed once, a page's end falling between them.
    same = start - timedelta(days=1)
    triplets = [
        finished_game(store, [person(bela.id, bela.name), ai()], [1, 2], ended=same) for _ in range(3)
    ]
    assert ids(api, bela.name)[-3:] == sorted(triplets, reverse=True) and len(ids(api, bela.name)) == 10


def test_each_filter_keeps_the_games_it_names(api: TestClient) -> None:
    kira, bela, robo = account(api, "Kira"), account(api, "Bela"), account(api, "Robo", bot=True)
    store = store_of(api)
    me = person(kira.id, kira.name)
    games = {
        "rated_won": finished_game(
            store, [me, person(bela.id, bela.name)], [1, 2], rated=True, time_control=BLITZ
        ),
        "four_lost_ai": finished_game(
            store, [ai(), me, ai("Al (AI, easy)"), ai("Ed (AI, hard)")], [1, 2, 3, 4]
        ),
        "duel_bot_won": finished_game(
            store, [person(robo.id, robo.name, bot=True), me], [2, 1], game="duel", time_control=DAYS
        ),
        "origins_guest": finished_game(store, [guest("Mo"), me, ai()], [2, 1, 3], game="origins"),
        # Kira left: an AI placed first on her seat counts last, a loss.
        "left": finished_game(
            store,
            [person(kira.id, kira.name, gave_up=True), person(bela.id, bela.name)],
            [2, 1],
            time_control=DAYS,
        ),
        "shared_first": finished_game(store, [me, person(bela.id, bela.name)], [1, 1], game="duel"),
    }
    everything = set(games.values())

    def kept(**query: Any) -> set[str]:
        return set(ids(api, kira.name, **query))

    def named(*keys: str) -> set[str]:
        return {games[key] for key in keys}

    assert kept() == everything
    assert kept(game="duel") == named("duel_bot_won", "shared_first")
    assert kept(game="kingdomino", players=4) == named("four_lost_ai")
    assert kept(pool="kingdomino-2") == named("rated_won", "left")
    assert kept(pool="origins-3-4") == named("origins_guest")
    assert kept(result="won") == named("rated_won", "duel_bot_won", "origins_guest", "shared_first")
    assert kept(result="lost") == named("four_lost_ai", "left")
    assert kept(rated="true") == named("rated_won") and kept(rated="false") == everything - named("rated_won")
    assert kept(against="ai") == named("four_lost_ai", "origins_guest")
    assert kept(against="bots") == named("duel_bot_won")
    assert kept(against="people") == named("rated_won", "origins_guest", "left", "shared_first")
    assert kept(opponent=bela.name.upper()) == named("rated_won", "left", "shared_first")
    assert kept(clock="real_time") == named("rated_won")
    assert kept(clock="turn_based") == named("duel_bot_won", "left")
    assert kept(clock="none") == named("four_lost_ai", "origins_guest", "shared_first")
    assert kept(opponent=bela.name, result="won", clock="none") == named("shared_first")
    left = archive(api, kira.name, clock="turn_based", game="kingdomino")["games"][0]
    assert (left["id"], left["left"], left["place"], left["players"][1]["place"]) == (
        games["left"],
        True,
        2,
        1,
    )
    # Bela's archive is hers: the game Kira left is a win of hers.
    assert set(ids(api, bela.name, result="won")) == named("left", "shared_first")


def test_refusals_name_the_field_and_what_was_expected(api: TestClient) -> None:
    kira = account(api, "Kira")
    cases = {
        "game": ({"game": "chess"}, 422, "kingdomino, duel, origins"),
        "pool": ({"pool": "duel-4"}, 422, "kingdomino-2"),
        "result": ({"result": "draw"}, 422, "won"),
        "against": ({"against": "aliens"}, 422, "people"),
        "clock": ({"clock": "slow"}, 422, "turn_based"),
        "players": ({"players": 7}, 422, "4"),
        "rated": ({"rated": "maybe"}, 422, "bool"),
        "before": ({"before": "yesterday"}, 422, "next"),
        "limit": ({"limit": 500}, 422, "100"),
        "opponent": ({"opponent": f"Nobody{secrets.token_hex(3)}"}, 404, "no player"),
    }
    for field, (query, status, expected) in cases.items():
        answer = api.get(f"/api/players/{kira.name}/games", params=query)
        assert answer.status_code == status, (field, answer.text)
        error = assert_error_shape(answer.json())
        assert error["field"] == field and expected in error["message"], (field, error)
    for made_up in ("\u00b2.ab12", "999999999999999999.ab12", "1.ab\u0663"):  # not 500: int(), year 9999
        answer = api.get(f"/api/players/{kira.name}/games", params={"before": made_up})
        assert answer.status_code == 422 and answer.json()["error"]["field"] == "before", (
            made_up,
            answer.text,
        )
    unknown = api.get(f"/api/players/Nobody{secrets.token_hex(3)}/games")
    assert unknown.status_code == 404 and assert_error_shape(unknown.json())["code"] == "no_player"
    versus = api.get(f"/api/players/{kira.name}/vs/{kira.name.lower()}")
    assert versus.status_code == 422 and assert_error_shape(versus.json())["field"] == "other", versus.text
    missing = api.get(f"/api/players/{kira.name}/vs/Nobody{secrets.token_hex(3)}")
    assert missing.status_code == 404 and assert_error_shape(missing.json())["field"] == "other", missing.text


def test_a_closed_accounts_archive_stays_public_as_its_page(api: TestClient) -> None:
    kira, bela = account(api, "Kira"), account(api, "Bela")
    store = store_of(api)
    game = finished_game(store, [person(kira.id, kira.name), person(bela.id, bela.name)], [1, 2])
    with store.engine.begin() as connection:
        connection.execute(
            update(AccountRow).where(AccountRow.id == kira.id).values(closed=datetime.now(UTC))
        )
    assert ids(api, kira.name) == [game] and ids(api, bela.name, opponent=kira.name) == [game]
    assert api.get(f"/api/players/{bela.name}/vs/{kira.name}").json()["games"] == 1


def test_two_players_record_counts_wins_and_places(api: TestClient) -> None:
    kira, bela = account(api, "Kira"), account(api, "Bela")
    store = store_of(api)
    k, b = person(kira.id, kira.name), person(bela.id, bela.name)
    start = datetime.now(UTC) - timedelta(days=5)
    played = [
        finished_game(store, [k, b], [1, 2], ended=start),
        finished_game(store, [b, k], [1, 2], ended=start + timedelta(hours=1)),
        finished_game(store, [k, b], [1, 1], game="duel", ended=start + timedelta(hours=2)),
        # A third player won: Kira placed above Bela, neither won.
        finished_game(store, [ai(), b, k], [1, 3, 2], game="origins", ended=start + timedelta(hours=3)),
        # Bela gave up: last, whatever her seat's AI scored.
        finished_game(
            store,
            [person(bela.id, bela.name, gave_up=True), k, ai()],
            [3, 1, 2],
            ended=start + timedelta(hours=4),
        ),
    ]
    finished_game(store, [k, ai()], [1, 2])  # not Bela's: not counted
    record = api.get(f"/api/players/{kira.name}/vs/{bela.name}").json()
    assert (record["name"], record["other"]) == (kira.name, bela.name)
    figures = {key: record[key] for key in ("games", "wins", "other_wins", "ahead", "behind", "level")}
    assert figures == {"games": 5, "wins": 3, "other_wins": 2, "ahead": 3, "behind": 1, "level": 1}
    assert record["per_game"] == [
        {"game": "duel", "games": 1, "wins": 1, "other_wins": 1, "ahead": 0, "behind": 0, "level": 1},
        {"game": "kingdomino", "games": 3, "wins": 2, "other_wins": 1, "ahead": 2, "behind": 1, "level": 0},
        {"game": "origins", "games": 1, "wins": 0, "other_wins": 0, "ahead": 1, "behind": 0, "level": 0},
    ]
    assert [g["id"] for g in record["latest"]] == played[::-1]
    theirs = api.get(f"/api/players/{bela.name}/vs/{kira.name}").json()
    assert (theirs["wins"], theirs["other_wins"], theirs["ahead"], theirs["behind"]) == (2, 3, 1, 3)


def test_a_game_played_to_its_end_is_listed_with_its_end(api: TestClient) -> None:
    """The moment a game ends is kept with its result (``games.ended``): the archive lists it."""
    (anna, anna_session), (ben, ben_session) = log_in(api), log_in(api)
    created = api.post(
        "/api/games",
        json={"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).json()
    tokens = [seat["token"] for seat in created["seats"]]
    for session, token in zip((anna_session, ben_session), tokens):
        assert claim(api, session, created["id"], token)["refused"] == []
    begun = datetime.now(UTC)
    view = play_out(api, created["id"], tokens)
    deadline = time.monotonic() + 60
    while not (page := archive(api, anna))["games"]:
        assert time.monotonic() < deadline, page
        time.sleep(0.05)
    (game,) = page["games"]
    assert game["id"] == created["id"] and datetime.fromisoformat(game["ended_at"]) >= begun
    assert [p["score"] for p in game["players"]] == view["scores"]
    won = "won" if 0 in view["winners"] else "lost"
    assert [g["id"] for g in archive(api, anna, result=won, opponent=ben)["games"]] == [created["id"]]


def test_the_archive_is_limited_per_client(client: TestClient) -> None:
    """Each page counts its filter's games over the whole archive: a client asking forty pages of
    an archive of 1,500 games at once kept every other request seconds (a player's page 9 s). Its
    pages and records together are 60 a minute (429 `too_many_tries`), another client's not
    counted."""
    kira, boris = account(client, "Kira"), account(client, "Boris")
    asked = [f"/api/players/{kira.name}/games", f"/api/players/{kira.name}/vs/{boris.name}"] * 30
    assert [client.get(path).status_code for path in asked] == [200] * 60
    refused = client.get(f"/api/players/{boris.name}/games", params={"against": "people"})
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_tries", refused.text
    other = TestClient(client.app, client=("10.0.0.2", 50000))
    assert other.get(f"/api/players/{kira.name}/games").status_code == 200
