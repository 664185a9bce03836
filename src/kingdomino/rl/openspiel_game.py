"""Every game of the family as a Python OpenSpiel game.

Importing this module registers ``python_<name>`` for each game with an encoder
(``python_kingdomino``, ...)::

    import pyspiel
    import kingdomino.rl.openspiel_game  # registers the games

    game = pyspiel.load_game("python_kingdomino", {"players": 3, "harmony": True})

* Parameters: ``players`` and every option of the game (its variants), with the
  engine's defaults.
* Sequential, explicit stochastic chance: every draw, king draw and roll is a chance
  node with the engine's outcomes and probabilities (chance is lazy in the engines,
  so no hidden order exists before it happens). A node whose outcomes are every
  combination of independent uniform draws (``State.chance_factors()``: Duel's roll of
  four dice, 1,296 outcomes) is played as one small chance node per draw (a die's 6
  faces, chance actions ``0..5``), with the same distribution: listing and sampling
  1,296 outcomes at every roll would cost far more than the game.
* Perfect information, as OpenSpiel's backgammon, pig and 2048: nothing is hidden from any
  seat (every domino, die and caveman is drawn face up; Origins' face-down caveman stack is known
  kind by kind, and its order never exists), only the future is unknown, and that is the
  explicit chance nodes. Information state string = the history (``history_str()``, as
  OpenSpiel's perfect-information Python games); no information-state tensor. Observation
  tensor = the game's encoder (:mod:`kingdomino.rl.encoders`), observation string = the
  engine's JSON observation of that seat (see :func:`unsupported_observation` for the types
  an observer may be asked for).
* Actions and chance outcomes share the engine's fixed code range.
* Returns: zero-sum (``Utility.ZERO_SUM``, utility sum 0) at every seat count: every seat
  stakes 1 and the seats sharing first place split the pot, so a seat gets ``n / k - 1`` when
  it is one of the k winners of an n-seat game and ``-1`` otherwise (:func:`zero_sum_returns`).
  With 2 players that is OpenSpiel's usual +1 / -1, 0 for a draw; with 3 or 4 a lone winner
  gets ``n - 1`` (minimum utility -1, maximum ``n - 1``; OpenSpiel's n-player Kuhn poker is
  zero-sum too).
  ``State.returns()`` (the engine's, and the PettingZoo and Gymnasium ``"win"`` rewards) stays
  the 1/k share of the win; ``zero_sum_returns`` maps one onto the other.
* No ``undo_action``: pyspiel (2.0) does not forward ``UndoAction`` from C++ to a Python game,
  and a Python game cannot pop the history that pyspiel keeps in C++, so an undo would leave
  ``history()`` and ``move_number()`` wrong. OpenSpiel's algorithms that run on Python games
  clone states instead (``clone()`` is the engine's own fast copy).
* Speed: ``state.observation_tensor(player)`` returns pyspiel's list of floats, and
  converting thousands of floats to a list costs more than a step of the game. Python
  code that wants the numbers should use OpenSpiel's observation object, which writes into
  a numpy buffer: ``observation = open_spiel.python.observation.make_observation(game)``,
  then ``observation.set_from(state, player)`` and read ``observation.tensor`` (or the
  named sections in ``observation.dict``).

OpenSpiel's algorithms that work on any Python game run on them: its random simulation test,
MCTS and expectiminimax (``open_spiel.python.algorithms.minimax.expectiminimax``, depth-limited
with a value function). Its ISMCTS does not apply: it is for imperfect-information games (both
the Python and the C++ one refuse others), and MCTS searches these games directly. pyspiel's
C++ MCTS bot crashes on Python games (pyspiel 2.0.2, its own ``python_tic_tac_toe`` too): use
the Python one. Python games are slower than C++ ones.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from typing import Any, cast

import numpy as np
import pyspiel

from kingdomino.core.game import CHANCE, TERMINAL, Game, OptionValue, State
from kingdomino.games.registry import catalogue, make_game
from kingdomino.rl.common import player_range
from kingdomino.rl.encoders import ObservationEncoder, encoder_for, encoder_names


def short_name(game_name: str) -> str:
    """The OpenSpiel name of a game of the family: ``python_<name>``."""
    return f"python_{game_name}"


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One configuration of a game of the family, seen by OpenSpiel."""

    game_name: str = ""
    game_type: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        defaults = self.game_type.parameter_specification
        players = int(params.get("players", defaults["players"]))
        options: dict[str, OptionValue] = {}
        for key, default in defaults.items():
            if key == "players":
                continue
            value = params.get(key, default)
            options[key] = value if isinstance(value, bool | int | str) else str(value)
        self.engine_game: Game = make_game(self.game_name, players, options)
        self.encoder: ObservationEncoder = encoder_for(self.engine_game)
        n = self.engine_game.num_actions
        info = pyspiel.GameInfo(
            num_distinct_actions=n,
            max_chance_outcomes=n,
            num_players=players,
            min_utility=-1.0,
            max_utility=float(players - 1),
            utility_sum=0.0,
            max_game_length=self.encoder.max_game_length,
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self, self.engine_game.new_initial_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> EncoderObserver | HistoryObserver:
        """The observer of ``iig_obs_type`` (``None``: the default observation): the history for
        an information state (perfect recall), the encoder's observation otherwise; refused with
        the reason when it is a type these games do not provide (:func:`unsupported_observation`)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None:
            if iig_obs_type.perfect_recall:
                return HistoryObserver(public=iig_obs_type.public_info)
            reason = unsupported_observation(iig_obs_type)
            if reason is not None:
                raise ValueError(f"{self.game_type.short_name}: {reason}")
        return EncoderObserver(self.encoder)


def unsupported_observation(iig_obs_type: Any) -> str | None:
    """Why the games do not provide observations of type ``iig_obs_type`` (``None``: they do).

    The games hold no private information (every draw is shown face up and the future does
    not exist yet), so the encoder's observation, seen from the observing seat, is both that
    seat's observation and everybody's: it answers the default type (public information and the
    player's own private information) and the one with every player's private information.
    An information state (perfect recall) is the history (:class:`HistoryObserver`). An
    observation without the public information and the public observation alone (the same for
    every seat, which the seat-relative encoding is not) are refused.
    """
    if iig_obs_type.perfect_recall:
        return None
    if not iig_obs_type.public_info:
        return "every observation includes the public information"
    if iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE:
        return "no public observation is provided: observations are seat-relative"
    return None


class HistoryObserver:
    """The information state of a perfect-information game: the history of actions, chance
    included (``history_str()``), the same for every seat; empty without the public information
    (no seat holds private information). A string only, no tensor: OpenSpiel's convention for
    its perfect-information Python games."""

    def __init__(self, public: bool) -> None:
        self.public = public
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """Nothing to write: there is no tensor."""

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return str(state.history_str()) if self.public else ""


#: Engine pseudo-players -> OpenSpiel's.
_SPECIAL_PLAYERS = {CHANCE: int(pyspiel.PlayerId.CHANCE), TERMINAL: int(pyspiel.PlayerId.TERMINAL)}


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """An engine state behind OpenSpiel's state interface.

    OpenSpiel's C++ side calls back into Python many times per action (``current_player`` alone
    about a dozen times per decision, chance nodes included), so these methods are kept to a
    few attribute reads.
    """

    def __init__(self, game: OpenSpielGame, state: State) -> None:
        super().__init__(game)
        self._box = _EngineBox(state, game.encoder)

    @property
    def engine(self) -> State:
        """The engine state behind this OpenSpiel state (change it only through ``apply_action``)."""
        return self._box.state

    def current_player(self) -> int:
        player = self._box.state.current_player
        return player if player >= 0 else _SPECIAL_PLAYERS[player]

    def is_chance_node(self) -> bool:
        """pyspiel's ``is_chance_node``, answered in Python (C++'s would call ``current_player``)."""
        return self._box.state.current_player == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's ``legal_actions([player])``, answered in Python with C++'s answer: none at
        the end or for a seat not to act, the chance outcomes at a chance node. (C++'s own
        calls back into Python five times and converts the list twice.)"""
        current = self._box.state.current_player
        if current == TERMINAL:
            return []
        if current == CHANCE:
            return [action for action, _ in self.chance_outcomes()]
        if player is not None and player != current:
            if player < 0:
                raise pyspiel.SpielError(f"legal_actions: called for pseudo-player {player}")
            return []
        box = self._box
        legal = box.legal = sorted(box.state.legal_actions())  # as _legal_actions lists them
        return legal

    def _legal_actions(self, player: int) -> list[int]:
        """The seat's legal actions, ascending (pyspiel asks only at decision nodes)."""
        del player
        box = self._box
        legal = box.legal = sorted(box.state.legal_actions())
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        box = self._box
        factors = box.state.chance_factors()
        if factors:
            size = factors[len(box.draws)]
            return [(draw, 1.0 / size) for draw in range(size)]
        outcomes = box.outcomes = box.state.chance_outcomes()  # ascending, as the protocol lists them
        return outcomes

    def _apply_action(self, action: int) -> None:
        """Apply ``action``: unchecked when it is among the legal actions or chance outcomes just
        listed for this position, else through the engine's checked ``apply`` (an illegal one
        raises). At a chance node made of draws, a draw; the last one applies the engine's
        outcome."""
        box = self._box
        legal, outcomes = box.legal, box.outcomes
        box.legal = box.outcomes = None
        state = box.state
        if legal is not None and action in legal:
            state.apply_unchecked(action)
            return
        factors = state.chance_factors()
        if factors:
            size = factors[len(box.draws)]
            if not 0 <= action < size:
                draw = len(box.draws) + 1
                raise pyspiel.SpielError(f"chance draw {draw}: expected 0..{size - 1}, got {action}")
            box.draws.append(action)
            if len(box.draws) < len(factors):
                return
            index = 0
            for draw, radix in zip(box.draws, factors, strict=True):
                index = index * radix + draw
            box.draws = []
            state.apply_unchecked(state.chance_outcomes()[index][0])
        elif outcomes and _is_outcome(outcomes, action):
            state.apply_unchecked(action)
        else:
            state.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        factors = self._box.state.chance_factors() if player == int(pyspiel.PlayerId.CHANCE) else None
        if factors:
            return f"chance draw {len(self._box.draws) + 1} of {len(factors)}: {action}"
        return self.engine.game.action_text(action)

    def is_terminal(self) -> bool:
        return self._box.state.current_player == TERMINAL

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """pyspiel's ``observation_tensor`` (the encoder's vector as a list of floats), answered in
        Python: pyspiel's own would encode twice (once to learn the tensor's size on a fresh
        initial state) and go through the observer's sections one by one."""
        box = self._box
        if player is None:
            player = self.current_player()
        if not 0 <= player < box.state.game.num_players:
            raise pyspiel.SpielError(f"observation_tensor: player {player} is not a seat of this game")
        return box.encoder.encode(box.state, player).tolist()  # type: ignore[no-any-return]

    def returns(self) -> list[float]:
        """The zero-sum returns (:func:`zero_sum_returns`), all 0 before the end."""
        return zero_sum_returns(self._box.state.returns())

    def __str__(self) -> str:
        return json.dumps(self.engine.view(None), sort_keys=True)


