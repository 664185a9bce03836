"""``kingdomino reports``: the operator reads players' reports of other accounts and closes them,
on the database the servers use (``--data-dir`` or ``--database-url``, as ``kingdomino
accounts``), while they run. The work itself is ``web.report_admin``'s; acting on a report is
``kingdomino accounts`` (``silence``, ``rename``, ``close``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.markup import escape
from rich.table import Table

from kingdomino.cli.accounts import on_store, terminal
from kingdomino.cli.app import fail
from kingdomino.cli.one_line_errors import OneLineGroup
from kingdomino.cli.server_database import DatabaseUrlOpt, DataDirOpt

if TYPE_CHECKING:
    from kingdomino.web.store import Store

app = typer.Typer(
    cls=OneLineGroup,
    help="Players' reports of other accounts: list, show, close.",
    no_args_is_help=True,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)

IdArg = Annotated[int, typer.Argument(metavar="ID", help="The report's number, as `reports list` shows it.")]

T = TypeVar("T")

#: After the reported name of a report about a moderator (the operator's alone).
MODERATOR_MARK = " (moderator)"


def _day(moment: datetime | None) -> str:
    return moment.strftime("%Y-%m-%d %H:%M") if moment is not None else "-"


def on_reports(data_dir: Path | None, database_url: str | None, work: Callable[[Store], T]) -> T:
    """``work`` done on the servers' database; a report it does not find refused naming ID, an
    account naming --account."""
    from kingdomino.web.account_admin import NoAccount
    from kingdomino.web.report_admin import NoReport

    return on_store(data_dir, database_url, work, {NoReport: "ID", NoAccount: "--account"})


@app.command(name="list")
def list_(
    open_only: Annotated[bool, typer.Option("--open", help="Open reports alone.")] = False,
    account: Annotated[
        str | None, typer.Option(metavar="NAME", help="The reports about this account alone.")
    ] = None,
    moderators: Annotated[
        bool,
        typer.Option("--moderators", help="The reports about a moderator alone (no moderator acts on them)."),
    ] = False,
    data_dir: DataDirOpt = None,
    database_url: DatabaseUrlOpt = None,
) -> None:
    """List the reports, newest first: who reported whom, why, when, the game, open or closed. A
    report about a moderator is marked `(moderator)`: moderators do not judge moderators, so it is
    the operator's alone."""
    from kingdomino.web.report_admin import list_reports

    out = terminal()
    lines = on_reports(
        data_dir, database_url, lambda store: list_reports(store, open_only, account, moderators)
    )
    yours = sum(1 for line in lines if line.about_moderator and line.closed is None)
    title = f"{len(lines)} report" + ("" if len(lines) == 1 else "s")
    if yours:
        title += f", {yours} open about a moderator: yours alone"
    table = Table(title=title)
    for column in ("id", "made", "reporter", "reported", "reason", "game", "closed", "words"):
        table.add_column(column, justify="right" if column == "id" else "left", no_wrap=column != "words")
    for line in lines:
        words = line.text or ""
        table.add_row(
            str(line.id),
            _day(line.at),
            line.reporter,
            line.reported + (MODERATOR_MARK if line.about_moderator else ""),
            line.reason,
            line.game_id or "",
            _day(line.closed)[:10] if line.closed else "open",
            words if len(words) <= 60 else words[:59] + "…",
        )
    out.print(table)


def _said(line: dict[str, Any]) -> str:
    return str(line["text"]) if line["text"] is not None else f"({line['phrase']})"


@app.command()
def show(report_id: IdArg, data_dir: DataDirOpt = None, database_url: DatabaseUrlOpt = None) -> None:
    """Show a report: what moderators did on it, its words, the chat line it cites, the reported
    account's last 20 chat lines and its recent games, each with its replay's address; for a
    cheating report, the fair-play evidence of `accounts fairplay` on its last 20 games."""
    from kingdomino.web.moderation import actions
    from kingdomino.web.report_admin import details

    out = terminal()
    found = on_reports(data_dir, database_url, lambda store: details(store, report_id))
    done = on_reports(data_dir, database_url, lambda store: actions(store, report_id))
    line = found.line
    out.print(
        f"[bold]report {line.id}[/]: {line.reporter} reported {line.reported} ({line.reason})",
        highlight=False,
    )
    out.print(
        f"made {_day(line.at)}" + (f", about the game {line.game_id}" if line.game_id else ""),
        highlight=False,
    )
    if line.about_moderator:
        message = f"{line.reported} is a moderator: no moderator acts on this report, it is yours"
        out.print(f"[bold]{escape(message)}[/]", highlight=False)
    if line.closed:
        out.print(f"closed {_day(line.closed)}" + (f": {line.note}" if line.note else ""), highlight=False)
    for action in done:
        at = datetime.fromisoformat(action["at"])
        detail = f": {action['detail']}" if action["detail"] else ""
        out.print(f"moderator {action['by']}, {_day(at)}: {action['action']}{detail}", highlight=False)
    out.print(f"words: {line.text}" if line.text else "no words", highlight=False)
    if found.cited is not None:
        out.print(f"the line cited ({found.cited['room']} room): {_said(found.cited)}", highlight=False)
    elif line.chat_line is not None:
        out.print("the line cited is gone with its game", highlight=False)
    chat = Table(title=f"{line.reported}'s last chat lines")
    for column in ("at", "game", "room", "said"):
        chat.add_column(column, no_wrap=column != "said")
    for said in found.chat:
        at = datetime.fromtimestamp(float(said["at"]), UTC)
        chat.add_row(_day(at), str(said["game"]), str(said["room"]), _said(said))
    out.print(chat if found.chat else f"{line.reported} wrote no chat line")
    games = Table(title=f"{line.reported}'s recent games")
    for column in ("created", "game", "status", "replay"):
        games.add_column(column, no_wrap=True)
    for game in found.games:
        games.add_row(_day(game["created"]), str(game["game"]), str(game["status"]), str(game["replay"]))
    out.print(games if found.games else f"{line.reported} played no game")
    if line.reason == "cheating":
        from kingdomino.cli.fairplay_view import gathered, print_evidence

        out.print()
        reported = line.reported
        print_evidence(out, on_reports(data_dir, database_url, lambda store: gathered(out, store, reported)))


@app.command()
def close(
    report_id: IdArg,
    note: Annotated[
        str | None, typer.Option(metavar="TEXT", help="What was done, kept with the report.")
    ] = None,
    data_dir: DataDirOpt = None,
    database_url: DatabaseUrlOpt = None,
) -> None:
    """Close a report (what was done about it: a note); its reporter may then report the account
    for the same reason again."""
    from kingdomino.web import report_admin

    out = terminal()
    kept = note.strip() if note and note.strip() else None
    closed = on_reports(data_dir, database_url, lambda store: report_admin.close(store, report_id, kept))
    if not closed:
        raise fail(f"ID: the report {report_id} is closed already", 1)
    out.print(f"closed report {report_id}", highlight=False)
