"""What keeps a game page's socket in step with the game: the game's version on every message,
and the keep-alive that tells a dead socket from a quiet one.

Every message to a page names the game's version (``"v"``, ``Table.version`` when the message is
queued), and each ``state`` the version it shows (``"version"``): a page that hears of a version
newer than the state it has asks for the state (``{"type": "sync"}``), and ignores a state older
than the one it has. A page pings every ``ping_every(idle)`` seconds (each ``pong`` says it); a
socket that says nothing for ``idle`` seconds is closed with ``IDLE_CODE``, and a page that hears
nothing for two pings takes its socket for dead and connects again. A socket that missed
``SILENT_PINGS`` pings (``silent_after``) is lost to presence before that: its seats are not at
the table until it speaks again (``presence``), though it stays open.
"""

from __future__ import annotations

#: Seconds a page's socket (a game's, the lobby's) may stay silent (not even a ping) before the
#: server closes it: a page gone without a goodbye (a laptop shut, a network lost) holds no seat
#: of the game open, nor its place in the lobby.
SOCKET_IDLE_SECONDS = 60.0
#: Pings a page's socket may miss before its seats count as not at the table (``silent_after``):
#: one missed ping is a busy browser, two a lost connection (a phone in a tunnel). Two of the
#: six pings to the idle timeout, 20 s with the 60 s idle: the others see the player gone
#: within seconds, while a phone back at 30 s still finds its socket open.
SILENT_PINGS = 2
#: The close code of a socket silent for too long ("timed out", as HTTP's 408).
IDLE_CODE = 4408


def ping_every(idle: float) -> float:
    """Seconds between a page's pings for a server that closes sockets silent for ``idle``: six
    pings to each timeout, so a page in a busy browser is not closed for one late ping."""
    return idle / 6


def silent_after(idle: float) -> float:
    """Seconds a page's socket to a server that closes sockets silent for ``idle`` may stay
    silent before its seats count as not at the table (``SILENT_PINGS`` pings missed)."""
    return SILENT_PINGS * ping_every(idle)


def stamped(text: str, version: int | None) -> str:
    """``text``, a JSON object of at least one member, with ``"v": version`` first (written into
    the text: a view is tens of kilobytes, serialised once for all its watchers).

    >>> stamped('{"type": "pong"}', 7)
    '{"v": 7, "type": "pong"}'
    """
    if not text.startswith("{") or text.startswith("{}"):
        raise ValueError(f"expected a JSON object of at least one member, got {text[:40]!r}")
    return '{"v": ' + ("null" if version is None else str(int(version))) + ", " + text[1:]


#: How a message of ``json.dumps({"type": ..., ...})`` begins.
_TYPE_HEAD = '{"type": "'


def message_type(text: str) -> str | None:
    """The ``type`` of a message serialised with its type first (as every broadcast is), None
    for any other text: what a socket's outbox replaces a waiting message of the same kind by.

    >>> message_type('{"type": "state", "index": 3}'), message_type('{"index": 3}')
    ('state', None)
    """
    if not text.startswith(_TYPE_HEAD):
        return None
    end = text.find('"', len(_TYPE_HEAD))
    return text[len(_TYPE_HEAD) : end] if end > 0 else None
