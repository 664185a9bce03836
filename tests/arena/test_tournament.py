"""Tournaments: fair seat rotation, identical results across executors, resumable results files."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kingdomino.arena.elo import fit
from kingdomino.arena.executors import run_games, tournament_workers
from kingdomino.arena.tournament import (
    GameOutcome,
    ResultsFile,
    TournamentConfig,
    entrants,
    play_tournament_game,
    read_results,
    seating,
    summarise,
    validate,
)
from kingdomino.cli import app, normalise_argv
from kingdomino.core.game import GameError
from kingdomino.workers import InThisProcess, ProcessWorkers

runner = CliRunner()
CONFIG = TournamentConfig("kingdomino", 3, {}, ["mcts:iterations=4,playout=random", "greedy", "random"], 6, 5)


def comparable(
    outcomes: list[GameOutcome],
) -> list[tuple[int, int, tuple[str, ...], tuple[int, ...], tuple[int, ...]]]:
    return sorted((o.index, o.seed, tuple(o.seats), tuple(o.scores), tuple(o.winners)) for o in outcomes)


def test_every_agent_sits_in_every_seat_equally() -> None:
    counts: dict[tuple[str, int], int] = {}
    for index in range(6):
        for seat, spec in enumerate(seating(CONFIG, index)):
            counts[spec, seat] = counts.get((spec, seat), 0) + 1
    assert set(counts.values()) == {2}
    assert len(counts) == 9


def test_each_deal_is_played_in_every_rotation() -> None:
    seeds = [play_tournament_game(CONFIG, i).seed for i in range(6)]
    assert seeds == [5, 5, 5, 6, 6, 6]


def test_local_pool_and_serial_agree() -> None:
    serial = list(run_games(CONFIG, range(6), "local", 1))
    pooled = list(run_games(CONFIG, range(6), "local", 2))
    assert comparable(serial) == comparable(pooled)


def test_a_tournament_names_its_workers_with_its_options() -> None:
    with tournament_workers("local", 1) as here:
        assert isinstance(here, InThisProcess)
    with tournament_workers("local", 3) as pool:
        assert isinstance(pool, ProcessWorkers) and pool.slots == 3 and pool.interrupt_here
    with pytest.raises(GameError, match="executor: expected one of local, ray, got 'dask'"):
        tournament_workers("dask")


def test_ray_agrees_with_local() -> None:
    pytest.importorskip("ray")
    config = TournamentConfig("kingdomino", 2, {}, ["mcts:iterations=3,playout=random", "greedy"], 4, 9)
    local = list(run_games(config, range(4), "local", 1))
    remote = list(run_games(config, range(4), "ray", 2))
    assert comparable(local) == comparable(remote)


def test_results_file_resumes_and_survives_a_torn_line(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    results = ResultsFile(path, CONFIG)
    results.start([])
    for outcome in run_games(CONFIG, [0, 1, 2], "local", 1):
        results.append(outcome)
    with path.open("a") as out:
        out.write('{"index": 3, "seed"')  # interrupted while writing
    kept = ResultsFile(path, CONFIG).load()
    assert [o.index for o in kept] == [0, 1, 2]
    ResultsFile(path, CONFIG).start(kept)
    assert len(path.read_text().splitlines()) == 4
    other = TournamentConfig("kingdomino", 3, {}, ["greedy", "greedy", "random"], 6, 5)
    with pytest.raises(GameError, match="another tournament") as refused:
        ResultsFile(path, other).load()
    # the refusal names what differs, not the whole header
    message = str(refused.value)
    assert "agents: ['mcts:iterations=4,playout=random', 'greedy', 'random'] in the file" in message
    assert "seed" not in message


def test_a_file_that_is_not_text_is_refused_in_words(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_bytes(b"\xff\xfe\x00binary")
    with pytest.raises(GameError, match=r"results\.jsonl: not a results file"):
        ResultsFile(path, CONFIG).load()
    with pytest.raises(GameError, match=r"results\.jsonl: not a results file"):
        read_results(path)


def test_summary_counts_shared_wins_as_fractions() -> None:
    outcomes = list(run_games(CONFIG, range(6), "local", 1))
    rows = summarise(outcomes)
    assert sum(row.wins for row in rows) == pytest.approx(6)
    assert all(row.appearances == 6 for row in rows)
    assert all(row.elo is not None for row in rows)  # three agent kinds -> Elo
    for row in rows:
        assert row.win_low <= row.wins / row.appearances <= row.win_high


@pytest.mark.parametrize(
    ("config", "field"),
    [
        (TournamentConfig("kingdomino", 3, {}, ["greedy", "greedy"], 6, 1), "agents"),
        (TournamentConfig("kingdomino", 2, {}, ["greedy", "alphazero"], 6, 1), "alphazero"),
        (TournamentConfig("chess", 2, {}, ["greedy", "greedy"], 6, 1), "game"),
        (TournamentConfig("kingdomino", 2, {"turbo": True}, ["greedy", "greedy"], 6, 1), "options"),
    ],
)
def test_bad_configurations_are_refused(config: TournamentConfig, field: str) -> None:
    with pytest.raises(GameError, match=field):
        validate(config)


def test_outcomes_round_trip_through_json() -> None:
    outcome = play_tournament_game(CONFIG, 0)
    again = type(outcome).from_json(json.loads(json.dumps(outcome.to_json())))
    assert again == outcome


def test_fewer_games_than_the_file_holds_keeps_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    results = ResultsFile(path, CONFIG)
    results.start([])
    for outcome in run_games(CONFIG, range(6), "local", 1):
        results.append(outcome)
    fewer = TournamentConfig(CONFIG.game, CONFIG.players, CONFIG.options, CONFIG.agents, 3, CONFIG.seed)
    shorter = ResultsFile(path, fewer)
    kept = shorter.load()
    assert [o.index for o in kept] == [0, 1, 2]
    shorter.start(kept)  # what a run of 3 games does before it plays: the games 3-5 stay
    assert [o.index for o in ResultsFile(path, CONFIG).load()] == list(range(6))
    assert json.loads(path.read_text().splitlines()[0])["tournament"]["games"] == 6


def test_the_summary_does_not_depend_on_the_order_games_finished() -> None:
    # Two agents tied on win rate: their rows came in the order of the first game to finish.
    config = TournamentConfig("kingdomino", 2, {}, ["greedy", "random"], 2, 1)
    games = [
        GameOutcome(0, 1, ["greedy", "random"], [30, 20], [0], 80, 1.0),
        GameOutcome(1, 1, ["random", "greedy"], [25, 20], [0], 80, 1.0),
    ]
    assert seating(config, 1) == games[1].seats
    assert summarise(games) == summarise(list(reversed(games)))
    assert [row.agent for row in summarise(list(reversed(games)))] == ["greedy", "random"]


def test_the_mean_score_interval_counts_deals_not_games() -> None:
    # Deal 1 (games 0-1) is rich, deal 2 (games 2-3) poor: greedy's four scores are two draws.
    games = [
        GameOutcome(0, 1, ["greedy", "random"], [40, 20], [0], 80, 1.0),
        GameOutcome(1, 1, ["random", "greedy"], [22, 42], [1], 80, 1.0),
        GameOutcome(2, 2, ["greedy", "random"], [20, 10], [0], 80, 1.0),
        GameOutcome(3, 2, ["random", "greedy"], [12, 22], [1], 80, 1.0),
    ]
    greedy = next(row for row in summarise(games) if row.agent == "greedy")
    assert greedy.mean_score == pytest.approx(31.0)
    assert greedy.score_half_width == pytest.approx(12.706205 * 10.0)  # deal means 41, 21: sd 14.14 / sqrt 2


def test_the_tournament_s_elo_is_the_ladder_s_fit_centred_on_1500() -> None:
    # The two commands fitted Elo with two implementations (two virtual drawn games per
    # pair against the ladder's one): the same games gave two gaps. One fit now; only the anchor differs.
    games = _three_agents_two_deals()
    tournament = {row.agent: row.elo for row in summarise(games)}
    ladder = {rating.agent: rating.elo for rating in fit(games, anchor=None, bootstrap=0).ratings}
    assert sum(elo for elo in tournament.values() if elo is not None) / 3 == pytest.approx(1500)
    for agent in "abc":
        assert tournament[agent] == pytest.approx(1500 + ladder[agent])


def _three_agents_two_deals() -> list[GameOutcome]:
    """Six games of a, b, c on two deals (three rotations each)."""
    return [
        GameOutcome(i, i // 3, seats, scores, winners, 40, 0.0)
        for i, (seats, scores, winners) in enumerate(
            [
                (["a", "b", "c"], [50, 40, 30], [0]),
                (["b", "c", "a"], [45, 20, 44], [0]),
                (["c", "a", "b"], [30, 60, 30], [1]),
                (["a", "b", "c"], [35, 35, 50], [2]),
                (["b", "c", "a"], [52, 12, 40], [0]),
                (["c", "a", "b"], [33, 48, 41], [1]),
            ]
        )
    ]


def test_the_tournament_s_elo_has_the_ladder_s_interval_and_record() -> None:
    # The tournament's Elo had no interval while the ladder's had one, from the same fit.
    games = _three_agents_two_deals()
    rows = {row.agent: row for row in summarise(games, bootstrap=60, seed=4)}
    ladder = {rating.agent: rating for rating in fit(games, anchor=None, bootstrap=60, seed=4).ratings}
    assert any(ladder[agent].low < ladder[agent].high for agent in "abc")
    for agent in "abc":
        row, rating = rows[agent], ladder[agent]
        assert row.elo_low == pytest.approx(1500 + rating.low)
        assert row.elo_high == pytest.approx(1500 + rating.high)
        assert (row.won, row.drawn, row.lost) == (rating.won, rating.drawn, rating.lost)
    assert rows["a"].record == "8-1-3"  # two opponents in each of six games; level with b in game 3


def test_one_deal_or_no_bootstrap_gives_no_elo_interval() -> None:
    first_deal = _three_agents_two_deals()[:3]
    assert all(row.elo is not None and row.elo_low is None for row in summarise(first_deal))
    no_bootstrap = summarise(_three_agents_two_deals(), bootstrap=0)
    assert all(row.elo_low is None and row.elo_high is None for row in no_bootstrap)


def test_a_ray_address_where_nothing_answers_is_refused_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray retries a wrong --address for many minutes (over 10 measured), printing warnings, then
    fails with a traceback; the tournament names the option and what is wrong before asking Ray."""
    from kingdomino.arena import executors

    joined: list[str] = []

    def ray_workers(address: str | None = None, **options: object) -> InThisProcess:
        joined.append(str(address))
        return InThisProcess()

    monkeypatch.setattr(executors, "RayWorkers", ray_workers)
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    with pytest.raises(GameError, match=rf"^--address: no Ray cluster answers at 127\.0\.0\.1:{port} \("):
        tournament_workers("ray", 1, f"127.0.0.1:{port}")
    with pytest.raises(
        GameError, match=r"^--address: expected HOST:PORT of a Ray cluster's head .*got 'head'"
    ):
        tournament_workers("ray", 1, "head")
    args = ["tournament", "--agents", "greedy", "random", "--games", "2", "--executor", "ray"]
    refused = CliRunner().invoke(app, normalise_argv([*args, "--address", f"ray://127.0.0.1:{port}"]))
    assert (
        refused.exit_code == 2 and "--address: no Ray cluster answers at ray://127.0.0.1:" in refused.output
    )
    assert joined == []
    with socket.socket() as head:
        head.bind(("127.0.0.1", 0))
        head.listen()
        address = f"127.0.0.1:{head.getsockname()[1]}"
        with tournament_workers("ray", 1, address):
            assert joined == [address]


