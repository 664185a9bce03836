"""Where ``kingdomino serve`` listens: checked before the app starts, and said in words a player can use.

The address is tried before the app starts its AI workers, and a port already taken or a host
that is not this machine's is refused in a line that names its option (exit code 2, like every
other mistake of the command line), not with uvicorn's "ERROR: [Errno 98] error while attempting
to bind on address ..." after a start line that said where to open the app.

The invite links of an online game are made from the address the page was opened at, so the
start line says which address friends on other computers can open: with the default
``--host 127.0.0.1`` none (this computer only), with ``--host 0.0.0.0`` this machine's own. A
last line says where the AI searches run and the agents offered as AI seats besides the levels.

>>> listen_problem("127.0.0.1", 0) is None
True
>>> "--host" in listen_problem("name.invalid", 8000)
True
>>> where_to_open("127.0.0.1", 8000, lan=[])[0]
'http://127.0.0.1:8000/'
>>> where_to_open("0.0.0.0", 8000, lan=["192.168.1.20"])
('http://127.0.0.1:8000/', ['http://192.168.1.20:8000/'])
"""

from __future__ import annotations

import errno
import ipaddress
import socket
from collections.abc import Mapping

from kingdomino.workers import WorkersSpec

#: The hosts that mean "every address of this machine".
WILDCARDS = ("0.0.0.0", "::", "")


def listen_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port``, in words naming the option to change;
    ``None`` when it can. Every address the host resolves to is tried, as uvicorn does."""
    try:
        addresses = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as error:
        reason = error.strerror if isinstance(error, socket.gaierror) else "not a host name"
        return (
            f"--host {host}: not an address of this machine ({reason}); use 127.0.0.1 for this "
            "computer alone or 0.0.0.0 to let other computers of your network in"
        )
    for family, kind, proto, _, address in addresses:
        try:
            probe = socket.socket(family, kind, proto)
        except OSError:
            continue  # a family this machine lacks (IPv6 off): uvicorn's asyncio skips it too
        try:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            probe.bind(address)
        except OSError as error:
            return _bind_words(host, port, error)
        finally:
            probe.close()
    return None


def _bind_words(host: str, port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return (
            f"--port {port}: the port is already in use on {host or '0.0.0.0'} (another "
            f"'kingdomino serve'? then the app is already there: {where_to_open(host, port, [])[0]}); "
            f"stop it, or choose another port, e.g. --port {port + 1 if port < 65535 else 8000}"
        )
    if error.errno == errno.EACCES:
        return f"--port {port}: permission denied (ports below 1024 need root); choose another, e.g. 8000"
    if error.errno == errno.EADDRNOTAVAIL:
        return (
            f"--host {host}: not an address of this machine; use 127.0.0.1 for this computer alone "
            "or 0.0.0.0 to let other computers of your network in"
        )
    return f"--host {host} --port {port}: cannot listen there ({error.strerror or error})"


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other computers may reach: those of its network
    interfaces (Linux), and those its own name resolves to; no packet is sent. Empty when
    neither finds one (the start line then says how to find it)."""
    found: set[str] = set()
    try:
        import fcntl
        import struct

        for _, name in socket.if_nameindex():
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                try:
                    # SIOCGIFADDR: the interface's IPv4 address (bytes 20-24 of the answer).
                    answer = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
                except OSError:
                    continue  # an interface without an IPv4 address
                found.add(socket.inet_ntoa(answer[20:24]))
    except (ImportError, OSError, AttributeError):
        pass
    try:
        resolved = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
        found.update(str(address[4][0]) for address in resolved)
    except (OSError, UnicodeError):
        pass
    return sorted(a for a in found if not ipaddress.ip_address(a).is_loopback)


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def where_to_open(host: str, port: int, lan: list[str] | None = None) -> tuple[str, list[str]]:
    """The address to open on this computer, and the ones other computers may open (none when the
    server listens on a loopback address alone). ``lan`` defaults to :func:`lan_addresses`."""
    if host == "::":  # IPv6 alone (asyncio listens with IPV6_V6ONLY): this computer is ::1
        return _url("::1", port), []
    if host in WILDCARDS:
        return _url("127.0.0.1", port), [_url(a, port) for a in (lan_addresses() if lan is None else lan)]
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    return _url(host, port), [] if loopback else [_url(host, port)]


def start_lines(
    host: str, port: int, stored: str, lan: list[str] | None = None, proxies: str = "", build: str = ""
) -> list[str]:
    """What ``kingdomino serve`` says when it starts: which build (``build_info``: the version and
    commit a bug report names), where to open it, here and from the network.

    Behind a reverse proxy (``proxies``, the ``--forwarded-allow-ips`` given) players come through
    the proxy: telling them to open this instance's own address, or to restart it on 0.0.0.0,
    would give invite links that pass the proxy by."""
    here, others = where_to_open(host, port, lan)
    which = f" {build}" if build else ""
    lines = [f"Kingdomino{which} at [bold]{here}[/] · games stored in {stored}"]
    if proxies:
        lines.append(
            f"Behind the reverse proxy {proxies} (--forwarded-allow-ips): players open the app at the "
            "proxy's address, so that invite links carry it"
        )
    elif host in WILDCARDS:
        shown = ", ".join(others) if others else f"http://<this computer's address>:{port}/"
        lines.append(
            f"Friends on your network open {shown}; open it there too before you create a game, "
            "so its invite links carry that address"
        )
    elif not others:
        lines.append("This computer only: to play with friends on other computers, start with --host 0.0.0.0")
    return lines


def ai_line(workers: WorkersSpec, seat_agents: Mapping[str, str]) -> str:
    """Where ``kingdomino serve``'s AI searches run (``--ai-workers``) and the agents it offers as
    AI seats besides the levels (``--seat-agent``), so an operator sees what the flags gave.

    >>> ai_line(WorkersSpec.parse("2"), {})
    'AI: 2 worker processes on this machine (--ai-workers)'
    >>> print(ai_line(WorkersSpec.parse("ray:10.0.0.5:6379"), {"ppo": "mypkg.policies:make_ppo"}))
    AI: on the Ray cluster at 10.0.0.5:6379 (--ai-workers ray)
    · AI seats also offer ppo = mypkg.policies:make_ppo
    """
    if workers.address:
        where = f"on the Ray cluster at {workers.address} (--ai-workers ray)"
    elif workers.ray:
        where = "on a Ray instance started here (--ai-workers ray)"
    else:
        count = workers.local_processes
        per_core = "" if workers.slots else ", one per core"
        where = f"{count} worker process{'es' * (count != 1)} on this machine (--ai-workers{per_core})"
    line = f"AI: {where}"
    if seat_agents:
        offered = ", ".join(f"{name} = {spec}" for name, spec in seat_agents.items())
        line += f" · AI seats also offer {offered}"
    return line
