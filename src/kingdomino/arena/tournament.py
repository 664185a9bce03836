"""Tournaments: many games with seats rotated fairly, results streamed to JSONL, honest tables.

Game ``i`` plays deal ``i // players`` (its seed is ``seed + i // players``) with
the agent list rotated by ``i % players``, so every agent meets the same deals
from every seat. Each game is a pure function of the configuration and its
index (:func:`play_tournament_game`), so any executor, local or Ray, gives the
same per-game results for agents with an iteration budget.

>>> config = TournamentConfig("kingdomino", 2, {}, ["greedy", "random"], games=4, seed=1)
>>> [seating(config, i) for i in range(3)]
[['greedy', 'random'], ['random', 'greedy'], ['greedy', 'random']]
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from kingdomino.arena.elo import PairwiseRecord, fit
from kingdomino.arena.match import play_game, seat_agents
from kingdomino.arena.stats import wilson_interval
from kingdomino.core.game import GameError, OptionValue
from kingdomino.games.registry import make_game


@dataclass(frozen=True)
class SeriesConfig:
    """A series of games of one configuration between named agents, on deals from ``seed``.

    What a tournament (one agent per seat) and a ladder (any number of agents, a tournament per
    table, :mod:`.ladder`) both name; ``games`` counts a tournament's games, a ladder's per table.
    """

    game: str
    players: int
    options: Mapping[str, OptionValue]
    agents: list[str]
    games: int
    seed: int

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["options"] = dict(self.options)
        return data


@dataclass(frozen=True)
class TournamentConfig(SeriesConfig):
    """A tournament: ``agents`` holds one agent spec per seat, rotated from game to game."""


@dataclass(frozen=True)
class GameOutcome:
    index: int
    seed: int
    seats: list[str]
    scores: list[int]
    winners: list[int]
    actions: int
    seconds: float = field(compare=False)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameOutcome:
        return cls(
            int(data["index"]),
            int(data["seed"]),
            list(data["seats"]),
            list(data["scores"]),
            list(data["winners"]),
            int(data["actions"]),
            float(data.get("seconds", 0.0)),
        )


#: A copy's mark: an agent listed again is named ``spec#2``, ``spec#3``, ... (:func:`entrants`).
_COPY_MARK = re.compile(r"(#\d+)+$")


def entrants(specs: Sequence[str]) -> list[str]:
    """The agents of a list named apart: an agent listed again is a copy of its own, named with
    ``#`` and its number, so it gets its own row, rating and pairings (a self-play check,
    ``greedy greedy``, shows two copies level) instead of being merged into one.

    >>> entrants(["greedy", "greedy", "random", "greedy"])
    ['greedy', 'greedy#2', 'random', 'greedy#3']
    >>> entrants(["greedy", "greedy#2", "greedy"])
    ['greedy', 'greedy#2', 'greedy#3']
    """
    named: list[str] = []
    for spec in specs:
        name, copy = spec, 1
        while name in named:
            copy += 1
            name = f"{spec}#{copy}"
        named.append(name)
    return named


def copies(specs: Sequence[str]) -> dict[str, list[str]]:
    """The agents listed more than once, each with the names its copies get.

    >>> copies(["greedy", "random", "greedy"])
    {'greedy': ['greedy', 'greedy#2']}
    """
    named: dict[str, list[str]] = {}
    for spec, name in zip(specs, entrants(specs)):
        named.setdefault(spec, []).append(name)
    return {spec: names for spec, names in named.items() if len(names) > 1}


#: A label before an agent's spec, ``ppo=SPEC``: the name its tables show, a lowercase word as a
#: server's ``--seat-agent NAME=SPEC`` takes (a spec's own ``key=value`` follows a colon).
_LABEL = re.compile(r"^([a-z][a-z0-9_-]{0,23})=(?=\S)")


def agent_spec(name: str) -> str:
    """The agent spec an entrant plays: its name without a copy's mark and a label.

    >>> agent_spec("greedy#2"), agent_spec("mcts:iterations=50"), agent_spec("ppo=my:make#2")
    ('greedy', 'mcts:iterations=50', 'my:make')
    """
    return _LABEL.sub("", _COPY_MARK.sub("", name))


def shown(name: str) -> str:
    """What a table shows for an entrant: its label (with a copy's mark) when it has one, else
    its name, the spec; the results file and ``--json``'s ``agent`` keep the name whole.

    >>> shown("ppo=kingdomino.rl.sb3_agent:MaskablePPOAgent:path=m.zip#2"), shown("greedy#2")
    ('ppo#2', 'greedy#2')
    """
    label = _LABEL.match(name)
    if label is None:
        return name
    copy = _COPY_MARK.search(name)
    return label[1] + (copy[0] if copy else "")


def check_labels(names: Sequence[str]) -> None:
    """Refuse one label given to two different agents: their rows could not be told apart.

    >>> check_labels(["ppo=a:b:path=1.zip", "ppo=a:b:path=2.zip"])
    Traceback (most recent call last):
    ...
    kingdomino.core.game.GameError: agents: the label 'ppo' names two agents (a:b:path=1.zip, a:b:path=2.zip)
    """
    seen: dict[str, str] = {}
    for name in names:
        label, spec = shown(name), agent_spec(name)
        if seen.setdefault(label, spec) != spec:
            raise GameError(
                f"agents: the label {label!r} names two agents ({seen[label]}, {spec})", field="agents"
            )


def seating(config: TournamentConfig, index: int) -> list[str]:
    """The agent spec of each seat in game ``index``."""
    shift = index % config.players
    return [config.agents[(seat + shift) % config.players] for seat in range(config.players)]


def deal_seed(config: TournamentConfig, index: int) -> int:
    return config.seed + index // config.players


def play_tournament_game(config: TournamentConfig, index: int) -> GameOutcome:
    """Play game ``index`` of the tournament (a pure function of its arguments)."""
    game = make_game(config.game, config.players, config.options)
    seats = seating(config, index)
    seed = deal_seed(config, index)
    start = time.perf_counter()
    agents = seat_agents([agent_spec(name) for name in seats], seed)
    state, record = play_game(game, agents, seed, names=seats)
    return GameOutcome(
        index, seed, seats, state.scores(), state.winners(), len(record.actions), time.perf_counter() - start
    )


def validate(config: TournamentConfig) -> None:
    """Refuse a bad configuration before any game starts (every message names the field)."""
    from kingdomino.agents import make_agent

    if len(config.agents) != config.players:
        count, seats = len(config.agents), config.players
        raise GameError(f"agents: expected one agent per seat ({seats}), got {count}", field="agents")
    if config.games < 1:
        raise GameError(f"games: expected at least 1, got {config.games}", field="games")
    make_game(config.game, config.players, config.options)
    check_labels(config.agents)
    for name in config.agents:
        make_agent(agent_spec(name), 0)


class ResultsFile:
    """JSONL: a header line with the configuration, then one line per finished game.

    Reopening the file for the same configuration resumes: finished games are kept, also those
    beyond a smaller ``games`` (a run asked for fewer games reads the first ones and leaves the
    rest in the file for a later, longer run).
    """

    def __init__(self, path: Path, config: TournamentConfig) -> None:
        self.path = path
        self.config = config
        #: Finished games with an index past ``config.games``: not this run's, but kept in the file.
        self.beyond: list[GameOutcome] = []

    def load(self) -> list[GameOutcome]:
        """The finished games of this run (index below ``config.games``), in index order."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            return []
        # A ladder's table of fewer agents than seats seats each agent several times, as one
        # agent: its file is read as written, not as a file from before copies were named apart.
        one_agent_in_seats = len(set(self.config.agents)) < len(self.config.agents)
        stored, outcomes = _read_lines(self.path, name_copies_apart=not one_agent_in_seats)
        if not _same_series(stored, self.config.to_json()):
            raise GameError(
                f"{self.path}: holds another tournament ({_differences(stored, self.config.to_json())}); "
                "use another --out to start a new one"
            )
        self.beyond = [o for o in outcomes if o.index >= self.config.games]
        return [o for o in outcomes if o.index < self.config.games]

    def start(self, kept: list[GameOutcome]) -> None:
        """Rewrite the file with the header, the games kept and those beyond this run (drops a
        torn last line); the header counts every game the file holds.

        The new file is written beside it and then put in its place, so a crash while it is
        written (``kill -9``, a full disk) leaves the old file whole: rewriting in place would
        lose every game played so far."""
        games = max([self.config.games] + [o.index + 1 for o in self.beyond])
        header = {**self.config.to_json(), "games": games}
        written = self.path.with_name(f".{self.path.name}.new")
        with written.open("w", encoding="utf-8") as out:
            out.write(json.dumps({"tournament": header}) + "\n")
            for outcome in sorted([*kept, *self.beyond], key=lambda o: o.index):
                out.write(json.dumps(outcome.to_json()) + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(written, self.path)

    def append(self, outcome: GameOutcome) -> None:
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(outcome.to_json()) + "\n")
            out.flush()


def read_results(path: Path) -> tuple[TournamentConfig, list[GameOutcome]]:
    """A results file's tournament and its finished games (by index), to summarise or compare."""
    stored, outcomes = _read_lines(path)
    try:
        config = TournamentConfig(
            str(stored["game"]),
            int(stored["players"]),
            dict(stored["options"]),
            [str(spec) for spec in stored["agents"]],
            int(stored["games"]),
            int(stored["seed"]),
        )
    except (KeyError, TypeError, ValueError):
        raise GameError(f"{path}: the header does not describe a tournament") from None
    return config, outcomes


def _read_lines(path: Path, name_copies_apart: bool = True) -> tuple[Any, list[GameOutcome]]:
    """The header's ``tournament`` entry and the games, one per index (a torn last line is dropped),
    an agent listed more than once named apart (:func:`_named_apart`) unless told not to."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise GameError(f"{path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise GameError(f"{path}: not a results file (not UTF-8 text)") from None
    try:
        header = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or "tournament" not in header:
        raise GameError(f"{path}: the first line is not a tournament header")
    done: dict[int, GameOutcome] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            outcome = GameOutcome.from_json(json.loads(line))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            if number == len(lines):
                break  # a line cut short by an interruption: that game is played again
            raise GameError(f"{path}: line {number} is not a game result") from None
        done[outcome.index] = outcome
    games = [done[i] for i in sorted(done)]
    return _named_apart(header["tournament"], games) if name_copies_apart else (header["tournament"], games)


def _named_apart(stored: Any, games: list[GameOutcome]) -> tuple[Any, list[GameOutcome]]:
    """A file written before copies of an agent were named apart (its header listing ``greedy``
    twice) read as if they had been: its header's agents and each game's seats named as
    :func:`entrants` names them, so it resumes and summarises with each copy on its own row."""
    agents = stored.get("agents") if isinstance(stored, dict) else None
    if not isinstance(agents, list) or len(set(map(str, agents))) == len(agents):
        return stored, games
    named = entrants([str(agent) for agent in agents])
    renamed = []
    for outcome in games:
        shift = outcome.index % len(named)
        seats = [named[(seat + shift) % len(named)] for seat in range(len(named))]
        if [agent_spec(name) for name in seats] == outcome.seats:
            outcome = replace(outcome, seats=seats)
        renamed.append(outcome)
    return {**stored, "agents": named}, renamed


def _same_series(stored: object, wanted: dict[str, Any]) -> bool:
    """Same tournament but perhaps for more or fewer games (resuming may extend a run)."""
    if not isinstance(stored, dict):
        return False
    return {k: v for k, v in stored.items() if k != "games"} == {
        k: v for k, v in wanted.items() if k != "games"
    }


def _differences(stored: object, wanted: dict[str, Any]) -> str:
    """What differs between a file's tournament and the one asked for, field by field."""
    if not isinstance(stored, dict):
        return f"its header is {stored!r}"
    return "; ".join(
        f"{name}: {stored.get(name)!r} in the file, {value!r} asked"
        for name, value in wanted.items()
        if name != "games" and stored.get(name) != value
    )


@dataclass
class AgentResults:
    """An agent's results over games of a tournament: the seats it played, its wins (a win shared
    by k seats counts 1/k) with their 95 % Wilson interval as a share of those seats, its mean
    score and the half-width of that mean's 95 % interval over deals (0 with a single deal)."""

    agent: str
    appearances: int
    wins: float
    win_low: float
    win_high: float
    mean_score: float
    score_half_width: float


@dataclass
class AgentRow(PairwiseRecord, AgentResults):
    """One agent's line of a tournament's table.

    ``elo`` is the ladder's fit (:func:`.elo.fit`) centred on 1500, ``elo_low``/``elo_high`` its
    95 % bootstrap interval over deals (``None`` without two deals or a bootstrap); ``won``,
    ``drawn``, ``lost`` count the pairwise results that fit takes (:class:`.elo.PairwiseRecord`)."""

    elo: float | None
    elo_low: float | None = None
    elo_high: float | None = None
    won: int = 0
    drawn: int = 0
    lost: int = 0


#: Where a tournament's Elo is centred (the ladder puts ``random`` at 0 instead).
ELO_CENTRE = 1500.0


def summarise(outcomes: Iterable[GameOutcome], bootstrap: int = 200, seed: int = 0) -> list[AgentRow]:
    """One row per agent: win rate with its 95 % Wilson interval, mean score, Elo and won-drawn-lost.

    Everything but the win rate's interval comes from the ladder's fit (:func:`.elo.fit`, no
    second implementation): its mean score's interval counts a deal, not a game, as one draw (the
    rotations of a deal share its dominoes, so its games are not independent), and its Elo's
    95 % interval is its bootstrap over deals (``bootstrap`` resamples seeded by ``seed``).
    The games are taken in index order, not in the order they finished, so the same games give
    the same rows (order, sums, intervals) from any executor or number of workers.
    """
    games = sorted(outcomes, key=lambda o: o.index)
    if not games:
        return []
    result = fit(games, anchor=None, bootstrap=bootstrap, seed=seed)
    rated = len(result.ratings) > 1  # an agent alone (every seat the same spec) has no rating

    def shifted(value: float, shown: bool) -> float | None:
        return ELO_CENTRE + value if shown else None

    rows = [
        AgentRow(
            r.agent,
            r.seats,
            r.wins,
            *wilson_interval(r.wins, r.seats),
            r.mean_score,
            r.score_half_width,
            shifted(r.elo, rated),
            shifted(r.low, rated and result.elo_intervals),
            shifted(r.high, rated and result.elo_intervals),
            r.won,
            r.drawn,
            r.lost,
        )
        for r in sorted(result.ratings, key=lambda r: r.agent)
    ]
    return sorted(rows, key=lambda row: -row.wins / row.appearances)
