"""A trained Stable-Baselines3 MaskablePPO policy as an agent of the package's tools.

The plug-in spec names the class and the saved model::

    kingdomino ladder -p 2 --agents random greedy \\
        'kingdomino.rl.sb3_agent:MaskablePPOAgent:path=models/ppo-kingdomino-2p.zip'

so ``simulate``, ``tournament``, ``ladder``, ``compare``, the Gymnasium opponents and the
server's AI seats (``kingdomino serve --seat-agent ppo=SPEC``) play it, in worker processes too:
each process loads a model file once (again when the file changes).

* Parameters: ``path`` (required), the ``.zip`` that ``MaskablePPO.save`` wrote;
  ``sample=true`` draws the action from the policy's distribution with the agent's own seeded
  generator (so a seed still replays a game) instead of taking the most likely legal action.
* The model must have been trained on this package's observation of the same configuration (game,
  seats, options): the trainer (:mod:`kingdomino.rl.ppo_training`) writes it beside the model,
  ``<model>.json``, and the agent refuses a game of another configuration by name; a model saved
  without it is checked by the shape of its observation alone.
* The observation is the learner's, from the acting seat (seat-relative, as in
  :class:`~kingdomino.rl.gymnasium_env.GameEnv`), flat or as planes as the model was trained.

Needs ``torch``, ``stable-baselines3`` and ``sb3-contrib`` (the ``train`` extra).
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib import MaskablePPO

from kingdomino.agents.base import Agent, AgentSpecError
from kingdomino.core.game import Game, State
from kingdomino.games.registry import make_game
from kingdomino.rl.common import configuration, configuration_text, mask_array, mask_bytes
from kingdomino.rl.encoders import ObservationEncoder, encoder_for
from kingdomino.rl.planes import Planes

#: The spec's prefix that names this agent; a spec is ``f"{SPEC}:path=..."``.
SPEC = "kingdomino.rl.sb3_agent:MaskablePPOAgent"


def agent_spec(path: str | os.PathLike[str], *, sample: bool = False) -> str:
    """The agent spec of the model saved at ``path``: what the tools and ``--seat-agent`` take.

    >>> agent_spec("models/ppo.zip")
    'kingdomino.rl.sb3_agent:MaskablePPOAgent:path=models/ppo.zip'
    """
    text = os.fspath(path)
    if "," in text:
        raise AgentSpecError(f"path: an agent spec cannot hold a comma, got {text!r}")
    return f"{SPEC}:path={text}" + (",sample=true" if sample else "")


def configuration_file(model_path: Path) -> Path:
    """Where the configuration the model was trained on is kept: ``model.zip`` -> ``model.json``."""
    return model_path.with_suffix(".json")


def write_configuration(model_path: Path, game: Game, observation: str, extra: dict[str, Any]) -> None:
    """Keep beside the model the configuration it was trained on (and ``extra``: the training's
    figures), so that an agent refuses to play it in another."""
    name, players, options = configuration(game)
    record = {"game": name, "players": players, "options": options, "observation": observation, **extra}
    configuration_file(model_path).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")


@lru_cache(maxsize=16)
def _load(path: str, modified: float) -> tuple[MaskablePPO, dict[str, Any] | None]:
    """The model at ``path`` and its configuration, read once per process and file version
    (``modified`` is the file's time: a model saved again is read again)."""
    del modified
    model = MaskablePPO.load(path, device="cpu")
    config = configuration_file(Path(path))
    return model, (json.loads(config.read_text()) if config.exists() else None)


class _Observer:
    """Turns a state into the model's observation for the acting seat, for one configuration."""

    def __init__(self, encoder: ObservationEncoder, planes: bool) -> None:
        self.encoder = encoder
        self.planes = Planes(encoder) if planes else None

    def observe(self, state: State) -> Any:
        vector = self.encoder.encode(state, state.current_player)
        return vector if self.planes is None else self.planes.split(vector)


class MaskablePPOAgent(Agent):
    """Plays the legal action a saved MaskablePPO policy prefers (or samples, ``sample=true``)."""

    name = "maskable-ppo"

    def __init__(self, params: dict[str, str], seed: int | None = None) -> None:
        super().__init__(seed)
        unknown = set(params) - {"path", "sample"}
        if unknown:
            listed = ", ".join(sorted(unknown))
            raise AgentSpecError(f"agent {SPEC!r}: unknown parameter(s) {listed}; expected path, sample")
        path = params.get("path", "")
        if not path:
            raise AgentSpecError(f"agent {SPEC!r}: parameter path (the saved model's .zip) is required")
        file = Path(path).expanduser()
        if not file.is_file():
            raise AgentSpecError(f"agent {SPEC!r}: path {path!r}: no such model file")
        sample = params.get("sample", "false").lower()
        if sample not in ("true", "false"):
            raise AgentSpecError(f"agent {SPEC!r}: parameter sample: expected true or false, got {sample!r}")
        self.sample = sample == "true"
        self.path = str(file.resolve())
        self.model, self.trained_on = _load(self.path, file.stat().st_mtime)
        #: Whether the model was trained on planes (a ``Dict`` observation) rather than the vector.
        self.planes = isinstance(self.model.observation_space, spaces.Dict)
        self._observers: dict[tuple[str, int, str], _Observer] = {}

    def cannot_play(self, game: Game) -> str | None:
        """Why the model cannot play ``game``: trained for another configuration (no file path, so
        a server may show it)."""
        return self._mismatch(game, _Observer(encoder_for(game), self.planes))

    def _observer(self, game: Game) -> _Observer:
        name, players, options = configuration(game)
        key = (name, players, json.dumps(options, sort_keys=True))
        observer = self._observers.get(key)
        if observer is None:
            observer = _Observer(encoder_for(game), self.planes)
            reason = self._mismatch(game, observer)
            if reason is not None:
                raise AgentSpecError(f"agent {SPEC!r}: the model {self.path} {reason}")
            self._observers[key] = observer
        return observer

    def _mismatch(self, game: Game, observer: _Observer) -> str | None:
        """What tells the model's training from ``game``'s configuration, or ``None``."""
        if self.trained_on is not None:
            trained = (self.trained_on["game"], self.trained_on["players"], self.trained_on["options"])
            if trained != configuration(game):
                return f"was trained for {make_game(*trained).describe()}, not for {game.describe()}"
        space = self.model.observation_space
        width = space["features"].shape if observer.planes else space.shape  # type: ignore[index]
        expected = observer.planes.space()["features"].shape if observer.planes else observer.encoder.shape
        actions = self.model.action_space.n  # type: ignore[attr-defined]
        if width != expected or actions != game.num_actions:
            return (
                f"observes {width} and chooses among {actions} actions; {configuration_text(game)} "
                f"has {expected} and {game.num_actions}"
            )
        return None

    def act(self, state: State) -> int:
        observation = self._observer(state.game).observe(state)
        legal = state.legal_actions()
        mask = mask_array(mask_bytes(state.game.num_actions, legal)).astype(bool)
        if not self.sample:
            action, _ = self.model.predict(observation, action_masks=mask, deterministic=True)
            return int(action)
        return legal[self._draw(observation, mask, legal)]

    def _draw(self, observation: Any, mask: np.ndarray, legal: list[int]) -> int:
        """The index in ``legal`` of an action drawn from the policy with this agent's generator."""
        policy = self.model.policy
        tensor, _ = policy.obs_to_tensor(observation)
        with torch.no_grad():
            distribution = policy.get_distribution(tensor, action_masks=mask)
            probabilities = distribution.distribution.probs[0].numpy()  # type: ignore[union-attr]
        weights = [float(probabilities[action]) for action in legal]
        return self.rng.choices(range(len(legal)), weights=weights)[0]
