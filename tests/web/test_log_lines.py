"""What an operator reads in the server's log: each warning and error with its time, its level and
the part of the server it comes from, or, under systemd, with its priority for the journal
(``web/log_lines.py``).

Found by the operator's review of 2026-12-02: ``kingdomino serve 2>server.log`` wrote "report 1
made: Knight reported for offensive_name (kingdomino reports show 1)" and nothing more, no time
and no level, and the journal filed every line at the same priority, so that the docs' "an alert
on the level" could never fire.
"""

from __future__ import annotations

import io
import logging
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from tests.web.servers import free_port

from kingdomino.web.log_lines import logged
from kingdomino.web.probe_clients import wait_until_answering

#: A line as a log file has it: "2026-12-02 01:07:12+0000 WARNING kingdomino.web.reports: ...".
STAMPED = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[+-]\d{4} (WARNING|ERROR) kingdomino\.web\.\w+: ")


def test_a_warning_says_when_how_grave_and_whose() -> None:
    """Nothing below a warning, nothing after the server stopped, and none of psycopg's warnings
    of a failing connection (the database away is told in two lines: ``web/outage.py``)."""
    stream = io.StringIO()
    with logged(stream):
        logging.getLogger("kingdomino.web.reports").warning("report %d made", 1)
        logging.getLogger("kingdomino.web.outage").debug("a failure between the first and the end")
        logging.getLogger("psycopg").warning("query cancellation failed: cancellation timeout expired")
    logging.getLogger("kingdomino.web.reports").warning("after the server stopped")
    (line,) = stream.getvalue().splitlines()
    assert STAMPED.match(line) and line.endswith("kingdomino.web.reports: report 1 made"), line


def test_under_systemd_every_line_carries_its_priority(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal reads a line's priority from its ``<N>`` (and strips it); a traceback's lines
    carry the error's, so ``journalctl -p err`` shows it whole."""
    with (tmp_path / "journal").open("w") as journal:
        status = os.fstat(journal.fileno())
        monkeypatch.setenv("JOURNAL_STREAM", f"{status.st_dev}:{status.st_ino}")
        with logged(journal):
            logging.getLogger("kingdomino.web.reports").warning("report 1 made")
            try:
                raise RuntimeError("a bug")
            except RuntimeError:
                logging.getLogger("kingdomino.web.app").exception("a request failed")
    first, *traceback = (tmp_path / "journal").read_text().splitlines()
    assert first == "<4>WARNING kingdomino.web.reports: report 1 made"
    assert traceback[0] == "<3>ERROR kingdomino.web.app: a request failed"
    assert len(traceback) > 2 and all(line.startswith("<3>") for line in traceback), traceback
    assert traceback[-1] == "<3>RuntimeError: a bug"


def test_the_running_server_logs_a_report_with_its_time(tmp_path: Path) -> None:
    """``kingdomino serve`` itself: a player's report is a warning line in the form above."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_file = tmp_path / "server.log"
    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(port), "--data-dir", str(tmp_path)]
    environment = {key: value for key, value in os.environ.items() if key != "JOURNAL_STREAM"}
    with log_file.open("w") as log:
        server = subprocess.Popen(
            [*command, "--ai-workers", "1"], stdout=subprocess.DEVNULL, stderr=log, env=environment
        )
    try:
        wait_until_answering(base, 60)
        headers = {"Origin": base}
        players = [httpx.Client(base_url=base, headers=headers, timeout=30) for _ in range(2)]
        for client, name in zip(players, ("Mona", "Knight"), strict=True):
            made = client.post("/api/accounts", json={"name": name, "password": "secret-pass-1"})
            assert made.status_code == 201, made.text
        report = players[0].post("/api/reports", json={"name": "Knight", "reason": "offensive_name"})
        assert report.status_code == 200, report.text
        deadline = time.monotonic() + 30
        while "report 1 made" not in log_file.read_text():
            assert time.monotonic() < deadline, log_file.read_text()
            time.sleep(0.05)
    finally:
        server.terminate()
        server.wait(60)
    (line,) = [line for line in log_file.read_text().splitlines() if "report 1 made" in line]
    assert STAMPED.match(line) and "WARNING kingdomino.web.reports: report 1 made: Knight" in line, line


def test_a_service_refused_at_its_start_is_an_error_in_the_journal(tmp_path: Path) -> None:
    """``serve`` refusing its settings under systemd: the one line carries an error's priority,
    so ``journalctl -p err`` shows why the service does not start."""
    journal = tmp_path / "journal"
    with journal.open("w") as stderr:
        status = os.fstat(stderr.fileno())
        environment = {**os.environ, "JOURNAL_STREAM": f"{status.st_dev}:{status.st_ino}"}
        command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(free_port())]
        done = subprocess.run([*command, "--database-url", ""], stderr=stderr, env=environment, timeout=120)
    assert done.returncode == 2
    assert (
        journal.read_text()
        == "<3>error: --database-url: empty (is KINGDOMINO_DATABASE_URL set, in /etc/kingdomino/env?)\n"
    )


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["serve", "--port", "abc"], "<3>error: kingdomino serve: Invalid value for '--port': "),
        (["accounts", "list", "--bogus"], "<3>error: kingdomino accounts list: No such option: --bogus"),
        (["reports", "show"], "<3>error: kingdomino reports show: Missing argument 'ID'."),
    ],
)
def test_a_usage_error_under_systemd_is_an_error_in_the_journal(
    tmp_path: Path, words: list[str], said: str
) -> None:
    """Typer's own refusal of a mistyped option or a missing argument carries an error's priority
    under systemd, as the server's own refusals do: ``journalctl -p err`` shows it."""
    journal = tmp_path / "journal"
    with journal.open("w") as stderr:
        status = os.fstat(stderr.fileno())
        environment = {**os.environ, "JOURNAL_STREAM": f"{status.st_dev}:{status.st_ino}"}
        done = subprocess.run(
            [sys.executable, "-m", "kingdomino", *words], stderr=stderr, env=environment, timeout=120
        )
    assert done.returncode == 2
    (line,) = journal.read_text().splitlines()
    assert line.startswith(said), line
