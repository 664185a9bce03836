"""The ladder: every agent against every other in one game configuration, rated on one Elo scale.

A ladder is a round-robin of **tables**. With 2 seats a table is a pair of agents; with more
seats it is every combination of that many distinct agents of the list (a list shorter than the
seats is cycled to fill one table). Each table is a tournament with seats rotated
(:mod:`.tournament`) on deals of its own (table *i* from seed + 100,000 *i*), written to its own
JSONL file as games finish, so an interrupted ladder resumes.

**The fit.** Each game is decomposed into pairwise results: for every two seats held by
different agents, the one ranked higher (a winner over a non-winner, else the higher score) gets
1, a tie 0.5 each. A Bradley-Terry model, P(a beats b) = 1 / (1 + 10^((R_b - R_a) / 400)), is
fitted to them by maximum likelihood (Hunter's minorization-maximization), with ``2 * prior``
virtual drawn games between every two agents that met, ``prior`` points to each (0.5 by default:
one drawn game, so 3 wins in 4 are fitted as 3.5 in 5; a clean sweep gets a large but finite
gap, and it moves any real ladder by a fraction of a point). Ratings are in Elo points with
``random`` at 0 (when ``random`` plays; else the mean is 0). The games of one deal (its rotations)
are not independent, nor are the pairs of one game, so the 95 % intervals come from a seeded
bootstrap over *deals*: deals are resampled with replacement, each with all its games, the model
refitted, and the 2.5th and 97.5th percentiles of each agent's rating (anchor at 0) taken. Each
mean score's interval, alike, takes a deal as a draw. An agent's interval thus says how well its
distance to the anchor is known over the game's deals.

With ``shared_deals`` every table plays the same deals (how the older ladders of the ratings file
were played: it refits and resumes them): 2 deals in all in a 4-player ladder of 8 games a table,
too few to resample, so their intervals resample games and say how well the ratings are known
*on those deals*.

>>> config = LadderConfig("kingdomino", 2, {}, ["random", "greedy", "heuristic"], games=2, seed=1)
>>> [table.agents for table in tables(config)]
[['random', 'greedy'], ['random', 'heuristic'], ['greedy', 'heuristic']]
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import Any

from kingdomino.arena.elo import LadderFit, Rating
from kingdomino.arena.tournament import (
    GameOutcome,
    ResultsFile,
    SeriesConfig,
    TournamentConfig,
    check_labels,
    entrants,
    shown,
    validate,
)
from kingdomino.core.game import GameError, OptionValue
from kingdomino.games.registry import make_game

LADDER_FORMAT = "kingdomino-ladder/1"
RATINGS_FORMAT = "kingdomino-ratings/1"
#: An agent's rating in a ratings file: its Elo and 95 % interval, the interval's ends None
#: when its ladder has none.
FiledRating = tuple[float, float | None, float | None]


#: Table *i* of a ladder deals from seed + TABLE_SEEDS_APART * *i*: apart enough that no two
#: tables meet a deal (up to 100,000 deals a table), fixed so a table's deals stay when ``games`` grows.
TABLE_SEEDS_APART = 100_000


@dataclass(frozen=True)
class LadderConfig(SeriesConfig):
    """A ladder: ``agents`` are all the agents rated; ``games`` are played per table (a multiple
    of the seats gives every agent every seat equally); every table on its own deals, or with
    ``shared_deals`` (the older ladders of the ratings file) every table on the same ones."""

    shared_deals: bool = False

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
    """The round-robin's tables, each a tournament of ``config.games`` games on its own deals.

    >>> config = LadderConfig("kingdomino", 2, {}, ["random", "greedy", "heuristic"], games=2, seed=1)
    >>> [table.seed for table in tables(config)]
    [1, 100001, 200001]
    """
    agents = entrants(config.agents)  # an agent listed twice plays as two copies, greedy#2
    check_labels(agents)
    if len(agents) < 2:
        raise GameError("agents: a ladder needs at least two agents", field="agents")
    seats = config.players
    if not config.shared_deals and deals_per_table(config) > TABLE_SEEDS_APART:
        most = TABLE_SEEDS_APART * seats
        raise GameError(f"games: at most {most} a table, got {config.games}", field="games")
    if len(agents) >= seats:
        groups = [list(group) for group in combinations(agents, seats)]
    else:
        groups = [[agents[seat % len(agents)] for seat in range(seats)]]
    return [
        TournamentConfig(
            config.game,
            seats,
            dict(config.options),
            group,
            config.games,
            config.seed if config.shared_deals else config.seed + TABLE_SEEDS_APART * index,
        )
        for index, group in enumerate(groups)
    ]


# --- running a ladder ------------------------------------------------------------------------------


def table_path(folder: Path, index: int, table: TournamentConfig) -> Path:
    return folder / f"table-{index:03d}-{slug('-'.join(table.agents))[:80]}.jsonl"


def open_tables(config: LadderConfig, folder: Path) -> list[tuple[TournamentConfig, ResultsFile]]:
    """The tables with their results files in ``folder`` (created; finished games kept).

    Every table's file is read first, so a folder of another ladder (another seed, say) is refused
    before its ``ladder-config.json`` is overwritten."""
    folder.mkdir(parents=True, exist_ok=True)
    _refuse_other_deals(config, folder)
    opened = []
    for index, table in enumerate(tables(config)):
        validate(table)
        results = ResultsFile(table_path(folder, index, table), table)
        results.load()
        opened.append((table, results))
    (folder / "ladder-config.json").write_text(json.dumps({"ladder": config.to_json()}) + "\n")
    return opened


def _refuse_other_deals(config: LadderConfig, folder: Path) -> None:
    """A folder whose ladder deals otherwise (its tables sharing their deals, or not) is refused by
    name: its table files would only say that their seeds differ. (A ladder of one table deals
    alike either way.)"""
    written = folder / "ladder-config.json"
    if not written.exists() or len(tables(config)) == 1:
        return
    try:
        stored = json.loads(written.read_text(encoding="utf-8"))["ladder"]
        shared = bool(stored.get("shared_deals", True))  # written before the field: shared
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, AttributeError):
        return  # not a ladder's: the table files decide
    if shared != config.shared_deals:
        how = "every table on the same deals" if shared else "every table on deals of its own"
        flag = "add" if shared else "leave out"
        raise GameError(
            f"--out: {folder} holds a ladder played {how}; {flag} --shared-deals to resume or refit "
            "it, or use another --out"
        )


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


def deals_per_table(config: LadderConfig) -> int:
    """How many deals each table plays: a deal per rotation of the seats.

    >>> deals_per_table(LadderConfig("kingdomino", 4, {}, ["random", "greedy"], games=8, seed=1))
    2
    """
    return -(-config.games // config.players)


def deals(config: LadderConfig) -> int:
    """How many deals a ladder plays in all: its tables' own, or with ``shared_deals`` the few
    every table plays.

    >>> config = LadderConfig("kingdomino", 4, {}, ["random", "easy", "greedy", "medium", "hard"], 8, 1)
    >>> from dataclasses import replace
    >>> deals(config), deals(replace(config, shared_deals=True))
    (10, 2)
    """
    each = deals_per_table(config)
    return each if config.shared_deals else each * len(tables(config))


def ladder_json(config: LadderConfig, result: LadderFit, command: str | None = None) -> dict[str, Any]:
    """A ladder's ratings as JSON data (``ratings``: best first)."""
    return {
        "format": LADDER_FORMAT,
        "key": config.key,
        "ladder": config.to_json(),
        "games": result.games,
        "deals": deals(config),
        "shared_deals": config.shared_deals,
        "anchor": result.anchor,
        "bootstrap": result.bootstrap,
        "prior_draws": result.prior,
        "command": command,
        "ratings": [_rating_json(rating, result) for rating in result.ratings],
        "pairwise": result.matrix,
    }


