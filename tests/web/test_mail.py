"""An account's e-mail address and a forgotten password (``mail_links``, ``routes/mail.py``),
against a real SMTP server in the test process (``tests/web/mail_server.py``): the mails' links
followed as a player would, on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import select
from tests.web.conftest import QUICK, served_in_a_thread
from tests.web.mail_server import PUBLIC_URL, Mailbox, link_in, mail_server, text_of, token_of
from tests.web.servers import free_port
from tests.web.test_challenges import account, as_
from tests.web.test_relations import fresh
from typer.testing import CliRunner

from kingdomino.cli import app as cli_app
from kingdomino.web.accounts import Accounts
from kingdomino.web.app import create_app
from kingdomino.web.mail_links import MAILS_PER_HOUR, Mail
from kingdomino.web.mail_send import MailSettings
from kingdomino.web.mail_tables import MailAddressRow, MailLinkRow
from kingdomino.web.tables import AccountRow

#: The test's SMTP server asks a login over plain SMTP, on loopback alone (``mail_server``).
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


def mail_app(database: str, settings: MailSettings | None, limited: bool = False) -> Any:
    """An app over ``database`` sending mail with ``settings`` (None: none), its accounts hashed
    quickly, its clients' tries not limited unless ``limited``."""
    app = create_app(database, mail=settings)
    accounts = app.state.accounts = Accounts(app.state.hub.store, QUICK)
    app.state.mail = Mail(accounts, settings, app.state.mail.postman)
    if not limited:
        app.state.login_rate = parse("1000/minute")
    return app


@contextmanager
def mailing(database: str, limited: bool = False) -> Iterator[tuple[TestClient, Mailbox]]:
    """A client of an app that mails through the test's SMTP server, and its mailbox."""
    with mail_server() as (box, settings), TestClient(mail_app(database, settings, limited)) as client:
        yield client, box


@pytest.fixture
def mailed(either_database: str) -> Iterator[tuple[TestClient, Mailbox]]:
    with mailing(either_database) as both:
        yield both


def new_address() -> str:
    return f"kd.{secrets.token_hex(4)}+games@Example.ORG"


def add_address(client: TestClient, session: str, address: str, name: str, language: str = "en") -> Any:
    body = {"address": address, "password": "password " + name, "language": language}
    return as_(client, session).post("/api/account/mail", json=body)


def verified(client: TestClient, box: Mailbox, session: str, name: str) -> str:
    """A new address made the account's through its mailed link: the address as kept."""
    address = new_address()
    asked = add_address(client, session, address, name)
    assert asked.status_code == 202, asked.text
    kept = str(asked.json()["pending"])
    link = link_in(box.wait_for(kept)[-1])
    assert as_(client, None).post("/api/account/verify", json={"token": token_of(link)}).status_code == 200
    return kept


def test_an_address_counts_once_its_mailed_link_is_followed(mailed: tuple[TestClient, Mailbox]) -> None:
    client, box = mailed
    name = fresh("Mila")
    session = account(client, name)
    assert as_(client, session).get("/api/account/mail").json() == {
        "available": True,
        "address": None,
        "verified": None,
        "pending": None,
    }
    address = new_address()
    refused = add_address(client, session, address, "someone else")
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "password_wrong")
    asked = add_address(client, session, f"  {address} ", name, "ru")
    kept = address.replace("Example.ORG", "example.org")
    assert (asked.status_code, asked.json()) == (202, {"pending": kept})
    assert as_(client, session).get("/api/account/mail").json()["pending"] == kept
    (mail,) = box.wait_for(kept)
    assert box.logins[-1][0] == b"kd-sender"
    assert mail["To"] == kept and mail["From"] == "Kingdomino <noreply@kingdomino.test>"
    assert mail["Subject"] == "Подтвердите адрес электронной почты для Kingdomino"
    assert mail["Content-Language"] == "ru" and mail["Auto-Submitted"] == "auto-generated"
    assert f"Здравствуйте, {name}!" in text_of(mail) and f"{name}!" in text_of(mail, "html")
    link = link_in(mail)
    assert link.startswith(f"{PUBLIC_URL}/account/verify?token=")
    token = token_of(link)
    with client.app.state.hub.store.sessions() as stored:  # type: ignore[attr-defined]
        kept_hashes = stored.scalars(select(MailLinkRow.token_hash)).all()
    assert hashlib.sha256(token.encode()).hexdigest() in kept_hashes and token not in kept_hashes
    page = as_(client, None).get(link.removeprefix(PUBLIC_URL))
    assert page.status_code == 200 and "account-mail-page.js" in page.text
    followed = client.post("/api/account/verify", json={"token": token})
    assert followed.json() == {"address": kept}
    shown = as_(client, session).get("/api/account/mail").json()
    assert (shown["address"], shown["pending"]) == (kept, None) and shown["verified"]
    again = client.post("/api/account/verify", json={"token": token})
    assert (again.status_code, again.json()["error"]["code"]) == (400, "mail_link_invalid")
    exported = as_(client, session).get("/api/account/export").json()["account"]
    assert exported["mail"] == kept and exported["mail_verified"] == shown["verified"]
    listed = as_(client, None).get(f"/api/players/{name}")
    assert kept not in listed.text


