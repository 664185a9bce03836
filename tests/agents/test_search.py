"""Search agents: best moves in constructed positions, reproducibility, legality everywhere."""

from __future__ import annotations

import random
import time

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.agents import AgentSpecError, make_agent
from kingdomino.agents.playouts import terminal_values
from kingdomino.agents.search import CLOCKS, Budget, SearchSettings
from kingdomino.arena.match import play_game, seat_agents
from kingdomino.core.game import State
from kingdomino.games.classic.state import PLACE, ClassicState
from kingdomino.games.registry import game_names


def last_round_position(seed: int) -> ClassicState:
    """Seat 0's last placement in a 2-player game played by greedy agents, where one
    placement beats every other by at least 3 points (the first such game from ``seed`` on)."""
    game = make_game("kingdomino", 2)
    for attempt in range(seed, seed + 200):
        rng = random.Random(attempt)
        greedy = make_agent("greedy", attempt)
        state = game.new_initial_state()
        assert isinstance(state, ClassicState)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if state.phase == PLACE and not state.next_row and state.current_player == 0:
                if best_margin(state) >= 3:
                    return state
                break
            state.apply(greedy.act(state))
    raise AssertionError("no game offers seat 0 a real last choice")


def final_scores(state: ClassicState) -> dict[int, int]:
    scores = {}
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        scores[action] = after.kingdoms[0].region_points()
    return scores


def best_margin(state: ClassicState) -> int:
    ordered = sorted(set(final_scores(state).values()), reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else 0


def best_final_placements(state: ClassicState) -> tuple[set[int], set[int]]:
    """Placements of seat 0 that give its best final score, and all others."""
    scores = final_scores(state)
    best = max(scores.values())
    return {a for a, s in scores.items() if s == best}, {a for a, s in scores.items() if s < best}


@pytest.mark.parametrize(
    "spec", ["mce:iterations=300", "mcts:iterations=300", "mce:iterations=300,workers=2"]
)
@pytest.mark.parametrize("seed", [3, 11])
def test_search_finds_the_best_last_placement(spec: str, seed: int) -> None:
    state = last_round_position(seed)
    best, worse = best_final_placements(state)
    assert worse, "the position must offer a real choice"
    action = make_agent(spec + ",prune=0", seed).act(state)
    assert action in best


@pytest.mark.parametrize("spec", ["mce:iterations=60", "mcts:iterations=60", "mce:iterations=60,workers=3"])
def test_same_seed_and_iterations_give_identical_analyses(spec: str) -> None:
    state = last_round_position(3)
    first = make_agent(spec, 7).analyse(state)
    second = make_agent(spec, 7).analyse(state)
    assert first == second
    assert sum(c.visits for c in first) == 60


def test_analysis_ranks_candidates_with_visits() -> None:
    state = last_round_position(3)
    ranked = make_agent("mcts:iterations=200", 1).analyse(state)
    assert [c.visits for c in ranked] == sorted((c.visits for c in ranked), reverse=True)
    assert all(state.illegal_reason(c.action) is None for c in ranked)


@pytest.mark.parametrize("kind", ["mce", "mcts"])
def test_a_kept_action_is_searched_though_pruning_leaves_it_out(kind: str) -> None:
    state = last_round_position(3)
    gains = sorted(state.score_gains(), key=lambda pair: pair[1])
    worst = gains[0][0]
    assert gains[0][1] < gains[-2][1]  # the two best by prior leave it out
    spec = f"{kind}:iterations=40,prune=2"
    assert worst not in [c.action for c in make_agent(spec, 1).analyse(state)]
    kept = make_agent(spec, 1).analyse(state, keep=worst)
    assert worst in [c.action for c in kept] and len(kept) == 3


def random_decision_states(
    game_name: str, options: dict[str, object], players: int, count: int, share: float = 0.3
) -> list[State]:
    """``count`` decision states of random games, each decision kept with probability ``share``
    (a small share spreads them over more games)."""
    game = make_game(game_name, players, options)  # type: ignore[arg-type]
    rng = random.Random(99)
    states: list[State] = []
    while len(states) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            if rng.random() < share:
                states.append(state.clone())
            legal = state.legal_actions()
            state.apply_unchecked(legal[int(rng.random() * len(legal))])
    return states[:count]


CONFIGURATIONS = [
    ("kingdomino", {}, 4),
    ("kingdomino", {"mighty_duel": True, "dynasty": True}, 2),
    ("kingdomino", {"middle_kingdom": True, "harmony": True}, 3),
    ("duel", {}, 2),
    ("origins", {"mode": "discovery"}, 4),
    ("origins", {"mode": "totem"}, 3),
    ("origins", {"mode": "tribe"}, 2),
]


@pytest.mark.parametrize(("game_name", "options", "players"), CONFIGURATIONS)
def test_search_agents_never_return_an_illegal_action(
    game_name: str, options: dict[str, object], players: int
) -> None:
    if game_name not in game_names():
        pytest.skip(f"{game_name} is not registered")
    # Decisions of every phase, spread over several games.
    states = random_decision_states(game_name, options, players, 60, share=0.08)
    agents = [
        make_agent("mcts:iterations=3,playout=random", 1),
        make_agent("mce:iterations=3,playout=random", 2),
        make_agent("mce:iterations=2,playout=heuristic-greedy,prior=heuristic", 5),
        make_agent("greedy", 3),
        make_agent("heuristic", 6),
        make_agent("easy", 4),
    ]
    for index, state in enumerate(states):
        for agent in agents:
            before = state.view(None)
            action = agent.act(state)
            assert state.illegal_reason(action) is None, (index, agent.name, state.action_text(action))
            assert state.view(None) == before, "an agent must not change the state it analyses"


def test_terminal_values_mix_win_share_and_margin() -> None:
    state = last_round_position(3)
    rng = random.Random(1)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(state.legal_actions()[0])
    scores = state.scores()
    values = terminal_values(state, 0.0, 30.0)
    assert values == state.returns()
    margin_only = terminal_values(state, 1.0, 30.0)
    for seat in range(2):
        expected = min(1.0, max(0.0, 0.5 + (scores[seat] - scores[1 - seat]) / 60.0))
        assert margin_only[seat] == pytest.approx(expected)


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:time=0",
        "mcts:iterations=0",
        "mcts:playout=smart",
        "mce:depth=x",
        "mcts:c=x",
        "greedy:epsilon=2",
        "mce:prior=best",
        "heuristic:depth=2",
        "hard:time=1",
        "mce:workers=0",
        "mcts:workers=2",
        "mce:clock=moon",
    ],
)
def test_bad_agent_specs_are_refused_with_the_field(spec: str) -> None:
    with pytest.raises(AgentSpecError) as error:
        make_agent(spec, 1)
    assert spec.split(":")[0] in str(error.value)


