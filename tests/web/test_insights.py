"""A player's statistics (``GET /api/players/{name}/stats``): each finished game's details kept at
its end from the engine's scorer (hand-checked), their aggregates per game and mode, the fill of
earlier games (resumed by the next start), and what another reader sees (the archive's games)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import delete, func, select, update
from tests.web.conftest import (
    QUICK,
    QUICK_REVIEW,
    assert_error_shape,
    create,
    seeded_secrets,
    session_workers,
    store_of,
)
from tests.web.finished import ai, finished_game, person
from tests.web.test_archive_api import account
from tests.web.test_players_api import claim, log_in

from kingdomino.core.game import Bonus, Refusal, RegionScore, ScoreSheet
from kingdomino.web import insight_fill, insights
from kingdomino.web.accounts import Accounts
from kingdomino.web.app import create_app
from kingdomino.web.insight_details import KINDS, keep, mode_of, seat_rows
from kingdomino.web.insight_tables import InsightGameRow, InsightSeatRow
from kingdomino.web.store import Store
from kingdomino.web.tables import ActionRow

DAYS = {"kind": "days", "days": 1}


def sheet(regions: list[tuple[str, int, int]], bonuses: list[Bonus] = ()) -> ScoreSheet:  # type: ignore[assignment]
    """A score sheet of ``regions`` (kind, squares, crowns), each ``squares`` x ``crowns``."""
    lines = tuple(RegionScore(kind, squares, crowns, squares * crowns) for kind, squares, crowns in regions)
    total = sum(line.points for line in lines) + sum(bonus.points for bonus in bonuses)
    return ScoreSheet(lines, tuple(bonuses), total)


MISSED = Refusal("discarded", {"n": 1})
#: A Kingdomino kingdom: wheat 5 x 2, forest 3 x 1, a lake without crowns, another forest 2 x 2;
#: in the centre (+10), a domino discarded (Harmony missed).
KINGDOM = sheet(
    [("wheat", 5, 2), ("forest", 3, 1), ("lake", 4, 0), ("forest", 2, 2)],
    [Bonus("middle_kingdom", 10, "middle kingdom"), Bonus("harmony", 0, "harmony", missed=MISSED)],
)
#: An Origins Tribe territory: two hunters (3 and 0 points), a shaman (6) and the warrior horde.
TRIBE = sheet(
    [("quarry", 4, 3), ("lake", 2, 1)],
    [
        Bonus("caveman", 3, "Hunter at 1,0", {"caveman": "hunter", "row": 1, "col": 0}),
        Bonus("caveman", 0, "Hunter at 2,0", {"caveman": "hunter", "row": 2, "col": 0}),
        Bonus("caveman", 6, "Shaman at 0,1", {"caveman": "shaman", "row": 0, "col": 1}),
        Bonus("warrior_horde", 12, "warrior horde"),
    ],
)


def test_a_seat_s_details_are_its_score_sheet_s_summed_by_terrain_and_bonus() -> None:
    figures, lines = seat_rows("g1", 1, KINGDOM, KINDS["kingdomino"])
    # Kingdomino's terrains in their order: wheat, forest, lake, grassland, swamp, mine.
    assert figures == {
        "game_id": "g1",
        "seat": 1,
        "crowns": 5,
        "largest": 5,
        "regions": 4,
        **{"points_0": 10, "points_1": 7, "points_2": 0, "points_3": 0, "points_4": 0, "points_5": 0},
    }
    found = {(line["key"], line["detail"]): (line["points"], line["count"]) for line in lines}
    assert found == {("middle_kingdom", ""): (10, 1), ("harmony", ""): (0, 1)}
    tribe, bonuses = seat_rows("g2", 0, TRIBE, KINDS["origins"])
    assert (tribe["points_1"], tribe["points_3"], tribe["crowns"]) == (2, 12, 4)  # lake, quarry
    assert {(line["key"], line["detail"]): (line["points"], line["count"]) for line in bonuses} == {
        ("caveman", "hunter"): (3, 2),
        ("caveman", "shaman"): (6, 1),
        ("warrior_horde", ""): (12, 1),
    }
    # A Dynasty's lines of its earlier games are not the kingdom's.
    dynasty = sheet([("mine", 2, 3)], [Bonus("game", 40, "game 1", {"n": 1})])
    assert seat_rows("g3", 0, dynasty, KINDS["kingdomino"])[1] == []
    with pytest.raises(ValueError, match="volcano"):
        seat_rows("g4", 0, sheet([("volcano", 1, 0)]), KINDS["duel"])
    assert (
        mode_of("origins", {"mode": "totem"}) == "totem"
        and mode_of("kingdomino", {"mighty_duel": True}) == "mighty_duel"
    )


def kept(store: Store, game_id: str, mode: str, sheets: list[ScoreSheet], game: str = "kingdomino") -> str:
    with store.engine.begin() as connection:
        keep(connection, game_id, game, mode, sheets)
    return game_id


def stats(client: TestClient, name: str, **query: Any) -> dict[str, Any]:
    answer = client.get(f"/api/players/{name}/stats", params=query)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_the_aggregates_per_game_and_mode(api: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    kira, bela = account(api, "Kira"), account(api, "Bela")
    store = store_of(api)
    me, her = person(kira.id, kira.name), person(bela.id, bela.name)
    start = datetime.now(UTC) - timedelta(days=10)
    plain = sheet([("wheat", 3, 1)], [Bonus("middle_kingdom", 0, "middle kingdom", missed=MISSED)])
    # Kingdomino: won (score 39), shared first (39, a draw), lost to an AI (38); Origins Tribe: won.
    for n, (seats, places, sheets) in enumerate(
        [
            ([me, her], [1, 2], [KINGDOM, plain]),
            ([her, me], [1, 1], [plain, KINGDOM]),
            ([ai(), me], [1, 2], [KINGDOM, plain]),
        ]
    ):
        made = finished_game(
            store, seats, places, time_control=DAYS if n else None, ended=start + timedelta(days=n)
        )
        kept(store, made, "standard", sheets)
    tribe = finished_game(store, [me, ai()], [1, 2], game="origins", ended=start + timedelta(days=5))
    kept(store, tribe, "tribe", [TRIBE, TRIBE], "origins")
    found = stats(api, kira.name)
    assert found["name"] == kira.name and found["pending"] == 0
    groups = {(g["game"], g["mode"]): g for g in found["groups"]}
    classic = groups[("kingdomino", "standard")]
    assert {
        k: classic[k] for k in ("games", "wins", "draws", "average_place", "average_score", "best_score")
    } == {
        "games": 3,
        "wins": 2,
        "draws": 1,
        "average_place": round(4 / 3, 2),
        "average_score": round((39 + 39 + 38) / 3, 2),
        "best_score": 39,
    }
    # Kira's kingdoms: KINGDOM twice (5 crowns, largest 5), the plain one once (1 crown, largest 3).
    assert classic["crowns"] == "crowns" and classic["average_crowns"] == round(11 / 3, 2)
    assert classic["average_largest"] == round(13 / 3, 2)
    assert classic["terrains"] == [
        {"kind": "wheat", "average_points": round(23 / 3, 2)},
        {"kind": "forest", "average_points": round(14 / 3, 2)},
    ]  # the lake never scored
    bonuses = {b["key"]: b for b in classic["bonuses"]}
    assert (bonuses["middle_kingdom"]["games"], bonuses["middle_kingdom"]["earned"]) == (3, 2)
    assert (bonuses["harmony"]["games"], bonuses["harmony"]["earned"]) == (2, 0)
    assert [point["score"] for point in classic["scores"]] == [39, 39, 38]
    cavemen = {(b["key"], b["detail"]): b for b in groups[("origins", "tribe")]["bonuses"]}
    assert cavemen[("caveman", "hunter")] | {} == {
        "key": "caveman",
        "detail": "hunter",
        "games": 1,
        "earned": 1,
        "average_points": 3.0,
        "count": 2,
    }
    assert groups[("origins", "tribe")]["crowns"] == "fires"
    # The archive's filters, and the latest games only.
    assert [g["games"] for g in stats(api, kira.name, against="ai")["groups"]] == [1, 1]
    assert [g["games"] for g in stats(api, kira.name, clock="turn_based")["groups"]] == [2]
    last_two = stats(api, kira.name, last=2)["groups"]
    assert [(g["game"], g["games"], g["best_score"]) for g in last_two] == [
        ("kingdomino", 1, 38),
        ("origins", 1, 39),
    ]
    # The graph draws the latest games of each group only.
    monkeypatch.setattr(insights, "GRAPH_GAMES", 2)
    assert [p["score"] for p in stats(api, kira.name)["groups"][0]["scores"]] == [39, 38]
    refused = api.get(f"/api/players/{kira.name}/stats", params={"pool": "chess"})
    assert refused.status_code == 422 and assert_error_shape(refused.json())["field"] == "pool"
    unknown = api.get("/api/players/nobody-at-all/stats")
    assert unknown.status_code == 404 and assert_error_shape(unknown.json())["code"] == "no_player"


def play_against_ai(
    client: TestClient, session: dict[str, str], options: dict[str, Any] | None = None
) -> str:
    """A practice game of the account against the greedy AI, played to its end by first moves."""
    made = create(client, options=options)
    token = made["seats"][0]["token"]
    assert claim(client, session, made["id"], token)["refused"] == []
    deadline = time.monotonic() + 120
    while (view := client.get(f"/api/games/{made['id']}", params={"token": token}).json())[
        "status"
    ] != "finished":
        assert time.monotonic() < deadline, "the game did not end"
        if view["current_player"] == 0 and view["legal_actions"]:
            client.post(
                f"/api/games/{made['id']}/actions",
                json={"token": token, "action": view["legal_actions"][0], "index": view["index"]},
            )
        else:
            time.sleep(0.01)
    return str(made["id"])


def wait_for_stats(client: TestClient, name: str, predicate: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while not predicate(found := stats(client, name)):
        assert time.monotonic() < deadline, f"the statistics never came: {found}"
        time.sleep(0.05)
    return found


def test_a_game_played_to_its_end_keeps_its_details_and_they_add_up_to_its_score(api: TestClient) -> None:
    name, session = log_in(api)
    game_id = play_against_ai(api, session, {"middle_kingdom": True, "harmony": True})
    store = store_of(api)
    deadline = time.monotonic() + 60
    while not kept_ids(store, game_id):  # kept at its end, before anyone reads them
        assert time.monotonic() < deadline, "the game's details were not kept at its end"
        time.sleep(0.02)
    found = stats(api, name)
    group = found["groups"][0]
    assert (group["game"], group["mode"], group["games"]) == ("kingdomino", "standard", 1)
    terrains = sum(t["average_points"] for t in group["terrains"])
    bonuses = sum(b["average_points"] for b in group["bonuses"])
    assert terrains + bonuses == group["best_score"] == group["scores"][0]["score"]
    assert {b["key"] for b in group["bonuses"]} == {"middle_kingdom", "harmony"}
    state = api.app.state.hub.table(game_id).state  # type: ignore[attr-defined]
    assert group["average_crowns"] == sum(r.multiplier for r in state.score_sheet(0).regions)


def kept_ids(store: Store, game_id: str) -> bool:
    with store.engine.connect() as connection:
        found = select(InsightGameRow.game_id).where(InsightGameRow.game_id == game_id)
        return connection.execute(found).first() is not None


def kept_games(store: Store) -> int:
    with store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(InsightGameRow)).scalar_one())


def test_the_fill_keeps_earlier_games_and_the_next_start_goes_on(database: str) -> None:
    app = create_app(
        database, secret_seeds=seeded_secrets(), review_agent=QUICK_REVIEW, ai_workers=session_workers()
    )
    app.state.accounts = Accounts(app.state.hub.store, QUICK)
    with TestClient(app) as client:
        name, session = log_in(client)
        games = [play_against_ai(client, session) for _ in range(3)]
        wait_for_stats(client, name, lambda s: s["groups"] and s["groups"][0]["games"] == 3)
        store = store_of(client)
        # As a version that kept no details left them: then one game's record cannot be replayed.
        with store.engine.begin() as connection:
            connection.execute(delete(InsightGameRow))
            connection.execute(
                update(ActionRow)
                .where(ActionRow.game_id == games[0], ActionRow.index == 3)
                .values(text="nonsense")
            )
        assert insight_fill.fill_batch(store, 1) == 1  # the server stops after one batch
        assert kept_games(store) == 1
    again = create_app(
        database, secret_seeds=seeded_secrets(), review_agent=QUICK_REVIEW, ai_workers=session_workers()
    )
    with TestClient(again) as client:
        store = store_of(client)
        deadline = time.monotonic() + 60
        while kept_games(store) < 3:  # the fill at the start goes on
            assert time.monotonic() < deadline, "the fill did not go on"
            time.sleep(0.05)
        found = stats(client, name)
        assert found["pending"] == 0 and found["groups"][0]["games"] == 2  # the broken game: nowhere
        with store.engine.connect() as connection:
            failed = (
                connection.execute(select(InsightGameRow.game_id).where(InsightGameRow.failed))
                .scalars()
                .all()
            )
            assert failed == [games[0]]
            assert connection.execute(select(func.count()).select_from(InsightSeatRow)).scalar_one() == 4
            assert connection.execute(select(func.sum(InsightSeatRow.crowns))).scalar_one() > 0
        assert insight_fill.fill_batch(store) == 0  # nothing is tried again
        # A game lacking its details when the statistics are read (claimed after its end, or
        # not reached by the fill yet) has them kept first.
        with store.engine.begin() as connection:
            connection.execute(delete(InsightGameRow).where(InsightGameRow.game_id == games[2]))
        found = stats(client, name)
        assert found["pending"] == 0 and found["groups"][0]["games"] == 2


def test_another_reader_sees_the_games_the_archive_shows(api: TestClient) -> None:
    name, session = log_in(api)
    _, other = log_in(api)
    play_against_ai(api, session)
    wait_for_stats(api, name, lambda s: s["groups"])
    # A game under way, and one aborted, count nowhere, as the archive lists neither.
    playing = create(api)
    assert claim(api, session, playing["id"], playing["seats"][0]["token"])["refused"] == []
    aborted = create(api)
    assert claim(api, session, aborted["id"], aborted["seats"][0]["token"])["refused"] == []
    answer = api.post(f"/api/games/{aborted['id']}/abort", json={"token": aborted["seats"][0]["token"]})
    assert answer.status_code == 200, answer.text
    archive = api.get(f"/api/players/{name}/games").json()
    for reader in ({}, other, session):
        found = api.get(f"/api/players/{name}/stats", headers=reader).json()
        assert [g["games"] for g in found["groups"]] == [archive["total"]] == [1]
        assert found["pending"] == 0


def test_a_client_asking_in_a_loop_is_refused(api: TestClient) -> None:
    """Each read may cost a database thread a second: a client's reads are counted
    (``routes.insights.READS``; the tests' app counts ``login_rate``)."""
    kira = account(api, "Kira")
    api.app.state.login_rate = parse("2/minute")  # type: ignore[attr-defined]
    for _ in range(2):
        stats(api, kira.name)
    refused = api.get(f"/api/players/{kira.name}/stats")
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_tries", refused.text
