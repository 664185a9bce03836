"""An e-mail address as an account keeps it: checked, and folded into the key that makes one
mailbox one account's.

Only the common form is taken: a dot-atom local part of ASCII letters, digits and the few signs
RFC 5322 allows, and a domain of at least two labels (an internationalized one in its IDNA form,
``xn--``). Quoted local parts, comments, address literals (``[127.0.0.1]``) and a local part in
Unicode (SMTPUTF8, which not every relay speaks) are refused, and so is a local part holding an
encoded word's start, ``=?``: none is a player's address in practice, and each is a way to smuggle
a header or a second recipient into a mail.

The key folds the domain's case alone (``Anna@Example.ORG`` and ``Anna@example.org`` are one
address). The local part is the mailbox's own: its case, its dots and a ``+tag`` are kept as
typed, since only some providers ignore them, and a fold that guessed would join two people's
mailboxes.

>>> checked_address("  Anna.K+kd@Bücher.Example ")
'Anna.K+kd@xn--bcher-kva.example'
>>> address_key("Anna@Example.ORG") == address_key("Anna@example.org")
True
"""

from __future__ import annotations

import re

from kingdomino.web.refusals import HubError

#: The most characters of an address an SMTP path carries (RFC 5321's 256, less the brackets).
ADDRESS_LENGTH = 254
#: A dot-atom local part: atoms of RFC 5322's ``atext`` joined by single dots, 64 at most.
LOCAL_PART = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
#: How an encoded word of RFC 2047 begins: the mail header parser reads one in a local part too,
#: and the mail to that address cannot be written ("=?utf-8?q?x?=@example.org").
ENCODED_WORD = "=?"
#: One label of a domain in its ASCII form: letters, digits, inner hyphens, 63 at most.
LABEL = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?")


def refusal(address: str) -> HubError:
    """The refusal of ``address`` as an e-mail address (field ``address``)."""
    message = f"{address[:80]!r} is not an e-mail address this server can write to"
    return HubError(422, "address", message, "mail_address")


def checked_address(typed: str) -> str:
    """``typed`` as it is kept and written to (spaces around it gone, the domain in lower case and
    in its ASCII form), if it is an address of the common form; else the refusal (``refusal``)."""
    address = typed.strip()
    local, at, domain = address.rpartition("@")
    if not at or len(local) > 64 or not LOCAL_PART.fullmatch(local) or ENCODED_WORD in local:
        raise refusal(address)
    try:
        ascii_domain = domain.rstrip(".").encode("idna").decode("ascii").lower()
    except UnicodeError:
        raise refusal(address) from None
    labels = ascii_domain.split(".")
    if len(labels) < 2 or not all(LABEL.fullmatch(label) for label in labels) or labels[-1].isdigit():
        raise refusal(address)
    kept = f"{local}@{ascii_domain}"
    if len(kept) > ADDRESS_LENGTH:
        raise refusal(address)
    return kept


def address_key(address: str) -> str:
    """The key that makes ``address`` (as ``checked_address`` keeps it) one account's: the domain's
    case folded, the local part as typed."""
    local, _, domain = address.rpartition("@")
    return f"{local}@{domain.lower()}"


def mailbox_key(address: str) -> str:
    """The mailbox ``address`` (as ``checked_address`` keeps it) most likely reaches, for counting
    the mails sent to it: the local part's case, dots and ``+tag`` dropped, as the largest
    providers read it. Never an account's key (``address_key``): two addresses it joins may be
    two people's, who then share only a bound on the mails a stranger sends them.

    >>> mailbox_key("Anna.Kis+kd@example.org") == mailbox_key("annakis@example.org")
    True
    """
    local, _, domain = address.rpartition("@")
    return f"{local.split('+', 1)[0].replace('.', '').lower()}@{domain.lower()}"