def zero_sum_returns(shares: list[float]) -> list[float]:
    """The zero-sum returns of the engine's ``State.returns()`` (1/k to each of the k winners,
    0 to the others; all 0 before the end): every seat stakes 1 and the winners split the pot of
    ``n``, so ``n * share - 1`` (+1 / -1 and 0 for a draw with 2 players)."""
    if not any(shares):
        return shares
    n = len(shares)
    return [n * share - 1.0 for share in shares]


def _is_outcome(outcomes: list[tuple[int, float]], action: int) -> bool:
    """Whether ``action`` is one of ``outcomes`` (ascending by code, as the protocol lists them)."""
    index = bisect_left(outcomes, (action,))
    return index < len(outcomes) and outcomes[index][0] == action


class _EngineBox:
    """Holds the engine state; pyspiel clones a Python state by deep-copying its attributes,
    so this makes that copy the engine's own fast ``clone()`` (the encoder is shared)."""

    __slots__ = ("draws", "encoder", "legal", "outcomes", "state")

    def __init__(self, state: State, encoder: ObservationEncoder, draws: list[int] | None = None) -> None:
        self.state = state
        self.encoder = encoder
        #: The sorted legal actions last listed for this position (``None`` once it changes).
        self.legal: list[int] | None = None
        #: The chance outcomes last listed for this position (``None`` once it changes).
        self.outcomes: list[tuple[int, float]] | None = None
        #: The draws made so far of a chance node played draw by draw (``chance_factors``).
        self.draws: list[int] = draws or []

    def __deepcopy__(self, memo: dict[int, Any]) -> _EngineBox:
        return _EngineBox(self.state.clone(), self.encoder, self.draws.copy())


