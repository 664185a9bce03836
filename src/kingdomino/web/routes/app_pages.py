"""The app's one HTML page, as the lobby (``/``), the scorer (``/score``), a game (``/game/{id}``,
``/game/{id}/replay``, ``/game/{id}/watch``), a player's page (``/player/{name}``; all their games
at ``/player/{name}/games``, their statistics at ``/player/{name}/stats``), the leaderboards
(``/leaderboards``, ``/leaderboards/{pool}``), a
club tournament's page (``/tournament/{id}``), the account's preferences
(``/account/preferences``) and the moderators' page (``/moderation``) are served: each with the
preloads of the modules it runs and of the texts of the language it will speak (``web.pages``);
the service worker that shows the notifications (``/sw.js``), and the web app manifest
(``/manifest.webmanifest``) that lets a phone keep the site on its home screen (where an iPhone
lets it notify)."""

from __future__ import annotations

from functools import cache
from importlib import resources

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from kingdomino.web.pages import LANGUAGE_COOKIE, LANGUAGE_PARAMETER, page_in, page_language

router = APIRouter(include_in_schema=False)


def page(module: str, request: Request) -> HTMLResponse:
    """The page of ``module`` with the preloads of the texts it will fetch: the language a shared
    link names (``?lang=hu``), else the one the page chose (its cookie), else the browser's
    (``create_app`` keeps the pages in the app's state)."""
    state = request.app.state
    cookie, accept = request.cookies.get(LANGUAGE_COOKIE), request.headers.get("accept-language")
    linked = request.query_params.get(LANGUAGE_PARAMETER)
    language = page_language(linked if linked in state.languages else cookie, accept, state.languages)
    text = page_in(state.pages[module], language, state.static_base)
    return HTMLResponse(text, headers={"Vary": "Accept-Language, Cookie"})


@router.api_route("/", methods=["GET", "HEAD"])
async def index(request: Request) -> HTMLResponse:
    """The lobby; ``HEAD`` too, which uptime monitors send (the server sends no body for it)."""
    return page("lobby.js", request)


@router.get("/favicon.ico")
async def favicon() -> Response:
    return Response(status_code=204)


@cache
def service_worker_script() -> bytes:
    """The service worker's script (``static/sw.js``), read once."""
    return resources.files("kingdomino.web").joinpath("static", "sw.js").read_bytes()


@router.get("/sw.js")
async def service_worker() -> Response:
    """The service worker, served from the root: a worker's scope is at most the folder it is
    served from, and only a scope of the whole app makes it the worker of every page. Never taken
    from a cache unchecked, so that a new version reaches the browsers at their next visit."""
    headers = {"Cache-Control": "no-cache"}
    return Response(service_worker_script(), media_type="text/javascript", headers=headers)


@cache
def manifest() -> bytes:
    """The web app manifest (``static/manifest.webmanifest``), read once."""
    return resources.files("kingdomino.web").joinpath("static", "manifest.webmanifest").read_bytes()


@router.get("/manifest.webmanifest")
async def web_app_manifest() -> Response:
    """The manifest, served from the root so that its scope, the app's, is the whole site."""
    return Response(manifest(), media_type="application/manifest+json")


@router.get("/score")
async def scorer_page(request: Request) -> HTMLResponse:
    return page("scorer.js", request)


@router.get("/game/{game_id}")
@router.get("/game/{game_id}/replay")
@router.get("/game/{game_id}/watch")
async def game_page(game_id: str, request: Request) -> HTMLResponse:
    del game_id
    return page("game.js", request)


@router.get("/player/{name:path}/games")
async def archive_page(request: Request) -> HTMLResponse:
    return page("archive.js", request)


@router.get("/player/{name:path}/stats")
async def statistics_page(request: Request) -> HTMLResponse:
    return page("insights.js", request)


@router.get("/player/{name:path}")
@router.get("/leaderboards")
@router.get("/leaderboards/{pool}")
async def players_page(request: Request) -> HTMLResponse:
    return page("players.js", request)


@router.get("/tournament/{tournament_id}")
async def tournament_page(tournament_id: str, request: Request) -> HTMLResponse:
    del tournament_id
    return page("tournament.js", request)


@router.get("/simuls")
@router.get("/simul/{simul_id}")
async def simul_page(request: Request) -> HTMLResponse:
    return page("simul.js", request)


@router.get("/tv")
@router.get("/tv/{game}")
async def tv_page(request: Request) -> HTMLResponse:
    return page("tv.js", request)


@router.get("/account/preferences")
async def preferences_page(request: Request) -> HTMLResponse:
    return page("preferences.js", request)


@router.get("/moderation")
@router.get("/moderation/{report_id}")
async def moderation_page(request: Request) -> HTMLResponse:
    """The moderators' page (the API refuses anyone else; the page says so)."""
    return page("moderation.js", request)
