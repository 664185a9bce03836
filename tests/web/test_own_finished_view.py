"""A finished game asked without a token by the session of an account that sat in it is that
seat's view (``seats_of_account``): its player, opening it from their page, archive or another
device, reads it as theirs; a stranger and a guest read a spectator's view, and a game still
played needs its seat's token."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.test_closing_accounts import made, new_name
from tests.web.test_players_api import play_out, rated_game


def test_a_finished_game_is_its_player_s_without_a_token(api: TestClient) -> None:
    sessions = [made(api, new_name(name)) for name in ("Kira", "Boris", "Cleo")]
    game_id, tokens = rated_game(api, sessions[:2])
    assert api.get(f"/api/games/{game_id}", headers=sessions[0]).status_code == 403  # played: a token
    play_out(api, game_id, tokens)
    seen = [api.get(f"/api/games/{game_id}", headers=session).json() for session in sessions]
    assert [(view["your_seats"], view["former_seats"]) for view in seen] == [([0], []), ([1], []), ([], [])]
    api.cookies.clear()
    assert api.get(f"/api/games/{game_id}").json()["your_seats"] == []
