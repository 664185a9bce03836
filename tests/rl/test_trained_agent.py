"""The trained baseline end to end (issue #65): MaskablePPO trained by
:mod:`kingdomino.rl.ppo_training`, saved, then played by the plug-in spec of
:mod:`kingdomino.rl.sb3_agent` in the package's tools, in worker processes, as the server's AI
seat, and as snapshots of a league. A tiny training (a few hundred steps) stands for the real one;
these tests skip where sb3-contrib (the ``train`` extra) is not installed.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from fastapi.testclient import TestClient
from sb3_contrib import MaskablePPO
from tests.web.conftest import QUICK_REVIEW, seeded_secrets
from typer.testing import CliRunner

from kingdomino import make_game
from kingdomino.agents import make_agent
from kingdomino.agents.base import AgentSpecError
from kingdomino.arena.tournament import TournamentConfig, play_tournament_game
from kingdomino.cli import app, normalise_argv
from kingdomino.core.game import GameError
from kingdomino.core.seeds import ChanceSampler
from kingdomino.rl.common import settle_chance
from kingdomino.rl.gymnasium_env import GameEnv
from kingdomino.rl.league import League
from kingdomino.rl.ppo_training import TrainingPlan, TrainingReport, train
from kingdomino.rl.sb3_agent import agent_spec
from kingdomino.web.app import create_app

#: A training of a few hundred steps: what the tests need is a saved model, not a strong one.
TINY = TrainingPlan(timesteps=256, envs=2, n_steps=64, batch_size=64, n_epochs=1, net=(16,), seed=3)


@pytest.fixture(scope="module")
def system_temp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The system's temporary directory as the trainings of this module see it: a folder of
    the test's own, where SB3's default logger would make its ``SB3-<date>`` folders."""
    folder = tmp_path_factory.mktemp("system-temp")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tempfile, "tempdir", str(folder))
        patch.delenv("SB3_LOGDIR", raising=False)
        yield folder


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory, system_temp: Path) -> TrainingReport:
    folder = tmp_path_factory.mktemp("model")
    return train(TINY, folder / "ppo-kingdomino-2p.zip", log=lambda line: None)


def test_training_writes_no_log_into_the_temporary_directory(
    trained: TrainingReport, system_temp: Path
) -> None:
    assert list(system_temp.glob("SB3-*")) == []
    assert sorted(path.name for path in trained.path.parent.iterdir()) == [
        "ppo-kingdomino-2p.json",
        "ppo-kingdomino-2p.zip",
    ]


def test_training_saves_the_model_and_the_configuration_it_was_trained_on(trained: TrainingReport) -> None:
    assert trained.path.is_file() and trained.timesteps >= TINY.timesteps
    saved = json.loads(trained.path.with_suffix(".json").read_text())
    assert (saved["game"], saved["players"]) == ("kingdomino", 2)
    assert saved["options"] == dict(make_game("kingdomino", 2).options)
    assert saved["plan"]["timesteps"] == TINY.timesteps and saved["seconds"] > 0
    assert trained.spec == f"kingdomino.rl.sb3_agent:MaskablePPOAgent:path={trained.path}"


def test_the_agent_plays_whole_games_and_a_seed_replays_them(trained: TrainingReport) -> None:
    for spec in (trained.spec, agent_spec(trained.path, sample=True)):
        config = TournamentConfig("kingdomino", 2, {}, [spec, "random"], games=2, seed=5)
        first, again = play_tournament_game(config, 1), play_tournament_game(config, 1)
        assert first.scores == again.scores and first.actions == again.actions
        assert len(first.scores) == 2 and first.actions > 20


def test_the_tools_play_it_in_worker_processes(trained: TrainingReport, tmp_path: Path) -> None:
    for command in (
        ["tournament", "--agents", trained.spec, "random", "--games", "4"],
        ["ladder", "--agents", "random", "greedy", trained.spec, "--games", "2", "--out", str(tmp_path)],
    ):
        result = CliRunner().invoke(app, normalise_argv([*command, "--workers", "2", "-p", "2", "--json"]))
        assert result.exit_code == 0, result.output
        assert trained.spec in result.output


def test_a_model_is_refused_for_another_game_and_a_bad_spec_by_name(trained: TrainingReport) -> None:
    agent = make_agent(trained.spec, seed=0)
    reason = agent.cannot_play(make_game("duel", 2))
    assert reason is not None and "trained for Kingdomino, 2 players" in reason
    assert str(trained.path) not in reason  # a server shows it: no path of the server's
    assert agent.cannot_play(make_game("kingdomino", 2)) is None
    three = make_game("kingdomino", 3).new_initial_state()
    settle_chance(three, ChanceSampler(1))
    with pytest.raises(AgentSpecError, match="trained for Kingdomino, 2 players"):
        agent.act(three)
    for spec, words in [
        ("kingdomino.rl.sb3_agent:MaskablePPOAgent", "parameter path .* is required"),
        ("kingdomino.rl.sb3_agent:MaskablePPOAgent:path=/no/such.zip", "no such model file"),
        (f"{trained.spec},sample=maybe", "sample: expected true or false"),
        (f"{trained.spec},depth=2", r"unknown parameter\(s\) depth"),
    ]:
        with pytest.raises(AgentSpecError, match=words):
            make_agent(spec, seed=0)


