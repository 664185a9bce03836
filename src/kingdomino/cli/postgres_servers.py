"""The servers still running on a PostgreSQL database, for ``kingdomino database upgrade`` to
refuse (as ``sqlite_claim`` refuses an SQLite file a server holds).

A server's sessions on the database are found in ``pg_stat_activity``: those named as this
version's servers name them (``web.session_name``: ``kingdomino serve process N on HOST``), and
those whose last statement was a ``LISTEN`` on a ``kingdomino_`` channel: every server on
PostgreSQL keeps such a session open to hear the others' writes, the servers of versions that
gave their sessions no name too. A session of another role shows its name but not its statement
unless the role may read the others' (``pg_read_all_stats``); servers and the upgrade most often
share one role.
"""

from __future__ import annotations

from kingdomino.web.session_name import APPLICATION

#: The other sessions on this database that are a server's.
_SERVERS = """
    SELECT application_name, host(client_addr) AS address
    FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()
      AND (application_name LIKE :named OR query LIKE 'LISTEN kingdomino\\_%')
    ORDER BY backend_start
"""


def servers_on(database_url: str) -> list[str]:
    """The servers with a session on the PostgreSQL database of ``database_url``, each named
    once (its session name; one of an earlier version by its address); empty for another
    database. Raises SQLAlchemy's errors when the database cannot be read."""
    from sqlalchemy import create_engine, make_url, text
    from sqlalchemy.pool import NullPool

    if make_url(database_url).get_backend_name() != "postgresql":
        return []
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            rows = connection.execute(text(_SERVERS), {"named": f"{APPLICATION}%"}).all()
    finally:
        engine.dispose()
    named: list[str] = []
    for application, address in rows:
        if application.startswith(APPLICATION):
            name = application
        else:
            name = f"a server of an earlier version from {address or 'this machine (its socket)'}"
        if name not in named:
            named.append(name)
    return named


def servers_refusal(database_url: str, flag: str) -> str | None:
    """Why the PostgreSQL database of ``database_url`` is not to be upgraded now (servers still
    run on it), in words naming ``flag`` and the servers; ``None`` when none does."""
    from sqlalchemy import make_url

    servers = servers_on(database_url)
    if not servers:
        return None
    shown = make_url(database_url).render_as_string(hide_password=True)
    one = len(servers) == 1
    them = "it" if one else "them"
    return (
        f"{flag}: {len(servers)} server{'' if one else 's'} still run{'s' if one else ''} on {shown} "
        f"({'; '.join(servers)}); stop {them} first, or upgrade under {them} with --force"
    )