class EncoderObserver:
    """OpenSpiel's Python observer interface over an :class:`ObservationEncoder`: ``set_from``
    writes the encoding into ``tensor`` in place."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.shape, dtype=np.float32)
        self.dict: dict[str, Any] = {
            name: self.tensor[offset : offset + int(np.prod(shape))].reshape(shape)
            for name, (offset, shape) in encoder.layout.items()
        }

    def set_from(self, state: OpenSpielState, player: int) -> None:
        self.tensor[...] = self.encoder.encode(state._box.state, player)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return json.dumps(state.engine.view(player), sort_keys=True)


_REGISTERED: dict[str, type[OpenSpielGame]] = {}


def register(name: str) -> type[OpenSpielGame]:
    """Register game ``name`` with OpenSpiel as ``python_<name>`` (once)."""
    found = _REGISTERED.get(name)
    if found is not None:
        return found
    low, high, smallest = player_range(name)
    # Every option the game declares is a parameter: an on/off option off by default (Duel's
    # pass_fills_spellbook) is missing from the options a game reports, which are those turned on.
    declared = catalogue().get(name, {}).get("options", {})
    parameters: dict[str, Any] = {
        "players": low,
        **{option: False for option in cast(dict[str, str], declared)},
    }
    parameters.update(smallest.options)
    game_type = pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Kingdomino family: {name} (Python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )
    cls = type(f"OpenSpiel_{name}", (OpenSpielGame,), {"game_name": name, "game_type": game_type})
    # Named in this module, so that pickle finds the class of a game it loads.
    cls.__module__ = __name__
    globals()[cls.__name__] = cls
    pyspiel.register_game(game_type, cls)
    _REGISTERED[name] = cls
    return cls


def register_all() -> list[str]:
    """Register every game that has an encoder; returns their OpenSpiel names."""
    return [short_name(register(name).game_name) for name in encoder_names()]


def load(name: str, players: int | None = None, **options: OptionValue) -> Any:
    """``pyspiel.load_game`` of game ``name`` (registered on demand)."""
    register(name)
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(short_name(name), params)


register_all()
