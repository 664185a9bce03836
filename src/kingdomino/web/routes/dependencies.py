"""What a route takes from the app and the connection: the hub, and which client is asking."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from kingdomino.web.clients import client_key
from kingdomino.web.hub import Hub


def hub_of(connection: HTTPConnection) -> Hub:
    """The app's hub (``create_app`` puts it in the app's state)."""
    hub: Hub = connection.app.state.hub
    return hub


def client_of(connection: HTTPConnection) -> str:
    """The client a request or socket comes from, as the AI queue tells clients apart (behind a
    proxy the server trusts, ``--forwarded-allow-ips``, the address it forwards)."""
    return client_key(connection.client.host if connection.client else None)


#: The hub, as a route's parameter.
HubDep = Annotated[Hub, Depends(hub_of)]
#: The asking client, as a route's parameter.
Client = Annotated[str, Depends(client_of)]
