"""The app's routes, a module for each resource; ``web.app.create_app`` includes them in order.

Endpoints (all JSON; every refusal is ``{"error": {"field": ..., "message": ...}}``):

* ``POST /api/games`` create a game; returns its id, every human seat's token and invite
  link, and the spectator link;
* ``POST /api/games/lookup`` summaries of the games whose ``{id, token}`` pairs a browser keeps;
* ``GET /api/games/{id}?token=`` the current view; ``POST /api/games/{id}/actions``
  ``{token, action, index?}``; ``POST /api/games/{id}/undo``; ``GET /api/games/{id}/hint?token=``;
  ``POST /api/games/{id}/takeback`` ``{token}`` and ``/takeback/answer`` ``{token, accept}``;
  ``POST /api/games/{id}/leave`` ``{token, level?}`` hands the caller's seat to an AI;
  ``POST /api/games/{id}/seats/{n}/ai`` ``{token, level?}`` hands an away player's seat to one
  (``games``);
* ``GET /api/games/{id}/record``, ``/replay?step=N`` and ``/review`` once the game is over
  (``/review``: 202 with ``{"status": "pending", "done", "total"}`` while it is computed, and
  ``"queued"`` with its ``place`` while it waits for other reviews), ``GET /api/games/{id}/chat``
  a finished game's chat read without its socket (``finished_games``);
* ``POST /api/score`` ``{game, options, text}``: a kingdom written as text, scored and explained
  (``GET /api/score/formats``: how each game's text is written) (``scoring``);
* ``GET /api/meta``, ``POST /api/ratings``, ``GET /api/stats``: what the server offers, the AI
  levels' ratings, figures for operators (``server_info``);
* ``WS /ws/games/{id}?tokens=a,b``: the view now and after every change, and the moves of the
  page (``game_socket``);
* ``POST /api/accounts`` ``{name, password}`` a new account, logged in; ``POST /api/session``
  logs in, ``DELETE /api/session`` out; ``GET /api/account`` who is logged in;
  ``POST /api/account/password`` ``{old_password, new_password}`` (``accounts``; the session
  travels in the ``kd_session`` cookie only);
* ``GET`` and ``POST /api/account/mail`` the account's e-mail address and a link to verify one,
  ``POST /api/account/verify`` ``{token}``, ``POST /api/account/forgot`` ``{name}`` and
  ``POST /api/account/reset`` ``{token, new_password}``; the pages ``/account/verify`` and
  ``/account/reset`` the mailed links open (``mail``); ``GET`` and ``PUT
  /api/account/mail/notices`` the notices of games by the day mailed, ``GET`` and ``POST
  /mail/unsubscribe?token=`` a mail's link that turns its notice off (``mail_notices``);
* ``GET /api/open-games`` and ``WS /ws/lobby``: the games waiting for players;
  ``POST /api/games/{id}/join`` ``{name?}`` takes an open seat, ``POST /api/games/{id}/cancel``
  ``{token}`` calls a waiting game off; ``POST /api/pairing`` ``{game, players, options?, rated?,
  name?}`` a quick game (``open_games``);
* ``GET /api/leaderboards/{pool}?limit=``, ``GET /api/players/{name}``: the ratings' leaderboards
  and a player's page (``GET /api/leaderboards`` the reader's pool: ``default_pool``);
  ``GET /api/account/games`` the logged-in account's games, with their tokens;
  ``POST /api/account/games/claim`` ``{games: [{id, token}]}`` a guest's seats made the
  account's (``players``);
* ``GET /api/players/{name}/games?game=&players=&pool=&result=&rated=&against=&opponent=&clock=``
  ``&before=&limit=`` a player's finished games, filtered, a page at a time;
  ``GET /api/players/{name}/vs/{other}`` two players' record against each other (``archive``);
  ``GET /api/players/{name}/stats?game=&pool=&rated=&against=&clock=&last=`` a player's
  statistics per game and mode (``insights``);
* ``POST /api/challenges`` ``{name?, names?, game, players?, options?, rated?, time_control?,
  wait_minutes?}`` challenges one to three accounts to a game of them all;
  ``GET /api/challenges`` the account's challenges waiting; ``POST /api/challenges/{id}/accept``
  and ``/decline`` (``challenges``);
* ``GET /api/push/key`` the server's VAPID public key; ``POST /api/push/subscriptions`` a
  browser's ``PushSubscription`` (and ``language``) subscribed to the logged-in account's
  notifications, ``DELETE`` with ``{endpoint}`` unsubscribes it (``push``);
* ``GET /api/live-games?limit=&offset=&player=``: the public games being played, to watch
  (``live_games``);
* ``POST /api/tournaments`` organises a club tournament; ``GET /api/tournaments`` the open,
  running and finished ones; ``GET /api/tournaments/{id}`` one whole; ``POST
  /api/tournaments/{id}/join``, ``/leave``, ``/start``, ``/cancel``, an arena's ``/pause`` and
  ``/rejoin`` (``tournaments``);
* ``GET /api/account/following``, ``PUT`` and ``DELETE /api/account/following/{name}``; ``GET
  /api/account/blocked``, ``PUT`` and ``DELETE /api/account/blocked/{name}``; ``GET
  /api/account/relations/{name}``: the accounts followed and blocked (``people``);
* ``GET`` and ``PUT /api/account/preferences``: the account's preferences (``preferences``);
* ``POST /api/reports`` ``{name, reason, text?, game?, line?}``: a report of an account (``reports``);
* ``GET /api/moderation/reports``, ``/{id}`` and ``/{id}/fairplay``; ``POST
  /api/moderation/reports/{id}/close`` ``{note}``, ``/silence`` ``{days}`` and ``/rename``
  ``{name}``: a moderator's (``moderation``);
* ``GET /api/account/notifications?limit=&before=`` the account's inbox, ``POST
  /api/account/notifications/read`` ``{id?}`` marks one or all read (``inbox``);
* ``POST /api/clubs``, ``GET /api/clubs``, ``GET``, ``PATCH`` and ``DELETE /api/clubs/{name}``,
  ``POST /api/clubs/{name}/join`` and ``/leave``, ``PUT`` and ``DELETE
  /api/clubs/{name}/members/{player}``, ``GET /api/account/clubs``: clubs of players (``clubs``);
* ``GET /api/puzzles/next?skip=``, ``/daily``, ``/{id}``, ``/players/{name}``; ``POST
  /api/puzzles/{id}/answer`` ``{action}``: Kingdomino puzzles with exact answers (``puzzles``);
* ``GET``, ``POST`` ``{until}`` and ``DELETE /api/account/vacation``: the account away, its games
  by the day waiting (``vacation``);
* ``POST /api/simuls`` hosts a simultaneous exhibition; ``GET /api/simuls`` the open, running
  and last finished ones; ``GET /api/simuls/{id}`` one whole; ``POST /api/simuls/{id}/apply``
  and ``/withdraw``,
  the host's ``/answer`` ``{name, accept}``, ``/accept-all``, ``/start`` and ``/cancel`` (``simuls``);
* the app's page at ``/``, ``/score``, ``/game/{id}``, ``/game/{id}/replay``,
  ``/game/{id}/watch``, ``/player/{name}``
  and ``/leaderboards`` (``app_pages``).
"""

from __future__ import annotations

from fastapi import APIRouter

from kingdomino.web.routes import (
    accounts,
    app_pages,
    archive,
    challenges,
    clubs,
    finished_games,
    game_socket,
    games,
    inbox,
    insights,
    live_games,
    mail,
    mail_notices,
    moderation,
    open_games,
    people,
    players,
    preferences,
    push,
    puzzles,
    reports,
    scoring,
    server_info,
    simuls,
    tournaments,
    vacation,
)

#: Every router of the app, in the order its routes are matched.
ROUTERS: tuple[APIRouter, ...] = (
    app_pages.router,
    server_info.router,
    scoring.router,
    games.router,
    finished_games.router,
    game_socket.router,
    accounts.router,
    mail.router,
    mail_notices.router,
    open_games.router,
    challenges.router,
    archive.router,
    insights.router,
    players.router,
    push.router,
    live_games.router,
    tournaments.router,
    people.router,
    preferences.router,
    reports.router,
    moderation.router,
    inbox.router,
    clubs.router,
    puzzles.router,
    vacation.router,
    simuls.router,
)
