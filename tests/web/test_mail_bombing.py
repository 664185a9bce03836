"""A stranger's mailbox is mailed at most ``MAILBOX_MAILS_PER_HOUR`` links to verify an address in
an hour, from all accounts together (``mail_links``): each account was bound, but many accounts
adding the same address, its case, dots or ``+tag`` varied, mailed it without end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from tests.web.test_challenges import account
from tests.web.test_mail import add_address, mailing, new_address
from tests.web.test_relations import fresh

from kingdomino.web.mail_links import MAILBOX_MAILS_PER_HOUR

#: The test's SMTP server asks a login over plain SMTP, on loopback alone (``mail_server``).
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")

#: One mailbox, as the largest providers read its address, written in as many ways.
FORMS = [
    "Victim.Box@example.org",
    "victimbox@EXAMPLE.org",
    "victim.box+kd@example.org",
    "VictimBox+games@Example.Org",
    "v.i.c.t.i.m.b.o.x@example.org",
    "VICTIMBOX+x@example.org",
]


@pytest.fixture
def client(own_database: str) -> Iterator[TestClient]:
    with mailing(own_database) as (test_client, _):
        yield test_client


def test_many_accounts_mail_one_mailbox_a_bounded_number_of_links(client: TestClient) -> None:
    answers = []
    for form in FORMS:
        name = fresh("Bomb")
        answers.append(add_address(client, account(client, name), form, name))
    statuses = [answer.status_code for answer in answers]
    refused = len(FORMS) - MAILBOX_MAILS_PER_HOUR
    assert statuses == [202] * MAILBOX_MAILS_PER_HOUR + [429] * refused, statuses
    assert answers[-1].json()["error"]["code"] == "too_many_mails"
    name = fresh("Own")  # another mailbox of the same domain is mailed as before
    assert add_address(client, account(client, name), new_address(), name).status_code == 202
