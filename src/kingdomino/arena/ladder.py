"""The ladder: every agent against every other in one game configuration, rated on one Elo scale.

A ladder is a round-robin of **tables**. With 2 seats a table is a pair of agents; with more
seats it is every combination of that many distinct agents of the list (a list shorter than the
seats is cycled to fill one table). Each table is a tournament with seats rotated
(:mod:`.tournament`), every table on the same deals (seed), written to its own JSONL file as
games finish, so an interrupted ladder resumes.

**The fit.** Each game is decomposed into pairwise results: for every two seats held by
different agents, the one ranked higher (a winner over a non-winner, else the higher score) gets
1, a tie 0.5 each. A Bradley-Terry model, P(a beats b) = 1 / (1 + 10^((R_b - R_a) / 400)), is
fitted to them by maximum likelihood (Hunter's minorization-maximization), with ``prior`` virtual
draws between every two agents that met (0.5 by default: a clean sweep gets a large but finite
gap, and it moves any real ladder by a fraction of a point). Ratings are in Elo points with
``random`` at 0 (when ``random`` plays; else the mean is 0). The pairs of one game are not
independent, so the 95 % intervals come from a seeded bootstrap over *games*: games are
resampled with replacement, the model refitted, and the 2.5th and 97.5th percentiles of each
agent's rating (anchor at 0) taken. An agent's interval says how well its distance to the anchor
is known *on the ladder's deals*: every table plays the same few (a deal per rotation of the
seats), so the games are resampled, not the deals; each mean score's interval, alike, takes a game
as a draw.

>>> config = LadderConfig("kingdomino", 2, {}, ["random", "greedy", "heuristic"], games=2, seed=1)
>>> [table.agents for table in tables(config)]
[['random', 'greedy'], ['random', 'heuristic'], ['greedy', 'heuristic']]
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import Any

from kingdomino.arena.stats import bradley_terry, clustered_mean_interval
from kingdomino.arena.tournament import (
    GameOutcome,
    ResultsFile,
    SeriesConfig,
    TournamentConfig,
    pairwise,
    validate,
)
from kingdomino.core.game import GameError, OptionValue
from kingdomino.games.registry import make_game

LADDER_FORMAT = "kingdomino-ladder/1"
RATINGS_FORMAT = "kingdomino-ratings/1"
#: The agent rated 0.
ANCHOR = "random"
#: Elo points per factor of 10 in the odds.
ELO_SCALE = 400.0


@dataclass(frozen=True)
class LadderConfig(SeriesConfig):
    """A ladder: ``agents`` are all the agents rated; ``games`` are played per table (a multiple
    of the seats gives every agent every seat equally)."""

    @property
    def key(self) -> str:
        return ladder_key(self.game, self.players, self.options)


def ladder_key(game: str, players: int, options: Mapping[str, OptionValue] | None = None) -> str:
    """The name of a configuration's ladder: game, Origins mode, the options that differ from the
    game's defaults, seats. A game's full options (``Game.options``) and the few given on the
    command line name the same ladder.

    >>> ladder_key("kingdomino", 4, {"middle_kingdom": True, "harmony": True, "dynasty": False})
    'kingdomino/harmony+middle_kingdom/4p'
    >>> ladder_key("origins", 4, {"mode": "tribe", "totem_tie": "keep"}), ladder_key("duel", 2)
    ('origins/tribe/4p', 'duel/2p')
    >>> ladder_key("origins", 3)
    'origins/discovery/3p'
    """
    full: dict[str, OptionValue] = dict(options or {})
    defaults: dict[str, OptionValue] = {}
    try:
        full = dict(make_game(game, players, full).options)
        mode = full.get("mode")
        defaults = dict(make_game(game, players, {"mode": mode} if isinstance(mode, str) else {}).options)
    except GameError:
        pass
    parts = [game]
    mode = full.pop("mode", None)
    if isinstance(mode, str):
        parts.append(mode)
    changed = sorted(
        name if value is True else f"{name}={value}"
        for name, value in full.items()
        if value != defaults.get(name, False)
    )
    if changed:
        parts.append("+".join(changed))
    parts.append(f"{players}p")
    return "/".join(parts)


def slug(key: str) -> str:
    """A file name part for a ladder key: ``kingdomino/4p`` -> ``kingdomino-4p``."""
    return re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")


def tables(config: LadderConfig) -> list[TournamentConfig]:
    """The round-robin's tables, each a tournament of ``config.games`` games on the same deals."""
    agents = list(dict.fromkeys(config.agents))
    if len(agents) < 2:
        raise GameError("agents: a ladder needs at least two different agents")
    seats = config.players
    if len(agents) >= seats:
        groups = [list(group) for group in combinations(agents, seats)]
    else:
        groups = [[agents[seat % len(agents)] for seat in range(seats)]]
    return [
        TournamentConfig(config.game, seats, dict(config.options), group, config.games, config.seed)
        for group in groups
    ]


