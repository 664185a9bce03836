"""The league (issue #65's self-play helper): snapshots kept as files, drawn as opponents by the
Gymnasium env at every reset, in this process and in others.

A snapshot here is a file naming a built-in agent (``greedy@duel``: one that plays Duel only),
played by a plug-in (``kd_league_mod:FileAgent``), so the league is tested without
Stable-Baselines3; ``test_trained_agent.py`` takes real snapshots.
"""

from __future__ import annotations

import importlib
import os
import pickle
import random
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

from kingdomino.core.game import GameError
from kingdomino.rl.gymnasium_env import GameEnv
from kingdomino.rl.league import League

PLUG_IN = """
from kingdomino.agents import Agent, make_agent


class FileAgent(Agent):
    name = "file"
    loads = 0  # how many times a snapshot was loaded, in this process

    def __init__(self, params, seed=None):
        super().__init__(seed)
        FileAgent.loads += 1
        self.kind, _, self.only = open(params["path"]).read().strip().partition("@")
        self.inner = make_agent(self.kind, seed)

    def cannot_play(self, game):
        return None if self.only in ("", game.name) else f"was trained for {self.only}"

    def act(self, state):
        return self.inner.act(state)
"""
AGENT = "kd_league_mod:FileAgent"


class Snapshot:
    """A model that saves itself as the name of the agent it plays."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def save(self, path: str) -> None:
        Path(path).write_text(self.kind)


@pytest.fixture
def league(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> League:
    (tmp_path / "kd_league_mod.py").write_text(textwrap.dedent(PLUG_IN))
    monkeypatch.syspath_prepend(str(tmp_path))
    return League(tmp_path / "league", fixed=["random"], snapshot_share=0.5, keep=2, agent=AGENT)


def test_without_snapshots_every_seat_draws_a_fixed_agent(league: League) -> None:
    assert league.draw(random.Random(1), 3) == ["random"] * 3


def test_snapshots_are_numbered_files_and_the_oldest_beyond_keep_go(league: League) -> None:
    added = [league.add(Snapshot(kind)) for kind in ("greedy", "heuristic", "full-greedy")]
    assert [path.name for path in added] == ["snapshot-0001.zip", "snapshot-0002.zip", "snapshot-0003.zip"]
    assert league.snapshots() == added[1:]
    assert not list(league.folder.glob(".partial-*"))  # written under another name, then renamed
    drawn = [spec for seed in range(200) for spec in league.draw(random.Random(seed), 1)]
    assert set(drawn) == {"random", league.spec(added[1]), league.spec(added[2])}
    assert 0.35 < drawn.count("random") / len(drawn) < 0.65  # snapshot_share 0.5


def test_the_env_draws_its_opponents_at_each_reset_and_replays_by_seed(league: League) -> None:
    league.add(Snapshot("greedy"))
    seen: list[list[str]] = []
    for _ in range(2):
        env = GameEnv("kingdomino", players=3, opponents=league)
        opponents = []
        for seed in range(12):
            env.reset(seed=seed)
            opponents.append([agent.name for _, agent in sorted(env.opponents.items())])
        seen.append([",".join(names) for names in opponents])
    assert seen[0] == seen[1]  # the same seeds draw the same opponents
    assert {"file", "random"} <= {name for names in seen[0] for name in names.split(",")}


def test_an_episode_against_a_snapshot_is_played_to_the_end(league: League) -> None:
    league.add(Snapshot("greedy"))
    only_snapshots = League(league.folder, fixed=["random"], snapshot_share=1.0, agent=AGENT)
    env = GameEnv("kingdomino", players=2, opponents=only_snapshots)
    env.reset(seed=4)
    assert env.opponents[1].name == "file" and env.opponents[1].kind == "greedy"  # type: ignore[attr-defined]
    done = False
    while not done:
        _, _, done, _, _ = env.step(int(env.action_masks().nonzero()[0][0]))
    assert env.state.is_terminal()


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"fixed": []}, "fixed: expected a non-empty list"),
        ({"fixed": "greedy"}, "fixed: expected a non-empty list"),
        ({"fixed": ["nobody"]}, "unknown kind 'nobody'"),
        ({"snapshot_share": 1.5}, "snapshot_share: expected a probability"),
        ({"keep": 0}, "keep: expected a whole number"),
    ],
)
def test_a_bad_league_is_refused_by_field(tmp_path: Path, arguments: dict[str, object], words: str) -> None:
    with pytest.raises(GameError, match=words):
        League(tmp_path, **arguments)  # type: ignore[arg-type]


def test_a_snapshot_that_cannot_be_loaded_is_refused_when_the_league_is_made(league: League) -> None:
    """A corrupt or incompatible snapshot failed only at its first move, deep in an episode."""
    league.add(Snapshot("greedy"))
    (league.folder / "snapshot-0002.zip").write_text("nobody")
    with pytest.raises(
        GameError, match=r"league snapshot .*snapshot-0002\.zip: cannot be loaded by .*nobody"
    ):
        League(league.folder, fixed=["random"], agent=AGENT)


def test_a_snapshot_that_cannot_be_loaded_is_refused_when_it_is_added(league: League) -> None:
    with pytest.raises(
        GameError, match=r"league snapshot .*snapshot-0001\.zip: cannot be loaded by .*nobody"
    ):
        league.add(Snapshot("nobody"))
    assert list(league.folder.iterdir()) == []  # neither the snapshot nor its partial file is kept
    assert league.add(Snapshot("greedy")).name == "snapshot-0001.zip"


def test_a_snapshot_for_another_game_is_refused_when_the_env_is_made_and_when_added(league: League) -> None:
    league.add(Snapshot("greedy@duel"))
    with pytest.raises(
        GameError, match=r"snapshot-0001\.zip: cannot play Kingdomino, 2 players: was trained for duel"
    ):
        GameEnv("kingdomino", players=2, opponents=league)
    duel = League(league.folder, fixed=["random"], agent=AGENT)
    GameEnv("duel", players=2, opponents=duel)
    with pytest.raises(
        GameError,
        match=r"snapshot-0002\.zip: cannot play Kingdomino Duel, 2 players: was trained for kingdomino",
    ):
        duel.add(Snapshot("greedy@kingdomino"))
    assert [path.name for path in duel.snapshots()] == ["snapshot-0001.zip"]


def loads() -> int:
    """How many snapshots the plug-in has loaded in this process so far."""
    return int(importlib.import_module("kd_league_mod").FileAgent.loads)


def test_each_snapshot_is_loaded_once_for_the_envs_of_one_configuration(league: League) -> None:
    """The league loaded every snapshot when made and again in every env's check."""
    league.add(Snapshot("greedy"))
    league.add(Snapshot("heuristic"))
    before = loads()
    fresh = League(league.folder, fixed=["random"], agent=AGENT)
    for _ in range(3):
        GameEnv("kingdomino", players=2, opponents=fresh)
    assert loads() - before == 2
    GameEnv("kingdomino", players=3, opponents=fresh)  # another configuration is checked anew
    assert loads() - before == 4
    GameEnv("kingdomino", players=3, opponents=pickle.loads(pickle.dumps(fresh)))  # a copy remembers
    assert loads() - before == 4