def test_a_forgotten_password_is_chosen_anew_through_the_mailed_link(
    mailed: tuple[TestClient, Mailbox],
) -> None:
    client, box = mailed
    name = fresh("Pavel")
    session = account(client, name)
    address = verified(client, box, session, name)
    asked = as_(client, None).post("/api/account/forgot", json={"name": name.upper(), "language": "hu"})
    assert (asked.status_code, asked.json()) == (202, {"sent": True})
    mail = box.wait_for(address, 2)[-1]
    assert mail["Subject"] == "Új jelszó a Kingdominóhoz" and mail["Content-Language"] == "hu"
    link = link_in(mail)
    assert link.startswith(f"{PUBLIC_URL}/account/reset#token=")
    token = token_of(link)
    short = client.post("/api/account/reset", json={"token": token, "new_password": "short"})
    assert (short.status_code, short.json()["error"]["code"]) == (400, "password_length")
    chosen = client.post("/api/account/reset", json={"token": token, "new_password": "a brand new one"})
    assert chosen.status_code == 200 and chosen.json()["account"]["name"] == name
    assert client.cookies.get("kd_session")  # this browser is logged in
    assert as_(client, session).get("/api/account").json() == {"account": None}  # the others ended
    logged = as_(client, None).post("/api/session", json={"name": name, "password": "a brand new one"})
    assert logged.status_code == 200
    again = client.post("/api/account/reset", json={"token": token, "new_password": "yet another one"})
    assert (again.status_code, again.json()["error"]["code"]) == (400, "mail_link_invalid")
    # By the address too, its domain in other capitals.
    as_(client, None).post("/api/account/forgot", json={"name": address.upper().replace("KD.", "kd.")})
    by_address = client.post(
        "/api/account/forgot", json={"name": address.replace("example.org", "EXAMPLE.org")}
    )
    assert by_address.status_code == 202
    assert token_of(link_in(box.wait_for(address, 3)[-1])) != token


def test_forgot_answers_alike_for_every_name_and_mails_only_a_verified_address(
    mailed: tuple[TestClient, Mailbox],
) -> None:
    client, box = mailed
    with_address, without = fresh("Vera"), fresh("Olga")
    address = verified(client, box, account(client, with_address), with_address)
    account(client, without)
    answers = [
        as_(client, None).post("/api/account/forgot", json={"name": asked})
        for asked in (fresh("Nobody"), without, "nobody@example.org", with_address)
    ]
    assert {(answer.status_code, answer.text) for answer in answers} == {(202, '{"sent":true}')}
    box.wait_for(address, 2)
    with client.app.state.hub.store.sessions() as stored:  # type: ignore[attr-defined]
        resets = stored.scalars(
            select(MailLinkRow.address)
            .join(AccountRow, AccountRow.id == MailLinkRow.account_id)
            .where(MailLinkRow.purpose == "reset", AccountRow.name.in_([with_address, without]))
        ).all()
    assert resets == [address]  # the others made no link, so no mail


