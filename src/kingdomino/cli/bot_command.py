"""The ``kingdomino bot`` command: its options checked before the server is reached, then the
games it seeks (quick games, or challenges of ``--challenge``'s account) played one after another
(:class:`~kingdomino.cli.bot.Bot`), or, with ``--accept-challenges``, its challenges answered and
its club tournament games played as well, several games at once (:mod:`kingdomino.cli.bot_door`)."""

from __future__ import annotations

import re
import signal
import threading
from typing import TYPE_CHECKING, Annotated

import typer

from kingdomino.agents import make_agent
from kingdomino.cli.app import build_options, fail, game_error
from kingdomino.cli.bot import Bot, ServerRefused, parse_clock, parse_rating_range
from kingdomino.cli.bot_door import (
    RATINGS,
    ClockRange,
    Door,
    Takes,
    answering,
    join_tournament,
    parse_clock_range,
    play_out,
)
from kingdomino.cli.held_stop import HeldStop
from kingdomino.cli.options import OptionProblem
from kingdomino.cli.options import build_options as options_from_flags
from kingdomino.core.game import GameError
from kingdomino.games.registry import make_game

if TYPE_CHECKING:  # the bot's packages (the `bot` extra), imported when a bot runs
    import httpx


def stopped(signum: int, frame: object) -> None:
    """A SIGTERM's handler: the bot stops as at Ctrl-C (``KeyboardInterrupt``)."""
    raise KeyboardInterrupt


def log_in(http: httpx.Client, origin: str, login: dict[str, object]) -> None:
    """Log the bot's account in; with ``--new-account`` (``login["bot"]``) make it first, unless an
    earlier run of the same command made it (409 ``name_taken``): then log in to it, as long as it
    is a bot's. A name another account holds is refused in words that say it is taken."""
    if login["bot"]:
        made = http.post(f"{origin}/api/accounts", json=login)
        json_answer = "json" in made.headers.get("content-type", "")
        error = made.json().get("error", {}) if made.status_code == 409 and json_answer else {}
        if error.get("code") != "name_taken":
            Bot.checked(made)
            return
        try:
            account = Bot.checked(http.post(f"{origin}/api/session", json=login))["account"]
        except ServerRefused:
            raise ServerRefused(f"{Bot.refusal(made)}, and not with this password") from None
        if not account.get("bot"):
            raise fail(f"--new-account: {account['name']!r} is a person's account, not a bot's")
        return
    Bot.checked(http.post(f"{origin}/api/session", json=login))


def takes_of(
    games: list[str], clocks: list[str], rating: str, game: str, mode: str, players: list[int]
) -> Takes:
    """The challenges ``--accept-game``, ``--accept-clock``, ``--accept-rating`` and
    ``--accept-players`` take (the game of ``--game`` and ``--mode`` when no ``--accept-game`` is
    given, the table of ``--players`` when no ``--accept-players`` is); a mistake is said."""
    chosen = next((known for known in RATINGS if known == rating), None)
    if chosen is None:
        raise fail(f"--accept-rating: expected any, rated or casual, got {rating!r}")
    ranges: list[ClockRange] = []
    for text in clocks:
        try:
            ranges.append(parse_clock_range(text))
        except ValueError as error:
            raise fail(f"--accept-clock: {error}") from None
    for spec in games:
        name, _, wanted_mode = spec.partition(":")
        try:
            make_game(name, 2, options_from_flags(None, wanted_mode or None, name))
        except (GameError, OptionProblem) as error:
            said = re.sub(r"^(--game|--mode|game|mode): ", "", str(error))
            raise fail(f"--accept-game: {said}") from None
    accepted = tuple(games) or ((f"{game}:{mode}",) if mode else (game,))
    return Takes(accepted, tuple(ranges), chosen, tuple(players))


def ranged(text: str, logged_in: bool, challenge: str) -> dict[str, int] | None:
    """``--rating-range``'s offsets, or its mistake said: a range is made around the account's
    rating (a guest has none) and is a quick game's (a challenge names its players)."""
    try:
        offsets = parse_rating_range(text)
    except ValueError as error:
        raise fail(f"--rating-range: {error}") from None
    if offsets and not logged_in:
        raise fail("--rating-range: is around the bot's rating: needs its account (--name and --password)")
    if offsets and challenge:
        raise fail("--rating-range: is for quick games: a challenge names its players")
    return offsets


