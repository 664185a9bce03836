"""``kingdomino serve`` as a newcomer meets it: where it listens, said before it starts.

A port already taken is said in words before anything claims the server is listening (not
uvicorn's "ERROR: [Errno 98] error while attempting to bind on address ..."), and the command says
how friends on other computers join: the invite links of a page opened at 127.0.0.1 open on that
computer alone.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from tests.web.deadlines import killed
from tests.web.process_lines import next_line
from tests.web.servers import free_port
from typer.testing import CliRunner

from kingdomino.build_info import this_build
from kingdomino.cli import app
from kingdomino.cli.listen import ai_line, lan_addresses, listen_problem, start_lines, where_to_open
from kingdomino.cli.sqlite_claim import claim_sqlite_file
from kingdomino.workers import WorkersSpec

runner = CliRunner()


def taken_port() -> tuple[socket.socket, int]:
    """A port of 127.0.0.1 that another program listens on (the socket, to close after)."""
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    return holder, holder.getsockname()[1]


def test_a_port_in_use_is_refused_in_words_before_the_app_starts(tmp_path: Path) -> None:
    holder, port = taken_port()
    try:
        result = runner.invoke(app, ["serve", "--port", str(port), "--data-dir", str(tmp_path)])
    finally:
        holder.close()
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert f"--port {port}: the port is already in use on 127.0.0.1" in text
    assert f"--port {port + 1}" in text  # what to try instead
    assert "Kingdomino at" not in text and "Errno" not in text and "Traceback" not in text


@pytest.mark.parametrize(
    "host",
    [
        "203.0.113.7",  # an address (TEST-NET-3) that is none of this machine's: nothing is sent
        "no-such-host.invalid",  # a name that resolves to nothing (.invalid never does)
    ],
)
def test_a_host_that_is_not_this_machine_is_refused_with_what_to_use(tmp_path: Path, host: str) -> None:
    result = runner.invoke(app, ["serve", "--host", host, "--data-dir", str(tmp_path)])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert f"--host {host}: not an address of this machine" in text
    assert "127.0.0.1" in text and "0.0.0.0" in text and "Errno" not in text


def test_a_proxy_that_is_not_an_address_is_refused_in_words(tmp_path: Path) -> None:
    options = ["--forwarded-allow-ips", "10.0.0.5,proxy.local", "--data-dir", str(tmp_path)]
    result = runner.invoke(app, ["serve", *options])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "--forwarded-allow-ips: 'proxy.local' is not an IP address or network" in text


def test_a_free_address_is_fine() -> None:
    assert listen_problem("127.0.0.1", 0) is None


def test_the_start_line_says_where_friends_on_the_network_open_the_app() -> None:
    """On 127.0.0.1 (the default) the app is for this computer alone, and the line says how to let
    friends in; on 0.0.0.0 it names the addresses they open (or how to find one), and that the
    game must be created from there for its invite links to carry it."""
    alone = " ".join(start_lines("127.0.0.1", 8000, "sqlite:///k.sqlite3"))
    assert "http://127.0.0.1:8000/" in alone and "--host 0.0.0.0" in alone
    shared = " ".join(start_lines("0.0.0.0", 8000, "sqlite:///k.sqlite3", lan=["192.168.1.20"]))
    assert "http://127.0.0.1:8000/" in shared  # not "http://0.0.0.0:8000/"
    assert "Friends on your network open http://192.168.1.20:8000/" in shared and "invite links" in shared
    unknown = " ".join(start_lines("0.0.0.0", 8000, "sqlite:///k.sqlite3", lan=[]))
    assert "http://<this computer's address>:8000/" in unknown
    assert where_to_open("192.168.1.20", 8000) == ("http://192.168.1.20:8000/", ["http://192.168.1.20:8000/"])
    assert where_to_open("::", 8000) == ("http://[::1]:8000/", [])
    assert where_to_open("localhost", 8000)[1] == []


def test_lan_addresses_are_never_loopback() -> None:
    assert not any(address.startswith("127.") for address in lan_addresses())


def test_serve_help_is_whole_at_eighty_columns() -> None:
    """No word of the help is cut with "…" in an 80-column terminal (the default data folder and
    the PostgreSQL example were), and it says how friends on other computers join."""
    result = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0
    assert "…" not in result.output, result.output
    text = " ".join(result.output.split())
    assert "--host 0.0.0.0" in text and "~/.local/share/kingdomino" in text
    assert "postgresql+psycopg://user:password@host/db" in text


@pytest.mark.parametrize("workers", ["0", "00"])
def test_no_ai_workers_at_all_is_refused_before_the_app_starts(
    tmp_path: Path, workers: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--ai-workers 0`` was read as "one per core" (0 is the absent value) and the server
    started; a count of processes is 1 or more."""

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the app was made")

    monkeypatch.setattr("kingdomino.web.app.create_app", started)
    result = runner.invoke(app, ["serve", "--ai-workers", workers, "--data-dir", str(tmp_path)])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert f"--ai-workers: expected a number of processes (1 or more) or 'ray', got '{workers}'" in text
    assert "Kingdomino at" not in text


