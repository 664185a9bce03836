"""Seat and spectator tokens: comparing them in constant time, and reading a client's list of them.

Tokens arrive from URLs, JSON bodies and WebSocket messages as any Unicode text.
``secrets.compare_digest`` accepts ``str`` only when it is ASCII (a ``TypeError``
otherwise), so every comparison goes through :func:`same_token`, which compares the
UTF-8 bytes: a forged non-ASCII token is simply not a match.
"""

from __future__ import annotations

import secrets

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
