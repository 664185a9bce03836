"""What the RL adapters share: building a configuration, rewards, masks, chance resolution."""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Mapping
from numbers import Real
from typing import Any, Literal, SupportsIndex, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from kingdomino.core.game import CHANCE, Game, GameError, OptionValue, State, is_action_code
from kingdomino.core.seeds import ChanceSampler, derive_seed
from kingdomino.games.registry import make_game
from kingdomino.rl.encoders import ObservationEncoder, encoder_for

#: ``"win"``: at the end, 1/k to each of the k seats sharing first place, 0 to the others
#: (``State.returns()``). ``"score_diff"``: at the end, own score minus the best other score,
#: divided by the encoder's ``score_scale``.
RewardKind = Literal["win", "score_diff"]
REWARD_KINDS: tuple[str, ...] = ("win", "score_diff")

MaskArray = npt.NDArray[np.int8]


def resolve_game(game: str | Game, players: int | None, options: Mapping[str, OptionValue] | None) -> Game:
    """A configuration from a registry name (with players and options) or a ready :class:`Game`."""
    if isinstance(game, Game):
        if players is not None and players != game.num_players:
            raise GameError(f"players: the game has {game.num_players} seats, got {players}")
        if options:
            raise GameError("options: give them to make_game, not with a ready Game")
        return game
    return make_game(game, 2 if players is None else players, options)


def check_reward_kind(reward: str) -> RewardKind:
    if reward == "win":
        return "win"
    if reward == "score_diff":
        return "score_diff"
    raise GameError(f"reward: expected one of {', '.join(REWARD_KINDS)}, got {reward!r}")


def final_rewards(state: State, kind: RewardKind, score_scale: float) -> list[float]:
    """Per seat reward of a finished game (all zero before the end)."""
    players = state.game.num_players
    if not state.is_terminal():
        return [0.0] * players
    if kind == "win":
        return state.returns()
    scores = state.scores()
    result = []
    for seat in range(players):
        best_other = max(score for other, score in enumerate(scores) if other != seat)
        result.append((scores[seat] - best_other) / score_scale)
    return result


def mask_bytes(size: int, legal: list[int]) -> bytearray:
    """The ``int8`` mask over ``range(size)`` as bytes, 1 on the ``legal`` codes.

    The adapters build it once per position: it answers "is this code legal?" in O(1)
    (``0 <= code < size and mask[code]``) and gives the mask arrays by copy.
    """
    mask = bytearray(size)
    for code in legal:
        mask[code] = 1
    return mask


_INT8 = np.dtype(np.int8)


def mask_array(mask: bytes | bytearray) -> MaskArray:
    """A new writable ``int8`` array holding a copy of ``mask`` (cheaper than ``np.zeros`` + fill)."""
    return np.frombuffer(bytearray(mask), _INT8)


def settle_chance(state: State, sampler: ChanceSampler) -> None:
    """Resolve chance nodes until a seat acts or the game ends."""
    while state.current_player == CHANCE:
        state.apply_unchecked(sampler.sample(state))


def check_seed(seed: object) -> int:
    """``seed`` as the ``int`` that seeds a generator, refused by name unless a non-negative integer.

    NumPy integers pass, bools, floats and negatives do not (the engine's
    :func:`~kingdomino.core.game.is_action_code` rule): numpy's generators take no negative seed,
    and a float would be truncated into another seed without a word.
    """
    if is_action_code(seed) and (value := int(cast(int, seed))) >= 0:
        return value
    raise GameError(f"seed: expected a non-negative integer or None, got {seed!r}")


def action_code(action: SupportsIndex) -> int:
    """The engine code of a step's ``action``: an integer (numpy integers pass), refused by name
    otherwise; ``int()`` would play ``2.9`` as action 2 and turn ``None`` into a bare ``TypeError``.
    (``operator.index`` is the engine's :func:`~kingdomino.core.game.is_action_code` rule at a
    fraction of an ABC check's cost, on the path of every step.)"""
    if action.__class__ is not bool:
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise GameError(f"action: expected an integer action code, got {action!r}")


def why_illegal(state: State, code: int) -> str:
    """Why ``code`` is not a legal action of ``state``, in the engine's words: raised with
    ``illegal_action="raise"``, else given as ``info["illegal_reason"]`` beside the penalty."""
    return state.illegal_reason(code) or f"action {code} is not legal now"


def check_penalty(penalty: object) -> float:
    """``illegal_penalty`` as a finite ``float``, refused by name otherwise (a string such as
    ``"-1"`` or a NaN reward would reach the learner unnoticed)."""
    if not isinstance(penalty, bool) and isinstance(penalty, Real) and math.isfinite(penalty):
        return float(penalty)
    raise GameError(f"illegal_penalty: expected a finite number, got {penalty!r}")


def episode_seed(np_random: np.random.Generator) -> int:
    """The seed of an episode reset without one, drawn from the env's generator (as Gymnasium's
    ``np_random`` after ``reset(seed=...)``), so a seeded env replays its unseeded resets too."""
    return int(np_random.integers(2**62))


def seed_action_spaces(action_spaces: Iterable[spaces.Space[Any]], seed: int) -> None:
    """Seed each action space (in seat order) from the episode's ``seed``, so that a random rollout
    drawing ``action_space.sample(mask)`` after ``reset(seed=s)`` replays its game too.

    Gymnasium and PettingZoo leave the action spaces to ``space.seed()``: the README's loop, seeded
    ``reset(seed=7)``, sampled other moves at every run, so the seed replayed the draws of a game
    it did not play again. A space seeded later (PettingZoo's seed tests seed them after ``reset``)
    keeps that seed; an unseeded ``reset()`` leaves the spaces' generators running.
    """
    for index, space in enumerate(action_spaces):
        space.seed(derive_seed(seed, "action space", index))


def resolve_encoder(game: Game, encoder: ObservationEncoder | None) -> ObservationEncoder:
    """The env's encoder: the game's own (``None``), or ``encoder`` once it is known to be made for
    this very configuration. One made for another (2 players for a 3-player game, another Origins
    mode) would encode without complaint and leave seats or planes out of every observation."""
    if encoder is None:
        return encoder_for(game)
    if not isinstance(encoder, ObservationEncoder):
        raise GameError(
            "encoder: expected an ObservationEncoder (such as encoder_for(game)), "
            f"got {type(encoder).__name__}"
        )
    made_for = encoder.game
    if configuration(made_for) != configuration(game):
        raise GameError(
            f"encoder: made for {configuration_text(made_for)}, but the env plays "
            f"{configuration_text(game)}; make it with encoder_for(game) of the env's game"
        )
    return encoder


def configuration(game: Game) -> tuple[str, int, dict[str, OptionValue]]:
    """What tells two configurations apart: the game, its seats and its options."""
    return game.name, game.num_players, dict(game.options)


def configuration_text(game: Game) -> str:
    options = ", ".join(f"{key}={value}" for key, value in sorted(game.options.items()))
    return f"{game.name} with {game.num_players} players ({options or 'no options'})"


MAX_PLAYERS_PROBED = 8


def player_range(name: str) -> tuple[int, int, Game]:
    """Smallest and largest number of seats game ``name`` accepts, and its smallest configuration."""
    valid: list[tuple[int, Game]] = []
    for players in range(1, MAX_PLAYERS_PROBED + 1):
        try:
            valid.append((players, make_game(name, players)))
        except GameError:
            continue
    if not valid:
        raise GameError(f"game {name!r} accepts no number of players in 1..{MAX_PLAYERS_PROBED}")
    return valid[0][0], valid[-1][0], valid[0][1]
