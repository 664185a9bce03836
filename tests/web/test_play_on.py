"""A finished game played on from one of its positions (``web/play_on.py``): a practice game that
begins with the finished game's actions up to the step, the player in the seat they chose against
AIs, its draws the finished game's own."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import create
from tests.web.test_old_databases import play_out
from tests.web.test_open_games import refusal


def seated_actions(client: TestClient, game_id: str, token: str) -> list[tuple[int, str]]:
    """Each action of the game: its seat (chance's -1) and text."""
    answer = client.get(f"/api/games/{game_id}/actions", params={"token": token})
    assert answer.status_code == 200, answer.text
    return [(seat, text) for _, seat, text in answer.json()["actions"]]


def actions(client: TestClient, game_id: str, token: str) -> list[str]:
    return [text for _, text in seated_actions(client, game_id, token)]


def finished_against_greedy(client: TestClient) -> tuple[str, str]:
    """A game of Kira against a greedy AI played to its end: its id and Kira's token."""
    made = create(client, seats=[{"kind": "human", "name": "Kira"}, {"kind": "ai", "level": "greedy"}])
    token = made["seats"][0]["token"]
    play_out(client, made["id"], {0: token})
    return made["id"], token


def played_on(client: TestClient, game_id: str, **body: Any) -> dict[str, Any]:
    answer = client.post(f"/api/games/{game_id}/play-on", json=body)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def test_a_finished_game_is_played_on_from_a_step_against_its_ai(client: TestClient) -> None:
    game_id, token = finished_against_greedy(client)
    seated = seated_actions(client, game_id, token)
    played = [text for _, text in seated]
    step = next(n for n in range(12, len(seated)) if seated[n][0] == 0)  # Kira's move comes next
    made = played_on(client, game_id, step=step, seat=0)
    assert made["practice"] is True and made["rated"] is False
    assert [(s["kind"], s["name"], s["level"]) for s in made["seats"]] == [
        ("human", "Kira", None),
        ("ai", made["seats"][1]["name"], "greedy"),
    ], "Kira in her seat, the AI at its own level"
    mine = made["seats"][0]["token"]
    assert actions(client, made["id"], mine) == played[:step], "the finished game's actions, to the step"
    view = client.get(f"/api/games/{made['id']}", params={"token": mine}).json()
    frame = client.get(f"/api/games/{game_id}/replay", params={"step": step}).json()
    assert (view["index"], view["current_player"], view["scores"]) == (step, 0, frame["scores"])
    assert view["legal_actions"], "her move, from the very position"
    assert client.get(f"/api/games/{made['id']}").status_code in (403, 404), "nobody watches it"


def test_its_draws_are_the_finished_game_s_and_a_player_s_seat_goes_to_an_ai(client: TestClient) -> None:
    """Played on from just before a draw in the other seat (Kira's own game, seen by the AI's
    seat): the draw is the finished game's, and Kira's seat is an AI of the level asked for."""
    game_id, token = finished_against_greedy(client)
    seated = seated_actions(client, game_id, token)
    played = [text for _, text in seated]
    step = next(n for n in range(12, len(seated)) if seated[n][0] < 0)  # a draw comes next
    made = played_on(client, game_id, step=step, seat=1, level="easy")
    assert [(s["kind"], s["level"]) for s in made["seats"]] == [("ai", "easy"), ("human", None)]
    shown = actions(client, made["id"], made["seats"][1]["token"])
    assert shown[step] == played[step], "the same seed: the same draw"


def test_playing_on_is_refused_in_words(client: TestClient) -> None:
    game_id, token = finished_against_greedy(client)
    total = len(actions(client, game_id, token))
    assert refusal(client.post(f"/api/games/{game_id}/play-on", json={"step": total, "seat": 0})) == (
        409,
        "play_on_over",
    )
    too_far = client.post(f"/api/games/{game_id}/play-on", json={"step": total + 1, "seat": 0})
    assert too_far.status_code == 400 and too_far.json()["error"]["field"] == "step"
    no_seat = client.post(f"/api/games/{game_id}/play-on", json={"step": 3, "seat": 2})
    assert no_seat.status_code == 400 and no_seat.json()["error"]["field"] == "seat"
    assert client.post(f"/api/games/{game_id}/play-on", json={"step": 3, "seat": 9}).status_code == 422
    playing = create(client)
    assert refusal(client.post(f"/api/games/{playing['id']}/play-on", json={"step": 3, "seat": 0})) == (
        409,
        "play_on_playing",
    ), "a game under way shows no draw ahead: none is played on"
    assert refusal(client.post("/api/games/nothere/play-on", json={"step": 0, "seat": 0}))[1] == "no_game"


def test_playing_on_is_limited_per_client(client: TestClient) -> None:
    """Each game played on stores the finished game's actions to its step again and replays them
    (a Dynasty's 438: 23 ms of the event loop, against 6 for a new game): 200 of them asked 20 at
    once held `/api/meta` half a second, and the database grew by the 86,000 actions. A client
    plays on 20 a minute (429 `too_many_tries`)."""
    game_id, _ = finished_against_greedy(client)
    asked = [client.post(f"/api/games/{game_id}/play-on", json={"step": 3, "seat": 0}) for _ in range(21)]
    assert [answer.status_code for answer in asked[:20]] == [201] * 20
    assert refusal(asked[20]) == (429, "too_many_tries")
