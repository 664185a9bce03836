"""Who "a client" is, for every cap and queue of the server that is fair per client.

A client is the address a request or socket comes from (behind a proxy the server trusts,
``--forwarded-allow-ips``, the address it forwards): an IPv4 address, or an IPv6 address's /64
network, since one household or host holds a whole /64 and could otherwise take a new address
for every request.
"""

from __future__ import annotations

import ipaddress


def client_key(host: str | None) -> str:
    """The client a request comes from, as the server tells clients apart: an IPv4 address, an
    IPv6 address's /64 network (one household or host holds a whole /64), else the text as given.

    >>> client_key("203.0.113.7"), client_key("2001:db8:1:2:a::1"), client_key("::ffff:203.0.113.7")
    ('203.0.113.7', '2001:db8:1:2::/64', '203.0.113.7')
    >>> client_key(None), client_key("testclient")
    ('', 'testclient')
    """
    if not host:
        return ""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)
