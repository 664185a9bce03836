"""A finished game's replay: its public view after any step (``replay_view``), played on from
the states kept of the games last replayed (``Replays``) rather than from the start."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from kingdomino.core.game import State
from kingdomino.web.live import LiveGame
from kingdomino.web.refusals import HubError
from kingdomino.web.replaying import played_on, replayed
from kingdomino.web.views import sheet_json

#: A finished game's replay keeps its state every ``REPLAY_EVERY`` steps, for the ``MAX_REPLAYS``
#: games last replayed (a few KB a state: the states share what did not change): a step is played
#: on from the kept state below it, at most ``REPLAY_EVERY - 1`` actions, not from the start.
REPLAY_EVERY = 8
MAX_REPLAYS = 64


class Replays:
    """The states kept of finished games' replays (``replay_view``), the least recently replayed
    game's dropped first, and a game's with the game (``forget``).

    Every replay step replayed the game from its start on the event loop: stepping through a
    438-action Dynasty game cost 5 ms a step, and a client could ask the last step of long games
    in a tight loop. A finished game never changes, so its states are kept as they are first met.
    """

    def __init__(self, games: int = MAX_REPLAYS, every: int = REPLAY_EVERY) -> None:
        self.games = games
        self.every = every
        #: Each game's states after 0, ``every``, 2 ``every``... actions, as far as replayed yet.
        self._kept: OrderedDict[str, list[State]] = OrderedDict()

    def state_at(self, live: LiveGame, step: int) -> State:
        """The state of the finished game ``live`` after ``step`` actions (a state of its own),
        played on from the nearest state kept below it; the states passed on the way are kept."""
        kept = self._kept.get(live.id)
        if kept is None:
            kept = self._kept[live.id] = [live.game.new_initial_state()]
            while len(self._kept) > self.games:
                self._kept.popitem(last=False)
        self._kept.move_to_end(live.id)
        start = min(step // self.every, len(kept) - 1) * self.every
        state = kept[start // self.every].clone()
        for index in range(start, step):
            played_on(state, [live.actions[index]])
            if (index + 1) == len(kept) * self.every:
                kept.append(state.clone())
        return state

    def forget(self, game_id: str) -> None:
        """Drop the states kept of ``game_id`` (the game left the server's memory)."""
        self._kept.pop(game_id, None)

    def held(self) -> dict[str, int]:
        """How many states are kept, by game id."""
        return {game_id: len(kept) for game_id, kept in self._kept.items()}


def replay_view(live: LiveGame, step: int, replays: Replays | None = None) -> dict[str, Any]:
    """The public view after ``step`` actions of a finished game (its states kept in ``replays``;
    without, the game is replayed from its start)."""
    if live.stored.status != "finished":
        raise HubError(409, "game", "the replay is available once the game is over")
    if not 0 <= step <= len(live.actions):
        raise HubError(400, "step", f"expected 0..{len(live.actions)}, got {step}")
    state = replays.state_at(live, step) if replays is not None else replayed(live.game, live.actions[:step])
    position = state.view(None)
    position.pop("legal_actions", None)
    return {
        "type": "replay",
        "id": live.id,
        "game": live.game.name,
        "step": step,
        "steps": len(live.actions),
        "seats": [{"seat": s, "name": i["name"], "kind": i["kind"]} for s, i in enumerate(live.stored.seats)],
        "observation": position,
        "scores": state.scores(),
        "score_sheets": [sheet_json(state, s) for s in range(live.game.num_players)],
        "current_player": state.current_player,
        "last": (
            {
                "text": live.actions[step - 1].text,
                "description": live.actions[step - 1].description,
                "seat": live.actions[step - 1].seat,
            }
            if step
            else None
        ),
        "log": [
            {"index": a.index, "seat": a.seat, "text": a.text, "description": a.description}
            for a in live.actions[:step]
        ],
        # The action taken from this position (the review's words for the move played here).
        "next": (
            {
                "text": live.actions[step].text,
                "description": live.actions[step].description,
                "seat": live.actions[step].seat,
            }
            if step < len(live.actions)
            else None
        ),
    }