def bot(
    server: Annotated[
        str, typer.Option(metavar="URL", help="The server's address, e.g. http://localhost:8000.")
    ],
    agent: Annotated[
        str, typer.Option(metavar="SPEC", help="The agent spec, e.g. 'hard' or 'mypkg.policies:make_ppo'.")
    ],
    game: Annotated[
        str, typer.Option("--game", "-g", metavar="GAME", help="kingdomino, duel or origins.")
    ] = "kingdomino",
    players: Annotated[int, typer.Option("--players", "-p", metavar="N", help="Seats at the table.")] = 2,
    mode: Annotated[str, typer.Option(metavar="MODE", help="Origins mode: discovery, totem or tribe.")] = "",
    games: Annotated[
        int | None,
        typer.Option(
            min=0,
            metavar="N",
            help="How many games to seek, one after another (default 1; 0 with --accept-challenges).",
        ),
    ] = None,
    rated: Annotated[
        bool, typer.Option("--rated", help="Rated games (the bot's account is logged in; needs --clock).")
    ] = False,
    name: Annotated[
        str, typer.Option(metavar="NAME", help="The bot's account (with --password), else its guest name.")
    ] = "Bot",
    password: Annotated[
        str,
        typer.Option(
            envvar="KINGDOMINO_BOT_PASSWORD",
            show_envvar=False,
            metavar="PASSWORD",
            help="The account's password (or the environment's KINGDOMINO_BOT_PASSWORD).",
        ),
    ] = "",
    seed: Annotated[int, typer.Option(metavar="SEED", help="The agent's seed.")] = 1,
    new_account: Annotated[
        bool, typer.Option("--new-account", help="Create the bot's account first (shown as a bot).")
    ] = False,
    clock: Annotated[
        str,
        typer.Option(
            metavar="CLOCK",
            help="Timed games: move:SECONDS, game:MINUTES+INCREMENT or days:DAYS (default: untimed).",
        ),
    ] = "",
    challenge: Annotated[
        str,
        typer.Option(metavar="NAME", help="Challenge this account (a bot's too) instead of quick games."),
    ] = "",
    accept_challenges: Annotated[
        bool,
        typer.Option(
            "--accept-challenges",
            help="Answer the account's challenges, and play its club tournament games, until stopped.",
        ),
    ] = False,
    accept_game: Annotated[
        list[str] | None,
        typer.Option(metavar="GAME", help="A game it takes, or GAME:MODE (default: --game, --mode)."),
    ] = None,
    accept_clock: Annotated[
        list[str] | None,
        typer.Option(
            metavar="CLOCK",
            help="A clock it takes: none, move, game or days, or one with bounds (move:10-60). Default: any.",
        ),
    ] = None,
    accept_rating: Annotated[
        str, typer.Option(metavar="WHICH", help="Challenges it takes: any, rated or casual.")
    ] = "any",
    accept_players: Annotated[
        list[int] | None,
        typer.Option(min=2, max=4, metavar="N", help="A table size it takes (default: --players)."),
    ] = None,
    at_once: Annotated[
        int, typer.Option(min=1, metavar="N", help="Games played at once with --accept-challenges.")
    ] = 1,
    rating_range: Annotated[
        str,
        typer.Option(
            metavar="LOW:HIGH",
            help="Quick games with players rated this far below and above the bot (e.g. -200:300).",
        ),
    ] = "",
    no_takebacks: Annotated[
        bool, typer.Option("--no-takebacks", help="The games it opens allow no takebacks.")
    ] = False,
    takebacks: Annotated[
        str,
        typer.Option(
            "--takebacks", metavar="ANSWER", help="Answer a takeback asked of the bot: accept or decline."
        ),
    ] = "decline",
    join_tournament_id: Annotated[
        str,
        typer.Option(
            "--join-tournament",
            metavar="ID",
            help="Join this club tournament first (with --accept-challenges).",
        ),
    ] = "",
) -> None:
    """Play quick games, challenges made or challenges taken on a server with an agent, through
    the public API only."""
    import httpx
    from websockets.exceptions import WebSocketException

    # Checked before the server is reached: each mistake in one line, naming its flag.
    if not server.startswith(("http://", "https://")):
        raise fail(
            f"--server: expected an address starting with http:// or https:// "
            f"(e.g. http://localhost:8000), got {server!r}"
        )
    needs_account = (("--rated", rated), ("--new-account", new_account), ("--challenge", bool(challenge)))
    for flag, wanted in (*needs_account, ("--accept-challenges", accept_challenges)):
        if wanted and not password:
            raise fail(f"{flag}: needs the bot's account: --name and --password (or KINGDOMINO_BOT_PASSWORD)")
    options = build_options(None, mode or None, game)
    try:
        time_control = parse_clock(clock)
    except ValueError as error:
        raise fail(f"--clock: {error}") from None
    if rated and time_control is None:
        raise fail("--rated: a rated game needs a clock: add --clock (e.g. days:1 or game:5+3)")
    wanted_range = ranged(rating_range, bool(password), challenge)
    if takebacks not in ("accept", "decline"):
        raise fail(f"--takebacks: expected accept or decline, got {takebacks!r}")
    door_flags = {
        "--accept-game": bool(accept_game),
        "--accept-clock": bool(accept_clock),
        "--accept-rating": accept_rating != "any",
        "--accept-players": bool(accept_players),
        "--at-once": at_once != 1,
    }
    for flag, given in door_flags.items():
        if given and not accept_challenges:
            raise fail(f"{flag}: says which challenges the bot takes: add --accept-challenges")
    if join_tournament_id and not accept_challenges:
        raise fail("--join-tournament: the bot plays its tournament games with --accept-challenges: add it")
    takes = takes_of(
        accept_game or [], accept_clock or [], accept_rating, game, mode, accept_players or [players]
    )
    try:
        make_game(game, players, options)
        make_agent(agent, seed)
    except GameError as error:
        raise fail(game_error(error, agents_flag="--agent")) from None
    seeking = games if games is not None else (0 if accept_challenges else 1)
    before = None
    if threading.current_thread() is threading.main_thread():
        # Stopped by a service manager (systemd, docker stop: SIGTERM) as by Ctrl-C: its game is
        # called off or handed to an AI, not left waiting in the lobby for a bot that is gone.
        before = signal.signal(signal.SIGTERM, stopped)
    origin = server.rstrip("/")
    try:
        with httpx.Client(timeout=30, headers={"Origin": origin}) as http:
            if password:
                log_in(http, origin, {"name": name, "password": password, "bot": new_account})

            def seek(player: Bot, held: HeldStop | None = None) -> tuple[str, str]:
                """One game the bot seeks: a challenge of ``--challenge``'s account, or a quick game."""
                allowed = not no_takebacks
                if challenge:
                    return player.challenge(
                        challenge, game, players, options, rated, time_control, held, allowed
                    )
                return player.pair(
                    game, players, options, rated, name, time_control, held, wanted_range, allowed
                )

            if join_tournament_id:
                join_tournament(Bot(server, http, agent, seed), join_tournament_id)
            if accept_challenges:
                made = iter(range(seed, seed + 2**31))
                accepts = takebacks == "accept"
                door = Door(
                    lambda: Bot(server, http, agent, next(made), accepts), takes, at_once, seek, seeking
                )
                answering(door)
            player = Bot(server, http, agent, seed, takebacks == "accept")
            for number in range(seeking):
                with HeldStop() as held:  # a stop while paired, before the bot knows its game
                    game_id, token = seek(player, held)
                    try:
                        play_out(player, f"game {number + 1}", game_id, token, held)
                    except KeyboardInterrupt:
                        raise typer.Exit(130) from None
    except (httpx.TransportError, OSError, WebSocketException) as error:
        raise fail(f"--server: cannot reach {server}: {error}") from None
    except ServerRefused as error:
        raise fail(f"the server refused: {error}") from None
    finally:
        if before is not None:  # run as a function (a test, a notebook): the caller's SIGTERM back
            signal.signal(signal.SIGTERM, before)
