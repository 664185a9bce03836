"""A league for self-play: snapshots of a learning policy, kept as files, drawn as opponents.

::

    from kingdomino.rl.gymnasium_env import GameEnv
    from kingdomino.rl.league import League

    league = League("runs/league", fixed=["greedy", "random"], snapshot_share=0.5)
    env = GameEnv("kingdomino", players=2, opponents=league)   # opponents drawn at every reset
    ...
    league.add(model)            # a snapshot of the learner (anything with .save(path))

* Each :meth:`~League.draw` (at each ``reset`` of a :class:`~kingdomino.rl.gymnasium_env.GameEnv`)
  gives every other seat an opponent: one of the kept snapshots with probability
  ``snapshot_share`` (uniformly among them), else one of the ``fixed`` agent specs. With no
  snapshot yet, always a fixed one. The draw uses the env's seeded generator, so a seeded
  episode replays as long as the folder holds the same snapshots.
* A snapshot is a file in ``folder`` (``snapshot-0001.zip``, ...) and an opponent is its agent spec
  (``agent`` names the class that plays such a file,
  :class:`kingdomino.rl.sb3_agent.MaskablePPOAgent` by default): a string, so every copy of the
  league, in every process of a vectorised env (SB3's ``SubprocVecEnv``) or on Ray, sees the
  snapshots the learner adds, with no message between them. A file is written under another name
  and then renamed, so no copy ever reads half a snapshot.
* ``keep`` bounds the snapshots kept: the oldest beyond it are deleted when one is added.
* A snapshot that cannot play is refused where it enters, naming its file and what is wrong,
  never at its first move deep in an episode: the league loads every snapshot its folder holds
  when it is made, :meth:`~League.check` (which a ``GameEnv`` calls with its game) asks each
  whether it plays that game, and :meth:`~League.add` loads a new snapshot, and checks it
  against those games, before it joins (a file that fails is deleted).
* A check is done once: the league remembers each file it passed (by path, size and time of
  change) with the game configurations it passed for, and keeps a snapshot loaded when made
  until its first check, so the envs made with one league (and its copies in other processes)
  load each snapshot once. A file changed since is loaded and checked again.

:class:`kingdomino.rl.ppo_training.SnapshotCallback` adds a snapshot every so many steps of
Stable-Baselines3's training.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from kingdomino.agents import Agent, make_agent
from kingdomino.core.game import Game, GameError, OptionValue
from kingdomino.rl.common import configuration

#: The snapshots' file names, numbered from 1 in the order they were added.
_SNAPSHOT = re.compile(r"^snapshot-(\d+)\.zip$")

#: A snapshot file as it is now: its path, size and time of change (nanoseconds).
FileIdentity = tuple[str, int, int]
#: A game configuration that can be remembered in a set: game, seats, sorted options.
ConfigurationKey = tuple[str, int, tuple[tuple[str, OptionValue], ...]]


def file_identity(path: Path) -> FileIdentity:
    """``path`` as it is now; a file rewritten since has another size or time of change."""
    status = path.stat()
    return str(path), status.st_size, status.st_mtime_ns


def configuration_key(game: Game) -> ConfigurationKey:
    """``game``'s configuration (:func:`~kingdomino.rl.common.configuration`) as a set member."""
    name, players, options = configuration(game)
    return name, players, tuple(sorted(options.items()))


class SavesItself(Protocol):
    """What a snapshot is taken of: a model that saves itself to a file (SB3's ``save``)."""

    def save(self, path: str) -> None: ...


