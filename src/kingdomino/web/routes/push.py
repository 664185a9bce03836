"""Web Push over HTTP: the server's public key, and a logged-in account's browsers subscribed to
its notifications (``web.push``). A guest has no push: a notification is an account's (its games'
seats and challenges), and a guest's browser has the page's own notifications while a page is
open. Subscribing is an account's act, so a foreign ``Origin`` is refused."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Request
from limits import parse
from pydantic import Field
from starlette.requests import HTTPConnection

from kingdomino.web import push_check, push_store
from kingdomino.web.push import Pusher
from kingdomino.web.routes.accounts import LoggedIn, limited, same_origin
from kingdomino.web.routes.bodies import Body
from kingdomino.web.routes.dependencies import Client, HubDep

router = APIRouter()

#: Subscriptions a client may make a minute: each resolves a host the client names.
SUBSCRIPTIONS = parse("20/minute")


def pusher_of(connection: HTTPConnection) -> Pusher:
    """The app's pusher (``create_app`` puts it in the app's state)."""
    pusher: Pusher = connection.app.state.pusher
    return pusher


class SubscriptionKeys(Body):
    """The browser's keys the payload is encrypted to."""

    p256dh: str = Field(max_length=128, description="Its P-256 public key, URL-safe base64 (65 bytes).")
    auth: str = Field(max_length=64, description="Its secret, URL-safe base64 (16 bytes).")


class SubscriptionRequest(Body):
    """A browser's ``PushSubscription.toJSON()``, and the language of its notifications."""

    endpoint: str = Field(max_length=push_check.MAX_ENDPOINT, description="The push service's https URL.")
    keys: SubscriptionKeys = Field(description="The browser's `p256dh` key and `auth` secret.")
    expirationTime: float | None = Field(default=None, description="Ignored (the browser's).")
    language: Annotated[str, Field(max_length=8, description="The page's language: `en`, `hu`...")] = "en"


class UnsubscribeRequest(Body):
    """The browser to unsubscribe, by its subscription's endpoint."""

    endpoint: str = Field(max_length=push_check.MAX_ENDPOINT, description="The subscription's endpoint.")


@router.get("/api/push/key")
async def key(request: Request) -> dict[str, Any]:
    """The server's VAPID public key, as `pushManager.subscribe` takes it (`applicationServerKey`)."""
    return {"key": pusher_of(request).keys.public}


@router.post("/api/push/subscriptions", status_code=201)
async def subscribe(
    body: SubscriptionRequest, request: Request, account: LoggedIn, hub: HubDep, client: Client
) -> dict[str, Any]:
    """Subscribe this browser to the account's notifications (your move in a turn-based game, your
    time for it running short, a challenge). Refused (422 `push_subscription`, naming the field):
    an endpoint not https, or whose host is not on the public internet; keys of the wrong size;
    more than 20 a minute from one client (429 `too_many_tries`)."""
    same_origin(request)
    await limited(request, "push_subscription", client, SUBSCRIPTIONS)
    local = pusher_of(request).settings.local_endpoints
    languages: list[str] = request.app.state.languages
    subscription = await asyncio.to_thread(
        push_check.checked, body.model_dump(), body.language, languages, local
    )
    await asyncio.to_thread(push_store.subscribe, hub.store, account.id, subscription)
    return {"subscribed": True}


@router.delete("/api/push/subscriptions")
async def unsubscribe(
    body: UnsubscribeRequest, request: Request, account: LoggedIn, hub: HubDep
) -> dict[str, Any]:
    """Unsubscribe this browser (`subscribed: false`; `was`: whether it was)."""
    same_origin(request)
    was = await asyncio.to_thread(push_store.unsubscribe, hub.store, account.id, body.endpoint)
    return {"subscribed": False, "was": was}