# --- the fit: a game's pairwise results (tournament.pairwise), Bradley-Terry (stats.bradley_terry) ----


def to_elo(strengths: Mapping[str, float], anchor: str | None = ANCHOR) -> dict[str, float]:
    """Natural-log strengths as Elo points, ``anchor`` at 0 (the mean at 0 without it)."""
    factor = ELO_SCALE / math.log(10.0)
    if anchor is not None and anchor in strengths:
        zero = strengths[anchor]
    else:
        zero = sum(strengths.values()) / len(strengths) if strengths else 0.0
    return {name: factor * (value - zero) for name, value in strengths.items()}


@dataclass(frozen=True)
class Rating:
    agent: str
    elo: float
    low: float
    high: float
    #: Seats played, wins (a win shared by k seats counts 1/k), mean score and its 95 % half-width.
    seats: int
    wins: float
    mean_score: float
    score_half_width: float


@dataclass
class LadderFit:
    """A ladder's ratings, best first, and what they were fitted on."""

    ratings: list[Rating]
    games: int
    anchor: str | None
    bootstrap: int
    prior: float
    #: Pairwise score of row against column (share of the pairwise results), by agent.
    matrix: dict[str, dict[str, float]] = field(default_factory=dict)


def fit(
    outcomes: Sequence[GameOutcome],
    anchor: str | None = ANCHOR,
    bootstrap: int = 200,
    seed: int = 0,
    prior: float = 0.5,
) -> LadderFit:
    """Fit the ratings of the agents of ``outcomes``, with bootstrap intervals over games."""
    games = list(outcomes)
    if not games:
        raise GameError("no games to rate")
    per_game = [pairwise(outcome) for outcome in games]
    names = sorted({agent for outcome in games for agent in outcome.seats})
    used_anchor = anchor if anchor in names else None
    elo = to_elo(bradley_terry([r for pairs in per_game for r in pairs], prior), used_anchor)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(bootstrap):
        drawn = [per_game[int(rng.random() * len(per_game))] for _ in per_game]
        refit = to_elo(bradley_terry([r for pairs in drawn for r in pairs], prior), used_anchor)
        for name in names:
            # an agent absent from a resample keeps the full fit's rating in it
            samples[name].append(refit.get(name, elo[name]))
    seats: dict[str, int] = dict.fromkeys(names, 0)
    wins: dict[str, float] = dict.fromkeys(names, 0.0)
    scores: dict[str, list[float]] = {name: [] for name in names}
    # A ladder plays few deals (2 in a 4-player ladder of 8 games a table), the same at every table:
    # like the Elo bootstrap, a mean score's interval is the one on those deals, each game a draw
    # (an interval over deals, each deal a draw, would have 1 degree of freedom there: ± 86 points).
    # An agent that holds several seats of a game (a list cycled to fill a table) has them counted once.
    played_in: dict[str, list[int]] = {name: [] for name in names}
    for number, outcome in enumerate(games):
        for seat, agent in enumerate(outcome.seats):
            seats[agent] += 1
            scores[agent].append(float(outcome.scores[seat]))
            played_in[agent].append(number)
            if seat in outcome.winners:
                wins[agent] += 1.0 / len(outcome.winners)
    ratings = []
    for name in names:
        low, high = _percentiles(samples[name]) if bootstrap else (elo[name], elo[name])
        mean, half = clustered_mean_interval(scores[name], played_in[name])
        ratings.append(Rating(name, elo[name], low, high, seats[name], wins[name], mean, half))
    ratings.sort(key=lambda rating: -rating.elo)
    totals: dict[str, dict[str, list[float]]] = {a: {} for a in names}
    for pairs in per_game:
        for a, b, score in pairs:
            totals[a].setdefault(b, [0.0, 0.0])
            totals[b].setdefault(a, [0.0, 0.0])
            totals[a][b][0] += score
            totals[a][b][1] += 1.0
            totals[b][a][0] += 1.0 - score
            totals[b][a][1] += 1.0
    matrix = {a: {b: s / n for b, (s, n) in row.items()} for a, row in totals.items()}
    return LadderFit(ratings, len(games), used_anchor, bootstrap, prior, matrix)


def _percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    last = len(ordered) - 1

    def at(share: float) -> float:
        position = share * last
        lower = math.floor(position)
        upper = min(lower + 1, last)
        return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)

    return at(0.025), at(0.975)


# --- running a ladder ------------------------------------------------------------------------------


