"""Sending mail (``mail_send``): the operator's settings refused in words, the postman's tries
against a relay that puts a mail off or refuses it, and ``kingdomino serve``'s options."""

from __future__ import annotations

import logging
import time
from email.message import EmailMessage
from pathlib import Path

import pytest
from tests.web.mail_server import USER, mail_server, text_of
from typer.testing import CliRunner

from kingdomino.cli import app as cli_app
from kingdomino.web.mail_address import address_key, checked_address
from kingdomino.web.mail_send import MailSettings, Postman, on_this_machine
from kingdomino.web.mail_texts import link_mail

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")

SITE = "https://kingdomino.example.org"


def test_the_settings_are_read_from_the_url_and_refused_in_words() -> None:
    read = MailSettings.parse("smtps://me%40x.org:p%3Ass@relay.example.org", None, SITE + "/")
    assert (read.host, read.port, read.tls_on_connect) == ("relay.example.org", 465, True)
    assert (read.user, read.password, read.public_url) == ("me@x.org", "p:ss", SITE)
    assert read.sender == "Kingdomino <noreply@kingdomino.example.org>"
    assert MailSettings.parse("smtp://relay.example.org", "a@b.org", SITE).port == 587
    for url, mail_from, site, option in (
        ("http://relay.example.org", None, SITE, "--smtp-url"),
        ("smtp://relay.example.org", None, None, "--public-url"),
        ("smtp://relay.example.org", None, "kingdomino.example.org", "--public-url"),
        ("smtp://relay.example.org", "nobody", SITE, "--mail-from"),
        ("smtp://relay.example.org", "a@b.org\r\nBcc: c@d.org", SITE, "--mail-from"),
    ):
        with pytest.raises(ValueError, match=f"^{option}:"):
            MailSettings.parse(url, mail_from, site)
    assert on_this_machine("localhost") and on_this_machine("::1") and not on_this_machine("10.0.0.1")


def test_an_address_is_kept_in_its_common_form_its_domain_folded() -> None:
    assert checked_address(" Anna.K+kd@Bücher.Example ") == "Anna.K+kd@xn--bcher-kva.example"
    assert address_key("Anna@EXAMPLE.org") == "Anna@example.org" != address_key("anna@example.org")
    for wrong in (
        "@example.org",
        "a..b@example.org",
        "a@b",
        "a@-b.org",
        "a@b.123",
        "ä@example.org",
        "a" * 65 + "@b.org",
    ):
        with pytest.raises(Exception, match="not an e-mail address"):
            checked_address(wrong)


def test_a_name_in_a_mail_is_escaped_in_its_html() -> None:
    mail = link_mail(
        "verify", "en", "a@b.org", "c@d.org", "<b>Eve</b>", f"{SITE}/account/verify?token=t", SITE
    )
    assert "&lt;b&gt;Eve&lt;/b&gt;" in text_of(mail, "html") and "<b>Eve" not in text_of(mail, "html")
    assert "Hello <b>Eve</b>," in text_of(mail)


def message(to: str) -> EmailMessage:
    return link_mail("reset", "en", "Kingdomino <noreply@kingdomino.test>", to, "Anna", f"{SITE}/x", SITE)


def test_a_mail_the_relay_puts_off_is_tried_again_and_one_it_refuses_is_dropped(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with mail_server() as (box, settings):
        postman = Postman(settings, retry_seconds=(0.05, 0.05))
        postman.start()
        box.refusals = ["451 4.3.0 try again later", "421 4.3.0 busy"]
        postman.post(1, message("later@example.org"))
        box.wait_for("later@example.org")
        assert box.tries == 3 and box.logins[-1][0] == USER.encode()
        box.refusals = ["550 5.1.1 no such mailbox"]
        with caplog.at_level(logging.WARNING, logger="kingdomino.web.mail_send"):
            postman.post(2, message("never@example.org"))
            deadline = time.monotonic() + 20
            while "dropped" not in caplog.text:
                assert time.monotonic() < deadline, "the refusal was not logged"
                time.sleep(0.02)
        postman.post(3, message("after@example.org"))
        box.wait_for("after@example.org")
        postman.stop()
    assert box.sent_to("never@example.org") == 0 and box.tries == 5
    assert "account 2" in caplog.text and "/x" not in caplog.text  # no link in the log


def test_serve_refuses_mail_without_the_site_s_address(tmp_path: Path) -> None:
    said = CliRunner().invoke(
        cli_app, ["serve", "--data-dir", str(tmp_path), "--smtp-url", "smtp://relay.example.org"]
    )
    assert said.exit_code == 2 and "--public-url" in said.output
    by_variable = CliRunner().invoke(
        cli_app,
        ["serve", "--data-dir", str(tmp_path)],
        env={"KINGDOMINO_SMTP_URL": "ftp://relay.example.org"},
    )
    assert by_variable.exit_code == 2 and "--smtp-url" in by_variable.output
