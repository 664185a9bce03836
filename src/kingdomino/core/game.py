"""The protocol every game of the family implements.

A :class:`Game` is one configuration (which game, how many players, which
variants). It knows the fixed range of integer action codes and how to turn a
code into text and back. A :class:`State` is one position of that game.

Actions are plain ``int`` codes in ``range(game.num_actions)``, so search and
RL masks stay cheap; every code has a stable text form (``game.action_text``)
used by the command line, records, logs and the web protocol.

Every random event (draw, shuffle, roll) is a chance node: ``current_player``
is :data:`CHANCE` and ``chance_outcomes()`` lists each outcome with its
probability. Chance is resolved lazily, when it happens, so a state never holds
a future that a player could not see (no hidden draw-pile order exists to
leak). Searching agents "determinize" simply by sampling chance nodes.

A typical loop, with the engine doing all rule work::

    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(sampler.sample(state))
        else:
            state.apply(agents[state.current_player].act(state))
    print(state.scores(), state.winners())
"""

from __future__ import annotations

import numbers
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kingdomino.core.identity import game_key, position_key

#: ``current_player`` of a chance node.
CHANCE = -1
#: ``current_player`` of a finished game.
TERMINAL = -2

OptionValue = bool | int | str


class GameError(ValueError):
    """Bad input to a game: an unknown option, an illegal action, malformed text. ``refusal``
    names the rule for a page where a player can meet it (a square off the board); ``field``
    names the input at fault when a game is made (``game``, ``players``, ``options`` or one
    option, ``options.harmony``), for a front end to point at its own field.

    >>> GameError("players: expected 2, got 5", field="players").field
    'players'
    """

    def __init__(self, message: str, refusal: Refusal | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal
        self.field = field


class IllegalActionError(GameError):
    """An action that the rules do not allow in this state; the message says why."""


class ScoreTextError(GameError):
    """A kingdom text the scorer cannot read: where, and what was expected."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column


class ScoreOptionError(GameError):
    """A scorer option that contradicts another one (e.g. a frame the chosen variant does not play
    on): which option, and why, so a front end can name its own flag or field."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


@dataclass(frozen=True)
class Refusal:
    """Why an action is illegal, named for translation: the rule (``key``) and its figures.

    >>> Refusal("frame", {"frame": 5}).to_json()
    {'key': 'frame', 'values': {'frame': 5}}
    """

    key: str
    values: Mapping[str, int | str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "values": dict(self.values)}


@dataclass(frozen=True)
class RegionScore:
    """One scoring region: ``squares`` x ``multiplier`` (crowns, crosses or fires)."""

    kind: str
    squares: int
    multiplier: int
    points: int
    cells: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class RegionChange:
    """What a placement does to one region: the squares of ``halves`` (the placed domino's halves
    or dice, 0 and 1, of one kind) join the regions ``joined`` (a square of each, as in
    :attr:`RegionScore.cells`, worth ``before`` points together; none: a new region) into one of
    ``squares`` x ``multiplier`` = ``points``.

    >>> RegionChange("forest", 4, 3, 12, 6, ((0, 1),), (0,)).gained
    6
    """

    kind: str
    squares: int
    multiplier: int
    points: int
    before: int
    joined: tuple[tuple[int, int], ...]
    halves: tuple[int, ...]

    @property
    def gained(self) -> int:
        """The points the region gains."""
        return self.points - self.before


@dataclass(frozen=True)
class Bonus:
    """A score sheet's line besides the regions: a variant's bonus (Middle Kingdom), a power (Duel's
    +3 per domain), a caveman, a totem, a Dynasty's past game.

    Every line is named one way: ``key`` and its figures ``values`` for a page to word it in its
    language (``bonus.<key>``, as a :class:`Refusal` is), ``name`` in English words for the
    command line. A bonus the game plays that scores nothing says why: ``missed`` names the rule
    it failed the same way, ``reason`` says it in English (a sheet that read "Middle Kingdom 0"
    left the player guessing).

    >>> Bonus("domains", 3, "1 stripe domain x 3", {"n": 1, "coat": "stripe"}).to_json()["values"]
    {'n': 1, 'coat': 'stripe'}
    """

    key: str
    points: int
    name: str
    values: Mapping[str, int | str] = field(default_factory=dict)
    missed: Refusal | None = None
    reason: str = ""

    def words(self) -> str:
        """The line in English: its name, then why it scores nothing when it missed."""
        return f"{self.name}: {self.reason}" if self.reason else self.name

    def to_json(self) -> dict[str, Any]:
        """``name``, ``points``, ``key``, ``values``, and ``missed`` (the rule named, with its
        English ``reason``) for a bonus that missed."""
        line: dict[str, Any] = {
            "name": self.name,
            "points": self.points,
            "key": self.key,
            "values": dict(self.values),
        }
        if self.missed is not None:
            line["missed"] = {**self.missed.to_json(), "reason": self.reason}
        return line


@dataclass(frozen=True)
class ScoreSheet:
    """A kingdom's score explained: its regions, its bonuses and the total."""

    regions: tuple[RegionScore, ...]
    bonuses: tuple[Bonus, ...] = ()
    total: int = 0
    tiebreaks: tuple[int, ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        """The sheet as plain JSON data (``total`` holds the final integer)."""
        return {
            "regions": [
                {
                    "kind": r.kind,
                    "squares": r.squares,
                    "multiplier": r.multiplier,
                    "points": r.points,
                    "cells": [list(c) for c in r.cells],
                }
                for r in self.regions
            ],
            "bonuses": [bonus.to_json() for bonus in self.bonuses],
            "total": self.total,
        }


class Game(ABC):
    """One configuration of a game: the rules' constants and the action codec."""

    #: Registry name, e.g. ``"kingdomino"``.
    name: str
    #: The box's name, for people, e.g. ``"Kingdomino Duel"``.
    title: str
    num_players: int
    #: Size of the fixed range of action codes (chance actions included).
    num_actions: int

    @property
    @abstractmethod
    def options(self) -> Mapping[str, OptionValue]:
        """The options this configuration was made with, as JSON-ready values."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before the first chance event."""

    @abstractmethod
    def action_text(self, action: int) -> str:
        """The stable text form of an action code."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """The code of an action text; :class:`GameError` says what was expected."""

    def describe(self) -> str:
        """A one-line human description of the configuration, e.g. ``Kingdomino, 4 players (harmony)``."""
        extra = f" ({', '.join(self.rules_on())})" if self.rules_on() else ""
        return f"{self.title}, {self.num_players} players{extra}"

    def rules_on(self) -> list[str]:
        """The optional rules played, in words (``middle_kingdom`` reads ``middle kingdom``)."""
        return [key.replace("_", " ") for key, value in self.options.items() if value is True]


def check_seat(num_players: int, seat: int | None, allow_none: bool = True) -> None:
    """Refuse a seat outside the game. ``None`` (where allowed) asks for the public view, and so
    do ``CHANCE`` and ``TERMINAL``, the acting "seat" of a chance step or a finished game.

    >>> check_seat(2, 5)
    Traceback (most recent call last):
    ...
    kingdomino.core.game.GameError: seat: expected 0..1 or None, got 5
    """
    if allow_none and (seat is None or seat in (CHANCE, TERMINAL)):
        return
    if seat is None or not (is_action_code(seat) and 0 <= seat < num_players):
        either = " or None" if allow_none else ""
        raise GameError(f"seat: expected 0..{num_players - 1}{either}, got {seat!r}")


def is_action_code(action: object) -> bool:
    """An action code is an integer (numpy's too), not a bool, a float or a text.

    >>> is_action_code(3), is_action_code(725.0), is_action_code(True), is_action_code("3")
    (True, False, False, False)
    """
    return isinstance(action, numbers.Integral) and not isinstance(action, bool)


class State(ABC):
    """One position of a game. Mutable: ``apply`` changes it in place; ``clone`` copies it."""

    game: Game

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The legal action codes of the player (or chance) to act; empty when terminal."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node: each outcome code with its probability, once each, in ascending
        order of code (adapters hand the list on as it is); empty elsewhere."""

    def chance_factors(self) -> tuple[int, ...] | None:
        """How a chance node's outcomes are made, when they are every combination of
        independent, uniform draws (Kingdomino Duel's four dice): the number of outcomes of
        each draw, in the order of the outcome's digits (most significant first). Outcome
        number ``k`` of ``chance_outcomes()`` (ascending) is then the combination whose
        mixed-radix digits spell ``k``. ``None`` otherwise (the default), and away from
        chance nodes.

        It lets an adapter split a large chance node into small ones, one per draw, with the
        same distribution (OpenSpiel lists and samples each node's outcomes one by one):

        >>> from kingdomino import make_game
        >>> state = make_game("duel", 2).new_initial_state()
        >>> state.chance_factors(), len(state.chance_outcomes())
        ((6, 6, 6, 6), 1296)
        """
        return None

    def chance_key(self) -> str:
        """At a chance node, a name for the draw it makes that depends on no seat's choices: what is
        drawn and how many of it were drawn before ("domino 7", "dice 3").

        Two ways of playing one game meet the same draws in the same order of their kind, so a
        generator seeded by this key deals *the same deal* to both: the server draws each chance
        node from the game's seed and this key ("the same deal again" replays a finished game's
        deal). Draws whose pool the seats change (a caveman taken from the stack) keep their key
        but may then give another outcome.

        >>> from kingdomino import make_game
        >>> make_game("duel", 2).new_initial_state().chance_key()
        'dice 1'
        """
        raise NotImplementedError(f"{type(self).__name__} does not name its draws")

    def sample_chance(self, rng: random.Random) -> int:
        """Draw one chance outcome with its probability (games may override for speed); away from
        a chance node, a :class:`GameError` that says who acts (:meth:`not_chance`)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise self.not_chance()
        codes = [code for code, _ in outcomes]
        return rng.choices(codes, weights=[p for _, p in outcomes])[0]

    def not_chance(self) -> GameError:
        """The refusal of ``sample_chance`` where no chance node is: who acts instead."""
        player = self.current_player
        acting = "the game is over" if player == TERMINAL else f"seat {player} is to act"
        return GameError(f"sample_chance: not a chance node; {acting}")

    @abstractmethod
    def apply_unchecked(self, action: int) -> None:
        """Apply a code known to be legal (from ``legal_actions``); the fast path of search."""

    @abstractmethod
    def illegal_reason(self, action: int) -> str | None:
        """Why ``action`` is illegal here, or ``None`` when it is legal."""

    def refusal(self, action: int) -> Refusal | None:
        """Why ``action`` is illegal now, for a page to put in its own words (``None``: legal).

        ``illegal_reason`` says it in English for the command line and the API; this names the rule
        broken (``key``) with its figures (``values``), so a browser says it in the player's
        language and without action codes. Games name the refusals met on the board (a square
        where a domino may not go); any other is ``Refusal("other")``, and a page shows the
        English reason.
        """
        return None if self.illegal_reason(action) is None else Refusal("other")

    def apply(self, action: int) -> None:
        """Apply ``action`` after checking it; an illegal one raises and changes nothing."""
        if not is_action_code(action):
            raise IllegalActionError(
                f"action: expected an integer action code, got {action!r} ({type(action).__name__})"
            )
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self.apply_unchecked(action)

    def apply_text(self, text: str) -> int:
        """Parse and apply an action text; returns its code."""
        action = self.parse_action(text)
        self.apply(action)
        return action

    def parse_action(self, text: str) -> int:
        """The code of ``text`` in this state (games may accept equivalent spellings)."""
        return self.game.parse_action(text)

    def action_text(self, action: int) -> str:
        return self.game.action_text(action)

    def describe_action(self, action: int) -> str:
        """A plain-words sentence for logs ("player 2 places domino 17 at ...")."""
        return self.action_text(action)

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (equal to this state until either changes)."""

    def __eq__(self, other: object) -> bool:
        """The same game configuration and the same position, however it was reached
        (:mod:`kingdomino.core.identity`): a clone equals its original."""
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        return game_key(self.game) == game_key(other.game) and position_key(self) == position_key(other)

    def __hash__(self) -> int:
        """Agrees with ``==``. A state is mutable: its hash changes when an action is applied, so a
        state is a set member or a dict key only while nothing is applied to it."""
        return hash((game_key(self.game), position_key(self)))

    def __repr__(self) -> str:
        """The game, where play stands, who acts, the scores, then each seat's kingdom as the
        scorer's text (``kingdomino score`` reads it back)."""
        player = self.current_player
        acting = (
            "over" if player == TERMINAL else "chance to act" if player == CHANCE else f"seat {player} to act"
        )
        stage = self.stage()
        # A game's stage at the end already says so ("round 12, over"): once is enough.
        where = (
            stage
            if player == TERMINAL and stage.endswith("over")
            else ", ".join(filter(None, [stage, acting]))
        )
        lines = [f"<{type(self).__name__} {self.game.describe()}: {where}; scores {self.scores()}"]
        for seat, text in enumerate(self.kingdom_texts()):
            lines.append(f"seat {seat}:")
            lines.extend(f"  {line}" for line in text.splitlines())
        return "\n".join(lines) + ">"

    def stage(self) -> str:
        """Where play stands in words, e.g. ``round 3, place`` (empty where the game says nothing)."""
        return ""

    def kingdom_texts(self) -> list[str]:
        """Each seat's kingdom (map, territory) in the text its scorer reads; empty where the game
        writes none."""
        return []

    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score now (final once terminal), bonuses included."""

    @abstractmethod
    def score_sheet(self, player: int) -> ScoreSheet:
        """A seat's score explained region by region."""

    def tie_break(self, seat: int) -> tuple[int, ...]:
        """What ranks ``seat`` among the seats tied with it on points, higher better (a kingdom's
        largest region, then its crowns); ``()`` where the game breaks no tie. The one statement
        of the game's tie-break, which :meth:`winners` and :meth:`places` both read."""
        del seat
        return ()

    def winners(self) -> list[int]:
        """The seats sharing first place (at the end: the result; before it: the leaders)."""
        return ranked_winners(self.scores(), self.tie_break)

    def places(self) -> list[int]:
        """Each seat's place in the final ranking (before the end: the standing now), 1 the best:
        the score, then the game's :meth:`tie_break`; seats tied on both share a place, and the
        next place counts them (1, 1, 3). The seats placed 1 are the :meth:`winners`."""
        return ranked_places(self.scores(), self.tie_break)

    def returns(self) -> list[float]:
        """Per seat: a share of the win (1 / number of winners) once terminal, else 0."""
        if not self.is_terminal():
            return [0.0] * self.game.num_players
        won = self.winners()
        return [1.0 / len(won) if seat in won else 0.0 for seat in range(self.game.num_players)]

    @abstractmethod
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as JSON data: the web server's and the
        command line's view of the position. Never holds hidden parts. (A learner's float
        tensors are the *observation*: ``kingdomino.core.observation``, ``games/*/observation.py``.)"""

    @abstractmethod
    def score_gains(self) -> list[tuple[int, float]]:
        """Each legal action of the acting seat with the points it scores now: the score change
        the action makes (Duel adds small values for a spellbook square and a power kept).

        The cheapest of the three per-action estimates: the ``greedy`` agent maximises it, and
        it is a search's default prior. :meth:`fast_estimates` adds the future to it cheaply,
        :meth:`best_estimates` as well as the game can.
        """

    def fast_estimates(self) -> list[tuple[int, float]]:
        """:meth:`score_gains` plus a cheap estimate of what each action does to the future.

        Playouts call it at every step, so it must stay cheap. Scoring now ignores
        everything that scores later (room to grow, squares no domino can fill any more, the
        turn order a claim buys); a game may add such terms here. By default: ``score_gains()``.
        """
        return self.score_gains()

    def best_estimates(self) -> list[tuple[int, float]]:
        """The game's strongest (and slowest) one-ply estimate of each action.

        It may be much slower than :meth:`fast_estimates`: it is meant for choosing among a
        few, at a search's root (which moves to search) and for one-ply players. By default
        this is ``fast_estimates()``; Duel's races the spellbook lines and times the powers
        (:mod:`kingdomino.games.duel.outlook`).
        """
        return self.fast_estimates()

    def expected_leads(self) -> list[float] | None:
        """Each seat's expected final lead over the best other seat, in points, by the game's
        outlook of the position; ``None`` where the game has no such estimate.

        Not per action but per seat: a search whose playouts stop early (``depth``) values the
        position it reached with it. Duel's is the outlook :mod:`kingdomino.games.duel.outlook`
        values for :meth:`best_estimates`.
        """
        return None

    def rounds_to_deal(self) -> int | None:
        """How many more rounds chance will deal in the game being played (rows of dominoes not
        yet drawn), which every seat can count; ``None`` where the game does not count them.

        A search may play its last rounds otherwise (``late`` in ``agents.search``).
        """
        return None

    def determinize(self, rng: random.Random) -> State:
        """A state consistent with what the acting seat saw, hidden parts sampled.

        Chance is lazy in every engine, so there is no hidden part to sample:
        the copy is exact, and the randomness lives in later chance nodes.
        """
        del rng
        return self.clone()


def ranked_winners(
    scores: Sequence[int], tiebreaks: Callable[[int], tuple[int, ...]] | None = None
) -> list[int]:
    """Seats sharing first place: the best score, then among the seats tied on it the best
    ``tiebreaks(seat)`` key; several on a full tie.

    Only a seat tied for the best score can win, so the tie-breaks (a kingdom's largest
    region, its crowns: a walk over its regions) are computed for those seats alone.

    >>> ranked_winners([50, 50, 12], lambda seat: [(9, 3), (9, 4), (2, 1)][seat])
    [1]
    >>> ranked_winners([50, 50], lambda seat: (9, 4))
    [0, 1]
    >>> ranked_winners([50, 61, 12])
    [1]
    """
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    if len(tied) == 1 or tiebreaks is None:
        return tied
    keys = [tiebreaks(seat) for seat in tied]
    top = max(keys)
    return [seat for seat, key in zip(tied, keys) if key == top]


def ranked_places(
    scores: Sequence[int], tiebreaks: Callable[[int], tuple[int, ...]] | None = None
) -> list[int]:
    """Each seat's place, 1 the best: the best score first, then among the seats tied on it the
    best ``tiebreaks(seat)`` key (as :func:`ranked_winners` ranks the first place); seats tied on
    both share a place, the next place counting them (a "1224" ranking).

    The tie-breaks are computed only for seats that share their score with another.

    >>> ranked_places([50, 50, 12], lambda seat: [(9, 3), (9, 4), (2, 1)][seat])
    [2, 1, 3]
    >>> ranked_places([50, 61, 12, 50])
    [2, 1, 4, 2]
    >>> ranked_places([50, 50, 50], lambda seat: [(9, 4), (2, 1), (9, 4)][seat])
    [1, 3, 1]
    """
    shared = Counter(scores)
    keys = [
        (score, tiebreaks(seat) if tiebreaks is not None and shared[score] > 1 else ())
        for seat, score in enumerate(scores)
    ]
    return [1 + sum(other > key for other in keys) for key in keys]
