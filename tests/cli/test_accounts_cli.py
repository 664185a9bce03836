"""``kingdomino accounts``: the operator's tools on a server's SQLite file (a folder of
``tmp_path``), through Typer's runner, as an operator types them while the server runs."""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, select
from sqlalchemy.pool import NullPool
from tests.web.conftest import POSTGRES, QUICK, fresh_postgres
from typer.testing import CliRunner

from kingdomino.cli import app
from kingdomino.web.accounts import Accounts
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.tournament_tables import TournamentPlayerRow, TournamentRow

runner = CliRunner()


@pytest.fixture
def accounts(tmp_path: Path) -> Iterator[Accounts]:
    """The accounts of a server's database in ``tmp_path`` (the folder ``--data-dir`` names)."""
    store = Store(f"sqlite:///{tmp_path / 'kingdomino.sqlite3'}")
    yield Accounts(store, QUICK)
    store.close()


def run(tmp_path: Path, *words: str) -> tuple[int, str]:
    """``kingdomino accounts WORDS... --data-dir tmp_path``: its exit code and what it printed."""
    result = runner.invoke(app, ["accounts", *words, "--data-dir", str(tmp_path)], env={"COLUMNS": "200"})
    return result.exit_code, result.output


def named(name: str) -> str:
    return f"{name}{secrets.token_hex(3)}"


def test_the_list_shows_each_account_and_filters_them(tmp_path: Path, accounts: Accounts) -> None:
    kira, bot, gone = named("Kira"), named("Robo"), named("Kirk")
    accounts.create(kira, "password one")
    accounts.create(bot, "password two", bot=True)
    accounts.create(gone, "password three")
    assert run(tmp_path, "close", gone, "--reason", "spam")[0] == 0
    code, shown = run(tmp_path, "list")
    assert code == 0 and "3 accounts" in shown
    assert all(name in shown for name in (kira, bot, gone)) and "(operator)" in shown
    code, shown = run(tmp_path, "list", "--bots")
    assert code == 0 and bot in shown and kira not in shown
    assert "1 account" in shown and "1 accounts" not in shown
    code, shown = run(tmp_path, "list", "--closed")
    assert gone in shown and kira not in shown and bot not in shown
    code, shown = run(tmp_path, "list", "kir*")
    assert kira in shown and gone in shown and bot not in shown
    code, shown = run(tmp_path, "list", kira[4:].upper())
    assert kira in shown and gone not in shown


def test_show_tells_an_account_s_games_sessions_and_closing(tmp_path: Path, accounts: Accounts) -> None:
    kira = named("Kira")
    accounts.create(kira, "password one")
    accounts.log_in(kira, "password one")
    code, shown = run(tmp_path, "show", kira.lower())
    assert code == 0 and kira in shown and "sessions open: 2" in shown and "no rating yet" in shown
    run(tmp_path, "close", kira, "--reason", "an engine's moves")
    code, shown = run(tmp_path, "show", kira)
    assert "closed" in shown and "an engine's moves" in shown and "sessions open: 0" in shown


def test_a_new_password_is_printed_once_and_ends_every_session(tmp_path: Path, accounts: Accounts) -> None:
    kira = named("Kira")
    _, token = accounts.create(kira, "forgotten password")
    code, shown = run(tmp_path, "reset-password", kira)
    assert code == 0
    password = shown.strip().rsplit(" ", 1)[-1]
    assert len(password) >= 16 and accounts.account_for(token) is None
    assert accounts.log_in(kira, password)[0].name == kira
    with pytest.raises(HubError):
        accounts.log_in(kira, "forgotten password")


def test_a_closed_account_is_refused_at_login_then_reopened(tmp_path: Path, accounts: Accounts) -> None:
    kira = named("Kira")
    _, token = accounts.create(kira, "password one")
    code, shown = run(tmp_path, "close", kira, "--reason", "abusive chat")
    assert code == 0 and accounts.account_for(token) is None
    with pytest.raises(HubError) as refused:
        accounts.log_in(kira, "password one")
    assert (refused.value.code, refused.value.values) == (
        "account_closed_by_operator",
        {"reason": "abusive chat"},
    )
    code, shown = run(tmp_path, "close", kira, "--reason", "again")
    assert code == 1 and "closed already" in shown
    assert run(tmp_path, "reopen", kira)[0] == 0
    assert accounts.log_in(kira, "password one")[0].name == kira
    code, shown = run(tmp_path, "reopen", kira)
    assert code == 1 and "not closed" in shown
    code, shown = run(tmp_path, "close", kira, "--reason", "  ")
    assert code == 2 and "--reason" in shown


