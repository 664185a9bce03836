"""A silence that goes on when its account logs out: the mark left on the browser (``kd_silenced``).

A silenced account (``silences``) writes in no chat, but logged out, the same browser played on
as a guest and wrote in its games' players' room under a guest's name. Logging out of a silenced
account leaves this cookie, holding the moment its silence ends, and a page of a game that sends
it is refused the players' room until then (``silenced``), as its account would be.

What it is not: a guard against a determined person. The cookie is the browser's to drop (clear
it, a private window, another browser or device), and a guest can always be made anew: nothing
of a guest is known but what its browser shows. It needs no secret: a forged or kept mark only
silences the page that sends it. Nor does it reach other browsers behind the same address: a
household or a school's guests share one, and none of them is the silenced account.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from starlette.responses import Response

from kingdomino.web.stored import now

#: The cookie's name: the moment the silence ends, in whole seconds since the epoch.
COOKIE = "kd_silenced"


def mark(response: Response, until: datetime, secure: bool) -> None:
    """Leave the mark of a silence ending ``until`` on the browser of ``response``, kept till then."""
    seconds = int((until - now()).total_seconds())
    if seconds <= 0:
        return
    end = str(int(until.timestamp()))
    response.set_cookie(COOKIE, end, max_age=seconds, httponly=True, samesite="lax", secure=secure)


def marked_until(cookies: Mapping[str, str]) -> datetime | None:
    """When the silence a browser's ``cookies`` bear ends (None: none, ended, or not a moment).

    >>> marked_until({}) is None, marked_until({COOKIE: "soon"}) is None, marked_until({COOKIE: "1"}) is None
    (True, True, True)
    """
    try:
        until = datetime.fromtimestamp(int(cookies.get(COOKIE, "")), UTC)
    except (ValueError, OverflowError, OSError):
        return None
    return until if until > now() else None
