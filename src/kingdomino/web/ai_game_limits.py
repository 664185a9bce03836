"""A client's games against AIs limited: a new game with an AI seat and no open seat (created,
its deal played again, played on from a position) is refused to a client with ``MAX_AI_GAMES``
games whose AI turn waits or runs, or that started ``AI_GAMES`` such games in the last minute.

Each such game starts AI turns on the AI workers as soon as it is made (a game of AI seats alone
plays itself to its end), and nothing but the game requests' limit bounded how many a client
made: the AI queue takes clients in turn, so the others still got theirs, but the queue, the
store and the games in memory grew with the flood. Counted per client (``clients.client_key``)
by each app in memory; a refusal is a 429 naming its limit (``ai_games_running`` with ``n``;
``too_many_ai_games`` with ``n`` and ``seconds``, and ``Retry-After``). A game opened to the lobby
has limits of its own (``routes.games.opening``).
"""

from __future__ import annotations

from collections.abc import Iterable

from limits import RateLimitItem, parse
from limits.aio import storage, strategies
from starlette.datastructures import State

from kingdomino.web.game_requests import per, seconds_to_wait
from kingdomino.web.hub import Hub
from kingdomino.web.refusals import HubError

#: Games against AIs a client may start in any minute. A player who gives a game up at its
#: first move and starts another, as fast as the lobby's quick game lets them, starts a few a
#: minute; a household or a school behind one address several times that.
AI_GAMES = parse("30/minute")
#: A client's games whose AI turn waits or runs, at once: a player's is the one game they play
#: (its AI replying to their move), one per tab; a game given up waits for its player, not for
#: its AI, and counts no more. A flood of games of AI seats alone counts them all.
MAX_AI_GAMES = 20


def against_ai(kinds: Iterable[str]) -> bool:
    """Whether a game of seats of these ``kinds`` is one against AIs alone: an AI seat, no open one."""
    seen = set(kinds)
    return "ai" in seen and "open" not in seen


def ai_games_running(hub: Hub, client: str) -> int:
    """How many of the games in memory wait for, or run, an AI turn of ``client`` (whose request
    last changed them: the AI queue's owner of their turns)."""
    return sum(table.client == client and table.stored.ai_turn for table in hub.tables.values())


async def check_ai_game(state: State, hub: Hub, client: str, kinds: Iterable[str]) -> None:
    """Refuse ``client`` a new game of seats of ``kinds`` against AIs beyond ``MAX_AI_GAMES``
    running or ``AI_GAMES`` a minute (the app's ``max_ai_games`` and ``ai_game_rate`` instead
    when set: the tests' shared servers); any other game passes."""
    if not against_ai(kinds):
        return
    at_once: int = getattr(state, "max_ai_games", None) or MAX_AI_GAMES
    if ai_games_running(hub, client) >= at_once:
        raise HubError(
            429,
            "seats",
            f"your games against AIs already have {at_once} AI turns waiting, the most at once: "
            "play them on or wait for the AIs to move before starting another",
            "ai_games_running",
            {"n": at_once},
        )
    if not hasattr(state, "ai_games_started"):
        state.ai_games_started = strategies.MovingWindowRateLimiter(storage.MemoryStorage())
    limiter: strategies.MovingWindowRateLimiter = state.ai_games_started
    rate: RateLimitItem = getattr(state, "ai_game_rate", None) or AI_GAMES
    if not await limiter.hit(rate, "ai_game", client):
        stats = await limiter.get_window_stats(rate, "ai_game", client)
        wait = seconds_to_wait(stats)
        raise HubError(
            429,
            "seats",
            f"too many games against AIs started: at most {rate.amount} {per(rate)}; try again in {wait} s",
            "too_many_ai_games",
            {"n": rate.amount, "seconds": wait},
            {"Retry-After": str(wait)},
        )
