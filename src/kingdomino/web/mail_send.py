"""Sending mail over SMTP, off the event loop: the operator's settings (``kingdomino serve
--smtp-url``, ``--mail-from``, ``--public-url``, or their ``KINGDOMINO_`` variables), and the
postman, a thread that sends each mail queued and tries again later the ones a server put off.

``smtp://`` is SMTP with STARTTLS (port 587 unless said), required: a relay that offers none is
refused, since the login and the links would cross the network in clear, unless it is on this
machine (``localhost``, a loopback address: a local Postfix, nothing on the wire to read);
``smtps://`` is TLS from the connection's start (port 465). The relay's certificate is checked
against the system's authorities and its name.

A mail holds a link that acts for its account: it is never logged. A failure is logged with the
account's id and the relay's words alone.
"""

from __future__ import annotations

import heapq
import ipaddress
import itertools
import logging
import smtplib
import ssl
import threading
import time
from dataclasses import dataclass
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import parseaddr
from urllib.parse import unquote, urlsplit

log = logging.getLogger(__name__)

#: Seconds a connection to the relay, and each of its answers, may take.
SMTP_SECONDS = 30.0
#: Seconds to wait before each further try of a mail the relay put off (4xx) or could not be
#: reached for: three more tries over about ten minutes, then it is dropped and logged.
RETRY_SECONDS = (10.0, 60.0, 600.0)
#: Mails that may wait to be sent; beyond, a mail is dropped and logged (its asker may ask again).
QUEUE_LIMIT = 1000
#: Seconds a stopping server gives the mails queued.
STOP_SECONDS = 10.0


@dataclass(frozen=True)
class MailSettings:
    """Where and as whom mail is sent, and the site's address the mails' links lead to: never
    the address a request names (its ``Host`` header is the client's to write)."""

    host: str
    port: int
    tls_on_connect: bool
    user: str
    password: str
    sender: str
    public_url: str

    @classmethod
    def parse(cls, smtp_url: str, mail_from: str | None, public_url: str | None) -> MailSettings:
        """The settings of the three options, or ValueError naming the option that is wrong."""
        parts = urlsplit(smtp_url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError("--smtp-url: expected smtp://USER:PASSWORD@HOST:587 or smtps://...@HOST:465")
        try:
            port = parts.port or (465 if parts.scheme == "smtps" else 587)
        except ValueError:
            raise ValueError("--smtp-url: the port is not a number from 1 to 65535") from None
        site = urlsplit(public_url or "")
        if site.scheme not in ("http", "https") or not site.hostname or site.query or site.fragment:
            raise ValueError(
                "--public-url: the site's address the mails' links lead to, e.g. https://kingdomino.example.org"
            )
        sender = mail_from or f"Kingdomino <noreply@{site.hostname}>"
        name, address = parseaddr(sender)
        if "@" not in address or any(character in sender for character in "\r\n"):
            example = "'Kingdomino <noreply@example.org>'"
            raise ValueError(f"--mail-from: expected an address, e.g. {example}, got {sender!r}")
        return cls(
            host=parts.hostname,
            port=port,
            tls_on_connect=parts.scheme == "smtps",
            user=unquote(parts.username or ""),
            password=unquote(parts.password or ""),
            sender=str(Address(name, addr_spec=address)),
            public_url=(public_url or "").rstrip("/"),
        )


def on_this_machine(host: str) -> bool:
    """Whether ``host`` names this machine (a relay reached without crossing a network)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def deliver(settings: MailSettings, message: EmailMessage) -> None:
    """Hand ``message`` to the relay, or raise its refusal (``smtplib``'s errors, ``OSError``)."""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if settings.tls_on_connect:
        smtp = smtplib.SMTP_SSL(settings.host, settings.port, timeout=SMTP_SECONDS, context=context)
    else:
        smtp = smtplib.SMTP(settings.host, settings.port, timeout=SMTP_SECONDS)
    with smtp:
        smtp.ehlo()
        if not settings.tls_on_connect:
            if smtp.has_extn("starttls"):
                smtp.starttls(context=context)
                smtp.ehlo()
            elif not on_this_machine(settings.host):
                raise smtplib.SMTPNotSupportedError(f"{settings.host} offers no STARTTLS")
        if settings.user:
            smtp.login(settings.user, settings.password)
        smtp.send_message(message)


def put_off(error: Exception) -> bool:
    """Whether the relay may take the mail later: it put it off (4xx), or was not reached."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return all(400 <= code < 500 for code, _ in error.recipients.values())
    if isinstance(error, smtplib.SMTPResponseException):
        return 400 <= error.smtp_code < 500
    return isinstance(error, (OSError, smtplib.SMTPServerDisconnected))


class Postman:
    """The thread that sends the mails queued (``post``), each tried again after
    ``RETRY_SECONDS`` while the relay puts it off; ``send`` hands a mail over (``deliver``)."""

    def __init__(self, settings: MailSettings, retry_seconds: tuple[float, ...] = RETRY_SECONDS) -> None:
        self.settings = settings
        self.retry_seconds = retry_seconds
        #: (when, order, tries so far, account's id, message): the mails to send, soonest first.
        self._due: list[tuple[float, int, int, int, EmailMessage]] = []
        self._order = itertools.count()
        self._ready = threading.Condition()
        self._stopping = False
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="kingdomino-mail", daemon=True)
        self._thread.start()

    def stop(self, seconds: float = STOP_SECONDS) -> None:
        """Send what is due now, within ``seconds``; the mails put off for later are dropped."""
        with self._ready:
            self._stopping = True
            self._ready.notify()
        if self._thread is not None:
            self._thread.join(seconds)

    def post(self, account_id: int, message: EmailMessage) -> None:
        """Queue ``message`` to be sent at once (dropped and logged when ``QUEUE_LIMIT`` wait)."""
        with self._ready:
            if len(self._due) >= QUEUE_LIMIT:
                log.warning("mail to account %s dropped: %d mails wait already", account_id, QUEUE_LIMIT)
                return
            heapq.heappush(self._due, (time.monotonic(), next(self._order), 0, account_id, message))
            self._ready.notify()

    def _next(self) -> tuple[int, int, EmailMessage] | None:
        """The next mail due (its tries and account), waiting for it; None once stopping and
        nothing is due."""
        with self._ready:
            while True:
                wait = self._due[0][0] - time.monotonic() if self._due else None
                if wait is not None and wait <= 0:
                    _, _, tries, account_id, message = heapq.heappop(self._due)
                    return tries, account_id, message
                if self._stopping:
                    if self._due:
                        log.warning("%d mails put off by the relay were not sent: stopping", len(self._due))
                    return None
                self._ready.wait(wait)

    def _run(self) -> None:
        while (due := self._next()) is not None:
            tries, account_id, message = due
            try:
                deliver(self.settings, message)
            except Exception as error:
                later = put_off(error) and tries < len(self.retry_seconds)
                what = "tried again later" if later else "dropped"
                log.warning("mail to account %s not sent (%s): %s", account_id, what, error)
                if later:
                    with self._ready:
                        when = time.monotonic() + self.retry_seconds[tries]
                        heapq.heappush(self._due, (when, next(self._order), tries + 1, account_id, message))
