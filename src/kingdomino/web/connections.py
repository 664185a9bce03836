"""Which connections the server takes: at most so many open at once, from one address and in all.

Every connection holds a file descriptor from the moment it is accepted, whether it sends a
request or not, so a client that opens connections faster than the server closes them could
take every descriptor the process may open: then the server accepts no one, and its database
and AI workers' pipes fail too. A :class:`ConnectionGate` counts the connections open, by the
client address they come from (``clients.client_key``: an IPv4 address, an IPv6 /64) and in
all, and refuses a new one at once when

* its address already holds ``MAX_CONNECTIONS_PER_ADDRESS`` (a page needs about 6 HTTP
  connections and one socket per game; the app lets a client hold ``MAX_SOCKETS_PER_CLIENT``,
  100, sockets);
* the server holds its total (:func:`total_connections`: the file limit less what the database,
  the AI workers' pipes and logs need);
* or the server holds all but the last ``1 / RESERVE_FRACTION`` of its total, and its address
  already holds ``FEW_CONNECTIONS``: that last part is kept for clients that hold few, so a new
  player gets in however many connections a few addresses hold.

A proxy the operator trusts (``--forwarded-allow-ips``) is exempt from the last two rules but
the total: every user comes through it. A connection counts once, from its acceptance to its
end, whether it stays HTTP or becomes a WebSocket.

>>> gate = ConnectionGate(ConnectionLimits(total=8, per_address=4, few=2))
>>> def admitted(host: str, times: int) -> list[bool]:
...     return [isinstance(gate.admit(host), Admission) for _ in range(times)]
>>> admitted("10.0.0.1", 5)
[True, True, True, True, False]
>>> admitted("10.0.0.2", 3)  # 6 of 8 held: the reserve begins, for addresses holding fewer than 2
[True, True, False]
>>> admitted("10.0.0.3", 3), gate.admit("10.0.0.4")
([True, True, False], Refusal(field='server', message='the server holds all the 8 connections it may'))
"""

from __future__ import annotations

import contextlib
import ipaddress
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from kingdomino.web.clients import client_key
from kingdomino.workers import WorkersSpec

#: Connections one client address may hold open at once, HTTP and WebSocket alike: above the
#: app's 100 sockets per client (``MAX_SOCKETS_PER_CLIENT``) and a page's HTTP connections.
MAX_CONNECTIONS_PER_ADDRESS = 128
#: The most connections the server holds at once, whatever its file limit.
MAX_CONNECTIONS = 10_000
#: File descriptors left to everything but connections: the database's pool, the listening
#: socket, the event loop's own, logs, the files a page's static answers read.
FILES_RESERVED = 64
#: ... and for each local AI worker process (its pipes and the handle the pool watches it by).
FILES_PER_AI_WORKER = 4
#: ... and for a Ray client, in place of the local workers (its gRPC channels and logs).
FILES_FOR_RAY = 128
#: The last part of the total kept for addresses holding few connections: 1 / RESERVE_FRACTION.
RESERVE_FRACTION = 4
#: Addresses holding fewer connections than this still get into the reserve: a player or two.
FEW_CONNECTIONS = 16
#: The fewest connections a server takes in all, however low its file limit.
MIN_CONNECTIONS = 16
#: Seconds a refused client is asked to wait before it tries again (``Retry-After``).
RETRY_AFTER_SECONDS = 5


def total_connections(file_limit: int, ai_workers: int | None) -> int:
    """The connections a process that may open ``file_limit`` files holds at most, with
    ``ai_workers`` local AI worker processes (``None``: AI on a Ray cluster).

    >>> total_connections(1024, 2), total_connections(256, 1), total_connections(1 << 20, 4)
    (952, 188, 10000)
    """
    reserved = FILES_RESERVED + (FILES_FOR_RAY if ai_workers is None else FILES_PER_AI_WORKER * ai_workers)
    return max(MIN_CONNECTIONS, min(MAX_CONNECTIONS, file_limit - reserved))


def file_limit() -> int:
    """The number of files this process may open (its soft ``RLIMIT_NOFILE``), ``MAX_CONNECTIONS``
    plus the reserve where it cannot be read."""
    try:
        import resource
    except ImportError:  # not a Unix: no file limit to read
        return MAX_CONNECTIONS + FILES_RESERVED
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft if soft != resource.RLIM_INFINITY else MAX_CONNECTIONS + FILES_RESERVED