def test_parallel_flat_search_shares_the_iterations_between_its_processes() -> None:
    """With an iteration budget a parallel search is reproducible and plays exactly that many
    playouts in all, even fewer than its processes or candidates."""
    state = last_round_position(11)
    for iterations in (2, 5, 61):
        spec = f"mce:iterations={iterations},workers=3,prune=0"
        first = make_agent(spec, 5).analyse(state)
        assert first == make_agent(spec, 5).analyse(state)
        assert sum(c.visits for c in first) == iterations
        assert {c.action for c in first} == set(state.legal_actions())


def test_a_search_on_the_cpu_clock_is_not_spent_by_time_it_does_not_run() -> None:
    """``clock=cpu`` counts the searching process's CPU seconds: time the process spends waiting
    (another program running meanwhile) does not end its search, as it ends one on the wall."""
    # Half a CPU second cannot be spent in a tenth of a second on the wall, whatever else runs.
    wall, cpu = Budget(None, 0.05, CLOCKS["wall"]), Budget(None, 0.5, CLOCKS["cpu"])
    time.sleep(0.1)
    assert not wall.spend()
    assert cpu.spend()
    settings = SearchSettings.from_params("mce", {"time": "0.05", "clock": "cpu"})
    assert settings.clock == "cpu" and Budget.of(settings).clock is time.process_time
    # The wall clock stays the safety net of an iteration budget, for whoever waits for the move.
    capped = SearchSettings.from_params("mce", {"iterations": "9", "cap": "1", "clock": "cpu"})
    assert Budget.of(capped).clock is time.perf_counter
    state = last_round_position(11)
    for spec in ("mce:time=0.05,clock=cpu", "mce:time=0.05,clock=cpu,workers=2", "mcts:time=0.05,clock=cpu"):
        candidates = make_agent(spec, 3).analyse(state)
        assert sum(c.visits for c in candidates) > 0, spec


def test_levels_are_named_agents() -> None:
    for level in ("easy", "medium", "hard"):
        assert make_agent(level, 1).name == level


@pytest.mark.slow
def test_the_heuristic_one_ply_player_beats_greedy_in_kingdomino() -> None:
    """The engine's look-ahead terms are worth having: one ply on them beats three ``greedy``."""
    game = make_game("kingdomino", 4)
    shares = []
    for index in range(200):
        me = index % 4
        specs = ["heuristic" if seat == me else "greedy" for seat in range(4)]
        state, _ = play_game(game, seat_agents(specs, index), index)
        shares.append(state.returns()[me])
    # an even share is 0.25; about 0.44 is measured over 2,000 games
    assert sum(shares) / len(shares) > 0.33


def test_the_outlook_prior_ranks_the_root_by_the_games_outlook() -> None:
    """``prior=outlook`` searches the moves the game's one-ply outlook ranks best: in Duel its
    spellbook outlook (not the immediate gains), elsewhere the engine's heuristic."""
    rng = random.Random(4)
    for name in ("duel", "kingdomino"):
        state = make_game(name, 2).new_initial_state()
        for _ in range(30):
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            agent = make_agent("mce:iterations=4,prior=outlook,prune=3", 1)
            actions, _ = agent.candidates(state)  # type: ignore[attr-defined]
            best = max(gain for _, gain in state.best_estimates())
            assert dict(state.best_estimates())[actions[0]] == best
            if name == "kingdomino":
                assert state.best_estimates() == state.fast_estimates()
            state.apply(rng.choice(state.legal_actions()))
