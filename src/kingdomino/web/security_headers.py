"""An ASGI middleware that adds the browser's security headers to every HTTP answer.

The page runs only its own scripts and styles (``CONTENT_SECURITY_POLICY``): a name or any other
text a client chose can never run as a script, even if a bug put it into the page as HTML. No
other site may show the app in a frame (the lobby lists this browser's games, and a frame
could trick a click), no answer is read as another type than it says, and no address of the app
(an invite link carries a seat's token) goes to another site as a referrer.

The API's own documentation page (``/docs``, FastAPI's Swagger UI) loads its script and styles
from a CDN and starts them with an inline script: it gets a policy that allows exactly that.
"""

from __future__ import annotations

from starlette.types import Message, Receive, Scope, Send

from kingdomino.web.http_middleware import HttpMiddleware, on_answer_start

#: The policy of the app's pages and answers: only this origin's scripts, styles, pictures and
#: connections (WebSockets included), workers of this origin only (its one is ``/sw.js``, which
#: shows the notifications; said apart, not left to ``script-src``), the web app manifest of this
#: origin (``/manifest.webmanifest``), no plugin, no frame of it anywhere.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; worker-src 'self'; manifest-src 'self'; style-src 'self'; "
    "img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
#: Where FastAPI's Swagger UI page comes from (``fastapi.openapi.docs``): its CDN and its icon.
DOCS_CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
#: The paths of the API's documentation pages.
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect"})

#: The headers every answer gets, but the policy.
HEADERS = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


class SecurityHeaders(HttpMiddleware):
    """Wrap ``app`` so that each of its HTTP answers carries the security headers."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        policy = DOCS_CONTENT_SECURITY_POLICY if scope["path"] in DOCS_PATHS else CONTENT_SECURITY_POLICY

        def with_headers(message: Message) -> Message:
            present = {name.lower() for name, _ in message.get("headers", [])}
            added = [(b"content-security-policy", policy.encode()), *HEADERS]
            extra = [(name, value) for name, value in added if name not in present]
            return {**message, "headers": [*message.get("headers", []), *extra]}

        await self.app(scope, receive, on_answer_start(send, with_headers))
