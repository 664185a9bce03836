"""The FastAPI application: the hub over the store, the middlewares, and the routes of ``web.routes``.

REST creates, looks up and plays games; a WebSocket per page of a game follows it and plays it
(the endpoints: ``web.routes``). Every refusal is ``{"error": {"field": ..., "message": ...}}``.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from limits import RateLimitItem
from starlette.middleware.gzip import GZipMiddleware

from kingdomino.arena.ladder import load_ratings
from kingdomino.build_info import this_build
from kingdomino.web import insight_fill
from kingdomino.web.accounts import Accounts
from kingdomino.web.ai_workers import Executor, make_executor
from kingdomino.web.body_limit import BodyLimit
from kingdomino.web.chats import Chats
from kingdomino.web.clock_pause import keep_beating, note_stop, resume_clocks
from kingdomino.web.closed_accounts import watch_closed
from kingdomino.web.errors import install_error_handlers
from kingdomino.web.failures import FailureAnswers, log_failure
from kingdomino.web.gone_claims import CLAIM_SECONDS
from kingdomino.web.hints import HINT_AGENT
from kingdomino.web.hub import Hub
from kingdomino.web.live import AWAY_SECONDS
from kingdomino.web.mail_links import Mail
from kingdomino.web.mail_notice_sweep import MailNotices
from kingdomino.web.mail_send import MailSettings, Postman
from kingdomino.web.page_link import SOCKET_IDLE_SECONDS
from kingdomino.web.pages import languages, page_with_preloads
from kingdomino.web.pages_heard import PagesHeard
from kingdomino.web.push import Pusher, PushSettings
from kingdomino.web.push_events import tell_short_times
from kingdomino.web.review import REVIEW_AGENT
from kingdomino.web.routes import ROUTERS
from kingdomino.web.seat_agents import allow
from kingdomino.web.security_headers import SecurityHeaders
from kingdomino.web.simuls import Simuls
from kingdomino.web.static_files import (
    VERSIONED,
    UnversionedStaticFiles,
    VersionedStaticFiles,
    static_version,
    versioned_base,
)
from kingdomino.web.store import Store
from kingdomino.web.tournaments import Tournaments

#: The module each kind of page runs: the lobby, a game, the scorer, the players' pages and
#: leaderboards, a club tournament's page, the account's preferences, a club's page, a player's
#: archive, TV, the puzzles, a player's statistics, the moderators' page (``routes.app_pages``).
PAGE_MODULES = (
    "lobby.js",
    "game.js",
    "scorer.js",
    "players.js",
    "tournament.js",
    "preferences.js",
    "club.js",
    "archive.js",
    "tv.js",
    "puzzle.js",
    "insights.js",
    "account-mail-page.js",
    "simul.js",
    "moderation.js",
)


def create_app(
    database_url: str,
    ai_delay: float = 0.0,
    hint_agent: str = HINT_AGENT,
    secret_seeds: Callable[[], int] | None = None,
    ai_workers: str | Executor = "",
    review_agent: str = REVIEW_AGENT,
    away_seconds: float = AWAY_SECONDS,
    socket_idle_seconds: float = SOCKET_IDLE_SECONDS,
    socket_rates: Mapping[str, tuple[RateLimitItem, ...]] | None = None,
    claim_seconds: float = CLAIM_SECONDS,
    seat_agents: Mapping[str, str] | None = None,
    push: PushSettings | None = None,
    mail: MailSettings | None = None,
) -> FastAPI:
    """The app over the database at ``database_url`` (``sqlite:///path`` or ``postgresql://...``).

    ``secret_seeds`` draws the seeds the server keeps secret (tests pass a seeded generator);
    ``ai_workers`` is where searches run: a number of local processes (``""``: one per core,
    started on first use), ``"ray"`` / ``"ray:ADDRESS"``, or an executor; ``review_agent`` values
    the human moves of finished games (a level or an agent spec); ``away_seconds`` is how long
    an awaited player is away before another may hand their seat to an AI;
    ``socket_idle_seconds`` how long a game's or the lobby's socket may stay silent before it is
    closed (``page_link``); ``socket_rates`` how many messages a game or lobby socket may send, of
    every kind (``"message"``) and of some kinds alone (None: ``socket_limits.MESSAGE_RATES``);
    ``claim_seconds`` how long a real-time game's player to act is gone before another may claim
    the game (``gone_claims``); ``seat_agents`` the agents the operator offers
    as AI seats besides the levels (name to spec: ``seat_agents``); ``push`` the operator's Web
    Push settings (None: the environment's, ``PushSettings.from_env``); ``mail`` the operator's
    mail settings (None: no mail is sent, and the e-mail parts of accounts are not offered: ``mail_links``).
    """
    allow(seat_agents or {})
    store = Store(database_url, server=secrets.token_hex(6))
    executor = ai_workers if not isinstance(ai_workers, str) else None
    hub = Hub(
        store,
        ai_delay=ai_delay,
        hint_agent=hint_agent,
        secret_seeds=secret_seeds,
        executor=executor,
        review_agent=review_agent,
        away_seconds=away_seconds,
    )
    hub.claim_seconds = claim_seconds
    if isinstance(ai_workers, str) and ai_workers:
        hub.executor = make_executor(ai_workers)
    tournaments = Tournaments(hub)
    simuls = Simuls(hub)  # after the tournaments: it is told of a game's end after them
    pusher = hub.pusher = Pusher(store, push or PushSettings.from_env())
    accounts = Accounts(store)
    postman = Postman(mail) if mail is not None else None
    notices = MailNotices(store, mail, postman, hub)
    chats = Chats(store, accounts, hub.tables)
    pages_heard = PagesHeard(pusher.pages, hub.tables)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(resume_clocks, store, time.time())
        await hub.start()
        await tournaments.resume()
        await tournaments.arena.resume()
        await simuls.resume()
        pusher.start()
        if postman is not None:
            postman.start()
        chats.start()
        pages_heard.start()
        short_times = asyncio.create_task(tell_short_times(hub, pusher))
        pages = asyncio.create_task(pusher.pages.keep())
        closed_accounts = asyncio.create_task(watch_closed(hub))
        beats = asyncio.create_task(keep_beating(store))
        details = asyncio.create_task(insight_fill.fill(store))
        mailing = asyncio.create_task(notices.keep()) if notices.available else None
        yield
        if mailing is not None:
            mailing.cancel()
        beats.cancel()
        details.cancel()
        short_times.cancel()
        pages.cancel()
        closed_accounts.cancel()
        await chats.stop()
        await pages_heard.stop()
        await tournaments.stop()
        await simuls.stop()
        await hub.stop()
        await asyncio.to_thread(pusher.stop)
        if postman is not None:
            await asyncio.to_thread(postman.stop)
        try:
            await asyncio.to_thread(note_stop, store, time.time())
            await pusher.pages.clear()
        except Exception as error:  # the database gone: the clocks ran on, as after a kill
            log_failure(error, "noting the server's stop")
        store.close()

    app = FastAPI(title="Kingdomino family", lifespan=lifespan)
    app.add_middleware(FailureAnswers, outage=store.outage)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    static = resources.files("kingdomino.web").joinpath("static")
    install_error_handlers(app, str(static.joinpath("index.html")))
    app.state.hub = hub
    app.state.tournaments = tournaments
    app.state.simuls = simuls
    app.state.pusher = pusher
    app.state.accounts = accounts
    app.state.mail = Mail(accounts, mail, postman)
    app.state.mail_notices = notices
    app.state.chats = chats
    app.state.sockets_open = Counter()
    this_build()  # git asked once, here: /api/stats reads it on the event loop
    app.state.socket_idle_seconds = socket_idle_seconds
    if socket_rates is not None:
        app.state.socket_rates = socket_rates
    # Each page's modules preloaded: fetched at once, not in a chain; and its language's texts (pages.py).
    folder = Path(str(static))
    version = static_version(folder)
    app.state.static_base = versioned_base(version)
    base = app.state.static_base
    app.state.pages = {module: page_with_preloads(static, module, base) for module in PAGE_MODULES}
    app.state.languages = languages(static)
    app.state.ratings = load_ratings()
    # The page's scripts and styles go compressed (a game page's 209 KB are about 60): the static
    # files only, never the API's answers, which hold seats' tokens next to text a client chose.
    # At the versioned address first: "/static" would take "/static/v/..." too (static_files.py).
    versioned = VersionedStaticFiles(folder, version)
    app.mount(VERSIONED, GZipMiddleware(versioned, minimum_size=1024), name="versioned_static")
    unversioned = UnversionedStaticFiles(directory=folder)
    app.mount("/static", GZipMiddleware(unversioned, minimum_size=1024), name="static")
    for router in ROUTERS:
        app.include_router(router)
    return app