def test_forgot_answers_before_it_looks_anything_up(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer's time tells nothing: the look-up, the link and the mail come after it (the
    look-up here waits until the answer has come: a server that awaited it would not answer
    within the request's 30 s)."""
    looked_up: list[str] = []
    answered = threading.Event()

    def slow_forgot(self: Mail, typed: str, language: str) -> None:
        answered.wait(60)
        looked_up.append(typed)

    monkeypatch.setattr(Mail, "forgot", slow_forgot)
    with (
        mail_server() as (_, settings),
        served_in_a_thread(mail_app(database, settings), free_port()) as base,
    ):
        answer = httpx.post(f"{base}/api/account/forgot", json={"name": "Anyone"}, timeout=30)
        assert answer.status_code == 202 and not looked_up
        answered.set()
        deadline = time.monotonic() + 20
        while not looked_up:
            assert time.monotonic() < deadline, "the look-up never ran"
            time.sleep(0.05)


def test_one_address_is_one_account_s_told_to_its_mailbox_alone(mailed: tuple[TestClient, Mailbox]) -> None:
    client, box = mailed
    first, second = fresh("Ada"), fresh("Bea")
    address = verified(client, box, account(client, first), first)
    session = account(client, second)
    asked = add_address(client, session, address.replace("example.org", "EXAMPLE.ORG"), second)
    assert asked.status_code == 202  # no sign here that the address has an account
    link = link_in(box.wait_for(address, 2)[-1])
    taken = client.post("/api/account/verify", json={"token": token_of(link)})
    assert (taken.status_code, taken.json()["error"]["code"]) == (409, "mail_address_taken")
    assert as_(client, session).get("/api/account/mail").json()["address"] is None


def test_links_lead_to_the_public_address_whatever_host_a_request_names(
    mailed: tuple[TestClient, Mailbox],
) -> None:
    client, box = mailed
    name = fresh("Host")
    session = account(client, name)
    address = new_address()
    body = {"address": address, "password": "password " + name}
    as_(client, session).post("/api/account/mail", json=body, headers={"Host": "evil.example"})
    mail = box.wait_for(address.replace("Example.ORG", "example.org"))[0]
    assert "evil.example" not in mail.as_string() and link_in(mail).startswith(PUBLIC_URL)


def test_mails_and_links_are_limited_per_account_and_client(database: str) -> None:
    with mailing(database, limited=True) as (client, box):
        name = fresh("Lim")
        session = account(client, name)
        answers = [add_address(client, session, new_address(), name) for _ in range(MAILS_PER_HOUR + 1)]
        assert [answer.status_code for answer in answers] == [202] * MAILS_PER_HOUR + [429]
        assert answers[-1].json()["error"]["code"] == "too_many_mails"
        first = str(answers[0].json()["pending"])
        # Only the newest link opens anything.
        old = client.post("/api/account/verify", json={"token": token_of(link_in(box.wait_for(first)[0]))})
        assert old.json()["error"]["code"] == "mail_link_invalid"
        asked = [as_(client, None).post("/api/account/forgot", json={"name": name}) for _ in range(6)]
        assert [answer.status_code for answer in asked] == [202] * 5 + [429]


def test_without_the_operator_s_mail_nothing_of_it_is_offered(database: str) -> None:
    with TestClient(mail_app(database, None)) as client:
        name = fresh("Nomail")
        session = account(client, name)
        assert client.get("/api/mail").json() == {"available": False}
        assert as_(client, session).get("/api/account/mail").json()["available"] is False
        for refused in (
            client.post("/api/account/forgot", json={"name": name}),
            add_address(client, session, new_address(), name),
        ):
            assert (refused.status_code, refused.json()["error"]["code"]) == (503, "mail_unavailable")


def test_an_address_is_refused_unless_of_the_common_form(mailed: tuple[TestClient, Mailbox]) -> None:
    client, _ = mailed
    name = fresh("Form")
    session = account(client, name)
    for wrong in (
        "anna",
        "anna@localhost",
        "a b@example.org",
        "anna@example.org\r\nBcc: x@y.org",
        '"a"@b.org',
    ):
        refused = add_address(client, session, wrong, name)
        assert (refused.status_code, refused.json()["error"]["code"]) == (422, "mail_address"), wrong


def test_the_verified_address_is_kept_in_its_own_table(mailed: tuple[TestClient, Mailbox]) -> None:
    client, box = mailed
    name = fresh("Kept")
    address = verified(client, box, account(client, name), name)
    with client.app.state.hub.store.sessions() as stored:  # type: ignore[attr-defined]
        row = stored.scalars(select(MailAddressRow).where(MailAddressRow.address == address)).one()
    assert row.address_key == address
    url = client.app.state.hub.store.engine.url.render_as_string(hide_password=False)  # type: ignore[attr-defined]
    shown = CliRunner().invoke(cli_app, ["accounts", "show", name, "--database-url", url])
    assert f"e-mail: {address} (verified)" in shown.output, shown.output


def test_a_closed_account_follows_no_link_and_is_mailed_none(mailed: tuple[TestClient, Mailbox]) -> None:
    client, box = mailed
    name = fresh("Gone")
    session = account(client, name)
    address = verified(client, box, session, name)
    pending = str(add_address(client, session, new_address(), name).json()["pending"])
    closed = as_(client, session).post("/api/account/close", json={"password": "password " + name})
    assert closed.status_code == 200
    link = link_in(box.wait_for(pending)[0])
    refused = client.post("/api/account/verify", json={"token": token_of(link)})
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "mail_link_invalid")
    assert as_(client, None).post("/api/account/forgot", json={"name": name}).status_code == 202
    with client.app.state.hub.store.sessions() as stored:  # type: ignore[attr-defined]
        resets = stored.scalars(select(MailLinkRow).where(MailLinkRow.address == address)).all()
    assert [row.purpose for row in resets] == []  # its verifying link was used; no reset made


