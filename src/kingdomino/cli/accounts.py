"""``kingdomino accounts``: the operator's tools for players' accounts, on the database the
servers use (``--data-dir`` or ``--database-url``, as ``kingdomino serve``), while they run.

A player who lost their password gets a new one (``reset-password``: there is no e-mail to send
one to); a cheater or an abusive name is closed (``close --reason``) or renamed (``rename``); a
closed account opens again (``reopen``); an abusive talker writes in no chat for a while
(``silence``, ``unsilence``; the players' reports: ``kingdomino reports``); an account made a
moderator (``moderator``) does some of this from the moderators' page. The work itself is
``web.account_admin``'s and ``web.silences``'.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from kingdomino.cli.app import fail
from kingdomino.cli.one_line_errors import OneLineGroup
from kingdomino.cli.server_database import DatabaseUrlOpt, DataDirOpt, open_store

if TYPE_CHECKING:
    from kingdomino.web.account_admin import AccountDetails
    from kingdomino.web.store import Store

app = typer.Typer(
    cls=OneLineGroup,
    help="The players' accounts of the server's database: list, show, fair-play evidence, reset a "
    "password, close, reopen, rename, silence, unsilence, moderator.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)


def terminal() -> Console:
    """A console made at each command: its width is the terminal's then (``COLUMNS`` when piped)."""
    return Console()


NameArg = Annotated[
    str, typer.Argument(metavar="NAME", help="The account's name (case and look-alike letters aside).")
]

T = TypeVar("T")