def table_path(folder: Path, index: int, table: TournamentConfig) -> Path:
    return folder / f"table-{index:03d}-{slug('-'.join(table.agents))[:80]}.jsonl"


def open_tables(config: LadderConfig, folder: Path) -> list[tuple[TournamentConfig, ResultsFile]]:
    """The tables with their results files in ``folder`` (created; finished games kept).

    Every table's file is read first, so a folder of another ladder (another seed, say) is refused
    before its ``ladder-config.json`` is overwritten."""
    folder.mkdir(parents=True, exist_ok=True)
    opened = []
    for index, table in enumerate(tables(config)):
        validate(table)
        results = ResultsFile(table_path(folder, index, table), table)
        results.load()
        opened.append((table, results))
    (folder / "ladder-config.json").write_text(json.dumps({"ladder": config.to_json()}) + "\n")
    return opened


def play_ladder(
    opened: Sequence[tuple[TournamentConfig, ResultsFile]],
    executor: str = "local",
    workers: int = 1,
    address: str | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
) -> list[GameOutcome]:
    """Play the games the tables' files lack (each written down as it finishes); every game, in
    the order of the tables and of the games in each, so the fit's bootstrap draws the same
    resamples whether the games were played now, in another order or in an earlier run.

    ``on_start(finished, to_play)`` is told, before any game, how many games the files already
    hold and how many are left (a resumed ladder's progress starts where it stopped)."""
    from kingdomino.arena.executors import run_jobs

    by_table: list[dict[int, GameOutcome]] = []
    jobs: list[tuple[TournamentConfig, int]] = []
    job_tables: list[int] = []
    for number, (table, results) in enumerate(opened):
        kept = results.load()
        results.start(kept)
        by_table.append({outcome.index: outcome for outcome in kept})
        for index in range(table.games):
            if index not in by_table[number]:
                jobs.append((table, index))
                job_tables.append(number)
    if on_start is not None:
        on_start(sum(len(games) for games in by_table), len(jobs))
    for job, outcome in run_jobs(jobs, executor, workers, address):
        opened[job_tables[job]][1].append(outcome)
        by_table[job_tables[job]][outcome.index] = outcome
        if on_game is not None:
            on_game(outcome)
    return [games[index] for games in by_table for index in sorted(games)]