def _rating_json(rating: Rating, result: LadderFit) -> dict[str, Any]:
    """A rating as ``ladder.json`` holds it: ``low`` and ``high`` are ``null`` without a bootstrap
    of two deals or more, and ``score_half_width`` is without two (no interval, not a zero-width one);
    ``label`` is the name the tables show (``ppo`` for ``ppo=SPEC``, else the spec)."""
    data = asdict(rating)
    if not result.elo_intervals:
        data["low"] = data["high"] = None
    if not result.score_intervals:
        data["score_half_width"] = None
    return {**data, "label": shown(rating.agent)}


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
        f"likelihood fit to the pairwise results within games ({2 * result.prior:g} virtual drawn game "
        f"per pair, {result.prior:g} point to each), {anchor}; {_deals_sentence(config, result)}",
        "",
    ]
    if note:
        lines += [note, ""]
    lines += [
        f"| rank | agent | Elo | 95 % interval | seats | {record_heading(config.players)} | win share "
        "| mean score |",
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for rank, r in enumerate(result.ratings, start=1):
        lines.append(
            f"| {rank} | `{shown(r.agent)}` | {r.elo:.0f} | {result.interval_text(r)} | {r.seats} | "
            f"{r.record} | {100 * r.wins / r.seats:.1f} % | {result.score_text(r)} |"
        )
    lines += ["", record_note(config.players)]
    for why in (result.missing_intervals(config.players), result.alike_scores()):
        if why:
            lines += ["", why]
    names = [r.agent for r in result.ratings]
    if len(names) <= 12:
        lines += ["", "Pairwise score of the row's agent against the column's (share of the pairs):", ""]
        lines.append("| | " + " | ".join(f"`{shown(n)}`" for n in names) + " |")
        lines.append("|---|" + "---:|" * len(names))
        for a in names:
            cells = [
                "" if a == b or b not in result.matrix.get(a, {}) else f"{result.matrix[a][b]:.2f}"
                for b in names
            ]
            lines.append(f"| `{shown(a)}` | " + " | ".join(cells) + " |")
    if command:
        lines += ["", "Command (resumable):", "", "```sh", command, "```"]
    return "\n".join(lines) + "\n"


def record_heading(players: int) -> str:
    """The won-drawn-lost column's heading: games with 2 seats, else pairs."""
    return "games W-D-L" if players == 2 else "pairs W-D-L"


def record_note(players: int) -> str:
    """What the won-drawn-lost column counts."""
    if players == 2:
        return "W-D-L: games won, drawn (level on the tie-break too) and lost."
    return (
        "W-D-L: the fit's pairwise results, against each other agent of a game: ranked above it, "
        "level with it, below it."
    )


def _deals_words(count: int) -> str:
    return "1 deal" if count == 1 else f"{count} deals"


def _deals_sentence(config: LadderConfig, result: LadderFit) -> str:
    """What the intervals of a ladder's page are over: its deals, or its games on a few deals."""
    if config.shared_deals:
        return (
            f"95 % intervals from {result.bootstrap} bootstrap resamples of the games. Every table "
            f"plays the same {_deals_words(deals(config))}, so the Elo intervals say how well the "
            "ratings are known on those deals, and so do the mean scores' (each game a draw)."
        )
    return (
        f"each table plays {_deals_words(deals_per_table(config))} of its own, "
        f"{_deals_words(deals(config))} in all; 95 % intervals from {result.bootstrap} bootstrap "
        "resamples of the deals (a deal with all its games), so they say how well the ratings are "
        "known over the game's deals, and so do the mean scores' (each deal a draw)."
    )


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
        "deals": deals(config),
        "shared_deals": config.shared_deals,
        "seed": config.seed,
        "anchor": result.anchor,
        "note": note,
    }
    data["ratings"][config.key] = {r.agent: _rating_triple(r, result) for r in result.ratings}
    data["ratings"] = dict(sorted(data["ratings"].items()))
    data["ladders"] = dict(sorted(data["ladders"].items()))
    path.write_text(ratings_text(data), encoding="utf-8")


def _rating_triple(rating: Rating, result: LadderFit) -> list[float | None]:
    """A rating as the ratings file holds it, ``[elo, low, high]``: ``low`` and ``high`` null
    when the ladder has no interval (as ``ladder.json``'s), never a zero-width one."""
    if not result.elo_intervals:
        return [round(rating.elo, 1), None, None]
    return [round(rating.elo, 1), round(rating.low, 1), round(rating.high, 1)]


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


def load_ratings(path: Path | str | None = None) -> dict[str, dict[str, FiledRating]]:
    """The ratings of a ratings file (default: the package's), by ladder key then agent:
    ``(elo, low, high)``, ``low`` and ``high`` None for a ladder without intervals. Ladder keys
    are :func:`ladder_key` (``"duel/2p"``, ``"kingdomino/4p"``).

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
        key: {agent: (float(t[0]), _bound(t[1]), _bound(t[2])) for agent, t in agents.items()}
        for key, agents in data["ratings"].items()
    }


def _bound(value: float | None) -> float | None:
    return None if value is None else float(value)


def rating_of(
    ratings: Mapping[str, Mapping[str, FiledRating]],
    game: str,
    players: int,
    options: Mapping[str, OptionValue] | None,
    agent: str,
) -> FiledRating | None:
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
