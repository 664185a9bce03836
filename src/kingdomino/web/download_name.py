"""A downloaded file's name, said in ``Content-Disposition``: named for what it holds (an account's
name, a date) rather than a number, safe as a file's name on every system, and readable in any
script.

The header carries the name twice (RFC 6266): ``filename*`` in UTF-8, which every current browser
reads, so that "Борис" or "Ágnes" stay as written; and ``filename`` in ASCII for the rest, the
letters' accents dropped and what has no ASCII form left out."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

UNSAFE = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*\s]+')
"""What some system refuses in a file's name (Windows' reserved characters, control characters) and
the spaces a shell or a mail's attachment splits on: each run becomes one hyphen."""


def file_safe(text: str) -> str:
    """``text`` as part of a file's name: its unsafe characters' runs as one hyphen, no hyphen or dot
    at either end (a leading dot hides a file, a trailing one Windows drops)."""
    return UNSAFE.sub("-", unicodedata.normalize("NFC", text)).strip("-.")


def ascii_form(text: str) -> str:
    """``text`` in ASCII: accents dropped ("Ágnes" to "Agnes"), what has no ASCII letter left out,
    the hyphens that leaves at the ends or doubled closed up."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"-{2,}", "-", file_safe(folded)).strip("-.")


def attachment(parts: list[str], extension: str, fallback: str) -> str:
    """A ``Content-Disposition`` value downloading the file named by ``parts`` joined with hyphens
    and ``extension``: in UTF-8 (``filename*``) and in ASCII (``filename``), a part with no ASCII
    form at all named ``fallback`` there."""
    written = "-".join(part for part in (file_safe(part) for part in parts) if part)
    plain = "-".join(ascii_form(part) or fallback for part in parts)
    encoded = quote(f"{written}.{extension}", safe="")
    return f"attachment; filename=\"{plain}.{extension}\"; filename*=UTF-8''{encoded}"