def test_a_league_takes_snapshots_while_training_and_the_env_plays_them(
    tmp_path: Path, system_temp: Path
) -> None:
    logs = tmp_path / "logs"
    changes = {"league": str(tmp_path / "league"), "snapshot_every": 128, "log_dir": str(logs)}
    report = train(
        TrainingPlan(**{**TINY.__dict__, **changes}), tmp_path / "league-model.zip", log=lambda line: None
    )
    assert "train/loss" in (logs / "progress.csv").read_text().splitlines()[0]
    assert list(system_temp.glob("SB3-*")) == []
    league = League(tmp_path / "league", fixed=["random"], snapshot_share=1.0)
    assert report.snapshots >= 2 and len(league.snapshots()) == report.snapshots
    env = GameEnv("kingdomino", 2, opponents=league)
    env.reset(seed=1)
    assert env.opponents[1].name == "maskable-ppo"
    done = False
    while not done:
        _, _, done, _, _ = env.step(int(env.action_masks().nonzero()[0][0]))


def test_a_league_refuses_a_snapshot_that_cannot_play_naming_its_file(
    trained: TrainingReport, tmp_path: Path
) -> None:
    """A corrupt snapshot, or a model for another game, failed at its first move in an episode."""
    folder = tmp_path / "league"
    folder.mkdir()
    shutil.copyfile(trained.path, folder / "snapshot-0001.zip")  # a model of Kingdomino, 2 players
    (folder / "snapshot-0002.zip").write_bytes(b"not a zip")
    with pytest.raises(GameError, match=r"league snapshot .*snapshot-0002\.zip: cannot be loaded by "):
        League(folder, fixed=["random"])
    (folder / "snapshot-0002.zip").unlink()
    league = League(folder, fixed=["random"])
    with pytest.raises(
        GameError, match=r"snapshot-0001\.zip: cannot play Kingdomino Duel, 2 players: observes"
    ):
        GameEnv("duel", 2, opponents=league)
    GameEnv("kingdomino", 2, opponents=league)
    in_processes = TrainingPlan(**{**TINY.__dict__, "game": "duel", "league": str(folder), "processes": True})
    with pytest.raises(GameError, match=r"snapshot-0001\.zip: cannot play Kingdomino Duel, 2 players"):
        train(in_processes, tmp_path / "duel-model.zip", log=lambda line: None)  # before any env starts
    duel = League(tmp_path / "duel-league", fixed=["random"])
    GameEnv("duel", 2, opponents=duel)
    with pytest.raises(GameError, match=r"snapshot-0001\.zip: cannot play Kingdomino Duel, 2 players"):
        duel.add(MaskablePPO.load(trained.path, device="cpu"))
    assert list(duel.folder.iterdir()) == []


@pytest.fixture
def server(trained: TrainingReport, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(
        f"sqlite:///{tmp_path / 'games.sqlite3'}",
        secret_seeds=seeded_secrets(),
        review_agent=QUICK_REVIEW,
        ai_workers="1",
        seat_agents={"ppo": trained.spec},
    )
    with TestClient(app) as client:
        yield client
    create_app(f"sqlite:///{tmp_path / 'other.sqlite3'}")  # the next app offers the levels alone


def test_the_operator_offers_it_as_an_ai_seat_of_the_game_it_was_trained_for(server: TestClient) -> None:
    refused = server.post(
        "/api/games",
        json={"game": "duel", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "level": "ppo"}]},
    )
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "seats[1].level"
    assert "trained for Kingdomino, 2 players" in refused.json()["error"]["message"]
    body = {"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "level": "ppo"}]}
    made = server.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    game_id, token = made.json()["id"], made.json()["seats"][0]["token"]
    deadline = time.monotonic() + 120
    while True:
        view = server.get(f"/api/games/{game_id}", params={"token": token}).json()
        if sum(entry["seat"] == 1 for entry in view["log"]) >= 2:
            break  # the trained policy moved, from the worker process
        if view["current_player"] == 0 and view["legal_actions"]:
            move = {"token": token, "action": view["legal_actions"][0]}
            server.post(f"/api/games/{game_id}/actions", json=move)
        assert time.monotonic() < deadline, "the trained agent never moved"
        time.sleep(0.05)