def test_a_password_changed_by_its_owner_ends_the_links_mailed_to_choose_one(
    mailed: tuple[TestClient, Mailbox],
) -> None:
    client, box = mailed
    name = fresh("Change")
    session = account(client, name)
    address = verified(client, box, session, name)
    as_(client, None).post("/api/account/forgot", json={"name": name})
    token = token_of(link_in(box.wait_for(address, 2)[-1]))
    body = {"old_password": "password " + name, "new_password": "a changed password"}
    assert as_(client, session).post("/api/account/password", json=body).status_code == 200
    late = client.post("/api/account/reset", json={"token": token, "new_password": "the thief's password"})
    assert (late.status_code, late.json()["error"]["code"]) == (400, "mail_link_invalid")


def test_the_old_address_is_told_when_replaced_or_removed_and_at_a_password_change(
    mailed: tuple[TestClient, Mailbox],
) -> None:
    """Whoever took over a session or a password changed the address or the password unseen: the
    address that was the account's is told (no link in the notice), and its owner may remove it,
    the password confirming."""
    client, box = mailed
    name = fresh("Told")
    session = account(client, name)
    first = verified(client, box, session, name)
    body = {"old_password": "password " + name, "new_password": "a changed password " + name}
    changed = as_(client, session).post("/api/account/password", json=body)
    assert changed.status_code == 200, changed.text
    session = str(changed.cookies["kd_session"])
    (told,) = [mail for mail in box.wait_for(first, 2) if "changed" in str(mail["Subject"])]
    assert str(told["Subject"]) == "Your Kingdomino password was changed" and "token=" not in text_of(told)
    asked = as_(client, session).post(
        "/api/account/mail",
        json={"address": new_address(), "password": "a changed password " + name, "language": "en"},
    )
    second = str(asked.json()["pending"])
    assert client.post(
        "/api/account/verify", json={"token": token_of(link_in(box.wait_for(second)[-1]))}
    ).json()
    replaced = box.wait_for(first, 3)[-1]
    assert str(replaced["Subject"]) == "Your e-mail address at Kingdomino was replaced"
    assert first in text_of(replaced) and second not in text_of(replaced) + text_of(replaced, "html")
    wrong = as_(client, session).post("/api/account/mail/remove", json={"password": "not it"})
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (403, "password_wrong")
    removed = as_(client, session).post(
        "/api/account/mail/remove", json={"password": "a changed password " + name}
    )
    assert removed.json() == {"removed": True}
    assert str(box.wait_for(second, 2)[-1]["Subject"]) == "Your e-mail address was removed from Kingdomino"
    assert as_(client, session).get("/api/account/mail").json()["address"] is None
    again = as_(client, session).post(
        "/api/account/mail/remove", json={"password": "a changed password " + name}
    )
    assert again.json() == {"removed": False}
    as_(client, None).post("/api/account/forgot", json={"name": name})
    time.sleep(0.5)  # the look-up runs after the answer: no reset link comes to the removed address
    assert len(box.wait_for(second, 2)) == 2


def test_a_reset_link_to_an_address_replaced_or_removed_opens_nothing(
    mailed: tuple[TestClient, Mailbox],
) -> None:
    """The address stops being the account's: a link it was mailed to choose a new password no
    longer acts for the account (its mailbox is no longer a way in)."""
    client, box = mailed
    name = fresh("Gone")
    session = account(client, name)
    first = verified(client, box, session, name)
    as_(client, None).post("/api/account/forgot", json={"name": name})
    to_first = token_of(link_in(box.wait_for(first, 2)[-1]))
    second = verified(client, box, session, name)
    late = client.post("/api/account/reset", json={"token": to_first, "new_password": "the thief's password"})
    assert (late.status_code, late.json()["error"]["code"]) == (400, "mail_link_invalid")
    as_(client, None).post("/api/account/forgot", json={"name": name})
    to_second = token_of(link_in(box.wait_for(second, 2)[-1]))
    removed = as_(client, session).post("/api/account/mail/remove", json={"password": "password " + name})
    assert removed.json() == {"removed": True}
    late = client.post(
        "/api/account/reset", json={"token": to_second, "new_password": "the thief's password"}
    )
    assert (late.status_code, late.json()["error"]["code"]) == (400, "mail_link_invalid")