def raise_file_limit() -> int:
    """Raise this process's soft file limit to its hard limit (as far as the system allows), so
    that the server may hold as many connections as it is let; the soft limit now."""
    try:
        import resource
    except ImportError:
        return file_limit()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 2 * MAX_CONNECTIONS
    if soft != resource.RLIM_INFINITY and soft < wanted:
        # A hard limit above what the system allows (macOS: OPEN_MAX) keeps the soft one.
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return file_limit()


def local_workers(ai_workers: str) -> int | None:
    """The local AI worker processes ``kingdomino serve --ai-workers`` starts (``None``: Ray)."""
    return WorkersSpec.parse(ai_workers).local_processes


class TrustedProxies:
    """The addresses whose forwarded headers are trusted: networks, or ``*`` for every address.

    >>> proxies = TrustedProxies.parse("10.0.0.0/8, 192.168.1.5")
    >>> "10.1.2.3" in proxies, "192.168.1.5" in proxies, "192.168.1.6" in proxies, None in proxies
    (True, True, False, False)
    >>> TrustedProxies.parse("proxy.local")
    Traceback (most recent call last):
    ...
    ValueError: 'proxy.local' is not an IP address or network (e.g. 10.0.0.5 or 10.0.0.0/24), nor *
    """

    def __init__(
        self, networks: Iterable[ipaddress.IPv4Network | ipaddress.IPv6Network], every: bool
    ) -> None:
        self.networks = tuple(networks)
        self.every = every

    @classmethod
    def parse(cls, text: str) -> TrustedProxies:
        """The proxies of a comma-separated list (``""``: none); a bad item is a ``ValueError``."""
        networks, every = [], False
        for item in (part.strip() for part in text.split(",")):
            if not item:
                continue
            if item == "*":
                every = True
                continue
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                raise ValueError(
                    f"{item!r} is not an IP address or network (e.g. 10.0.0.5 or 10.0.0.0/24), nor *"
                ) from None
        return cls(networks, every)

    def __contains__(self, host: object) -> bool:
        if not isinstance(host, str) or not host:
            return False
        if self.every:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return any(address in network for network in self.networks)

    def uvicorn_list(self) -> list[str]:
        """The same proxies as uvicorn's ``forwarded_allow_ips`` takes them."""
        return ["*"] if self.every else [str(network) for network in self.networks]

    def __bool__(self) -> bool:
        return self.every or bool(self.networks)


@dataclass(frozen=True)
class ConnectionLimits:
    """How many connections the server holds: in all, from one address, and who gets the reserve."""

    total: int
    per_address: int = MAX_CONNECTIONS_PER_ADDRESS
    few: int = FEW_CONNECTIONS
    trusted: TrustedProxies = field(default_factory=lambda: TrustedProxies((), False))

    @property
    def reserve_from(self) -> int:
        """The connections open from which only addresses holding fewer than ``few`` get in."""
        return self.total - self.total // RESERVE_FRACTION


@dataclass(frozen=True)
class Refusal:
    """Why a connection is refused: the field and message of the API's error shape."""

    field: str
    message: str


class Admission:
    """A connection the gate let in; :meth:`release` counts it out (once, however often called)."""

    def __init__(self, gate: ConnectionGate, key: str) -> None:
        self._gate = gate
        self._key: str | None = key

    def release(self) -> None:
        if self._key is not None:
            self._gate._release(self._key)
            self._key = None


class ConnectionGate:
    """The connections open now, by client address and in all, and whether a new one gets in."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.open = 0
        self.by_address: Counter[str] = Counter()

    def admit(self, host: str | None) -> Admission | Refusal:
        """An admission for a new connection from ``host``, or why it is refused."""
        refused = self.refusal(host)
        if refused is not None:
            return refused
        key = client_key(host)
        self.open += 1
        self.by_address[key] += 1
        return Admission(self, key)

    def refusal(self, host: str | None) -> Refusal | None:
        """Why a new connection from ``host`` would be refused now, or None."""
        limits = self.limits
        if self.open >= limits.total:
            return Refusal("server", f"the server holds all the {limits.total} connections it may")
        if host in limits.trusted:
            return None
        held = self.by_address[client_key(host)]
        if held >= limits.per_address:
            return Refusal(
                "client", f"this address holds {limits.per_address} connections, the most it may: close some"
            )
        if self.open >= limits.reserve_from and held >= limits.few:
            return Refusal(
                "server", "the server is nearly full: its last connections are kept for clients that hold few"
            )
        return None

    def _release(self, key: str) -> None:
        self.open -= 1
        self.by_address[key] -= 1
        if self.by_address[key] <= 0:
            del self.by_address[key]