def test_a_snapshot_added_after_the_check_is_not_loaded_again_by_the_envs(league: League) -> None:
    GameEnv("kingdomino", players=2, opponents=league)
    league.add(Snapshot("greedy"))
    before = loads()
    GameEnv("kingdomino", players=2, opponents=league)
    assert loads() == before


def test_a_snapshot_changed_since_its_check_is_checked_again(league: League) -> None:
    snapshot = league.add(Snapshot("greedy"))
    GameEnv("kingdomino", players=2, opponents=league)
    snapshot.write_text("greedy@duel")
    os.utime(snapshot, ns=(0, snapshot.stat().st_mtime_ns + 1_000_000_000))
    with pytest.raises(GameError, match=r"snapshot-0001\.zip: cannot play Kingdomino, 2 players"):
        GameEnv("kingdomino", players=2, opponents=league)


def test_a_dropped_snapshot_is_forgotten_with_its_file(league: League) -> None:
    """A league added to before any env was made kept every snapshot's model, dropped ones too."""
    for kind in ("greedy", "heuristic", "full-greedy", "random"):
        league.add(Snapshot(kind))
    assert [Path(path).name for path, _, _ in league._unasked] == ["snapshot-0003.zip", "snapshot-0004.zip"]
    before = loads()
    GameEnv("kingdomino", players=2, opponents=league)
    assert loads() == before and league._unasked == {}
