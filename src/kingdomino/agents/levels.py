"""Named levels for people: ``easy``, ``medium``, ``hard``.

A level is a search with a fixed budget of iterations per move, set per game so that it
answers within its time on one core of the project's 2-core machine (``hard`` within 2 s
on the first, slowest moves). A fixed budget makes a level the same player on an idle or a
loaded server, and its move reproducible from its seed; the time ``cap`` is only a safety
net for an overloaded machine. ``bench/bench_level_budgets.py`` measures the seconds and
iterations per move; ``bench/bench_levels.py`` their strength against ``greedy``.

>>> level_spec("hard", "duel")
'mce:iterations=480,cap=4,playout=player-heuristic,prior=heuristic,scale=80,prune=12,depth=8'
>>> level_spec("medium", "origins", mode="tribe")
'mcts:iterations=60,cap=1,playout=player-greedy,prune=8'
"""

from __future__ import annotations

from typing import Literal, get_args

from kingdomino.agents.base import Agent, AgentFactory, AgentSpecError, Candidate, parse_agent_spec
from kingdomino.agents.greedy import make_greedy
from kingdomino.agents.search import make_mce, make_mcts
from kingdomino.core.game import State

#: The level of an AI seat in the browser app, weakest first: ``random``, ``easy`` (``greedy``
#: with a random move one time in three), ``greedy``, then the search levels of ``LEVELS``.
SeatLevel = Literal["random", "easy", "greedy", "medium", "hard"]
#: The seat levels, in order (the app's ``/api/meta`` lists them for the page).
SEAT_LEVELS: tuple[str, ...] = get_args(SeatLevel)

#: Each level's agent; ``{iterations}`` is the level's budget for the game (``BUDGETS``).
LEVELS: dict[str, str] = {
    # greedy, but a random legal move one time in three: beatable by a beginner
    "easy": "greedy:epsilon=0.33",
    # information-set MCTS over the 8 best moves, about 0.3 s per move
    "medium": "mcts:iterations={iterations},cap=1,playout=player-greedy,prune=8",
    # flat Monte Carlo evaluation guided by the engine's heuristic (the strongest agent measured),
    # its budgets calibrated at 1.5 s per move on the first moves (today's times: docs/server/ai.md)
    "hard": "mce:iterations={iterations},cap=4,playout=player-heuristic,prior=heuristic,scale=80,prune=12",
}

#: Iterations per move of each search level, per game and Origins mode, calibrated on the
#: slowest configuration (4 players) from the iterations a time budget reached on the first
#: moves (``bench/bench_level_budgets.py --time``).
BUDGETS: dict[str, dict[str, int]] = {
    "medium": {
        "kingdomino": 110,
        "duel": 45,
        "origins/discovery": 110,
        "origins/totem": 85,
        "origins/tribe": 60,
    },
    "hard": {
        "kingdomino": 700,
        # with TUNING's cut playouts, from whole games: 0.71 s per move on average, 1.83 s at most
        "duel": 480,
        "origins/discovery": 500,
        "origins/totem": 380,
        "origins/tribe": 160,
    },
}


#: Parameters a level adds in one game (or Origins mode), each kept for a gain measured there
#: (``docs/strength.md``). Duel: playouts stop after 8 decisions and the outlook values the
#: position (``depth``), which also makes a playout several times cheaper.
TUNING: dict[str, dict[str, str]] = {
    "hard": {"duel": "depth=8"},
}

#: The kinds a level's spec may name. Built here, not through :mod:`.registry` (which lists
#: the levels themselves), so the agent kinds depend on each other in one direction only.
LEVEL_KINDS: dict[str, AgentFactory] = {"greedy": make_greedy, "mce": make_mce, "mcts": make_mcts}


def level_spec(level: str, game: str, mode: str | None = None) -> str:
    """The agent spec that ``level`` plays ``game`` (in Origins, its ``mode``) with."""
    if level not in LEVELS:
        raise AgentSpecError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
    spec = LEVELS[level]
    if "{iterations}" not in spec:
        return spec
    key = f"{game}/{mode}" if mode else game
    budgets = BUDGETS[level]
    if key not in budgets:
        raise AgentSpecError(f"level {level!r} has no budget for {key!r}")
    spec = spec.format(iterations=budgets[key])
    extra = TUNING.get(level, {}).get(key)
    return f"{spec},{extra}" if extra else spec


def game_mode(state: State) -> str | None:
    """The mode a state's game is played in (Origins), else None."""
    mode = state.game.options.get("mode")
    return mode if isinstance(mode, str) else None


class LevelAgent(Agent):
    """A level: plays each game with that game's budget (the agent is made for the first state)."""

    def __init__(self, level: str, seed: int | None) -> None:
        super().__init__(seed)
        self.name = level
        self.seed = seed
        self.inner: dict[str, Agent] = {}
        #: Iterations the last ``act`` searched (0 for a level that does not search).
        self.last_iterations = 0

    def agent_for(self, state: State) -> Agent:
        game, mode = state.game.name, game_mode(state)
        agent = self.inner.get(f"{game}/{mode}")
        if agent is None:
            kind, params = parse_agent_spec(level_spec(self.name, game, mode))
            agent = self.inner[f"{game}/{mode}"] = LEVEL_KINDS[kind](params, self.seed)
        return agent

    def act(self, state: State) -> int:
        agent = self.agent_for(state)
        action = agent.act(state)
        self.last_iterations = int(getattr(agent, "last_iterations", 0))
        return action

    def analyse(self, state: State, keep: int | None = None) -> list[Candidate]:
        return self.agent_for(state).analyse(state, keep)


def level_factory(name: str) -> AgentFactory:
    """The factory of level ``name`` (a kind of its own, with no parameters)."""

    def make(params: dict[str, str], seed: int | None) -> Agent:
        if params:
            kind = LEVELS[name].split(":", 1)[0]
            raise AgentSpecError(
                f"agent {name!r} is a level and takes no parameters (its budget is set per game, "
                f"e.g. {level_spec(name, 'kingdomino')!r}); to choose them, use the kind {kind!r}"
            )
        return LevelAgent(name, seed)

    return make
