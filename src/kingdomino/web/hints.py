"""Hints: the search's best moves for the seat to act, computed in the AI queue within the
server's hint slots (``hint_slots``: ``MAX_HINTS`` at once, ``MAX_HINTS_PER_CLIENT`` of one
client). With several human players hints are off unless the game was created with hints for
everyone (``LiveGame.hints_allowed``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kingdomino.core.game import State
from kingdomino.core.seeds import derive_seed
from kingdomino.web.ai_queue import AIQueue
from kingdomino.web.ai_workers import AIJob
from kingdomino.web.hint_slots import HintSlots
from kingdomino.web.refusals import HubError, not_started
from kingdomino.web.table import Table

#: The hint's search: its playouts play every seat greedily, so a move's value is read against
#: opponents who play, not at random (against random opponents nearly every playout is won, and
#: every move read "about 100 % to win" from the first).
HINT_AGENT = "mcts:time=0.4,playout=greedy,prune=8"


class Hints:
    """The hints of the server's games, each in a slot of ``slots``, searched by ``agent`` in the
    AI queue that ``queue`` gives."""

    def __init__(self, slots: HintSlots, queue: Callable[[], AIQueue], agent: str = HINT_AGENT) -> None:
        self.slots = slots
        self.queue = queue
        self.agent = agent

    async def hint(self, table: Table, token: str, client: str = "") -> list[dict[str, Any]]:
        """The best moves for the seat of ``token``, each with its ``value`` (a win chance) and
        ``visits``, searched as ``client``'s job."""
        state, seed = await self._position(table, token)
        with self.slots.held(client):
            job = AIJob(state, self.agent, seed, analyse=True)
            answer = await self.queue().run(job, table.id, "hint", client=client)
        return [
            {"action": state.action_text(action), "value": round(value, 3), "visits": visits}
            for action, value, visits in answer.candidates
        ]

    @staticmethod
    async def _position(table: Table, token: str) -> tuple[State, int]:
        """A copy of the state the holder of ``token`` asks a hint for, and the hint's seed; or
        the refusal (the game is over, hints are off, another seat is to act)."""
        async with table.lock:
            seat = table.seat_for(token)
            if table.over():
                raise HubError(409, "game", "the game is over: there is no move left to hint", "game_over")
            if not table.dealt():  # its deal is shown to nobody before the start
                raise not_started()
            if not table.hints_allowed():
                why = (
                    "a rated game has none"
                    if table.stored.rated
                    else "with several human players they are on only when the game is created "
                    "with hints for everyone"
                )
                raise HubError(403, "hint", f"hints are off in this game: {why}", "hints_off")
            if table.state.current_player != seat:
                raise HubError(409, "hint", "a hint is for the seat to act", "hint_not_your_turn")
            return table.state.clone(), derive_seed(table.stored.seed, "hint", len(table.actions))
