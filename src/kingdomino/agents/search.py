"""Search agents: flat Monte Carlo evaluation (``mce``) and information-set MCTS (``mcts``).

Both work on every game through the protocol only. Chance is lazy in every
engine, so a fresh sample of every chance node in each iteration *is* a fresh
determinization of what the searching seat cannot see (the draw pile, the
face-down cavemen, future dice): the search is consistent with the
observation by construction.

Parameters (``kind:key=value,...``):

===============  ========================================================  ==============
key              meaning                                                   default
===============  ========================================================  ==============
``time``         seconds per move                                          1.0
``clock``        what ``time`` counts: ``wall`` (the clock on the wall),   wall
                 or ``cpu`` (the searching process's CPU time: the same
                 search on a busy machine, only later)
``iterations``   playouts per move (reproducible; overrides ``time``)      none
``cap``          with ``iterations``: seconds after which the search stops none
                 anyway (a safety net on an overloaded machine)
``playout``      a name in ``playouts.POLICIES``, e.g. ``player-heuristic``    player-greedy
``prune``        keep only the best N actions by prior (0: all)            12
``prior``        ``gain`` (immediate), ``heuristic`` (engine look-ahead)  gain
                 or ``outlook`` (the game's one-ply outlook; see ``PRIORS``)
``c``            exploration constant of UCB                               0.4
``bias``         progressive bias weight of the immediate gain (mcts)      1.0
``margin``       weight of the score margin in a playout's value           0.6
``scale``        score margin that counts as a sure win                    30
``workers``      processes sharing a move's playouts (``mce``: each runs   1
                 its own UCB over the candidates, their sums are merged)
``depth``        decisions a playout plays before the game's outlook       0
                 values the position (``State.expected_leads``; 0, or a
                 game without one: play to the end)
``late``         a playout policy for the game's last rounds (with         none
                 ``late_rounds``), e.g. ``full-greedy``
``late_rounds`` from when at most this many rounds are still to be dealt  0
                 (``State.rounds_to_deal``), playouts use ``late``
===============  ========================================================  ==============

``late=full-greedy,late_rounds=6``: over the last six rounds the playouts play every seat
as the paper's full greedy, the searching seat included; against full greedy opponents
this models the table as it is (``docs/strength.md``). A full greedy playout costs some
30 times a heuristic one, so with ``time`` the last rounds are searched with fewer playouts.

>>> from kingdomino import make_game
>>> from kingdomino.agents import make_agent
>>> agent = make_agent("mcts:iterations=40", seed=1)
>>> state = make_game("kingdomino", 2).new_initial_state()
>>> while state.is_chance():
...     state.apply(state.sample_chance(agent.rng))
>>> state.illegal_reason(agent.act(state)) is None
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from kingdomino.agents import progress
from kingdomino.agents.base import Agent, AgentSpecError, Candidate
from kingdomino.agents.playouts import POLICIES, playout_values
from kingdomino.core.game import CHANCE, State
from kingdomino.workers import shared_pool

#: How a search ranks the actions at its root (``prune`` keeps the best of them): the points each
#: scores now, the engine's fast estimates (what playouts use too), or its best (slower, stronger).
PRIORS: dict[str, Callable[[State], list[tuple[int, float]]]] = {
    "gain": lambda state: state.score_gains(),
    "heuristic": lambda state: state.fast_estimates(),
    "outlook": lambda state: state.best_estimates(),
}


@dataclass(frozen=True)
class SearchSettings:
    time: float = 1.0
    clock: str = "wall"
    iterations: int | None = None
    cap: float | None = None
    playout: str = "player-greedy"
    prune: int = 12
    prior: str = "gain"
    c: float = 0.4
    bias: float = 1.0
    margin: float = 0.6
    scale: float = 30.0
    workers: int = 1
    depth: int = 0
    late: str | None = None
    late_rounds: int = 0
    #: How a cut playout's position is valued: each seat's expected lead, or ``None`` to play
    #: on. ``None`` here: the game's own outlook (``State.expected_leads``). Not a spec parameter:
    #: an experiment sets it in code (e.g. a learned evaluation, ``bench/value_net.py``).
    leads: Callable[[State], list[float] | None] | None = field(default=None, compare=False)

    @classmethod
    def from_params(cls, kind: str, params: dict[str, str]) -> SearchSettings:
        known = {
            "time",
            "clock",
            "iterations",
            "cap",
            "playout",
            "prune",
            "prior",
            "c",
            "bias",
            "margin",
            "scale",
            "workers",
            "depth",
            "late",
            "late_rounds",
        }
        unknown = set(params) - known
        if unknown:
            raise AgentSpecError(
                f"agent {kind!r}: unknown parameter(s) {', '.join(sorted(unknown))}; "
                f"expected {', '.join(sorted(known))}"
            )

        def number(key: str, default: float, low: float) -> float:
            if key not in params:
                return default
            try:
                value = float(params[key])
            except ValueError:
                raise AgentSpecError(f"agent {kind!r}: {key} must be a number, got {params[key]!r}") from None
            if not value >= low:
                raise AgentSpecError(f"agent {kind!r}: {key} must be at least {low}, got {value}")
            return value

        playout_policy = params.get("playout", cls.playout)
        if playout_policy not in POLICIES:
            raise AgentSpecError(f"agent {kind!r}: playout must be one of {', '.join(POLICIES)}")
        prior = params.get("prior", cls.prior)
        if prior not in PRIORS:
            raise AgentSpecError(f"agent {kind!r}: prior must be one of {', '.join(PRIORS)}, got {prior!r}")
        clock = params.get("clock", cls.clock)
        if clock not in CLOCKS:
            raise AgentSpecError(f"agent {kind!r}: clock must be one of {', '.join(CLOCKS)}, got {clock!r}")
        iterations = params.get("iterations")
        if iterations is not None and (not iterations.isdigit() or int(iterations) < 1):
            raise AgentSpecError(
                f"agent {kind!r}: iterations must be a whole number >= 1, got {iterations!r}"
            )
        prune = params.get("prune", str(cls.prune))
        if not prune.isdigit():
            raise AgentSpecError(f"agent {kind!r}: prune must be a whole number >= 0, got {prune!r}")
        workers = params.get("workers", str(cls.workers))
        if not workers.isdigit() or int(workers) < 1:
            raise AgentSpecError(f"agent {kind!r}: workers must be a whole number >= 1, got {workers!r}")
        depth = params.get("depth", str(cls.depth))
        if not depth.isdigit():
            raise AgentSpecError(f"agent {kind!r}: depth must be a whole number >= 0, got {depth!r}")
        late = params.get("late")
        if late is not None and late not in POLICIES:
            raise AgentSpecError(f"agent {kind!r}: late must be one of {', '.join(POLICIES)}, got {late!r}")
        late_rounds = params.get("late_rounds", str(cls.late_rounds))
        if not late_rounds.isdigit():
            raise AgentSpecError(
                f"agent {kind!r}: late_rounds must be a whole number >= 0, got {late_rounds!r}"
            )
        if (late is None) != (int(late_rounds) == 0):
            raise AgentSpecError(
                f"agent {kind!r}: late and late_rounds go together (a policy, and a number of rounds >= 1)"
            )
        if kind != "mce" and int(workers) > 1:
            raise AgentSpecError(f"agent {kind!r}: workers is for mce (flat Monte Carlo) only")
        return cls(
            time=number("time", cls.time, 0.001),
            clock=clock,
            iterations=int(iterations) if iterations is not None else None,
            cap=number("cap", 0.0, 0.001) if "cap" in params else None,
            playout=playout_policy,
            prune=int(prune),
            prior=prior,
            c=number("c", cls.c, 0.0),
            bias=number("bias", cls.bias, 0.0),
            margin=number("margin", cls.margin, 0.0),
            scale=number("scale", cls.scale, 1.0),
            workers=int(workers),
            depth=int(depth),
            late=late,
            late_rounds=int(late_rounds),
        )


#: What a search's ``time`` counts (``SearchSettings.clock``): seconds on the wall, or the CPU
#: seconds of the searching process. On a machine other work shares, a search timed by the CPU
#: plays as many playouts as on an idle one: thinking-time comparisons stay fair under load.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


class Budget:
    """Stops a search after a number of iterations, or else after ``seconds`` on ``clock``.

    With an iteration budget, ``seconds`` (if given) is only a safety net: a search that is
    that late stops early, so an overloaded machine answers late by at most that much (a
    net on the wall clock: it is there for whoever waits for the move).

    >>> Budget(None, 0.5, time.process_time).spend()  # half a CPU second: not spent yet
    True
    """

    def __init__(
        self, iterations: int | None, seconds: float | None, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.iterations = iterations
        self.clock = clock
        self.seconds = seconds
        self.start = clock()
        self.deadline = None if seconds is None else self.start + seconds
        self.used = 0
        #: Who follows this search (``agents.progress``): told the fraction spent after each iteration.
        self.report = progress.current()

    @classmethod
    def of(
        cls, settings: SearchSettings, iterations: int | None = None, seconds: float | None = None
    ) -> Budget:
        """The budget of a search with ``settings``: its iterations (and wall-clock cap), or else
        its time on its clock; ``iterations`` and ``seconds`` (a parallel search's share of them)
        replace the settings' own."""
        if iterations is None:
            iterations = settings.iterations
        if iterations is not None:
            return cls(iterations, settings.cap)
        return cls(None, settings.time if seconds is None else seconds, CLOCKS[settings.clock])

    def spend(self) -> bool:
        """Count one iteration; whether another one may start."""
        self.used += 1
        now = self.clock() if self.deadline is not None else 0.0
        if self.report is not None:
            self.report(self.fraction(now))
        if self.deadline is not None and now >= self.deadline:
            return False
        return self.iterations is None or self.used < self.iterations

    def fraction(self, now: float) -> float:
        """How much of the budget is spent at ``now`` (on its clock): its iterations done, or
        else its seconds gone, up to 1."""
        if self.iterations is not None:
            return min(1.0, self.used / self.iterations)
        if self.seconds is None:
            return 0.0
        return min(1.0, (now - self.start) / self.seconds)


class SearchAgent(Agent):
    """Shared parts: settings, candidate pruning, and ``act`` from ``analyse``."""

    def __init__(self, settings: SearchSettings, seed: int | None = None) -> None:
        super().__init__(seed)
        self.settings = settings
        #: Iterations (playouts) the last ``act`` searched: the budget, unless the cap stopped it.
        self.last_iterations = 0

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        ranked = self.analyse(state)
        self.last_iterations = sum(candidate.visits for candidate in ranked)
        return ranked[0].action

    def candidates(self, state: State, keep: int | None = None) -> tuple[list[int], dict[int, float]]:
        """The actions worth searching (best prior gains, and ``keep``) and each one's normalised prior."""
        gains = PRIORS[self.settings.prior](state)
        if not gains:
            legal = state.legal_actions()
            return legal, dict.fromkeys(legal, 0.0)
        self.rng.shuffle(gains)
        gains.sort(key=lambda pair: -pair[1])
        if self.settings.prune:
            kept = [pair for pair in gains if pair[0] == keep]
            gains = gains[: self.settings.prune]
            if kept and kept[0] not in gains:
                gains.append(kept[0])
        low, high = gains[-1][1], gains[0][1]
        spread = high - low or 1.0
        return [a for a, _ in gains], {a: (g - low) / spread for a, g in gains}

    def settings_at(self, state: State) -> SearchSettings:
        """The settings of a search from ``state``: the ``late`` playouts once at most
        ``late_rounds`` rounds are still to be dealt."""
        settings = self.settings
        if settings.late is None:
            return settings
        rounds = state.rounds_to_deal()
        if rounds is None or rounds > settings.late_rounds:
            return settings
        return replace(settings, playout=settings.late)

    def values_after(
        self, state: State, me: int, settings: SearchSettings, rng: random.Random
    ) -> list[float]:
        return playout_values(
            state,
            me,
            settings.playout,
            rng,
            settings.depth,
            settings.margin,
            settings.scale,
            settings.leads,
        )


class FlatMonteCarloAgent(SearchAgent):
    """Flat Monte Carlo evaluation: playouts after each candidate, shared out by UCB1.

    Common random numbers: the n-th playout of every candidate draws from the same
    random stream, so candidates are compared on the same futures as far as possible.
    With ``workers=N`` the move's playouts are shared by N processes (this one and N - 1
    of a pool kept for the process): each runs its own UCB over the same candidates with
    its own streams for the same time (or its share of the iterations), and their sums of
    values and visits are added up (root parallelisation).
    """

    name = "mce"

    def analyse(self, state: State, keep: int | None = None) -> list[Candidate]:
        actions, _ = self.candidates(state, keep)
        if len(actions) == 1:
            return [Candidate(actions[0], 0.0, 0)]
        settings = self.settings_at(state)
        if settings.workers == 1:
            totals, visits = flat_search(
                state, actions, settings, self.rng, settings.iterations, settings.time
            )
        else:
            totals, visits = self._parallel_search(state, actions, settings)
        ranked = [
            Candidate(a, totals[i] / visits[i] if visits[i] else 0.0, visits[i])
            for i, a in enumerate(actions)
        ]
        ranked.sort(key=lambda cand: (-cand.value, -cand.visits))
        return ranked

    def _parallel_search(
        self, state: State, actions: list[int], settings: SearchSettings
    ) -> tuple[list[float], list[int]]:
        clock = CLOCKS[settings.clock]
        start = clock()
        parts = settings.workers
        if settings.iterations is None:
            shares: list[int | None] = [None] * parts
        else:
            base, extra = divmod(settings.iterations, parts)
            shares = [base + (1 if part < extra else 0) for part in range(parts)]
        seeds = [self.rng.getrandbits(64) for _ in range(parts - 1)]
        # The helpers start later and answer through a pipe: they stop a little earlier. (On the
        # CPU clock each counts its own process's time, which starts with its share.)
        seconds = settings.time - (clock() - start) - HANDOVER_SECONDS
        pool = shared_pool(parts - 1)
        futures = [
            pool.submit(flat_search_part, state, actions, settings, seed, share, seconds)
            for seed, share in zip(seeds, shares[1:])
            if share != 0
        ]
        totals, visits = [0.0] * len(actions), [0] * len(actions)
        if shares[0] != 0:
            totals, visits = flat_search(state, actions, settings, self.rng, shares[0], settings.time)
        for future in futures:
            part_totals, part_visits = future.result()
            totals = [a + b for a, b in zip(totals, part_totals)]
            visits = [a + b for a, b in zip(visits, part_visits)]
        return totals, visits


#: Seconds a helper process of a parallel ``mce`` leaves for handing its sums back.
HANDOVER_SECONDS = 0.01


def flat_search(
    state: State,
    actions: list[int],
    settings: SearchSettings,
    rng: random.Random,
    iterations: int | None,
    seconds: float,
) -> tuple[list[float], list[int]]:
    """UCB1 over ``actions`` with a playout per iteration: each action's sum of values and visits.

    The n-th playout of every action uses the n-th stream drawn from ``rng`` (common random
    numbers); the search stops after ``iterations`` playouts, or else after ``seconds`` on the
    settings' clock.
    """
    me = state.current_player
    totals = [0.0] * len(actions)
    visits = [0] * len(actions)
    budget = Budget.of(settings, iterations, seconds)
    c = settings.c
    streams: list[int] = []  # the n-th playout of every candidate shares stream n
    while True:
        played = budget.used
        if played < len(actions):
            pick = played
        else:
            log_n = math.log(played)
            pick = max(
                range(len(actions)),
                key=lambda i: totals[i] / visits[i] + c * math.sqrt(log_n / visits[i]),
            )
        after = state.clone()
        after.apply_unchecked(actions[pick])
        while len(streams) <= visits[pick]:
            streams.append(rng.getrandbits(64))
        stream = random.Random(streams[visits[pick]])
        values = playout_values(
            after,
            me,
            settings.playout,
            stream,
            settings.depth,
            settings.margin,
            settings.scale,
            settings.leads,
        )
        totals[pick] += values[me]
        visits[pick] += 1
        if not budget.spend():
            break
    return totals, visits


def flat_search_part(
    state: State,
    actions: list[int],
    settings: SearchSettings,
    seed: int,
    iterations: int | None,
    seconds: float,
) -> tuple[list[float], list[int]]:
    """:func:`flat_search` in a helper process, with its own generator."""
    return flat_search(state, actions, settings, random.Random(seed), iterations, seconds)


class Node:
    """A tree node reached by an action of ``player``; statistics from that player's view."""

    __slots__ = ("available", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


class InformationSetMCTSAgent(SearchAgent):
    """Single-observer information-set MCTS (open loop over chance) with max^n values.

    Every iteration samples chance afresh, walks the tree by UCB restricted to the
    actions legal in that sample (counting availability), expands one action,
    plays out and backs up each seat's value to the nodes that seat chose.
    """

    name = "mcts"

    def analyse(self, state: State, keep: int | None = None) -> list[Candidate]:
        me = state.current_player
        actions, prior = self.candidates(state, keep)
        if len(actions) == 1:
            return [Candidate(actions[0], 0.0, 0)]
        root = Node(CHANCE)
        settings = self.settings_at(state)
        budget = Budget.of(settings)
        c, bias = settings.c, settings.bias
        rng = self.rng
        while True:
            current = state.clone()
            node = root
            path: list[Node] = []
            legal = actions
            while True:
                for action in legal:
                    child = node.children.get(action)
                    if child is not None:
                        child.available += 1
                fresh = [a for a in legal if a not in node.children]
                player = current.current_player
                if fresh:
                    action = fresh[0] if node is root else fresh[int(rng.random() * len(fresh))]
                    child = node.children[action] = Node(player)
                    child.available = 1
                    current.apply_unchecked(action)
                    path.append(child)
                    break
                best_child, best_score = None, -math.inf
                for action in legal:
                    child = node.children[action]
                    score = child.total / child.visits + c * math.sqrt(
                        math.log(child.available) / child.visits
                    )
                    if node is root:
                        score += bias * prior[action] / (child.visits + 1)
                    if score > best_score:
                        best_child, best_score, chosen = child, score, action
                assert best_child is not None
                current.apply_unchecked(chosen)
                node = best_child
                path.append(node)
                while current.current_player == CHANCE:
                    current.apply_unchecked(current.sample_chance(rng))
                if current.current_player < 0:
                    break
                legal = current.legal_actions()
            values = self.values_after(current, me, settings, rng)
            for visited in path:
                visited.visits += 1
                visited.total += values[visited.player]
            if not budget.spend():
                break
        ranked = [
            Candidate(a, child.total / child.visits if child.visits else 0.0, child.visits)
            for a, child in root.children.items()
        ]
        ranked.sort(key=lambda cand: (-cand.visits, -cand.value))
        return ranked


def make_mce(params: dict[str, str], seed: int | None) -> Agent:
    """The ``mce`` kind: flat Monte Carlo evaluation with the spec's settings."""
    return FlatMonteCarloAgent(SearchSettings.from_params("mce", params), seed)


def make_mcts(params: dict[str, str], seed: int | None) -> Agent:
    """The ``mcts`` kind: information-set MCTS with the spec's settings."""
    return InformationSetMCTSAgent(SearchSettings.from_params("mcts", params), seed)