def joined(store: Store, account_id: int, name: str) -> None:
    """The account joined a club tournament (``t1``) as ``name``, as ``tournament_store`` keeps it."""
    with store.sessions.begin() as session:
        session.add(
            TournamentRow(
                id="t1",
                name="Club night",
                organiser=account_id,
                game="kingdomino",
                options={},
                time_control=None,
                format="swiss",
                rounds=3,
                max_players=8,
                wait_minutes=10,
                status="open",
                created=datetime.now(UTC),
            )
        )
        session.flush()
        session.add(TournamentPlayerRow(tournament_id="t1", account_id=account_id, name=name, joined=0.0))


def test_a_new_name_is_checked_as_a_new_account_s(tmp_path: Path, accounts: Accounts) -> None:
    rude, anna = named("Rude"), named("Anna")
    rude_id = accounts.create(rude, "password one")[0].id
    accounts.create(anna, "password two")
    joined(accounts.store, rude_id, rude)
    for refused, why in (
        (anna.upper(), "taken"),
        ("Bo (AI, hard)", "AI seat"),
        ("x", "characters"),
        ("\u0410" + anna[1:], "taken"),  # a Cyrillic A: the name reads as Anna's
    ):
        code, shown = run(tmp_path, "rename", rude, refused)
        assert code == 2 and shown.startswith("error: NEW:") and why in shown, shown
    kind = named("Kind")
    code, shown = run(tmp_path, "rename", rude.lower(), kind)
    assert code == 0 and kind in shown
    assert accounts.log_in(kind, "password one")[0].name == kind
    with accounts.store.sessions() as session:
        listed = session.scalars(
            select(TournamentPlayerRow.name).where(TournamentPlayerRow.tournament_id == "t1")
        )
        assert listed.all() == [kind]
    # The old name is free again; a name reads as its own.
    assert accounts.create(rude, "password three")[0].name == rude
    assert run(tmp_path, "rename", kind, kind.upper())[0] == 0


def test_a_missing_account_or_database_is_said_naming_the_argument(
    tmp_path: Path, accounts: Accounts
) -> None:
    for words in (["show", "Nobody"], ["reset-password", "Nobody"], ["close", "Nobody", "--reason", "x"]):
        code, shown = run(tmp_path, *words)
        assert code == 2 and shown.startswith("error: NAME: no account is named 'Nobody'"), shown
    result = runner.invoke(app, ["accounts", "list", "--data-dir", str(tmp_path / "elsewhere")])
    assert result.exit_code == 2 and "no server database" in result.output
    assert not (tmp_path / "elsewhere").exists()
    both = ["accounts", "list", "--data-dir", str(tmp_path), "--database-url", "sqlite:///x.sqlite3"]
    assert runner.invoke(app, both).exit_code == 2


def test_a_database_no_server_made_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    """A mistyped --database-url (PostgreSQL's own ``postgres`` database, an empty file) is said,
    not filled with a server's tables and answered "0 accounts" (found by the operator's review
    of 2026-12-01); a file that is not there is not made."""
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()
    for command in (["accounts", "list"], ["reports", "list"], ["games", "export", "--out", "g.jsonl"]):
        result = runner.invoke(app, [*command, "--database-url", f"sqlite:///{empty}"])
        assert result.exit_code == 2, result.output
        assert result.output.startswith("error: --database-url: sqlite:///"), result.output
        assert "holds no server's tables (no 'games')" in result.output
    assert sqlite3.connect(empty).execute("select count(*) from sqlite_master").fetchone() == (0,)
    result = runner.invoke(app, ["accounts", "list", "--database-url", f"sqlite:///{tmp_path / 'none'}"])
    assert result.exit_code == 2 and "--database-url: no server database at" in result.output
    assert not (tmp_path / "none").exists()
    if POSTGRES:
        with fresh_postgres("kd_unserved") as url:
            result = runner.invoke(app, ["accounts", "list", "--database-url", url])
            assert result.exit_code == 2 and "holds no server's tables" in result.output, result.output
            assert ":***@" in result.output  # the password hidden
            engine = create_engine(url, poolclass=NullPool)
            assert not inspect(engine).get_table_names()
            engine.dispose()


def test_the_operator_makes_a_moderator_and_takes_the_role_back(tmp_path: Path, accounts: Accounts) -> None:
    mona = named("Mona")
    accounts.create(mona, "password one")
    assert "moderator" not in run(tmp_path, "show", mona)[1]
    code, shown = run(tmp_path, "moderator", mona.lower())
    assert code == 0 and f"{mona.lower()} is now a moderator" in shown, shown
    code, shown = run(tmp_path, "show", mona)
    assert code == 0 and "moderator since " in shown
    code, shown = run(tmp_path, "moderator", mona)
    assert code == 1 and f"NAME: the account {mona!r} is already a moderator" in shown
    assert run(tmp_path, "moderator", mona, "--off")[0] == 0
    assert "moderator" not in run(tmp_path, "show", mona)[1]
    code, shown = run(tmp_path, "moderator", mona, "--off")
    assert code == 1 and "is not a moderator" in shown
    code, shown = run(tmp_path, "moderator", "Nobody")
    assert code == 2 and "NAME: no account is named 'Nobody'" in shown
