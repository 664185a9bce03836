"""The challengers of a simul told it has started (``simuls``): an inbox entry each
(``inbox_events``) and, where they have push on, a notification, each leading to their own game.
A host starts a simul when they choose, and a challenger who applied an hour before may be on
another page or away: without it they would not know their game waits for them, its clock
running."""

from __future__ import annotations

from functools import partial

from kingdomino.web.inbox_events import kept
from kingdomino.web.inbox_store import Event, note
from kingdomino.web.push import Pusher
from kingdomino.web.push_texts import PushText, say
from kingdomino.web.simul_store import Simul
from kingdomino.web.store import Store


def started_text(language: str, game_id: str, host: str, game: str) -> PushText:
    """The notification of a simul's start to a challenger: the host's name, the game, their game's page."""
    title, body = say(language, "inbox.simul_started", name=host), say(language, f"game.{game}")
    return PushText(game_id, f"{game_id}:simul", title, body, f"/game/{game_id}")


def simul_started(store: Store, pusher: Pusher | None, simul: Simul) -> None:
    """Tell each challenger of the started ``simul`` (a person's account; a bot plays on its own)
    that it began, in their inbox and by push: run in a thread, the inbox writes to the database."""
    challengers = [e for e in simul.accepted() if e.game_id is not None and not e.bot]

    def writes() -> None:
        for entrant in challengers:
            params = {
                "simul": simul.id,
                "name": simul.host_name,
                "game_id": entrant.game_id,
                "game": simul.game,
                "options": simul.options,
            }
            note(store, entrant.account_id, Event("simul_started", f"simul:{simul.id}:start", params))

    kept(store, writes, "a simul's start")
    if pusher is None:
        return
    for entrant in challengers:
        wording = partial(started_text, game_id=str(entrant.game_id), host=simul.host_name, game=simul.game)
        pusher.tell(entrant.account_id, wording)
