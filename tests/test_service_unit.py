"""The systemd unit docs/server.md gives (``docs/kingdomino@.service``): what it runs is
``kingdomino serve`` with options that exist, the settings it reads from the environment are
read there, and systemd finds nothing wrong with it (``systemd-analyze verify``, where there is
one: its ``ExecStart`` pointed at this checkout's ``kingdomino``)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main

from kingdomino.cli import app

UNIT = Path(__file__).parent.parent / "docs" / "kingdomino@.service"


def serve_command() -> Any:
    """The ``serve`` command as the command line parses it (its ``params``: names, envvars)."""
    group: Any = typer.main.get_command(app)
    return group.commands["serve"]


def settings(key: str) -> list[str]:
    return [line.split("=", 1)[1] for line in UNIT.read_text().splitlines() if line.startswith(f"{key}=")]


def test_the_unit_runs_serve_with_options_it_takes() -> None:
    (start,) = settings("ExecStart")
    words = start.split()
    assert words[0].endswith("/bin/kingdomino") and words[1] == "serve", start
    taken = {name for parameter in serve_command().params for name in parameter.opts}
    assert [word for word in words if word.startswith("--") and word not in taken] == []


def test_the_settings_it_names_are_read_from_the_environment() -> None:
    """The comment's mail settings are the options' environment variables; the database's
    password is libpq's file, and the URL is on the command line without it."""
    read = {parameter.envvar for parameter in serve_command().params if parameter.envvar}
    text = UNIT.read_text()
    for name in ("KINGDOMINO_SMTP_URL", "KINGDOMINO_PUBLIC_URL"):
        assert name in text and name in read
    assert "--database-url ${KINGDOMINO_DATABASE_URL}" in settings("ExecStart")[0]
    assert settings("Environment") == ["PGPASSFILE=/etc/kingdomino/pgpass"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_finds_the_unit_sound(tmp_path: Path) -> None:
    kingdomino = Path(sys.executable).parent / "kingdomino"
    if not kingdomino.is_file():
        pytest.skip("no kingdomino script beside this Python")
    unit = tmp_path / "kingdomino@.service"
    unit.write_text(UNIT.read_text().replace("/opt/kingdomino/.venv/bin/kingdomino", str(kingdomino)))
    (tmp_path / "kingdomino@8001.service").symlink_to(unit)
    done = subprocess.run(
        ["systemd-analyze", "verify", str(tmp_path / "kingdomino@8001.service")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_sqlite_s_folder_is_the_unit_s_own() -> None:
    """The unit writes nothing outside its state folder (``ProtectSystem=strict``): the SQLite
    URL its comment gives names a file in the folder ``StateDirectory`` makes the user's, which
    an operator following the docs would otherwise have to make, give away and list as writable."""
    (folder,) = settings("StateDirectory")
    assert settings("ProtectSystem") == ["strict"]
    assert f"sqlite:////var/lib/{folder}/kingdomino.sqlite3" in UNIT.read_text()
