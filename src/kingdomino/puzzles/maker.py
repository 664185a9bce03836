"""Puzzles cut out of seeded games between the engine's agents (``kingdomino puzzles make``), a set
for each kind of :data:`KINDS` (Kingdomino, Duel, each mode of Origins).

Each game's configuration and its players come from the seed, so a seed always makes the same
file. At every exact position (Kingdomino's: :func:`.solver.exact_refusal`; the other games':
:func:`.exact.answers_of`) of a game the answers are worked out
and the position kept when it teaches (:func:`teaches`, with the figures of ``data/criteria.json``):
among at least ``min_answers`` legal actions, the best answers beat the next best by ``margin``
points and no choice of the one-ply greedy player (the largest immediate gain,
``State.score_gains``) is among them. A last domino, whose greedy choice is its answer by
definition, is kept instead when one placement alone is best by ``last_margin`` points among at
least ``last_min_answers`` legal actions.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

from kingdomino.agents.registry import make_agent
from kingdomino.core.game import CHANCE, OptionValue, State
from kingdomino.games.classic.state import ClassicState
from kingdomino.games.registry import make_game
from kingdomino.puzzles import exact
from kingdomino.puzzles.catalogue import KINDS
from kingdomino.puzzles.solver import PUZZLE_OPTIONS, Answer, exact_refusal, goal_of, solve

#: The players of the games puzzles are cut from: a careless greedy, a plain one and the heuristic.
PLAYERS = ("greedy:epsilon=0.3", "greedy", "heuristic")
#: Duel's: the heuristic's look-ahead over the dice is a hundred times the greedy's time there, and
#: a Duel game gives a puzzle about once in fifty, so a less careless greedy stands in for it.
DUEL_PLAYERS = ("greedy:epsilon=0.3", "greedy", "greedy:epsilon=0.1")
#: The positions a proof may visit, by game (:data:`.exact.BUDGET` for the others): Tribe's
#: recruits, payments and cavemen make its refused proofs the longest, so they are cut shorter.
BUDGETS = {"origins-tribe": 5_000}


@dataclass(frozen=True)
class Criteria:
    """The figures of ``data/criteria.json`` (its ``_notes`` say what each is)."""

    margin: int
    min_answers: int
    last_margin: int
    last_min_answers: int
    per_game: int
    ratings: dict[str, int]
    rating_per_answer: int
    rating_spread: int


def criteria() -> Criteria:
    """The shipped criteria (``kingdomino/puzzles/data/criteria.json``)."""
    text = resources.files("kingdomino.puzzles").joinpath("data", "criteria.json").read_text("utf-8")
    figures = {k: v for k, v in json.loads(text).items() if not k.startswith("_")}
    return Criteria(**figures)


def teaches(state: State, answers: list[Answer], rules: Criteria, goal: str | None = None) -> bool:
    """Whether the exact ``answers`` of ``state`` make a puzzle worth solving (module text);
    ``goal`` is the position's (by default Kingdomino's, :func:`.solver.goal_of`)."""
    best = answers[0].points
    below = [a.points for a in answers if a.points < best]
    if not below:
        return False
    gap = best - max(below)
    if goal is None:
        assert isinstance(state, ClassicState), "a goal is worked out here for Kingdomino only"
        goal = goal_of(state)
    if goal == "last":
        tops = sum(1 for a in answers if a.points == best)
        return tops == 1 and gap >= rules.last_margin and len(answers) >= rules.last_min_answers
    if len(answers) < rules.min_answers:
        return False
    gains = state.score_gains()
    most = max(gain for _, gain in gains)
    greedy = {state.action_text(action) for action, gain in gains if gain == most}
    return gap >= rules.margin and not greedy & {a.action for a in answers if a.points == best}


def puzzle_id(game: str, players: int, options: dict[str, OptionValue], actions: list[int]) -> str:
    """A puzzle's id: a digest of its position's configuration and actions, the same in every file."""
    text = json.dumps([game, players, sorted(options.items()), actions], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def first_rating(goal: str, answers: list[Answer], rules: Criteria) -> int:
    """A puzzle's rating before anyone solved it: its goal's, more for more legal actions to weigh
    (a first guess that every answer then moves, as a player's)."""
    spread = max(
        -rules.rating_spread, min(rules.rating_spread, rules.rating_per_answer * (len(answers) - 20))
    )
    return rules.ratings[goal] + spread


def _game_of(rng: random.Random, kind: str) -> tuple[int, dict[str, OptionValue]]:
    """A game of the set ``kind``: its players and options (about a third with each optional rule)."""
    if kind == "kingdomino":
        players = rng.choice((2, 3, 4))
        return players, {name: True for name in ("harmony", "middle_kingdom") if rng.random() < 0.3}
    if kind == "duel":
        return 2, {"pass_fills_spellbook": True} if rng.random() < 0.3 else {}
    mode = kind.removeprefix("origins-")
    players = rng.choice((2, 3, 4))
    options: dict[str, OptionValue] = {"mode": mode}
    options.update({name: True for name in ("fire_kingdom", "homo_habilis") if rng.random() < 0.3})
    if mode == "totem" and rng.random() < 0.3:
        options["totem_tie"] = "choose"
    if mode == "tribe" and rng.random() < 0.3:
        options["final_recruit"] = True
    return players, options


def game_of_kind(kind: str) -> str:
    """The engine's game of a set of puzzles (``origins-tribe``: ``origins``)."""
    if kind not in KINDS:
        raise ValueError(f"no set of puzzles is named {kind!r}; expected one of {', '.join(KINDS)}")
    return kind.split("-")[0]


def exact_position(state: State, budget: int = exact.BUDGET) -> tuple[str, list[Answer]] | None:
    """The goal and the exact answers of ``state``, best first; None when it has none (the outcome
    is not the acting seat's alone, or it has one legal action): Kingdomino's by
    :mod:`.solver`, the other games' by the full search of :mod:`.exact` (at most ``budget``
    positions)."""
    if isinstance(state, ClassicState):
        if exact_refusal(state) is not None:
            return None
        return goal_of(state), solve(state)
    try:
        found = exact.answers_of(state, budget)
    except exact.NotExact:
        return None
    again, claims = exact.decisions_after(state, found[0][0])
    goal = "then_claim" if claims else "then_place" if again else "last"
    return goal, [Answer(state.action_text(action), points) for action, points in found]


def along(
    game_name: str,
    players: int,
    options: dict[str, OptionValue],
    moves: Callable[[State], int],
    rules: Criteria,
) -> Iterator[dict[str, Any]]:
    """The puzzles of one game whose every action (chance too) ``moves`` gives: each exact
    position that teaches, as a puzzle's record."""
    state = make_game(game_name, players=players, options=options).new_initial_state()
    kind = f"origins-{options.get('mode', 'discovery')}" if game_name == "origins" else game_name
    budget = BUDGETS.get(kind, exact.BUDGET)
    actions: list[int] = []
    while not state.is_terminal():
        seat = state.current_player
        found = exact_position(state, budget) if seat != CHANCE else None
        if found is not None:
            goal, answers = found
            if teaches(state, answers, rules, goal):
                yield {
                    "id": puzzle_id(game_name, players, options, actions),
                    "game": game_name,
                    "players": players,
                    "options": options,
                    "actions": list(actions),
                    "seat": seat,
                    "goal": goal,
                    "answers": [{"action": a.action, "points": a.points} for a in answers],
                    "rating": first_rating(goal, answers, rules),
                }
        action = moves(state)
        state.apply(action)
        actions.append(action)


def cut(
    game_name: str,
    players: int,
    options: dict[str, OptionValue],
    seat_agents: list[str],
    seed: int,
    rules: Criteria,
) -> Iterator[dict[str, Any]]:
    """The puzzles of one seeded game between ``seat_agents``."""
    agents = [make_agent(spec, seed=seed + i) for i, spec in enumerate(seat_agents)]
    rng = random.Random(seed)

    def move(state: State) -> int:
        seat = state.current_player
        return state.sample_chance(rng) if seat == CHANCE else agents[seat].act(state)

    return along(game_name, players, options, move, rules)


class _CutShort(Exception):
    """A stored game's actions ran out before the game's end."""


def _replaying(texts: list[str]) -> Callable[[State], int]:
    """The moves of a stored game, its actions' texts one after another."""
    left = iter(texts)

    def move(state: State) -> int:
        text = next(left, None)
        if text is None:
            raise _CutShort
        return state.parse_action(text)

    return move


def from_games(
    games: Iterable[tuple[int, dict[str, bool], list[str]]], count: int, rules: Criteria | None = None
) -> list[dict[str, Any]]:
    """At most ``count`` puzzles cut from finished games, each its players, options and every
    action's text (a server's stored games: ``kingdomino puzzles make --from-database``), at most
    ``per_game`` from one game. A Dynasty's or a Mighty Duel's games give none."""
    rules = rules or criteria()
    found: dict[str, dict[str, Any]] = {}
    for players, options, texts in games:
        chosen = {k: bool(v) for k, v in options.items() if v}
        if set(chosen) - PUZZLE_OPTIONS:
            continue
        taken = 0
        try:
            for puzzle in along("kingdomino", players, dict(chosen), _replaying(texts), rules):
                if taken == rules.per_game or len(found) == count:
                    break
                if puzzle["id"] not in found:
                    found[puzzle["id"]] = puzzle
                    taken += 1
        except _CutShort:  # a game ended before its last move (a resignation): its puzzles so far stand
            pass
        if len(found) == count:
            break
    return list(found.values())


@dataclass(frozen=True)
class Making:
    """A set being made: its puzzles so far, the first ``whole`` of which are every puzzle the
    first ``games`` games of its seed give (where a stopped run goes on from: ``make_more``)."""

    puzzles: list[dict[str, Any]]
    games: int = 0
    whole: int = 0


def game_by_game(
    seed: int, kind: str, rules: Criteria, start: int = 0, seen: Iterable[str] = ()
) -> Iterator[list[dict[str, Any]]]:
    """The puzzles of the set ``kind`` (:data:`KINDS`) cut from games seeded one after another
    from ``seed``, game by game from game ``start`` on (each game's new ones, often none), each
    puzzle once (``seen``: the ids already kept), at most ``per_game`` from one game, without
    end: the same seed, the same puzzles in the same order. A game's configuration, players and
    seed are drawn whether it is played or not, so game ``start`` is the one a run from the
    first game plays there."""
    game_name = game_of_kind(kind)
    rng = random.Random(seed)
    kept = set(seen)
    number = 0
    while True:
        players, options = _game_of(rng, kind)
        seat_agents = [rng.choice(DUEL_PLAYERS if kind == "duel" else PLAYERS) for _ in range(players)]
        game_seed = rng.randrange(2**31)
        number += 1
        if number <= start:
            continue
        found: list[dict[str, Any]] = []
        for puzzle in cut(game_name, players, options, seat_agents, game_seed, rules):
            if len(found) == rules.per_game:
                break
            if puzzle["id"] not in kept:
                kept.add(puzzle["id"])
                found.append(puzzle)
        yield found


def make_more(
    seed: int,
    count: int,
    making: Making,
    rules: Criteria | None = None,
    kind: str = "kingdomino",
    after_game: Callable[[Making], None] | None = None,
) -> Making:
    """The first ``count`` puzzles of the seed's set, going on from ``making`` (its whole games
    kept, the puzzles of a game it stopped in made again), ``after_game`` told the set after
    each game played (to keep it: a run stopped then goes on from there)."""
    rules = rules or criteria()
    puzzles = making.puzzles[: making.whole]
    games = making.games
    for found in game_by_game(seed, kind, rules, games, (puzzle["id"] for puzzle in puzzles)):
        if len(puzzles) + len(found) > count:
            return Making(puzzles + found[: count - len(puzzles)], games, len(puzzles))
        puzzles = puzzles + found
        games += 1
        if after_game:
            after_game(Making(puzzles, games, len(puzzles)))
        if len(puzzles) == count:
            return Making(puzzles, games, count)
    raise AssertionError("game_by_game never ends")  # pragma: no cover


def make_puzzles(
    seed: int,
    count: int,
    progress: Callable[[int], None] | None = None,
    rules: Criteria | None = None,
    kind: str = "kingdomino",
) -> list[dict[str, Any]]:
    """The first ``count`` puzzles of the seed's set (a smaller count makes the first of a larger
    one's); ``progress`` told how many there are after each game."""
    told = None if progress is None else (lambda making: progress(len(making.puzzles)))
    return make_more(seed, count, Making([]), rules, kind, told).puzzles
