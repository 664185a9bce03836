"""The AI levels ``/api/meta`` serves: the server's one table of them (``SEAT_LEVELS``), which the
page offers for a new game's seats and for a seat handed to an AI; each is accepted there."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient
from tests.web.conftest import create

from kingdomino.agents.levels import SEAT_LEVELS
from kingdomino.arena.ladder import load_ratings
from kingdomino.ratings.glicko2 import PROVISIONAL


def test_meta_serves_the_seat_levels_in_their_order(client: TestClient) -> None:
    assert client.get("/api/meta").json()["levels"] == list(SEAT_LEVELS)


def test_every_level_served_is_one_a_seat_can_be_handed_to(client: TestClient) -> None:
    """The page offers the served levels when a player leaves (or is away): none is refused."""
    for level in client.get("/api/meta").json()["levels"]:
        created = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}])
        ann, bea = (seat["token"] for seat in created["seats"])
        left = client.post(f"/api/games/{created['id']}/leave", json={"token": bea, "level": level})
        assert left.status_code == 200, (level, left.text)
        view = client.get(f"/api/games/{created['id']}", params={"token": ann}).json()
        assert view["seats"][1]["level"] == level


def test_the_seat_levels_are_listed_weakest_first_in_every_rated_game() -> None:
    """The lobby lists the levels in ``SEAT_LEVELS``' order, said to be weakest first: it is so by
    the package's AI ladder in every configuration rated (``greedy`` came before ``easy``, which
    is ``greedy`` with a random move one time in three)."""
    ladders = load_ratings()
    assert ladders
    for configuration, ratings in ladders.items():
        elo = [ratings[level][0] for level in SEAT_LEVELS]
        assert elo == sorted(elo) and len(set(elo)) == len(elo), (configuration, elo)


def test_meta_serves_each_games_player_counts_and_options(client: TestClient) -> None:
    """A client of its own (a bot) learns each game's tables and options from the server, not
    from refusals; the lobby's form offers the same (its table is held to the catalogue here)."""
    served = client.get("/api/meta").json()["catalogue"]
    assert served["duel"]["players"] == [2] and served["kingdomino"]["players"] == [2, 3, 4]
    assert "pass_fills_spellbook" in served["duel"]["options"] and "mode" in served["origins"]["options"]
    lobby = (Path(__file__).parents[2] / "src" / "kingdomino" / "web" / "static" / "lobby.js").read_text()
    for game, facts in served.items():
        line = re.search(rf"^\s*{game}: \{{ players: \[([\d, ]+)\](.*?)\}},?$", lobby, re.M | re.S)
        assert line, f"lobby.js offers no {game}"
        assert [int(n) for n in line.group(1).split(",")] == facts["players"], game
        rest = line.group(2)
        offered = set(re.findall(r'(?:\[\[|\], \[)"([a-z_]+)"', rest.split("flags:")[1])) | (
            {"mode"} if "modes:" in rest else set()
        )
        assert offered == set(facts["options"]), (game, offered)


def test_meta_serves_the_provisional_threshold_the_page_says(client: TestClient) -> None:
    """The page's "?" by a provisional rating says the server's threshold: it keeps no copy."""
    assert client.get("/api/meta").json()["provisional_threshold"] == PROVISIONAL
    static = Path(__file__).parents[2] / "src/kingdomino/web/static"
    assert not [path.name for path in static.glob("*.js") if re.search(r"\b110\b", path.read_text())]
