"""Named levels for people: ``easy``, ``medium``, ``hard``.

Each level is an agent spec; the table below is what each one is. Their
strength against ``greedy`` is measured by ``bench/bench_levels.py`` and
given in the README.

>>> LEVELS["hard"]
'mce:time=1.5,playout=player-heuristic,prior=heuristic,scale=80,prune=12'
"""

from __future__ import annotations

from kingdomino.agents.base import Agent, AgentFactory, AgentSpecError, make_agent, register_agent

LEVELS: dict[str, str] = {
    # greedy, but a random legal move one time in three: beatable by a beginner
    "easy": "greedy:epsilon=0.33",
    # information-set MCTS over the 8 best moves, 0.3 s per move
    "medium": "mcts:time=0.3,playout=player-greedy,prune=8",
    # flat Monte Carlo evaluation guided by the engine's heuristic (the strongest agent measured),
    # 1.5 s per move: answers within 2 s
    "hard": "mce:time=1.5,playout=player-heuristic,prior=heuristic,scale=80,prune=12",
}


def _level(name: str) -> AgentFactory:
    def make(params: dict[str, str], seed: int | None) -> Agent:
        if params:
            raise AgentSpecError(f"agent {name!r} is a level and takes no parameters; use {LEVELS[name]!r}")
        agent = make_agent(LEVELS[name], seed)
        agent.name = name
        return agent

    return make


for _name in LEVELS:
    register_agent(_name, _level(_name))
