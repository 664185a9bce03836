"""The name a server's PostgreSQL sessions carry (``application_name``).

``kingdomino database upgrade`` looks for a server still running on the database it is to upgrade
(``cli.postgres_servers``) among the database's sessions (``pg_stat_activity``), where a session
shows the name its client gave: each connection of a server (its pool's and its listeners') gives
``kingdomino serve``, its process and its machine, so a refusal can say which server to stop.
"""

from __future__ import annotations

import os
import socket

#: What every server's session name starts with.
APPLICATION = "kingdomino serve"

#: The most bytes PostgreSQL keeps of a session's name (``NAMEDATALEN`` - 1).
LONGEST = 63


def session_name() -> str:
    """``kingdomino serve``, this process and this machine, as PostgreSQL keeps it (63 bytes)."""
    name = f"{APPLICATION} process {os.getpid()} on {socket.gethostname()}"
    return name.encode()[:LONGEST].decode(errors="ignore")


def named_sessions(url: str, server: str) -> dict[str, str]:
    """The ``connect_args`` of the engine of ``url``: the session name of a server's store (a
    ``server`` named) on PostgreSQL; nothing for another database or a command's store."""
    from sqlalchemy.engine import make_url

    if not server or make_url(url).get_backend_name() != "postgresql":
        return {}
    return {"application_name": session_name()}