def test_a_negative_ai_delay_is_refused_before_the_app_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the app was made")

    monkeypatch.setattr("kingdomino.web.app.create_app", started)
    result = runner.invoke(app, ["serve", "--ai-delay", "-1", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "Invalid value for '--ai-delay': Input should be greater than or equal to 0" in text, text


def test_the_start_line_behind_a_reverse_proxy_sends_players_to_the_proxy() -> None:
    """An instance behind nginx (``--forwarded-allow-ips``) said "This computer only: to play with
    friends on other computers, start with --host 0.0.0.0", and on 0.0.0.0 named its own network
    addresses: invite links made there pass the proxy by. It says players come through the proxy."""
    behind = " ".join(start_lines("127.0.0.1", 8001, "postgresql://kd:***@db/k", proxies="127.0.0.1"))
    assert "Behind the reverse proxy 127.0.0.1 (--forwarded-allow-ips)" in behind
    assert "proxy's address" in behind and "--host 0.0.0.0" not in behind
    lan = " ".join(
        start_lines("0.0.0.0", 8001, "postgresql://kd:***@db/k", lan=["10.0.0.7"], proxies="10.0.0.5")
    )
    assert "Behind the reverse proxy 10.0.0.5" in lan and "http://10.0.0.7:8001/" not in lan


@pytest.mark.parametrize(
    ("words", "said"),
    [
        # Heroku's and libpq's spelling: SQLAlchemy knows no "postgres" dialect.
        (
            ["--database-url", "postgres://kd:kd@localhost/k"],
            "--database-url: not a database URL SQLAlchemy knows (Can't load plugin: "
            "sqlalchemy.dialects:postgres); expected postgresql+psycopg://user:password@host/db or "
            "sqlite:////absolute/path.sqlite3",
        ),
        (
            ["--database-url", "sqlite:////no-such-folder/k.sqlite3"],
            "--database-url sqlite:////no-such-folder/k.sqlite3: the database cannot be opened:",
        ),
        # A service whose settings lack the URL: SQLAlchemy's "Could not parse" named nothing.
        (
            ["--database-url", ""],
            "--database-url: empty (is KINGDOMINO_DATABASE_URL set, in /etc/kingdomino/env?)",
        ),
        (
            ["--database-url", "sqlite:////no-such-folder/k.sqlite3", "--data-dir", "{tmp}"],
            "--data-dir: only for the SQLite file; with --database-url the games are in that database",
        ),
    ],
)
def test_a_database_it_cannot_use_is_refused_naming_the_option(
    tmp_path: Path, words: list[str], said: str
) -> None:
    """A URL SQLAlchemy cannot read said so without the forms it takes; a database that could not
    be opened named no option; ``--data-dir`` beside ``--database-url`` was silently ignored."""
    words = [word.format(tmp=tmp_path) for word in words]
    result = runner.invoke(app, ["serve", "--port", str(free_port()), *words])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert text.startswith(f"error: {said}"), text
    assert "Kingdomino at" not in text


@pytest.mark.parametrize(
    "failure",
    [
        ValueError("Ray Client requires pip package `ray`. If you installed the minimal Ray, reinstall"),
        ModuleNotFoundError("No module named 'ray'"),
    ],
)
def test_ray_that_cannot_be_used_is_said_as_the_ai_workers(
    tmp_path: Path, failure: Exception, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ray's refusal to start was taken for the database's: "--database-url: not a database URL
    SQLAlchemy knows (Ray Client requires pip package `ray` ...)", or "the database cannot be
    opened: No module named 'ray'", on a server started with no --database-url at all."""

    def refused(*args: object, **kwargs: object) -> None:
        raise failure

    monkeypatch.setattr("kingdomino.workers.RayWorkers.__init__", refused)
    options = ["--ai-workers", "ray", "--ray-address", "ray://127.0.0.1:1", "--data-dir", str(tmp_path)]
    result = runner.invoke(app, ["serve", "--port", str(free_port()), *options])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert text.startswith(f"error: --ai-workers ray: Ray cannot be used: {failure}"), text
    assert "database" not in text


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    """SQLite serves one server (the servers would not hear each other's moves), but a second
    `serve` on the same data folder started without a word. It is refused while the first runs
    (here a process holding the file's claim, as a server does) and let in once that one ends."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from kingdomino.cli.sqlite_claim import claim_sqlite_file as c; "
            "print(c(sys.argv[1], '--data-dir'), flush=True); time.sleep(120)",
            f"sqlite:///{tmp_path / 'kingdomino.sqlite3'}",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert next_line(holder, "the SQLite file's holder saying its claim").strip() == "None"
        result = runner.invoke(app, ["serve", "--port", str(free_port()), "--data-dir", str(tmp_path)])
        assert result.exit_code == 2, result.output
        text = " ".join(result.output.split())
        assert text.startswith(
            f"error: --data-dir: another server already uses {tmp_path / 'kingdomino.sqlite3'} "
            f"(process {holder.pid}); SQLite serves one server"
        ), text
        assert "PostgreSQL" in text and "Kingdomino at" not in text
    finally:
        killed(holder)
    assert claim_sqlite_file(f"sqlite:///{tmp_path / 'kingdomino.sqlite3'}", "--data-dir") is None
    assert claim_sqlite_file("postgresql+psycopg://kd:kd@localhost/k", "--database-url") is None


def test_the_start_lines_say_where_the_ai_runs_and_the_seat_agents(tmp_path: Path) -> None:
    """An operator who gave ``--ai-workers`` and ``--seat-agent`` sees what they gave, from the
    running server's own start lines."""
    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(free_port())]
    command += ["--data-dir", str(tmp_path), "--ai-workers", "1", "--seat-agent", "steady=greedy"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        said = [next_line(server, "the server's start lines") for _ in range(3)]  # where, who, the AI
    finally:
        server.terminate()
        server.wait(60)
    assert said[0].startswith(f"Kingdomino {this_build().words()} at http://127.0.0.1:"), said
    ai = "AI: 1 worker process on this machine (--ai-workers) · AI seats also offer steady = greedy"
    assert said[2].strip() == ai, said
    assert ai_line(WorkersSpec.parse(""), {}).endswith("on this machine (--ai-workers, one per core)")
    assert ai_line(WorkersSpec.parse("ray"), {}) == "AI: on a Ray instance started here (--ai-workers ray)"


def test_the_help_tells_an_operator_the_file_the_upgrade_and_the_health_check() -> None:
    """An operator reads in ``serve --help`` which file holds the games, that one server at a time
    uses it, how to upgrade, and what a load balancer or systemd polls."""
    result = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}, terminal_width=200)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.replace("│", " ").split())
    assert "Where the SQLite file kingdomino.sqlite3 lives" in text and "one server at a time" in text
    assert "start it on the same database" in text and "GET /api/health answers 200" in text


def test_the_start_line_names_the_build() -> None:
    """The server's first line says which build runs (``build_info``), for the operator's journal."""
    build = "0.1.0 (commit abc1234, 2026-12-02)"
    first = start_lines("127.0.0.1", 8000, "sqlite:///k.sqlite3", build=build)[0]
    assert first.startswith("Kingdomino 0.1.0 (commit abc1234, 2026-12-02) at [bold]http://127.0.0.1:8000/")
