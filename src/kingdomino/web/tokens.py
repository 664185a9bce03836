"""Seat and spectator tokens: comparing them in constant time, reading a client's list of them,
and the seat of a game a token holds (or held, before an AI took it over).

Tokens arrive from URLs, JSON bodies and WebSocket messages as any Unicode text.
``secrets.compare_digest`` accepts ``str`` only when it is ASCII (a ``TypeError``
otherwise), so every comparison goes through :func:`same_token`, which compares the
UTF-8 bytes: a forged non-ASCII token is simply not a match.
"""

from __future__ import annotations

import secrets

from kingdomino.web.stored import StoredGame

#: A WebSocket client may hold this many tokens (a few seats on one screen, or the spectator link).
MAX_TOKENS = 8
#: The longest token accepted; issued tokens are 22 characters.
MAX_TOKEN_LENGTH = 64


class TokenListError(ValueError):
    """A ``tokens`` list that breaks the limits; the message says which."""


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


def token_list(text: str) -> frozenset[str]:
    """The tokens of a comma-separated ``tokens`` query (empty items ignored), within the limits.

    >>> sorted(token_list("a,,b"))
    ['a', 'b']
    >>> token_list("x" * 65)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    TokenListError: tokens: each token has at most 64 characters
    """
    tokens = [token for token in text.split(",") if token]
    if len(tokens) > MAX_TOKENS:
        raise TokenListError(f"tokens: at most {MAX_TOKENS} tokens, got {len(tokens)}")
    if any(len(token) > MAX_TOKEN_LENGTH for token in tokens):
        raise TokenListError(f"tokens: each token has at most {MAX_TOKEN_LENGTH} characters")
    return frozenset(tokens)


def seat_of(stored: StoredGame, token: str) -> int | None:
    """The seat whose token ``token`` is (None: no seat's)."""
    for seat, info in enumerate(stored.seats):
        if info.get("token") and same_token(str(info["token"]), token):
            return seat
    return None


def former_seat_of(stored: StoredGame, token: str) -> int | None:
    """The seat an AI now plays whose player held ``token`` (None: no such seat's)."""
    for seat, info in enumerate(stored.seats):
        if info.get("former_token") and same_token(str(info["former_token"]), token):
            return seat
    return None


def is_spectator_token(stored: StoredGame, token: str) -> bool:
    """The spectator link's token, or the token of a player whose seat an AI now plays."""
    if same_token(stored.spectator_token, token):
        return True
    formers = [str(info["former_token"]) for info in stored.seats if info.get("former_token")]
    return any(same_token(former, token) for former in formers)
