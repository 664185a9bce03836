"""kill -9 at random moments, over and over, while games are created and played with AI seats.

After every crash the server restarts on the same SQLite file. At the end: no acknowledged
action is lost, no game is stuck, no game lacks its setup draws, and every stored chance step is
the one its game's seed gives.
"""

from __future__ import annotations

import functools
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from tests.web.conftest import ServerProcess

from kingdomino.core.game import CHANCE
from kingdomino.core.seeds import derive_seed
from kingdomino.games.registry import make_game
from kingdomino.web.store import Store

#: Left out of the fast loop (`./scripts/test --fast`).
pytestmark = pytest.mark.slow

CRASHES = 6
SEAT_PLANS = [
    [{"kind": "human"}, {"kind": "ai", "level": "random"}],
    [{"kind": "ai", "level": "greedy"}, {"kind": "human"}, {"kind": "ai", "level": "random"}],
    [{"kind": "human"}, {"kind": "human"}],
    [{"kind": "ai", "level": "random"}, {"kind": "ai", "level": "random"}],
    [{"kind": "human"}, {"kind": "open"}],
]
GAMES = [("kingdomino", {}), ("duel", {}), ("origins", {"mode": "tribe"})]


@dataclass
class Ledger:
    """What the clients were told: the games created and every acknowledged action by index."""

    tokens: dict[str, list[str | None]] = field(default_factory=dict)
    spectators: dict[str, str] = field(default_factory=dict)
    acked: dict[tuple[str, int], str] = field(default_factory=dict)
    #: The seats taken at open games, as their joiners were told: (game, seat) to the seat's token.
    joined: dict[tuple[str, int], str] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def progress(self) -> tuple[int, int]:
        """How many games were created and actions acknowledged so far."""
        return len(self.tokens), len(self.acked)

    def grew_since(self, since: tuple[int, int]) -> bool:
        """Whether a game was created and an action acknowledged since ``progress()`` was ``since``."""
        return all(now > then for now, then in zip(self.progress(), since, strict=True))


def client_loop(base: str, ledger: Ledger, rng: random.Random, stop: threading.Event) -> None:
    """Create games and play their human seats until the server dies (or ``stop``)."""
    with httpx.Client(base_url=base, timeout=5) as http:
        try:
            while not stop.is_set():
                if not ledger.tokens or rng.random() < 0.25:
                    name, options = rng.choice(GAMES)
                    seats = rng.choice([p for p in SEAT_PLANS if name != "duel" or len(p) == 2])
                    if name == "origins" and len(seats) == 2:
                        options = {"mode": "discovery"}
                    body = {"game": name, "players": len(seats), "options": options, "seats": seats}
                    answer = http.post("/api/games", json=body)
                    if answer.status_code == 429:  # open games are limited per client
                        continue
                    assert answer.status_code == 201, answer.text
                    created = answer.json()
                    tokens = [s.get("token") for s in created["seats"]]
                    with ledger.lock:
                        ledger.tokens[created["id"]] = tokens
                        ledger.spectators[created["id"]] = created["spectator_token"]
                    if created["status"] == "open":
                        joined = http.post(f"/api/games/{created['id']}/join", json={"name": "Guest"})
                        assert joined.status_code == 200, joined.text
                        seat = joined.json()
                        with ledger.lock:
                            tokens[seat["seat"]] = seat["token"]
                            ledger.joined[(created["id"], seat["seat"])] = seat["token"]
                    continue
                with ledger.lock:
                    game_id, tokens = rng.choice(sorted(ledger.tokens.items()))
                humans = [t for t in tokens if t]
                if not humans:
                    continue
                view = http.get(f"/api/games/{game_id}", params={"token": humans[0]}).json()
                acting = view["current_player"]
                if view["status"] == "finished" or acting < 0 or not tokens[acting]:
                    continue
                token = tokens[acting]
                mine = http.get(f"/api/games/{game_id}", params={"token": token}).json()
                if not mine["legal_actions"]:
                    continue
                action = rng.choice(mine["legal_actions"])
                answer = http.post(
                    f"/api/games/{game_id}/actions",
                    json={"token": token, "action": action, "index": mine["index"]},
                )
                if answer.status_code == 200:
                    with ledger.lock:
                        ledger.acked[(game_id, mine["index"])] = action
                else:
                    assert answer.status_code == 409, answer.text
        except httpx.HTTPError:
            return  # the server was killed


def wait_until(condition: Callable[[], bool], deadline: float = 120.0) -> None:
    """Wait until ``condition`` holds (polled), at most ``deadline`` seconds, a safety net only."""
    give_up = time.monotonic() + deadline
    while not condition():
        assert time.monotonic() < give_up, "the clients made no progress"
        time.sleep(0.01)


def test_kill_9_at_random_moments_loses_nothing_and_strands_no_game(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    rng = random.Random(20261125)
    ledger = Ledger()
    for crash in range(CRASHES):
        server = ServerProcess(database, "--ai-delay", "0")
        stop = threading.Event()
        clients = [
            threading.Thread(
                target=client_loop, args=(server.base, ledger, random.Random(crash * 10 + i), stop)
            )
            for i in range(3)
        ]
        for thread in clients:
            thread.start()
        # Each life of the server creates a game and acknowledges an action at least (however
        # loaded the machine), then dies at a random moment.
        since = ledger.progress()
        wait_until(functools.partial(ledger.grew_since, since))
        time.sleep(rng.uniform(0.0, 1.0))
        server.kill()
        stop.set()
        for thread in clients:
            thread.join(timeout=10)
    assert len(ledger.tokens) >= CRASHES and len(ledger.acked) >= CRASHES

    # One last start: every unfinished game must reach a human's turn or its end.
    server = ServerProcess(database, "--ai-delay", "0")
    try:
        with httpx.Client(base_url=server.base, timeout=5) as http:
            deadline = time.monotonic() + 60
            for game_id, token in ledger.spectators.items():
                while True:
                    view = http.get(f"/api/games/{game_id}", params={"token": token}).json()
                    if (
                        view["status"] in ("finished", "open")  # open: killed before its join
                        or view["seats"][view["current_player"]]["kind"] == "human"
                    ):
                        break
                    assert time.monotonic() < deadline, f"game {game_id} is stuck at {view['index']}"
                    time.sleep(0.05)
    finally:
        server.kill()

    store = Store(database)
    try:
        for game_id in ledger.tokens:
            stored = store.load(game_id)
            assert stored is not None and stored.actions, f"game {game_id} lacks its setup draws"
            game = make_game(stored.game, stored.players, stored.options)
            state = game.new_initial_state()
            for action in stored.actions:
                if action.seat == CHANCE:
                    drawn = state.sample_chance(
                        random.Random(derive_seed(stored.seed, "chance", state.chance_key()))
                    )
                    assert action.text == state.action_text(drawn), f"{game_id}: chance {action.index}"
                else:
                    assert action.seat == state.current_player
                state.apply(state.parse_action(action.text))
        for (game_id, seat), token in ledger.joined.items():
            stored = store.load(game_id)
            assert stored is not None and stored.seats[seat]["token"] == token, (
                f"the join of {game_id} was lost"
            )
            assert stored.status != "open", f"{game_id} has all its seats and still waits"
        for (game_id, index), text in ledger.acked.items():
            stored = store.load(game_id)
            assert stored is not None and len(stored.actions) > index
            assert stored.actions[index].text == text, f"acknowledged {text!r} at {game_id}:{index} was lost"
    finally:
        store.close()
