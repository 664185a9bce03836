"""A mail's headers hold what the site wrote: no name a player chose adds a header or a recipient."""

from __future__ import annotations

import secrets
import time

import pytest
from fastapi.testclient import TestClient
from tests.web.mail_server import Mailbox, text_of
from tests.web.test_challenges import account
from tests.web.test_mail import add_address
from tests.web.test_mail_notices import WAIT, Player, game_by_the_day, mailed, notices_to, player, sweep
from tests.web.test_relations import fresh

__all__ = ["mailed"]

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")

#: Word joiner: what the subject writes between "=" and "?" of a name (an encoded word's start).
JOINER = "\u2060"
#: The headers of a mail of the site's.
HEADERS = {
    *("Subject", "From", "To", "Date", "Message-ID", "Auto-Submitted", "MIME-Version"),
    *("Content-Type", "Content-Language", "List-Unsubscribe", "List-Unsubscribe-Post"),
}


def test_an_opponent_s_name_adds_no_header_to_the_mail_of_a_move(mailed: tuple[TestClient, Mailbox]) -> None:
    """A name that reads as an encoded word of RFC 2047, "=?x?q?=0ABcc:...?=", was decoded by the
    mail's header parser into the subject, its line break and all, and written out so: the mail of
    Kira's move came with a header Boris wrote (here a ``Bcc``; a ``Reply-To`` of his, or text of
    his above the site's own, as well), sent from the site's address. The subject now names him
    as he reads on the site, on one line, and the mail has the site's headers alone."""
    client, box = mailed
    kira = player(client, box, "Kira", turns=True)
    spy = f"s{secrets.token_hex(2)}@x.y"
    name = f"=?x?q?=0ABcc:{spy}?="
    boris = Player(name, account(client, name), "", 0)
    game_id, _tokens = game_by_the_day(client, kira, boris)
    assert sweep(client, time.time() + WAIT + 1, kira) == ["turns"]
    (mail,) = notices_to(box, kira, 1)
    with box.lock:
        envelopes = [recipients for recipients, sent in box.mails if sent["Subject"] == mail["Subject"]]
    assert envelopes == [[kira.address]], envelopes
    assert set(mail.keys()) == HEADERS, set(mail.keys()) ^ HEADERS
    assert str(mail["Subject"]).replace(JOINER, "") == f"Your move: Kingdomino with {name}"
    assert f"Kingdomino with {name}: " in text_of(mail) and game_id in text_of(mail)


def test_an_address_read_as_an_encoded_word_is_refused_by_name(mailed: tuple[TestClient, Mailbox]) -> None:
    """An address whose local part holds "=?" (atext of RFC 5322 all the same) is read by the mail
    header parser as an encoded word: building the mail that verifies it raised, a 500, and any
    address the site keeps is one its mails can be written to. Refused as any address it cannot
    write to, before a link is made."""
    client, box = mailed
    name = fresh("Mila")
    session = account(client, name)
    for address in ("=?utf-8?q?x?=@example.org", "a=?utf-8?q?=0ABcc=3Ab?=c@example.org"):
        refused = add_address(client, session, address, name)
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"]["code"] == "mail_address"
    with box.lock:
        assert not [mail for recipients, mail in box.mails if "example.org" in " ".join(recipients)]
