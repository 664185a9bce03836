"""``examples/bot_client.py``, the bot of one's own that docs/server/api.md's "Your own client" walks
through: two of them, run as a newcomer runs them (a process each, httpx and websockets alone),
pair with each other on a live server and play a game of each of the three games to its end."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from tests.web.process_lines import next_line

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot_client.py"


@pytest.mark.parametrize(
    ("game", "options", "accounts"),
    [
        # Options no other test's open games have, so the two clients pair with each other.
        ("kingdomino", {"harmony": True, "middle_kingdom": True, "mighty_duel": True}, True),
        ("duel", {"pass_fills_spellbook": True}, False),
        ("origins", {"mode": "tribe", "fire_kingdom": True, "homo_habilis": True}, False),
    ],
)
def test_two_example_clients_pair_and_play_to_the_end(
    live_server: str, game: str, options: dict[str, object], accounts: bool
) -> None:
    def client(name: str) -> subprocess.Popen[str]:
        secret = ["--password", f"{name} password"] if accounts else []
        words = ["--server", live_server, "--game", game, "--options", json.dumps(options), "--name", name]
        command = [sys.executable, str(EXAMPLE), *words, *secret]
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    opener = client(f"Ex{secrets.token_hex(3)}")
    waiting = next_line(opener, "the client's line giving its game's link")  # the second client joins it
    assert waiting.startswith(f"game {live_server}/game/") and waiting.endswith("seat 1\n"), waiting
    joiner = client(f"Ex{secrets.token_hex(3)}")
    outputs = [waiting + opener.communicate(timeout=240)[0], joiner.communicate(timeout=240)[0]]
    assert [opener.returncode, joiner.returncode] == [0, 0], outputs
    assert len({output.split("/game/")[1].split(",")[0] for output in outputs}) == 1, outputs
    assert all("finished: scores" in output for output in outputs), outputs
    places = sorted(output.split("place ")[1].split()[0] for output in outputs)
    assert places in (["1", "2"], ["1", "1"]), outputs
