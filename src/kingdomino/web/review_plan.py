"""What a review of a finished game searches, and the search itself as an AI job: the one plan
the server's reviews (``reviewer``, in the AI queue) and the operator's fair-play evidence
(``fairplay``, in its own process) follow, so both value a decision alike.

For each decision of the reviewed seats: a forced move or one the budget leaves out gets its
entry at once (``review.entry``, ``review.not_reviewed``); the others are searched by the review's
agent from the position the move was chosen in, seeded from the game's seed and the action's
index, the move played always among the searched ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kingdomino.core.game import State
from kingdomino.core.seeds import derive_seed
from kingdomino.games.registry import make_game
from kingdomino.web import review
from kingdomino.web.ai_workers import AIAnswer, AIJob, agent_spec
from kingdomino.web.stored import StoredAction, StoredGame


@dataclass(frozen=True)
class Decision:
    """One decision of a reviewed seat: its ``entry`` when it is not searched, else the ``job``
    whose answer :meth:`entry_of` turns into its entry (``position``: where it was chosen)."""

    action: StoredAction
    entry: dict[str, Any] | None = None
    job: AIJob | None = None
    position: State | None = None

    def entry_of(self, answer: AIAnswer) -> dict[str, Any]:
        """The entry of this searched decision from its job's ``answer``."""
        assert self.position is not None
        action, position = self.action, self.position
        candidates = [(position.action_text(a), v, n) for a, v, n in answer.candidates]
        return review.entry(action.index, action.seat, action.text, candidates)


def decisions(
    stored: StoredGame, seats: set[int], agent: str, budget: int = review.SEARCHES_PER_GAME
) -> Iterator[Decision]:
    """Each decision of ``seats`` in ``stored``, in order, those within ``budget`` searches
    (``review.to_search``) as jobs of ``agent`` (a level or an agent spec)."""
    actions = list(stored.actions)
    new_state = make_game(stored.game, stored.players, stored.options).new_initial_state
    searched = review.to_search(review.choices(new_state(), actions, seats), budget)
    for action, code, state in review.positions(new_state(), actions):
        if action.seat not in seats:
            continue
        if len(state.legal_actions()) == 1:
            yield Decision(action, entry=review.entry(action.index, action.seat, action.text, None))
        elif action.index not in searched:
            yield Decision(action, entry=review.not_reviewed(action.index, action.seat, action.text))
        else:
            copy = state.clone()
            seed = derive_seed(stored.seed, "review", action.index)
            job = AIJob(copy, agent_spec(agent, copy), seed, analyse=True, played=code)
            yield Decision(action, job=job, position=copy)
