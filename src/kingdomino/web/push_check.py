"""A browser's push subscription checked before it is kept, and its endpoint before each post.

The server posts to whatever endpoint a subscription names, so an endpoint is a request the
server makes for a stranger: it must be ``https`` on its port, 443 (every push service's), and
its host must resolve to public addresses only, never the server's own network (loopback,
private, link-local, reserved..., nor an IPv6 address that leads to such an IPv4 one, as NAT64's
do), or anyone could make the server post into its LAN. The check is made
again before every post (a name may resolve elsewhere since), and the post follows no redirect
(``push``). An operator's tests may allow local endpoints (``PushSettings.local_endpoints``).
The keys are the browser's P-256 public key (65 bytes, uncompressed) and its 16-byte secret.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

from kingdomino.web.push_store import Subscription
from kingdomino.web.refusals import HubError

#: The longest endpoint kept (push services' are about 200 to 500 characters).
MAX_ENDPOINT = 2048
#: The bytes of the browser's public key (an uncompressed P-256 point) and of its secret.
P256DH_BYTES = 65
AUTH_BYTES = 16


def refused(field: str, message: str) -> HubError:
    return HubError(422, field, message, "push_subscription")


def decoded_key(value: Any, field: str, size: int) -> str:
    """``value``, URL-safe base64 of ``size`` bytes (padded or not), as the browser gave it.

    >>> decoded_key("A" * 22, "keys.auth", 16)
    'AAAAAAAAAAAAAAAAAAAAAA'
    """
    if not isinstance(value, str) or len(value) > 4 * size:
        raise refused(field, f"expected URL-safe base64 of {size} bytes")
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise refused(field, f"expected URL-safe base64 of {size} bytes") from None
    if len(raw) != size or (size == P256DH_BYTES and raw[0] != 4):
        raise refused(
            field, f"expected {size} bytes{' (an uncompressed P-256 point)' * (size == P256DH_BYTES)}"
        )
    return value.rstrip("=")


#: IPv6 addresses that carry an IPv4 one in their last 32 bits, which a gateway (NAT64, SIIT) or
#: the host itself may deliver to: the well-known NAT64 prefix, the IPv4-translated and the
#: deprecated IPv4-compatible forms.
CARRYING_IPV4 = tuple(ipaddress.ip_network(net) for net in ("64:ff9b::/96", "::ffff:0:0:0/96", "::/96"))
#: IPv6 networks that are no one's public internet though Python 3.11's ``is_global`` says they
#: are: the local-use NAT64 prefix (RFC 8215) and the deprecated site-local addresses.
NOT_PUBLIC = tuple(ipaddress.ip_network(net) for net in ("64:ff9b:1::/48", "fec0::/10"))


def carried_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address ``ip`` leads to, if it carries one (mapped, 6to4, NAT64 and the like).

    >>> [str(carried_ipv4(ipaddress.IPv6Address(a))) for a in ("64:ff9b::a00:1", "2002:7f00:1::")]
    ['10.0.0.1', '127.0.0.1']
    """
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    if any(ip in net for net in CARRYING_IPV4):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def public_address(address: str) -> bool:
    """Whether ``address`` is one of the public internet's (not this server's own network). An
    IPv6 address that leads to an IPv4 one is public only if that one is: NAT64 on a cloud's
    IPv6-only network reaches its private IPv4 hosts and metadata service so.

    >>> [public_address(a) for a in ("8.8.8.8", "127.0.0.1", "10.1.2.3", "192.168.1.9")]
    [True, False, False, False]
    >>> [public_address(a) for a in ("2001:4860::8888", "::1", "fe80::1", "::ffff:192.168.0.1")]
    [True, False, False, False]
    >>> [public_address(a) for a in ("64:ff9b::a9fe:a9fe", "::127.0.0.1", "2002:a00:1::", "fec0::1")]
    [False, False, False, False]
    >>> public_address("64:ff9b::808:808")
    True
    """
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if any(ip in net for net in NOT_PUBLIC):
            return False
        carried = carried_ipv4(ip)
        if carried is not None:
            if not (carried.is_global and not carried.is_multicast):
                return False
            if ip.ipv4_mapped is not None:
                return True
    return ip.is_global and not ip.is_multicast


def check_endpoint(endpoint: Any, local: bool = False) -> str:
    """``endpoint`` if the server may post to it, else the refusal naming ``endpoint``: https on
    port 443 (or http too, any port, with ``local``), a host that resolves to public addresses
    only (any with ``local``).
    Resolving blocks: called off the event loop."""
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > MAX_ENDPOINT:
        raise refused("endpoint", f"expected a URL of at most {MAX_ENDPOINT} characters")
    parts = urlsplit(endpoint)
    if parts.scheme != "https" and not (local and parts.scheme == "http"):
        raise refused("endpoint", f"expected an https URL, got {parts.scheme or 'none'}")
    if not parts.hostname or parts.username is not None or parts.password is not None:
        raise refused("endpoint", "expected a URL with a host and no user")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise refused("endpoint", "expected a port from 1 to 65535") from None
    if not local and port != 443:
        raise refused("endpoint", f"expected the https port, 443, got {port}")
    try:
        found = socket.getaddrinfo(parts.hostname, port, proto=socket.IPPROTO_TCP)
    except (OSError, ValueError):
        raise refused("endpoint", f"the host {parts.hostname} cannot be resolved") from None
    if not local and not all(public_address(str(info[4][0])) for info in found):
        raise refused("endpoint", f"the host {parts.hostname} is not on the public internet")
    return endpoint


def checked(body: Any, language: str, languages: list[str], local: bool = False) -> Subscription:
    """The subscription a browser's ``PushSubscription.toJSON()`` (``body``) names, its texts in
    ``language`` (English if the server has no texts of it), or the refusal naming the field."""
    if not isinstance(body, dict):
        raise refused("subscription", "expected the browser's PushSubscription as JSON")
    keys = body.get("keys")
    if not isinstance(keys, dict):
        raise refused("keys", "expected the subscription's keys: p256dh and auth")
    p256dh = decoded_key(keys.get("p256dh"), "keys.p256dh", P256DH_BYTES)
    auth = decoded_key(keys.get("auth"), "keys.auth", AUTH_BYTES)
    endpoint = check_endpoint(body.get("endpoint"), local)
    return Subscription(endpoint, p256dh, auth, language if language in languages else "en")
