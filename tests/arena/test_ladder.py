"""The ladder: tables, the Bradley-Terry fit on results with a known answer, the command end to end."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from pathlib import Path
from typing import Never

import pytest
from typer.testing import CliRunner

from kingdomino.arena.elo import fit, pairwise, to_elo
from kingdomino.arena.ladder import (
    LadderConfig,
    deals,
    ladder_key,
    load_ratings,
    open_tables,
    play_ladder,
    rating_of,
    tables,
)
from kingdomino.arena.stats import bradley_terry, clustered_mean_interval, mean_interval
from kingdomino.arena.tournament import GameOutcome, deal_seed
from kingdomino.cli import app, normalise_argv
from kingdomino.core.game import GameError
from kingdomino.games.registry import make_game

runner = CliRunner()


def expected_score(gap: float) -> float:
    """Bradley-Terry on the Elo scale: the score of a player ``gap`` points stronger."""
    score: float = 1.0 / (1.0 + 10.0 ** (-gap / 400.0))
    return score


TRUTH = {"random": 0.0, "weak": 150.0, "fair": 300.0, "strong": 650.0}


def test_the_fit_recovers_exact_expected_scores() -> None:
    results = [
        (a, b, expected_score(TRUTH[a] - TRUTH[b])) for a in TRUTH for b in TRUTH if a < b
    ]  # one fractional result per pair: the expected score itself
    elo = to_elo(bradley_terry(results, prior=0.0))
    for name, rating in TRUTH.items():
        assert elo[name] == pytest.approx(rating, abs=1e-4)


def test_three_wins_in_four_are_odds_of_three() -> None:
    strengths = bradley_terry([("a", "b", 1.0)] * 3 + [("a", "b", 0.0)], prior=0.0)
    gap = to_elo(strengths, anchor="b")["a"]
    assert gap == pytest.approx(400 * math.log10(3))


def test_virtual_draws_keep_a_sweep_finite() -> None:
    elo = to_elo(bradley_terry([("a", "b", 1.0)] * 10, prior=0.5), anchor="b")
    assert elo["a"] == pytest.approx(400 * math.log10(10.5 / 0.5))


def test_without_the_anchor_the_mean_is_zero() -> None:
    elo = to_elo(bradley_terry([("a", "b", 1.0)] * 3 + [("b", "a", 1.0)], prior=0.0), anchor="random")
    assert elo["a"] + elo["b"] == pytest.approx(0.0)


def synthetic_games(per_pair: int, seed: int) -> list[GameOutcome]:
    """2-player games between the ``TRUTH`` agents, each won with its Bradley-Terry chance, each
    on a deal of its own."""
    rng = random.Random(seed)
    games = []
    index = 0
    for a in TRUTH:
        for b in TRUTH:
            if a >= b:
                continue
            for game in range(per_pair):
                seats = [a, b] if game % 2 == 0 else [b, a]
                first_wins = rng.random() < expected_score(TRUTH[seats[0]] - TRUTH[seats[1]])
                scores = [1, 0] if first_wins else [0, 1]
                games.append(GameOutcome(index, index, seats, scores, [0 if first_wins else 1], 1, 0.0))
                index += 1
    return games


def test_the_fit_of_sampled_games_finds_the_true_ratings_within_its_intervals() -> None:
    result = fit(synthetic_games(400, seed=11), bootstrap=200, seed=3)
    assert result.anchor == "random"
    assert [r.agent for r in result.ratings] == ["strong", "fair", "weak", "random"]
    for rating in result.ratings:
        if rating.agent == "random":
            assert (rating.elo, rating.low, rating.high) == (0.0, 0.0, 0.0)
            continue
        assert rating.low <= TRUTH[rating.agent] <= rating.high, rating
        assert rating.high - rating.low < 120
        assert abs(rating.elo - TRUTH[rating.agent]) < 40
    assert result.matrix["strong"]["random"] > 0.9
    assert result.matrix["fair"]["weak"] + result.matrix["weak"]["fair"] == pytest.approx(1.0)


def test_the_bootstrap_is_reproducible_from_its_seed() -> None:
    games = synthetic_games(40, seed=2)
    first = fit(games, bootstrap=50, seed=9)
    again = fit(games, bootstrap=50, seed=9)
    other = fit(games, bootstrap=50, seed=10)
    assert first.ratings == again.ratings
    assert first.ratings != other.ratings


def test_a_multiplayer_game_gives_every_pair_of_different_agents_a_result() -> None:
    outcome = GameOutcome(0, 1, ["a", "b", "a", "c"], [40, 52, 52, 30], [2], 90, 0.0)
    assert sorted(pairwise(outcome)) == sorted(
        [
            ("a", "b", 0.0),  # seat 0 (40) below seat 1 (52)
            ("a", "c", 1.0),
            ("b", "a", 0.0),  # seat 1 ties seat 2 on score, but seat 2 won the tie-break
            ("b", "c", 1.0),
            ("a", "c", 1.0),
        ]
    )


def test_tables_are_pairs_with_two_seats_and_combinations_with_more() -> None:
    agents = ["random", "greedy", "heuristic", "full-greedy", "hard"]
    two = tables(LadderConfig("duel", 2, {}, agents, 4, 1))
    assert len(two) == 10 and all(len(t.agents) == 2 for t in two)
    four = tables(LadderConfig("kingdomino", 4, {}, agents, 8, 1))
    assert len(four) == 5 and all(len(set(t.agents)) == 4 for t in four)
    few = tables(LadderConfig("kingdomino", 4, {}, ["random", "greedy"], 8, 1))
    assert [t.agents for t in few] == [["random", "greedy", "random", "greedy"]]
    assert all(t.games == 8 for t in four) and all(t.games == 4 for t in two)


def test_every_table_plays_deals_of_its_own_unless_they_are_shared() -> None:
    agents = ["random", "greedy", "heuristic", "full-greedy", "hard"]
    config = LadderConfig("kingdomino", 4, {}, agents, 8, 1)
    dealt = [deal_seed(table, game) for table in tables(config) for game in range(table.games)]
    assert len(set(dealt)) == deals(config) == 5 * 2
    # more games a table keep the deals the table played (a ladder grows by resuming)
    grown = [deal_seed(table, game) for table in tables(replace(config, games=16)) for game in range(8)]
    assert grown == dealt
    shared = replace(config, shared_deals=True)
    assert {table.seed for table in tables(shared)} == {1} and deals(shared) == 2


def test_ladder_keys_name_the_configuration() -> None:
    assert ladder_key("kingdomino", 4, {"middle_kingdom": True, "harmony": True}) == (
        "kingdomino/harmony+middle_kingdom/4p"
    )
    assert ladder_key("kingdomino", 2, {"dynasty": False, "mighty_duel": True}) == "kingdomino/mighty_duel/2p"
    assert ladder_key("origins", 2, {"mode": "discovery"}) == "origins/discovery/2p"
    tribe = make_game("origins", 4, {"mode": "tribe"})
    assert ladder_key("origins", 4, tribe.options) == ladder_key("origins", 4, {"mode": "tribe"})
    assert (
        ladder_key("origins", 4, {"mode": "tribe", "fire_kingdom": True}) == "origins/tribe/fire_kingdom/4p"
    )
    assert ladder_key("kingdomino", 4, make_game("kingdomino", 4).options) == "kingdomino/4p"


def test_a_tiny_ladder_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "ladder"
    ratings = tmp_path / "ratings.json"
    markdown = tmp_path / "docs" / "ladder-kingdomino-2p.md"
    args = [
        "ladder",
        "--agents",
        "random",
        "greedy",
        "--game",
        "kingdomino",
        "-p",
        "2",
        "--games",
        "4",
        "--seed",
        "5",
        "--bootstrap",
        "20",
        "--out",
        str(out),
        "--ratings",
        str(ratings),
        "--markdown",
        str(markdown),
        "--note",
        "screening",
    ]
    first = runner.invoke(app, normalise_argv(args))
    assert first.exit_code == 0, first.output
    tables_written = sorted(out.glob("table-*.jsonl"))
    assert len(tables_written) == 1 and len(tables_written[0].read_text().splitlines()) == 5
    data = json.loads((out / "ladder.json").read_text())
    assert data["key"] == "kingdomino/2p" and data["games"] == 4 and data["anchor"] == "random"
    assert data["deals"] == 2 and data["shared_deals"] is False
    assert "each table plays 2 deals of its own, 2 deals in all" in markdown.read_text()
    by_agent = {r["agent"]: r for r in data["ratings"]}
    assert by_agent["random"]["elo"] == 0.0 and by_agent["greedy"]["elo"] > 0
    assert "| 1 | `greedy` |" in markdown.read_text() and "screening" in markdown.read_text()
    loaded = load_ratings(ratings)
    assert set(loaded) == {"kingdomino/2p"} and loaded["kingdomino/2p"]["random"][0] == 0.0
    assert (
        rating_of(loaded, "kingdomino", 2, {"harmony": True}, "greedy") == loaded["kingdomino/2p"]["greedy"]
    )
    assert rating_of(loaded, "kingdomino", 4, {}, "greedy") is None
    # resuming plays nothing more and gives the same ratings
    again = runner.invoke(app, normalise_argv(args))
    assert again.exit_code == 0, again.output
    assert json.loads((out / "ladder.json").read_text())["ratings"] == data["ratings"]
    assert len(tables_written[0].read_text().splitlines()) == 5


def test_the_games_reach_the_fit_in_table_order_whatever_order_they_finish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bootstrap draws games by position: a ladder refitted after a resume must see them in
    # the same order as when they were played, however the workers finished them.
    from kingdomino.arena import executors

    config = LadderConfig("kingdomino", 2, {}, ["random", "greedy", "easy"], 2, 5)
    played_in_order = play_ladder(open_tables(config, tmp_path / "a"))
    real_run_jobs = executors.run_jobs

    def backwards(*args: object, **kwargs: object) -> list[tuple[int, GameOutcome]]:
        return list(reversed(list(real_run_jobs(*args, **kwargs))))  # type: ignore[arg-type]

    monkeypatch.setattr(executors, "run_jobs", backwards)
    played_backwards = play_ladder(open_tables(config, tmp_path / "b"))
    assert [(o.seats, o.index) for o in played_backwards] == [(o.seats, o.index) for o in played_in_order]
    assert played_backwards == played_in_order
    resumed = play_ladder(open_tables(config, tmp_path / "b"))
    assert resumed == played_in_order


def test_a_ladder_refuses_a_single_agent(tmp_path: Path) -> None:
    result = runner.invoke(app, ["ladder", "--agents", "greedy", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "at least two agents" in result.output


def test_the_package_ratings_file_loads() -> None:
    ratings = load_ratings()
    for ladder in ratings.values():
        for elo, low, high in ladder.values():
            assert low is not None and high is not None and low <= elo <= high


def test_a_ladder_without_intervals_files_none_rather_than_a_zero_width_one(tmp_path: Path) -> None:
    """One deal has no spread to measure: the ratings file says so with null ends, as
    ``ladder.json`` does, not ``[1746, 1746, 1746]``, which reads as a rating known exactly."""
    ratings = tmp_path / "ratings.json"
    args = ["ladder", "--agents", "random", "greedy", "-p", "2", "--games", "2", "--seed", "5"]
    result = runner.invoke(
        app, normalise_argv([*args, "--out", str(tmp_path / "ladder"), "--ratings", str(ratings)])
    )
    assert result.exit_code == 0, result.output
    filed = json.loads(ratings.read_text())["ratings"]["kingdomino/2p"]
    assert filed["greedy"][1:] == [None, None] and filed["greedy"][0] > 0, filed
    loaded = load_ratings(ratings)["kingdomino/2p"]
    assert loaded["greedy"] == (filed["greedy"][0], None, None)


def test_a_folder_of_another_ladder_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    config = LadderConfig("kingdomino", 2, {}, ["random", "greedy"], 2, 5)
    play_ladder(open_tables(config, tmp_path))
    written = (tmp_path / "ladder-config.json").read_text()
    other = LadderConfig("kingdomino", 2, {}, ["random", "greedy"], 2, 6)
    with pytest.raises(GameError, match="seed: 5 in the file, 6 asked"):
        open_tables(other, tmp_path)
    assert (tmp_path / "ladder-config.json").read_text() == written


def test_a_folder_of_the_other_deals_is_refused_by_name(tmp_path: Path) -> None:
    shared = LadderConfig("kingdomino", 2, {}, ["random", "greedy", "easy"], 2, 5, shared_deals=True)
    play_ladder(open_tables(shared, tmp_path))
    # the folders written before the field held no word on their deals: every table shared them
    written = json.loads((tmp_path / "ladder-config.json").read_text())
    del written["ladder"]["shared_deals"]
    (tmp_path / "ladder-config.json").write_text(json.dumps(written))
    with pytest.raises(GameError, match="every table on the same deals; add --shared-deals"):
        open_tables(replace(shared, shared_deals=False), tmp_path)
    assert len(play_ladder(open_tables(shared, tmp_path))) == 6
    own = tmp_path / "own"
    play_ladder(open_tables(replace(shared, shared_deals=False), own))
    with pytest.raises(GameError, match="deals of its own; leave out --shared-deals"):
        open_tables(shared, own)
    # a ladder of one table deals alike either way
    pair = LadderConfig("kingdomino", 2, {}, ["random", "greedy"], 2, 5, shared_deals=True)
    play_ladder(open_tables(pair, tmp_path / "pair"))
    assert len(play_ladder(open_tables(replace(pair, shared_deals=False), tmp_path / "pair"))) == 2


def test_a_resumed_ladder_says_how_many_games_it_has(tmp_path: Path) -> None:
    config = LadderConfig("kingdomino", 2, {}, ["random", "greedy", "easy"], 2, 5)
    play_ladder(open_tables(config, tmp_path))
    more = LadderConfig("kingdomino", 2, {}, ["random", "greedy", "easy"], 4, 5)
    told: list[tuple[int, int]] = []
    played: list[GameOutcome] = []
    play_ladder(open_tables(more, tmp_path), on_game=played.append, on_start=lambda *n: told.append(n))
    assert told == [(6, 6)] and len(played) == 6
    args = ["ladder", "--agents", "random", "greedy", "easy", "-p", "2", "--games", "4", "--seed", "5"]
    shown = runner.invoke(app, normalise_argv([*args, "--bootstrap", "5", "--out", str(tmp_path)]))
    assert shown.exit_code == 0, shown.output
    said = " ".join(shown.output.split())  # rich wraps the line at the terminal's width
    assert "Resuming: 12 games already in" in said and "0 to play" in said


def test_a_ladder_of_fewer_agents_than_seats_resumes_as_one_played_through(tmp_path: Path) -> None:
    """Two agents on four seats are cycled into one table, each agent in two seats: its file was
    read back as one from before copies were named apart (``random#2``) and refused ("holds
    another tournament"), so such a ladder could neither grow nor be run again."""
    grown = LadderConfig("kingdomino", 4, {}, ["random", "greedy"], 8, 3)
    play_ladder(open_tables(replace(grown, games=4), tmp_path / "resumed"))
    played = play_ladder(open_tables(grown, tmp_path / "resumed"))
    assert played == play_ladder(open_tables(grown, tmp_path / "at-once"))
    assert {agent for outcome in played for agent in outcome.seats} == {"random", "greedy"}
    assert play_ladder(open_tables(grown, tmp_path / "resumed")) == played


def test_an_interrupted_ladder_says_its_folder_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in a ladder ended with no word; it says where its games are and exits with 130."""
    import kingdomino.cli.ladder as ladder_cli

    def interrupt(*args: object, **kwargs: object) -> Never:
        raise KeyboardInterrupt

    monkeypatch.setattr(ladder_cli, "play_ladder", interrupt)
    args = ["ladder", "--agents", "random", "greedy", "-p", "2", "--games", "2", "--out", str(tmp_path / "l")]
    cut = runner.invoke(app, normalise_argv(args))
    assert cut.exit_code == 130
    said = " ".join(cut.output.split())
    assert "Interrupted: the games played so far are in" in said and "the same command resumes" in said


def a_poor_deal_and_a_rich_one() -> list[GameOutcome]:
    """Two deals of four games each (a 2-player table's rotations), every score higher in the second."""
    games = []
    for index in range(8):
        rich = index >= 4
        scores = [60 + index, 40 + 2 * index] if rich else [30 + index, 20 + index]
        games.append(GameOutcome(index, 1 + index // 4, ["a", "b"], scores, [0], 50, 0.0))
    return games


def test_a_mean_score_s_interval_takes_a_deal_as_a_draw() -> None:
    # A rich deal lifts every seat, so its games are one draw of the mean, and an agent's two
    # seats of one game (a list cycled to fill a table) are one draw too.
    games = a_poor_deal_and_a_rich_one()
    rated = {rating.agent: rating for rating in fit(games, anchor=None, bootstrap=0).ratings}
    a_scores = [float(g.scores[0]) for g in games]
    mean, half = clustered_mean_interval(a_scores, [g.seed for g in games])
    assert rated["a"].mean_score == mean and rated["a"].score_half_width == pytest.approx(half)
    assert half > 10 * mean_interval(a_scores)[1]  # two draws, not eight
    cycled = [GameOutcome(0, 1, ["a", "b", "a"], [40, 30, 50], [2], 50, 0.0)]
    cycled.append(GameOutcome(1, 2, ["b", "a", "a"], [35, 20, 30], [0], 50, 0.0))
    a = next(r for r in fit(cycled, anchor=None, bootstrap=0).ratings if r.agent == "a")
    assert a.seats == 4 and a.score_half_width == pytest.approx(
        clustered_mean_interval([40, 50, 20, 30], [1, 1, 2, 2])[1]
    )


def test_the_ladders_of_shared_deals_keep_their_intervals_on_those_deals() -> None:
    # With shared deals every table plays the same few deals (2 in a 4-player ladder): their
    # intervals take a game as a draw, the only reading 2 deals allow (one degree of freedom
    # would read ± 86 points on a mean of 46).
    games = a_poor_deal_and_a_rich_one()
    rated = {r.agent: r for r in fit(games, anchor=None, bootstrap=0, by_deal=False).ratings}
    mean, half = mean_interval([float(g.scores[0]) for g in games])
    assert rated["a"].mean_score == mean and rated["a"].score_half_width == pytest.approx(half)


def test_the_bootstrap_draws_a_deal_with_all_its_games() -> None:
    # "a" wins every game of deal 1, "b" every game of deal 2: drawn by deal, a resample may hold
    # deal 1 alone (a sweep for "a"); drawn by game, nearly every resample is near an even score.
    games = []
    for index in range(20):
        deal = 1 + index // 10
        seats = ["a", "b"] if index % 2 else ["b", "a"]
        winner = seats.index("a" if deal == 1 else "b")
        scores = [1 if seat == winner else 0 for seat in range(2)]
        games.append(GameOutcome(index, deal, seats, scores, [winner], 1, 0.0))
    by_deal = {r.agent: r for r in fit(games, anchor="b", bootstrap=200, seed=4).ratings}["a"]
    by_game = {r.agent: r for r in fit(games, anchor="b", bootstrap=200, seed=4, by_deal=False).ratings}["a"]
    assert by_deal.elo == pytest.approx(0.0, abs=1e-6) and by_game.elo == pytest.approx(0.0, abs=1e-6)
    assert by_game.high < 250 and by_deal.high > 500 and by_deal.low < -500


def test_a_ladder_without_the_deals_to_measure_a_spread_shows_no_interval(tmp_path: Path) -> None:
    """A ladder of one deal printed [280, 280] and ± 0.0, a rating and a mean known exactly:
    resampling one deal gives it back every time. It shows none, says why and how to get them."""
    one_deal = [
        GameOutcome(i, 7, seats, [30, 20], [0], 50, 0.0) for i, seats in enumerate([["a", "b"], ["b", "a"]])
    ]
    lone = fit(one_deal, anchor=None, bootstrap=50)
    assert not lone.elo_intervals and not lone.score_intervals
    assert lone.interval_text(lone.ratings[0]) == "-" and "±" not in lone.score_text(lone.ratings[0])
    assert (
        lone.missing_intervals(2)
        == "One deal only: no 95 % intervals, Elo or mean score; --games 4 or more plays two deals."
    )
    unboot = fit(a_poor_deal_and_a_rich_one(), anchor=None, bootstrap=0)
    assert not unboot.elo_intervals and unboot.score_intervals and "±" in unboot.score_text(unboot.ratings[0])
    assert unboot.missing_intervals(2) == "--bootstrap 0: no Elo intervals."
    a_loss = GameOutcome(8, 3, ["a", "b"], [20, 30], [1], 50, 0.0)  # deals that differ: a spread to measure
    measured = fit([*a_poor_deal_and_a_rich_one(), a_loss], anchor=None, bootstrap=20)
    assert measured.missing_intervals(2) is None and measured.interval_text(measured.ratings[0]).startswith(
        "["
    )
    args = ["ladder", "--agents", "random", "greedy", "-p", "2", "--games", "2", "--out", str(tmp_path)]
    shown = runner.invoke(app, normalise_argv([*args, "--bootstrap", "20"]))
    assert shown.exit_code == 0, shown.output
    said = " ".join(shown.output.split())
    assert "1 table," in said and "One deal only: no 95 % intervals" in said and "±" not in said
    data = json.loads((tmp_path / "ladder.json").read_text())
    assert all(
        r["low"] is None and r["high"] is None and r["score_half_width"] is None for r in data["ratings"]
    )
    page = (tmp_path / "ladder.md").read_text()
    assert (
        "| 1 | `greedy` | 280 | - | 2 | 2-0-0 | 100.0 % | " in page
        and "each table plays 1 deal of its own" in page
    )


def test_a_results_file_or_ratings_file_refused_names_its_option(tmp_path: Path) -> None:
    """A refused file was said by its path alone; the organiser reads which option named it."""
    base = ["-p", "2", "--games", "2", "--bootstrap", "0"]
    ladder = [*base, "--agents", "random", "greedy", "--out", str(tmp_path / "l")]
    assert runner.invoke(app, normalise_argv(["ladder", *ladder, "--seed", "5"])).exit_code == 0
    other_seed = runner.invoke(app, normalise_argv(["ladder", *ladder, "--seed", "6"]))
    said = " ".join(other_seed.output.split())
    assert other_seed.exit_code == 2 and "error: --out: " in said and "seed: 5 in the file, 6 asked" in said
    not_ratings = tmp_path / "notes.txt"
    not_ratings.write_text("notes\n", encoding="utf-8")
    refused = runner.invoke(
        app, normalise_argv(["ladder", *ladder, "--seed", "5", "--ratings", str(not_ratings)])
    )
    assert refused.exit_code == 2 and "error: --ratings: " in " ".join(refused.output.split())
    tournament = ["tournament", *base[:4], "--agents", "random", "greedy", "--out", str(not_ratings)]
    not_results = runner.invoke(app, normalise_argv(tournament))
    said = " ".join(not_results.output.split())
    assert not_results.exit_code == 2 and "error: --out: " in said and "not a tournament header" in said


def test_each_agent_s_won_drawn_lost_are_the_pairwise_results_of_the_fit(tmp_path: Path) -> None:
    """An organiser reads games won, drawn and lost (pairs in games of 3-4), not only a win share."""
    games = a_poor_deal_and_a_rich_one()  # "a" wins all 8
    games.append(GameOutcome(8, 3, ["b", "a"], [40, 40], [0, 1], 50, 0.0))  # level on everything
    games.append(GameOutcome(9, 3, ["a", "b", "c"], [30, 40, 40], [1, 2], 50, 0.0))
    rated = {r.agent: r for r in fit(games, anchor=None, bootstrap=0).ratings}
    assert (rated["a"].won, rated["a"].drawn, rated["a"].lost) == (8, 1, 2)
    assert rated["b"].record == "1-2-8" and rated["c"].record == "1-1-0"
    args = ["ladder", "--agents", "random", "greedy", "-p", "2", "--games", "4", "--bootstrap", "0"]
    shown = runner.invoke(app, normalise_argv([*args, "--out", str(tmp_path)]))
    assert shown.exit_code == 0, shown.output
    data = {r["agent"]: r for r in json.loads((tmp_path / "ladder.json").read_text())["ratings"]}
    record = {agent: f"{r['won']}-{r['drawn']}-{r['lost']}" for agent, r in data.items()}
    assert sum(r["won"] + r["drawn"] + r["lost"] for r in data.values()) == 2 * 4
    assert "W-D-L" in shown.output and f" {record['greedy']} " in shown.output
    assert "W-D-L: games won, drawn" in " ".join(shown.output.split())
    page = (tmp_path / "ladder.md").read_text()
    assert "| seats | games W-D-L | win share |" in page and f"| {record['greedy']} |" in page


def test_the_resumable_command_keeps_the_ray_cluster(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The page's command dropped --address: resuming from it started a Ray of this machine."""
    import kingdomino.cli.ladder as ladder_cli

    played = LadderConfig("kingdomino", 2, {}, ["random", "greedy"], 2, 1)
    games = play_ladder(open_tables(played, tmp_path / "games"))
    monkeypatch.setattr(ladder_cli, "play_ladder", lambda *args, **kwargs: games)
    args = ["ladder", "--agents", "random", "greedy", "-p", "2", "--games", "2", "--executor", "ray"]
    shown = runner.invoke(
        app, normalise_argv([*args, "--address", "head:6379", "--out", str(tmp_path / "l")])
    )
    assert shown.exit_code == 0, shown.output
    command = json.loads((tmp_path / "l" / "ladder.json").read_text())["command"]
    assert "--executor ray --address head:6379 " in command


def test_an_agent_listed_twice_is_rated_as_two_copies() -> None:
    # `greedy greedy random` was merged into one greedy: the self-play pair never played.
    config = LadderConfig("kingdomino", 2, {}, ["greedy", "greedy", "random"], games=2, seed=1)
    assert [table.agents for table in tables(config)] == [
        ["greedy", "greedy#2"],
        ["greedy", "random"],
        ["greedy#2", "random"],
    ]
    assert [table.agents for table in tables(replace(config, agents=["greedy", "greedy"]))] == [
        ["greedy", "greedy#2"]
    ]


def test_copies_of_an_agent_are_not_merged_into_a_ratings_file(tmp_path: Path) -> None:
    ratings = tmp_path / "ratings.json"
    args = ["ladder", "-p", "2", "--agents", "greedy", "random", "greedy", "--games", "2"]
    refused = runner.invoke(
        app, normalise_argv([*args, "--out", str(tmp_path / "out"), "--ratings", str(ratings)])
    )
    assert refused.exit_code == 2
    said = " ".join(refused.output.split())
    assert "--ratings: greedy is listed 2 times (rated as greedy, greedy#2)" in said
    assert not (tmp_path / "out").exists() and not ratings.exists()


def test_a_labelled_agent_is_shown_by_its_label_in_the_table_and_the_page(tmp_path: Path) -> None:
    """A plug-in's spec (``kingdomino.rl.sb3_agent:MaskablePPOAgent:path=...``) folded over many
    lines of the table and filled the page's columns; ``ppo=SPEC`` shows ``ppo``."""
    folder = tmp_path / "ladder"
    args = ["ladder", "--agents", "random", "mine=greedy", "-p", "2"]
    ran = runner.invoke(app, normalise_argv([*args, "--games", "2", "--out", str(folder)]))
    assert ran.exit_code == 0, ran.output
    assert "│ mine " in ran.output and "mine=" not in ran.output
    page = (folder / "ladder.md").read_text()
    assert "| `mine` |" in page and "| | `mine` | `random` |" in page
    written = {
        row["agent"]: row["label"] for row in json.loads((folder / "ladder.json").read_text())["ratings"]
    }
    assert written == {"mine=greedy": "mine", "random": "random"}  # the JSON keeps the spec, and the label
    twice = ["random", "a=greedy", "a=easy"]
    refused = runner.invoke(
        app, normalise_argv(["ladder", "--agents", *twice, "-p", "2", "--out", str(folder)])
    )
    assert refused.exit_code == 2 and "agents: the label 'a' names two agents" in refused.output
