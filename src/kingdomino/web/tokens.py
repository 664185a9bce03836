"""Seat and spectator tokens: comparing them in constant time.

Tokens arrive from URLs, JSON bodies and WebSocket messages as any Unicode text.
``secrets.compare_digest`` accepts ``str`` only when it is ASCII (a ``TypeError``
otherwise), so every comparison goes through :func:`same_token`, which compares the
UTF-8 bytes: a forged non-ASCII token is simply not a match.
"""

from __future__ import annotations

import secrets


def same_token(known: str, given: str) -> bool:
    """Whether ``given`` is ``known``, compared in constant time as UTF-8 bytes.

    ``surrogatepass`` keeps a lone surrogate (possible in JSON escapes) from raising:
    such a token matches nothing, as any other forged token.

    >>> same_token("abc", "abc"), same_token("abc", "abé"), same_token("abc", "\\ud800")
    (True, False, False)
    """
    return secrets.compare_digest(_utf8(known), _utf8(given))


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")