def _day(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M") if moment is not None else "-"


def on_store(
    data_dir: Path | None,
    database_url: str | None,
    work: Callable[[Store], T],
    refused: Mapping[type[Exception], str],
) -> T:
    """``work`` done on the servers' database, closed after; an error of a kind ``refused`` names
    is refused in its words, prefixed by the argument it is about (``{NoAccount: "NAME"}``)."""
    store = open_store(data_dir, database_url)
    try:
        return work(store)
    except tuple(refused) as error:
        argument = next(name for kind, name in refused.items() if isinstance(error, kind))
        raise fail(f"{argument}: {error}") from None
    finally:
        store.close()


def on_account(data_dir: Path | None, database_url: str | None, work: Callable[[Store], T]) -> T:
    """``work`` done on the servers' database; an account it does not find refused naming NAME,
    a new name refused naming NEW (the only other argument a refusal can be about)."""
    from kingdomino.web.account_admin import NoAccount
    from kingdomino.web.refusals import HubError

    return on_store(data_dir, database_url, work, {NoAccount: "NAME", HubError: "NEW"})


@app.command(name="list")
def list_(
    pattern: Annotated[
        str | None,
        typer.Argument(metavar="[PATTERN]", help="A part of the name, or a shell pattern (Kira*, ?nna)."),
    ] = None,
    bots: Annotated[bool, typer.Option("--bots", help="Bots' accounts alone.")] = False,
    closed: Annotated[bool, typer.Option("--closed", help="Closed accounts alone.")] = False,
    data_dir: DataDirOpt = None,
    database_url: DatabaseUrlOpt = None,
) -> None:
    """List the accounts by name: bot or not, created, last login, games sat in, closed."""
    from kingdomino.web.account_admin import list_accounts

    out = terminal()
    lines = on_account(
        data_dir, database_url, lambda store: list_accounts(store, pattern, bots or None, closed or None)
    )
    table = Table(title=f"{len(lines)} account" + ("" if len(lines) == 1 else "s"))
    for column in ("name", "bot", "created", "last login", "games", "closed"):
        # The names are never cut; on a narrow terminal the closing's words wrap instead.
        wide = max((len(line.name) for line in lines), default=4) if column == "name" else None
        table.add_column(
            column,
            justify="right" if column == "games" else "left",
            no_wrap=column != "closed",
            min_width=wide,
        )
    for line in lines:
        shut = f"{_day(line.closed)[:10]} ({line.closed_by})" if line.closed else ""
        table.add_row(
            line.name,
            "bot" if line.bot else "",
            _day(line.created)[:10],
            _day(line.last_login),
            str(line.games),
            shut,
        )
    out.print(table)


@app.command()
def show(name: NameArg, data_dir: DataDirOpt = None, database_url: DatabaseUrlOpt = None) -> None:
    """Show an account: its ratings per pool, its games by status, its sessions."""
    from kingdomino.web.account_admin import details
    from kingdomino.web.moderation import moderator_since

    out = terminal()

    def work(store: Store) -> AccountDetails:
        found = details(store, name)
        return replace(found, moderator_since=moderator_since(store, found.line.id))

    found = on_account(data_dir, database_url, work)
    line = found.line
    out.print(f"[bold]{line.name}[/]" + (" (bot)" if line.bot else ""), highlight=False)
    out.print(f"created {_day(line.created)}, last login {_day(line.last_login)}")
    if line.closed:
        reason = f": {line.closed_reason}" if line.closed_reason else ""
        out.print(f"[red]closed[/] {_day(line.closed)} by its {line.closed_by}{reason}", highlight=False)
    games = ", ".join(f"{count} {status}" for status, count in sorted(found.games.items())) or "none"
    if found.moderator_since is not None:
        out.print(f"moderator since {_day(found.moderator_since)}", highlight=False)
    out.print(f"games: {line.games} ({games})")
    out.print(f"sessions open: {found.sessions}; push subscriptions: {found.push_subscriptions}")
    waiting = f"; a link waits to verify {found.mail_pending}" if found.mail_pending else ""
    address = f"{found.mail} (verified)" if found.mail else "none verified"
    out.print(f"e-mail: {address}{waiting}", highlight=False)
    table = Table(title="ratings")
    for column in ("pool", "rating", "deviation", "games", "wins"):
        table.add_column(column, justify="left" if column == "pool" else "right")
    for rating in found.ratings:
        table.add_row(*(str(rating[key]) for key in ("pool", "rating", "deviation", "games", "wins")))
    out.print(table if found.ratings else "no rating yet")


@app.command()
def fairplay(
    name: NameArg,
    games: Annotated[
        int, typer.Option(metavar="N", help="Its last N finished rated games (casual too if fewer), 1 to 50.")
    ] = 20,
    data_dir: DataDirOpt = None,
    database_url: DatabaseUrlOpt = None,
) -> None:
    """The evidence on a cheating report: how often the account's decisions were the review's AI's
    choice and the win chance they lost, beside its opponents' in the same games, and its move
    times. Games without a stored review are searched here, within about a minute."""
    from kingdomino.cli.fairplay_view import gathered, print_evidence
    from kingdomino.web.fairplay import MOST_GAMES

    if not 1 <= games <= MOST_GAMES:
        raise fail(f"--games: from 1 to {MOST_GAMES}, not {games}")
    out = terminal()
    found = on_account(data_dir, database_url, lambda store: gathered(out, store, name, games))
    print_evidence(out, found)


@app.command(name="reset-password")
def reset_password(name: NameArg, data_dir: DataDirOpt = None, database_url: DatabaseUrlOpt = None) -> None:
    """Give an account a new random password, printed once (hand it to its owner, who should
    change it); every session of the account ends."""
    from kingdomino.web import account_admin

    out = terminal()
    password = on_account(data_dir, database_url, lambda store: account_admin.reset_password(store, name))
    out.print(f"new password of {name}: ", end="", highlight=False)
    print(password)


@app.command()
def close(
    name: NameArg,
    reason: Annotated[
        str, typer.Option(metavar="TEXT", help="Why, shown to the account's owner when they try to log in.")
    ],
    data_dir: DataDirOpt = None,
    database_url: DatabaseUrlOpt = None,
) -> None:
    """Close an account: no login, its sessions and push subscriptions end, its waiting games and
    challenges are called off (within a second by a running server), it leaves the leaderboards.
    Its name stays taken; its finished games and the ratings they moved stay as they are."""
    from kingdomino.web import account_admin

    out = terminal()
    if not reason.strip():
        raise fail("--reason: say why (its owner reads it when they try to log in)")
    closed = on_account(
        data_dir, database_url, lambda store: account_admin.close(store, name, reason.strip())
    )
    if not closed:
        raise fail(f"NAME: the account {name!r} is closed already (reopen it first to close it anew)", 1)
    out.print(f"closed {name}", highlight=False)


@app.command()
def reopen(name: NameArg, data_dir: DataDirOpt = None, database_url: DatabaseUrlOpt = None) -> None:
    """Open a closed account again: its owner logs in with its password (a lost one: reset-password)."""
    from kingdomino.web import account_admin

    out = terminal()
    opened = on_account(data_dir, database_url, lambda store: account_admin.reopen(store, name))
    if not opened:
        raise fail(f"NAME: the account {name!r} is not closed", 1)
    out.print(f"reopened {name}", highlight=False)


@app.command()
def rename(
    name: NameArg,
    new: Annotated[str, typer.Argument(metavar="NEW", help="The new name, checked as a new account's.")],
    data_dir: DataDirOpt = None,
    database_url: DatabaseUrlOpt = None,
) -> None:
    """Rename an account (an abusive name): the new name is checked as a new account's; its page
    and the leaderboards show it at once, the seats of games already played keep the old one."""
    from kingdomino.web import account_admin

    out = terminal()
    shown = on_account(data_dir, database_url, lambda store: account_admin.rename(store, name, new))
    out.print(f"renamed {name} to {shown}", highlight=False)


@app.command()
def silence(
    name: NameArg,
    days: Annotated[
        float, typer.Option(min=0.01, max=3650, metavar="N", help="For how many days (default 7).")
    ] = 7,
    data_dir: DataDirOpt = None,
    database_url: DatabaseUrlOpt = None,
) -> None:
    """Silence an account: it writes in no game's chat until the silence ends (every server
    refuses its lines at once, its page's chat says until when); it plays and reads as before.
    A silence it had is replaced."""
    from kingdomino.web import account_admin, silences

    out = terminal()

    def work(store: Store) -> datetime:
        return silences.silence(store, account_admin.account_id(store, name), days)

    until = on_account(data_dir, database_url, work)
    out.print(f"silenced {name} until {_day(until)} UTC", highlight=False)


@app.command()
def moderator(
    name: NameArg,
    off: Annotated[
        bool, typer.Option("--off", help="Take the role back: an ordinary account again.")
    ] = False,
    data_dir: DataDirOpt = None,
    database_url: DatabaseUrlOpt = None,
) -> None:
    """Make an account a moderator: its menu links the moderators' page (/moderation), where it
    reads the open reports (never those about itself) and closes them, silences for up to 90 days
    or renames an offensive name, each action recorded. Every server reads the role at each
    request: --off ends it at once."""
    from kingdomino.web import moderation

    out = terminal()
    changed = on_account(data_dir, database_url, lambda store: moderation.set_moderator(store, name, not off))
    if not changed:
        raise fail(f"NAME: the account {name!r} is {'not' if off else 'already'} a moderator", 1)
    out.print(f"{name} is {'no longer' if off else 'now'} a moderator", highlight=False)


@app.command()
def unsilence(name: NameArg, data_dir: DataDirOpt = None, database_url: DatabaseUrlOpt = None) -> None:
    """End an account's silence now: it writes in the chats again."""
    from kingdomino.web import account_admin, silences

    out = terminal()
    ended = on_account(
        data_dir, database_url, lambda store: silences.unsilence(store, account_admin.account_id(store, name))
    )
    if not ended:
        raise fail(f"NAME: the account {name!r} is not silenced", 1)
    out.print(f"unsilenced {name}", highlight=False)