def deals(config: LadderConfig) -> int:
    """How many deals a ladder plays: every table the same ones, a deal per rotation of the seats.

    >>> deals(LadderConfig("kingdomino", 4, {}, ["random", "greedy"], games=8, seed=1))
    2
    """
    return -(-config.games // config.players)


def ladder_json(config: LadderConfig, result: LadderFit, command: str | None = None) -> dict[str, Any]:
    """A ladder's ratings as JSON data (``ratings``: best first)."""
    return {
        "format": LADDER_FORMAT,
        "key": config.key,
        "ladder": config.to_json(),
        "games": result.games,
        "deals": deals(config),
        "anchor": result.anchor,
        "bootstrap": result.bootstrap,
        "prior_draws": result.prior,
        "command": command,
        "ratings": [asdict(rating) for rating in result.ratings],
        "pairwise": result.matrix,
    }


def ladder_markdown(
    config: LadderConfig, result: LadderFit, title: str, command: str | None = None, note: str = ""
) -> str:
    """A ladder as a Markdown page: the ratings table and the pairwise scores."""
    anchor = f"`{result.anchor}` = 0" if result.anchor else "mean 0"
    lines = [
        f"# Ladder: {title}",
        "",
        f"`{config.key}`: {result.games} games, {config.games} per table of "
        f"{len(tables(config))}, seats rotated, seed {config.seed}. Elo by a Bradley-Terry maximum-"
        f"likelihood fit to the pairwise results within games ({result.prior:g} virtual draws per "
        f"pair), {anchor}; 95 % intervals from {result.bootstrap} bootstrap resamples of the games. "
        f"Every table plays the same {_deals_words(deals(config))}, so the Elo intervals say how well "
        "the ratings are known on those deals, and so do the mean scores' (each game a draw).",
        "",
    ]
    if note:
        lines += [note, ""]
    lines += [
        "| rank | agent | Elo | 95 % interval | seats | win share | mean score |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for rank, r in enumerate(result.ratings, start=1):
        lines.append(
            f"| {rank} | `{r.agent}` | {r.elo:.0f} | [{r.low:.0f}, {r.high:.0f}] | {r.seats} | "
            f"{100 * r.wins / r.seats:.1f} % | {r.mean_score:.1f} ± {r.score_half_width:.1f} |"
        )
    names = [r.agent for r in result.ratings]
    if len(names) <= 12:
        lines += ["", "Pairwise score of the row's agent against the column's (share of the pairs):", ""]
        lines.append("| | " + " | ".join(f"`{n}`" for n in names) + " |")
        lines.append("|---|" + "---:|" * len(names))
        for a in names:
            cells = [
                "" if a == b or b not in result.matrix.get(a, {}) else f"{result.matrix[a][b]:.2f}"
                for b in names
            ]
            lines.append(f"| `{a}` | " + " | ".join(cells) + " |")
    if command:
        lines += ["", "Command (resumable):", "", "```sh", command, "```"]
    return "\n".join(lines) + "\n"


def _deals_words(count: int) -> str:
    return "deal" if count == 1 else f"{count} deals"


# --- the ratings file the browser lobby reads -----------------------------------------------------

#: The ratings shipped with the package (``kingdomino ladder --ratings`` merges into it).
PACKAGE_RATINGS = "ratings.json"


def merge_ratings(path: Path, config: LadderConfig, result: LadderFit, note: str = "") -> None:
    """Write this ladder's ratings into the ratings file at ``path`` (other ladders kept)."""
    data: dict[str, Any] = {"format": RATINGS_FORMAT, "ratings": {}}
    if path.exists():
        loaded = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(loaded, dict) and loaded.get("format") == RATINGS_FORMAT:
            data = loaded
    data.setdefault("ladders", {})[config.key] = {
        "games": result.games,
        "games_per_table": config.games,
        "seed": config.seed,
        "anchor": result.anchor,
        "note": note,
    }
    data["ratings"][config.key] = {
        r.agent: [round(r.elo, 1), round(r.low, 1), round(r.high, 1)] for r in result.ratings
    }
    data["ratings"] = dict(sorted(data["ratings"].items()))
    data["ladders"] = dict(sorted(data["ladders"].items()))
    path.write_text(ratings_text(data), encoding="utf-8")


def ratings_text(data: Mapping[str, Any]) -> str:
    """A ratings file's JSON with one agent (and one ladder's facts) per line."""
    lines = ["{", f' "format": {json.dumps(data["format"])},', ' "ratings": {']
    ladders = list(data["ratings"].items())
    for number, (key, agents) in enumerate(ladders):
        lines.append(f"  {json.dumps(key)}: {{")
        items = list(agents.items())
        for position, (agent, triple) in enumerate(items):
            comma = "," if position < len(items) - 1 else ""
            lines.append(f"   {json.dumps(agent)}: {json.dumps(triple)}{comma}")
        lines.append("  }" + ("," if number < len(ladders) - 1 else ""))
    lines.append(" },")
    lines.append(' "ladders": {')
    facts = list(data.get("ladders", {}).items())
    for number, (key, value) in enumerate(facts):
        lines.append(f"  {json.dumps(key)}: {json.dumps(value)}" + ("," if number < len(facts) - 1 else ""))
    lines.append(" }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load_ratings(path: Path | str | None = None) -> dict[str, dict[str, tuple[float, float, float]]]:
    """The ratings of a ratings file (default: the package's), by ladder key then agent:
    ``(elo, low, high)``. Ladder keys are :func:`ladder_key` (``"duel/2p"``, ``"kingdomino/4p"``).

    >>> ratings = load_ratings()
    >>> all(len(triple) == 3 for ladder in ratings.values() for triple in ladder.values())
    True
    """
    if path is None:
        text = resources.files("kingdomino.games.data").joinpath(PACKAGE_RATINGS).read_text(encoding="utf-8")
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise GameError(f"{path}: cannot be read as a ratings file: {error}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise GameError(f"{path or PACKAGE_RATINGS}: not JSON ({error.msg} at line {error.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != RATINGS_FORMAT:
        raise GameError(f"{path or PACKAGE_RATINGS}: not a ratings file ({RATINGS_FORMAT})")
    return {
        key: {agent: (float(t[0]), float(t[1]), float(t[2])) for agent, t in agents.items()}
        for key, agents in data["ratings"].items()
    }


def rating_of(
    ratings: Mapping[str, Mapping[str, tuple[float, float, float]]],
    game: str,
    players: int,
    options: Mapping[str, OptionValue] | None,
    agent: str,
) -> tuple[float, float, float] | None:
    """An agent's rating for a configuration: its own ladder's, else the ladder of the same game,
    mode and seats without variants, else ``None``."""
    for key in (ladder_key(game, players, options), _plain_key(game, players, options)):
        found = ratings.get(key, {}).get(agent)
        if found is not None:
            return found
    return None


def _plain_key(game: str, players: int, options: Mapping[str, OptionValue] | None) -> str:
    mode = (options or {}).get("mode")
    return ladder_key(game, players, {"mode": mode} if isinstance(mode, str) else {})
