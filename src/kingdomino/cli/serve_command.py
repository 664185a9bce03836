"""``kingdomino serve``: the browser app's server, its flags checked and refused in words first."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Annotated

import typer

from kingdomino.cli.app import console, default_data_dir, fail, unknown_database_url
from kingdomino.cli.listen import ai_line, listen_problem, start_lines
from kingdomino.cli.paths import PathProblem, output_folder
from kingdomino.cli.sqlite_claim import claim_sqlite_file


def serve(
    host: Annotated[
        str,
        typer.Option(
            metavar="HOST",
            help="Address to listen on: 127.0.0.1 is this computer alone, 0.0.0.0 every address of "
            "it (friends on your network, above).",
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, metavar="PORT", help="TCP port.")] = 8000,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help="Where the SQLite file kingdomino.sqlite3 lives (default ~/.local/share/kingdomino); "
            "one server at a time uses it.",
        ),
    ] = None,
    database_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL", help="A database to use instead of SQLite, as an SQLAlchemy URL (above)."
        ),
    ] = None,
    ai_delay: Annotated[
        float, typer.Option(metavar="SECONDS", min=0, help="Seconds an AI seat waits before moving.")
    ] = 0.4,
    ai_workers: Annotated[
        str,
        typer.Option(
            metavar="N|ray",
            help="Where AI searches run: a number of local worker processes (default: one per core) "
            "or 'ray' for a Ray cluster.",
        ),
    ] = "",
    ray_address: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            help="With --ai-workers ray: the cluster's address (default: start a local Ray).",
        ),
    ] = None,
    seat_agent: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME=SPEC",
            help="An agent offered as an AI seat besides the levels, repeatable: e.g. "
            "ppo=mypkg.mod:make (docs/agents.md). Only the operator names one.",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            metavar="IPS",
            rich_help_panel="Behind a reverse proxy",
            help="The reverse proxies (comma-separated addresses or networks, e.g. 10.0.0.5,10.1.0.0/16) "
            "whose X-Forwarded-For header names the client; by default no one's is trusted.",
        ),
    ] = "",
    smtp_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            envvar="KINGDOMINO_SMTP_URL",
            rich_help_panel="E-mail",
            help="The relay accounts' mails go through: smtp://USER:PASSWORD@HOST:587 (STARTTLS) or "
            "smtps://...:465 (TLS); without it no mail is sent (docs/server/messages.md).",
        ),
    ] = None,
    mail_from: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            envvar="KINGDOMINO_MAIL_FROM",
            rich_help_panel="E-mail",
            help="The mails' sender, e.g. 'Kingdomino <noreply@example.org>' (default: noreply@ the "
            "--public-url's host).",
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            envvar="KINGDOMINO_PUBLIC_URL",
            rich_help_panel="E-mail",
            help="The site's address the mails' links lead to, e.g. https://kingdomino.example.org "
            "(needed with --smtp-url).",
        ),
    ] = None,
) -> None:
    """Start the browser app: play every game against AI or friends; games survive restarts.

    Friends on other computers of your network: start with --host 0.0.0.0 and open the app at the
    network address it prints before you create the game, so its invite links carry that address.

    PostgreSQL: --database-url postgresql+psycopg://user:password@host/db (pip install -e
    '.[web,postgres]'). Several servers may share one PostgreSQL database (behind a load
    balancer): each serves every game, and clients of one hear the actions made through the others.

    Upgrading: stop the server, install the new version and start it on the same database; the
    tables it lacks are made at start and every game resumes. GET /api/health answers 200 while
    the server and its database answer (503 otherwise), for a load balancer or systemd to poll.
    """
    missing = [
        name
        for name in ("fastapi", "pydantic", "sqlalchemy", "uvicorn")
        if importlib.util.find_spec(name) is None
    ]
    if missing:
        raise fail(
            f"the browser app needs the 'web' extra: pip install -e '.[web]' (missing: {', '.join(missing)})"
        )
    import uvicorn

    from kingdomino.build_info import this_build
    from kingdomino.cli.server_database import schema_gap, upgraded_words
    from kingdomino.web.ai_workers import WorkersUnavailable
    from kingdomino.web.app import create_app
    from kingdomino.web.connections import TrustedProxies, local_workers, raise_file_limit, total_connections
    from kingdomino.web.log_lines import logged
    from kingdomino.web.mail_send import MailSettings
    from kingdomino.web.serving import server_config
    from kingdomino.web.store_setup import StoreNotWritable
    from kingdomino.workers import WorkersSpec

    if database_url is not None and data_dir is not None:
        raise fail("--data-dir: only for the SQLite file; with --database-url the games are in that database")
    if database_url is not None and not database_url.strip():
        # What a service's ${KINGDOMINO_DATABASE_URL} left unset gives (docs/kingdomino@.service).
        raise fail("--database-url: empty (is KINGDOMINO_DATABASE_URL set, in /etc/kingdomino/env?)")
    database_flag = "--data-dir" if database_url is None else "--database-url"
    if database_url is None:
        directory = data_dir or default_data_dir()
        try:
            output_folder(directory, "--data-dir")
        except PathProblem as error:
            raise fail(str(error)) from None
        database_url = f"sqlite:///{directory / 'kingdomino.sqlite3'}"
    if ai_workers not in ("", "ray") and not (ai_workers.isdigit() and int(ai_workers) > 0):
        raise fail(f"--ai-workers: expected a number of processes (1 or more) or 'ray', got {ai_workers!r}")
    if ray_address and ai_workers != "ray":
        raise fail("--ray-address: only with --ai-workers ray")
    workers = f"ray:{ray_address}" if ai_workers == "ray" and ray_address else ai_workers
    agents = {}
    for item in seat_agent or []:
        name, sep, spec = item.partition("=")
        if not sep or not name.strip() or not spec.strip():
            raise fail(f"--seat-agent: expected NAME=SPEC, e.g. ppo=mypkg.policies:make_ppo, got {item!r}")
        agents[name.strip()] = spec.strip()
    try:
        TrustedProxies.parse(forwarded_allow_ips)
    except ValueError as error:
        raise fail(f"--forwarded-allow-ips: {error}") from None
    try:
        mail = MailSettings.parse(smtp_url, mail_from, public_url) if smtp_url else None
    except ValueError as error:
        raise fail(str(error)) from None
    # Before the app starts its AI workers, and in words: a port in use, a host not this machine's.
    problem = listen_problem(host, port)
    if problem:
        raise fail(problem)
    # Its warnings and errors from here on, with their time and level (web/log_lines.py).
    with logged():
        problem = claim_sqlite_file(database_url, database_flag)
        if problem:
            raise fail(problem)
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError, SQLAlchemyError

        gap = schema_gap(database_url)
        try:
            shown = make_url(database_url).render_as_string(hide_password=True)
            app_ = create_app(
                database_url, ai_delay=ai_delay, ai_workers=workers, seat_agents=agents, mail=mail
            )
        except WorkersUnavailable as error:
            raise fail(f"--ai-workers {ai_workers}: Ray cannot be used: {error}") from None
        except StoreNotWritable as error:
            refused = f"{shown}: {error} (the server would refuse every move); check the rights on it"
            raise fail(refused) from None
        except ValueError as error:
            if str(error).startswith("seat agent"):
                raise fail(f"--seat-agent: {error}") from None
            raise fail(unknown_database_url(error)) from None
        except ArgumentError as error:
            raise fail(unknown_database_url(error)) from None
        except (SQLAlchemyError, ModuleNotFoundError) as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise fail(f"{database_flag} {shown}: the database cannot be opened: {first}") from None
        said = start_lines(host, port, shown, proxies=forwarded_allow_ips, build=this_build().words())
        if gap:
            said.append(f"Database upgraded from an earlier version: {upgraded_words(gap)}")
        if mail is not None:
            said.append(f"E-mail goes through {mail.host}:{mail.port}; its links lead to {mail.public_url}")
        for line in [*said, ai_line(WorkersSpec.parse(workers), agents)]:
            console.print(line, soft_wrap=True)
        connections = total_connections(raise_file_limit(), local_workers(workers))
        uvicorn.Server(server_config(app_, host, port, forwarded_allow_ips, connections)).run()
