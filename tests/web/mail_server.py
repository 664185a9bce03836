"""A real SMTP server in the test process (``aiosmtpd``'s ``Controller`` on a free loopback port)
that keeps every mail it is handed, and the links the server's mails carry."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from tests.web.servers import free_port

from kingdomino.web.mail_send import MailSettings

#: The site's address the test servers' mails link to: never the address a request came to.
PUBLIC_URL = "https://kingdomino.test"
#: The relay's login the test servers use.
USER, PASSWORD = "kd-sender", "relay secret"
#: The links of the server's mails.
LINK = re.compile(r"https://kingdomino\.test/account/(?:verify\?token=|reset#token=)[\w-]+")


@dataclass
class Mailbox:
    """The mails the test's SMTP server took (each with its envelope's recipients), and what it
    answers to the next ones (``refusals``: an answer such as ``451 later`` for each next DATA)."""

    mails: list[tuple[list[str], EmailMessage]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    tries: int = 0
    logins: list[tuple[bytes, bytes]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.tries += 1
            if self.refusals:
                return self.refusals.pop(0)
            parsed = message_from_bytes(envelope.content, policy=policy.default)
            assert isinstance(parsed, EmailMessage)
            self.mails.append((list(envelope.rcpt_tos), parsed))
        return "250 OK"

    def authenticate(self, server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        assert isinstance(data, LoginPassword)
        self.logins.append((data.login, data.password))
        return AuthResult(success=(data.login, data.password) == (USER.encode(), PASSWORD.encode()))

    def wait_for(self, to: str, count: int = 1, seconds: float = 20.0) -> list[EmailMessage]:
        """The mails to ``to`` once ``count`` of them came, within ``seconds``."""
        deadline = time.monotonic() + seconds
        while True:
            with self.lock:
                found = [mail for recipients, mail in self.mails if to in recipients]
            if len(found) >= count:
                return found
            assert time.monotonic() < deadline, f"{count} mails to {to} did not come: {len(found)} came"
            time.sleep(0.02)

    def sent_to(self, to: str) -> int:
        with self.lock:
            return sum(to in recipients for recipients, _ in self.mails)


def text_of(mail: EmailMessage, subtype: str = "plain") -> str:
    part = mail.get_body(preferencelist=(subtype,))
    assert part is not None, f"no text/{subtype} part"
    content = part.get_content()
    assert isinstance(content, str)
    return content


def link_in(mail: EmailMessage) -> str:
    """The link of ``mail``: the same in its plain text and its HTML."""
    plain, html = LINK.findall(text_of(mail)), LINK.findall(text_of(mail, "html"))
    assert len(set(plain)) == 1 and set(html) == set(plain), (plain, html)
    return str(plain[0])


def token_of(link: str) -> str:
    return re.split(r"[?#]token=", link)[1]


@contextmanager
def mail_server() -> Iterator[tuple[Mailbox, MailSettings]]:
    """A running SMTP server asking for ``USER``'s login, and the settings that send to it."""
    box = Mailbox()
    port = free_port()
    controller = Controller(
        box,
        hostname="127.0.0.1",
        port=port,
        authenticator=box.authenticate,
        auth_required=True,
        auth_require_tls=False,  # on loopback alone: deliver() refuses a relay elsewhere without TLS
    )
    controller.start()
    try:
        url = f"smtp://{USER}:{PASSWORD.replace(' ', '%20')}@127.0.0.1:{port}"
        yield box, MailSettings.parse(url, "Kingdomino <noreply@kingdomino.test>", PUBLIC_URL)
    finally:
        controller.stop()