class League:
    """Snapshots of a policy in ``folder`` and fixed agents, drawn as opponents; see the module text."""

    def __init__(
        self,
        folder: str | os.PathLike[str],
        *,
        fixed: Sequence[str] = ("greedy",),
        snapshot_share: float = 0.5,
        keep: int = 10,
        agent: str = "kingdomino.rl.sb3_agent:MaskablePPOAgent",
    ) -> None:
        if isinstance(fixed, str) or not fixed or not all(isinstance(spec, str) for spec in fixed):
            raise GameError(f"fixed: expected a non-empty list of agent specs, got {fixed!r}")
        for spec in fixed:
            make_agent(spec, seed=0)
        if not 0.0 <= snapshot_share <= 1.0:
            raise GameError(f"snapshot_share: expected a probability from 0 to 1, got {snapshot_share!r}")
        if not isinstance(keep, int) or keep < 1:
            raise GameError(f"keep: expected a whole number of snapshots, at least 1, got {keep!r}")
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.fixed = list(fixed)
        self.snapshot_share = float(snapshot_share)
        self.keep = keep
        self.agent = agent
        #: The games the snapshots were checked for (:meth:`check`); a new one is checked too.
        self.games: list[Game] = []
        #: The files that loaded, as they were then, with the configurations they can play.
        self._passed: dict[FileIdentity, set[ConfigurationKey]] = {}
        #: Snapshots loaded but not yet asked about a game: the first :meth:`check` needs no load.
        self._unasked: dict[FileIdentity, Agent] = {}
        for snapshot in self.snapshots():
            self._unasked[file_identity(snapshot)] = self._load(snapshot)

    def snapshots(self) -> list[Path]:
        """The kept snapshots, oldest first."""
        return [path for _, path in self._numbered()]

    def _numbered(self) -> list[tuple[int, Path]]:
        """The kept snapshots with their numbers, oldest first."""
        found = ((_SNAPSHOT.match(path.name), path) for path in self.folder.iterdir())
        return sorted((int(match[1]), path) for match, path in found if match)

    def spec(self, snapshot: Path) -> str:
        """The agent spec that plays ``snapshot``."""
        return f"{self.agent}:path={snapshot}"

    def _load(self, snapshot: Path, name: Path | None = None, games: Sequence[Game] = ()) -> Agent:
        """The agent that plays ``snapshot``, refused (by ``name``, the snapshot's file) when the
        file cannot be loaded or cannot play ``games``."""
        try:
            agent = make_agent(self.spec(snapshot), seed=0)
        except Exception as error:  # a loader fails its own way: a zip, a pickle, torch
            raise GameError(
                f"league snapshot {name or snapshot}: cannot be loaded by {self.agent}: {error}",
                field="league",
            ) from None
        self._refuse_unplayable(agent, name or snapshot, games)
        return agent

    @staticmethod
    def _refuse_unplayable(agent: Agent, where: Path, games: Sequence[Game]) -> None:
        """Refuse, naming the snapshot's file ``where``, an ``agent`` that cannot play one of ``games``."""
        for game in games:
            if (reason := agent.cannot_play(game)) is not None:
                raise GameError(
                    f"league snapshot {where}: cannot play {game.describe()}: {reason}", field="league"
                )

    def check(self, game: Game) -> None:
        """Refuse, naming the file, a kept snapshot that cannot play ``game``; the snapshots added
        from now on are checked against it too. A file already passed for ``game``'s
        configuration, and unchanged since, is not loaded again."""
        key = configuration_key(game)
        current = {file_identity(snapshot): snapshot for snapshot in self.snapshots()}
        for identity, snapshot in current.items():
            if key in self._passed.get(identity, ()):
                continue
            agent = self._unasked.pop(identity, None)
            if agent is None:
                agent = self._load(snapshot)
            self._refuse_unplayable(agent, snapshot, [game])
            self._passed.setdefault(identity, set()).add(key)
        self._passed = {identity: self._passed[identity] for identity in current if identity in self._passed}
        self._unasked.clear()  # every current snapshot was asked; the rest were changed or dropped
        if all(configuration(game) != configuration(known) for known in self.games):
            self.games.append(game)

    def __getstate__(self) -> dict[str, Any]:
        """The league as copied to another process: what was passed, without loaded models."""
        return {**self.__dict__, "_unasked": {}}

    def add(self, model: SavesItself) -> Path:
        """Save ``model`` as the newest snapshot (then drop the oldest beyond ``keep``); its path.
        A snapshot that cannot be loaded or cannot play a checked game is deleted and refused."""
        numbered = self._numbered()
        kept = [path for _, path in numbered]
        path = self.folder / f"snapshot-{numbered[-1][0] + 1 if numbered else 1:04d}.zip"
        partial = self.folder / f".partial-{os.getpid()}.zip"
        model.save(str(partial))
        try:
            agent = self._load(partial, name=path, games=self.games)
        except GameError:
            partial.unlink(missing_ok=True)
            raise
        os.replace(partial, path)
        identity = file_identity(path)
        self._passed[identity] = {configuration_key(game) for game in self.games}
        if not self.games:
            self._unasked[identity] = agent
        dropped = [*kept, path][: -self.keep]
        for old in dropped:
            old.unlink(missing_ok=True)
        gone = {str(old) for old in dropped}
        self._passed = {identity: keys for identity, keys in self._passed.items() if identity[0] not in gone}
        self._unasked = {
            identity: agent for identity, agent in self._unasked.items() if identity[0] not in gone
        }
        return path

    def draw(self, rng: random.Random, count: int) -> list[str]:
        """An opponent spec for each of ``count`` seats."""
        snapshots = self.snapshots()
        return [
            self.spec(rng.choice(snapshots))
            if snapshots and rng.random() < self.snapshot_share
            else rng.choice(self.fixed)
            for _ in range(count)
        ]

    def __repr__(self) -> str:
        return (
            f"League({str(self.folder)!r}, fixed={self.fixed!r}, snapshot_share={self.snapshot_share}, "
            f"keep={self.keep})"
        )