def test_a_head_that_answers_but_refuses_the_driver_says_what_to_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A head started by another process's ``ray.init()`` (Ray 2.60) answers at its address and
    refuses a driver without its token; the refusal said "Failed to connect", Ray's log
    ``InvalidAuthToken``. It names the token's variables."""

    def refused(address: str | None = None, **options: object) -> InThisProcess:
        raise ConnectionError(f"Failed to connect to Ray cluster at {address}")

    from kingdomino.arena import executors

    monkeypatch.setattr(executors, "RayWorkers", refused)
    with socket.socket() as head:
        head.bind(("127.0.0.1", 0))
        head.listen()
        address = f"127.0.0.1:{head.getsockname()[1]}"
        with pytest.raises(
            GameError,
            match=r"cannot join the Ray cluster at .*RAY_AUTH_MODE=token and its token, RAY_AUTH_TOKEN",
        ):
            tournament_workers("ray", 1, address)


def test_a_crash_while_a_resumed_file_is_rewritten_keeps_its_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resuming rewrites the file (header, games kept, a torn line dropped): written in place, a
    crash amid it (kill -9, a full disk) lost every game played so far."""
    path = tmp_path / "results.jsonl"
    results = ResultsFile(path, CONFIG)
    results.start([])
    for outcome in run_games(CONFIG, [0, 1, 2], "local", 1):
        results.append(outcome)
    before = path.read_text(encoding="utf-8")
    written: list[int] = []
    to_json = GameOutcome.to_json

    def crashing(outcome: GameOutcome) -> dict[str, object]:
        written.append(outcome.index)
        if len(written) == 2:
            raise OSError(28, "No space left on device")
        return to_json(outcome)

    monkeypatch.setattr(GameOutcome, "to_json", crashing)
    resumed = ResultsFile(path, CONFIG)
    with pytest.raises(OSError, match="No space left"):
        resumed.start(resumed.load())
    assert path.read_text(encoding="utf-8") == before
    monkeypatch.setattr(GameOutcome, "to_json", to_json)
    resumed.start(resumed.load())
    assert [o.index for o in ResultsFile(path, CONFIG).load()] == [0, 1, 2]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]


def test_an_agent_listed_twice_plays_as_two_copies_each_on_its_own_row() -> None:
    # `greedy greedy` was merged into one row of twice the seats: a self-play check showed nothing.
    args = normalise_argv(["tournament", "--agents", "greedy", "greedy", "random", "--games", "3", "--json"])
    shown = runner.invoke(app, args)
    assert shown.exit_code == 0, shown.output
    rows = json.loads(shown.stdout.strip().splitlines()[-1])["agents"]
    assert sorted(row["agent"] for row in rows) == ["greedy", "greedy#2", "random"]
    assert all(row["appearances"] == 3 for row in rows)
    said = " ".join(shown.stderr.split())
    assert "greedy is listed 2 times: its copies play as greedy, greedy#2" in said


def test_a_file_written_with_merged_copies_resumes_with_them_named_apart(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    merged = TournamentConfig("kingdomino", 2, {}, ["greedy", "greedy"], 2, 1)
    header = {"tournament": merged.to_json()}
    games = [GameOutcome(0, 1, ["greedy", "greedy"], [30, 20], [0], 80, 1.0)]
    path.write_text("\n".join(json.dumps(line) for line in [header, games[0].to_json()]) + "\n")
    named = TournamentConfig("kingdomino", 2, {}, entrants(["greedy", "greedy"]), 2, 1)
    kept = ResultsFile(path, named).load()
    assert [outcome.seats for outcome in kept] == [["greedy", "greedy#2"]]
    config, outcomes = read_results(path)
    assert config.agents == ["greedy", "greedy#2"] and outcomes == kept
    assert play_tournament_game(named, 1).seats == ["greedy#2", "greedy"]
