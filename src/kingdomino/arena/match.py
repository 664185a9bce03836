"""Play one game between agents, producing its record.

>>> from kingdomino import make_game
>>> from kingdomino.agents import make_agent
>>> game = make_game("kingdomino", 2)
>>> state, record = play_game(game, [make_agent("greedy", 1), make_agent("random", 2)], seed=3)
>>> state.is_terminal(), len(record.actions) > 24
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kingdomino.agents import Agent, make_agent
from kingdomino.core.game import CHANCE, Game, State
from kingdomino.core.records import GameRecord, final_result
from kingdomino.core.seeds import ChanceSampler, derive_seed

Observer = Callable[[State, int], None]


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    observer: Observer | None = None,
    names: Sequence[str] | None = None,
) -> tuple[State, GameRecord]:
    """Play to the end; ``observer(state, action)`` is called before each action is applied."""
    if len(agents) != game.num_players:
        raise ValueError(f"agents: {game.describe()} needs {game.num_players} agents, got {len(agents)}")
    sampler = ChanceSampler(seed)
    state = game.new_initial_state()
    actions: list[str] = []
    while not state.is_terminal():
        player = state.current_player
        action = sampler.sample(state) if player == CHANCE else agents[player].act(state)
        if observer is not None:
            observer(state, action)
        actions.append(game.action_text(action))
        state.apply_unchecked(action)
    record = GameRecord(
        game.name,
        list(names or [agent.name for agent in agents]),
        dict(game.options),
        seed,
        actions,
        final_result(state),
    )
    return state, record


def seat_agents(specs: Sequence[str], seed: int) -> list[Agent]:
    """One agent per seat from specs, each seeded from the game seed and its seat."""
    return [make_agent(spec, derive_seed(seed, "seat", seat)) for seat, spec in enumerate(specs)]
