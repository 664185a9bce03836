"""The notices of games by the day mailed (``mail_notices``, ``mail_notice_sweep``): a player's move
and a move's time running out, against a real SMTP server in the test process
(``tests/web/mail_server.py``). The sweep is run at chosen moments (``MailNotices.sweep``), as the
server's task runs it each minute at the clock's."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient
from tests.web.deadlines import barrier, joined
from tests.web.mail_server import PUBLIC_URL, Mailbox, mail_server, text_of
from tests.web.sockets import next_of_type
from tests.web.test_challenges import DAYS, account, as_, challenged
from tests.web.test_mail import mail_app, verified
from tests.web.test_push import play_until_the_turn_passes, to_act
from tests.web.test_relations import fresh
from tests.web.test_vacation_api import days_ahead, stored_deadline

from kingdomino.web.mail_notices import FIGURES

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")

#: Seconds a turn waits before it is mailed, and between two mails of moves.
WAIT = FIGURES["turn_wait_minutes"] * 60.0
EVERY = FIGURES["digest_minutes"] * 60.0


@dataclass
class Player:
    name: str
    session: str
    address: str
    id: int


@pytest.fixture
def mailed(either_database: str) -> Iterator[tuple[TestClient, Mailbox]]:
    with mail_server() as (box, settings), TestClient(mail_app(either_database, settings)) as client:
        yield client, box


def player(client: TestClient, box: Mailbox, name: str, **notices: bool) -> Player:
    """A new account with a verified address, and the notices it turns on."""
    named = fresh(name)
    session = account(client, named)
    address = verified(client, box, session, named)
    if notices:
        chosen = as_(client, session).put("/api/account/mail/notices", json={**notices, "language": "en"})
        assert chosen.status_code == 200, chosen.text
    found = as_(client, session).get("/api/account").json()["account"]
    return Player(named, session, address, int(found["id"]))


def game_by_the_day(
    client: TestClient, challenger: Player, other: Player, control: dict[str, Any] = DAYS
) -> tuple[str, dict[str, str]]:
    """A game of ``challenger`` and ``other``, begun, and played until ``challenger`` is to act
    after a move of ``other``'s (the inbox's turn, which the mail follows): its id, its tokens."""
    game_id, tokens = accepted_challenge(client, challenger, other, control)
    while to_act(client, game_id, tokens)[0] != challenger.name:
        play_until_the_turn_passes(client, game_id, tokens)
    return game_id, tokens


def accepted_challenge(
    client: TestClient, challenger: Player, other: Player, control: dict[str, Any] = DAYS
) -> tuple[str, dict[str, str]]:
    """``challenger``'s challenge to ``other`` with the clock ``control``, accepted: the game's id
    and its tokens by player."""
    made = challenged(client, challenger.session, other.name, time_control=control)
    accepted = as_(client, other.session).post(f"/api/challenges/{made['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    return made["id"], {challenger.name: made["seats"][0]["token"], other.name: accepted.json()["token"]}


@contextmanager
def turn_came_on_the_open_page(
    client: TestClient, player: Player, other: Player
) -> Iterator[tuple[str, dict[str, str]]]:
    """A game by the day of ``player`` (who challenged) and ``other`` whose turn came to ``player``
    after ``other``'s move while ``player``'s page of it was open: its id and its tokens, the page
    open inside the block and closed on leaving it (its presence ends a moment after)."""
    game_id, tokens = accepted_challenge(client, player, other)
    if to_act(client, game_id, tokens)[0] == player.name:
        play_until_the_turn_passes(client, game_id, tokens)
    with client.websocket_connect(f"/ws/games/{game_id}?tokens={tokens[player.name]}") as page:
        next_of_type(page, "state")
        assert play_until_the_turn_passes(client, game_id, tokens) == (other.name, player.name)
        yield game_id, tokens


def sweep(client: TestClient, moment: float, to: Player) -> list[str]:
    """The notices a sweep at ``moment`` posts to ``to`` (on the shared PostgreSQL, the other tests'
    accounts may be mailed too)."""
    notices = client.app.state.mail_notices  # type: ignore[attr-defined]
    posted = client.portal.call(notices.sweep_now, moment)  # type: ignore[union-attr]
    return [notice for account_id, notice in posted if account_id == to.id]


def notices_to(box: Mailbox, to: Player, count: int) -> list[EmailMessage]:
    """The notices mailed to ``to`` once ``count`` came (its other mails, the verifying link's, left
    out); then no more than ``count``, the postman's queue emptied."""
    deadline = time.monotonic() + 20
    while True:
        with box.lock:
            found = [
                mail
                for recipients, mail in box.mails
                if to.address in recipients and mail["List-Unsubscribe"]
            ]
        if len(found) >= count:
            assert len(found) == count, [mail["Subject"] for mail in found]
            return found
        assert time.monotonic() < deadline, f"{count} notices to {to.name} did not come: {len(found)} came"
        time.sleep(0.02)


def nothing_more(client: TestClient, box: Mailbox, to: Player, count: int, moment: float) -> None:
    """A sweep at ``moment`` posts nothing, and ``to`` has ``count`` notices still."""
    assert sweep(client, moment, to) == []
    assert len(notices_to(box, to, count)) == count


def off_token(mail: EmailMessage) -> str:
    link = str(mail["List-Unsubscribe"]).strip("<>")
    assert link.startswith(f"{PUBLIC_URL}/mail/unsubscribe?token="), link
    return parse_qs(urlsplit(link).query)["token"][0]


def test_a_move_is_mailed_once_a_turn_after_a_wait_with_its_links(mailed: tuple[TestClient, Mailbox]) -> None:
    """The player to act is mailed once the turn waited ``turn_wait_minutes``, once: a link to the
    game on the site's public address (never the request's), why they get it, and the link that
    turns it off, in the RFC 8058 headers too. The mover is mailed nothing; the turn that comes back
    is mailed again, an hour after the last."""
    client, box = mailed
    kira, boris = player(client, box, "Kira", turns=True), player(client, box, "Boris", turns=True)
    game_id, tokens = game_by_the_day(client, kira, boris)
    now = time.time()
    assert sweep(client, now, kira) == [], "a turn just come waits: a player at the site moves first"
    assert sweep(client, now + WAIT + 1, kira) == ["turns"]
    (mail,) = notices_to(box, kira, 1)
    assert mail["Subject"] == f"Your move: Kingdomino with {boris.name}"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    plain, html = text_of(mail), text_of(mail, "html")
    assert f"{PUBLIC_URL}/game/{game_id}" in plain and f'href="{PUBLIC_URL}/game/{game_id}"' in html
    assert "testserver" not in plain + html
    assert "you chose \u201cMail me when it is my move in a game by the day\u201d" in plain
    assert off_token(mail) in plain and off_token(mail) in html
    nothing_more(client, box, kira, 1, now + 3 * EVERY)
    assert len(notices_to(box, boris, 0)) == 0
    play_until_the_turn_passes(client, game_id, tokens)
    play_until_the_turn_passes(client, game_id, tokens)
    assert sweep(client, time.time() + WAIT + 1, kira) == [], "within the hour of the last mail"
    assert sweep(client, now + WAIT + 1 + EVERY, kira) == ["turns"]
    assert len(notices_to(box, kira, 2)) == 2


def test_the_games_waiting_go_in_one_mail(mailed: tuple[TestClient, Mailbox]) -> None:
    client, box = mailed
    kira = player(client, box, "Kira", turns=True)
    boris, cleo = player(client, box, "Boris"), player(client, box, "Cleo")
    first, _ = game_by_the_day(client, kira, boris)
    second, _ = game_by_the_day(client, kira, cleo)
    assert sweep(client, time.time() + WAIT + 1, kira) == ["turns"]
    (mail,) = notices_to(box, kira, 1)
    assert mail["Subject"] == "Your move in 2 games"
    plain = text_of(mail)
    assert "It is your move in these games:" in plain
    for game_id, other in ((first, boris), (second, cleo)):
        assert f"- Kingdomino with {other.name}: {PUBLIC_URL}/game/{game_id}" in plain


def test_a_turn_its_player_read_in_the_inbox_is_not_mailed(mailed: tuple[TestClient, Mailbox]) -> None:
    """A player who opened the turn's entry in the inbox knows it is their move; a time running out
    is mailed still."""
    client, box = mailed
    kira, boris = player(client, box, "Kira", turns=True, time_short=True), player(client, box, "Boris")
    game_id, _ = game_by_the_day(client, kira, boris)
    read = as_(client, kira.session).post("/api/account/notifications/read", json={})
    assert read.status_code == 200, read.text
    nothing_more(client, box, kira, 0, time.time() + WAIT + 1)
    assert sweep(client, stored_deadline(client, game_id) - 3600, kira) == ["time_short"]
    assert notices_to(box, kira, 1)[0]["Subject"].startswith("Your time is running out")


def test_a_player_on_vacation_is_mailed_nothing_until_back(mailed: tuple[TestClient, Mailbox]) -> None:
    client, box = mailed
    kira, boris = player(client, box, "Kira", turns=True), player(client, box, "Boris")
    game_by_the_day(client, kira, boris)
    away = as_(client, kira.session).post("/api/account/vacation", json={"until": days_ahead(3).isoformat()})
    assert away.status_code == 200, away.text
    nothing_more(client, box, kira, 0, time.time() + WAIT + 1)
    assert as_(client, kira.session).delete("/api/account/vacation").status_code == 200
    assert sweep(client, time.time() + WAIT + 1, kira) == ["turns"]
    notices_to(box, kira, 1)


def test_a_real_time_game_is_not_mailed(mailed: tuple[TestClient, Mailbox]) -> None:
    client, box = mailed
    kira, boris = player(client, box, "Kira", turns=True, time_short=True), player(client, box, "Boris")
    game_by_the_day(client, kira, boris, {"kind": "move", "seconds": 60})
    nothing_more(client, box, kira, 0, time.time() + WAIT + 1)
    by_the_day, _ = game_by_the_day(client, kira, boris)
    assert sweep(client, time.time() + WAIT + 1, kira) == ["turns"]
    (mail,) = notices_to(box, kira, 1)
    assert f"/game/{by_the_day}" in text_of(mail) and text_of(mail).count("/game/") == 1


def test_a_time_running_out_is_mailed_once_a_turn(mailed: tuple[TestClient, Mailbox]) -> None:
    """With a quarter of a 1-day move left, the player is mailed once, with the time left."""
    client, box = mailed
    kira, boris = player(client, box, "Kira", time_short=True), player(client, box, "Boris")
    game_id, _ = game_by_the_day(client, kira, boris)
    deadline = stored_deadline(client, game_id)
    share = FIGURES["time_short_share"] * DAYS["days"] * 86400
    assert sweep(client, deadline - share - 60, kira) == [], "more than the share is left"
    assert sweep(client, deadline - 2 * 3600 - 30, kira) == ["time_short"]
    (mail,) = notices_to(box, kira, 1)
    assert mail["Subject"] == f"Your time is running out: Kingdomino with {boris.name}"
    assert f"Kingdomino with {boris.name}: 2 hours left: {PUBLIC_URL}/game/{game_id}" in text_of(mail)
    assert "\u201cMail me when a game's time is running out\u201d" in text_of(mail)
    nothing_more(client, box, kira, 1, deadline - 60)


def test_a_time_running_out_is_mailed_though_the_game_was_open_when_the_turn_came(
    mailed: tuple[TestClient, Mailbox],
) -> None:
    """Kira had the game open when Boris moved (the inbox noted no turn then: her page said it),
    then closed it: her time running out is mailed all the same."""
    client, box = mailed
    kira, boris = player(client, box, "Kira", time_short=True), player(client, box, "Boris")
    with turn_came_on_the_open_page(client, kira, boris) as (game_id, _):
        inbox = as_(client, kira.session).get("/api/account/notifications").json()["entries"]
        assert "your_turn" not in [entry["kind"] for entry in inbox]
    moment, deadline = stored_deadline(client, game_id) - 3600, time.monotonic() + 30
    while not sweep(client, moment, kira):  # her page's presence ends a moment after it closed
        assert time.monotonic() < deadline, "no mail of the time running out"
        time.sleep(0.1)
    assert notices_to(box, kira, 1)[0]["Subject"].startswith("Your time is running out")


def test_a_mail_s_link_turns_its_notice_off_and_a_forged_one_nothing(
    mailed: tuple[TestClient, Mailbox],
) -> None:
    """``GET`` asks (a scanner that fetches the link changes nothing), ``POST`` turns the notice off,
    the mail program's one click alike, with no session and from no page of the site; a token
    changed in any part is refused."""
    client, box = mailed
    kira, boris = player(client, box, "Kira", turns=True, time_short=True), player(client, box, "Boris")
    game_by_the_day(client, kira, boris)
    assert sweep(client, time.time() + WAIT + 1, kira) == ["turns"]
    token = off_token(notices_to(box, kira, 1)[0])
    account_id, notice, count, signature = token.split(".")
    forged = [
        f"{int(account_id) + 1}.{notice}.{count}.{signature}",
        f"{account_id}.time_short.{count}.{signature}",
        f"{account_id}.{notice}.{int(count) + 1}.{signature}",
        f"{account_id}.{notice}.{count}.{signature[:-2]}AA",
        "not a token",
    ]
    for wrong in forged:
        for answer in (
            client.get("/mail/unsubscribe", params={"token": wrong}),
            client.post("/mail/unsubscribe", params={"token": wrong}),
        ):
            assert answer.status_code == 400 and "This link is not valid" in answer.text
    chosen = as_(client, kira.session).get("/api/account/mail/notices").json
    assert chosen() == {"available": True, "verified": True, "turns": True, "time_short": True}
    asked = as_(client, None).get("/mail/unsubscribe", params={"token": token})
    assert asked.status_code == 200 and 'method="post"' in asked.text
    assert "Turn off \u201cMail me when it is my move in a game by the day\u201d?" in asked.text
    assert as_(client, kira.session).get("/api/account/mail/notices").json()["turns"] is True
    done = as_(client, None).post(
        "/mail/unsubscribe",
        params={"token": token},
        data={"List-Unsubscribe": "One-Click"},
        headers={"Origin": "https://mail.example.org"},
    )
    assert done.status_code == 200 and "is off" in done.text
    after = as_(client, kira.session).get("/api/account/mail/notices").json()
    assert (after["turns"], after["time_short"]) == (False, True)
    exported = as_(client, kira.session).get("/api/account/export").json()
    assert exported["mail_notices"] == {"turns": False, "time_short": True}


def test_an_older_mail_s_link_leaves_a_notice_turned_on_again_alone(
    mailed: tuple[TestClient, Mailbox],
) -> None:
    """Kira turns her notice off by a mail's link, then on again in her preferences: that mail's
    link, followed or one-clicked, leaves it on and says why; the next mail's link turns it off."""
    client, box = mailed
    kira, boris = player(client, box, "Kira", turns=True), player(client, box, "Boris")
    game_id, tokens = game_by_the_day(client, kira, boris)
    now = time.time()
    assert sweep(client, now + WAIT + 1, kira) == ["turns"]
    older = off_token(notices_to(box, kira, 1)[0])
    assert as_(client, None).post("/mail/unsubscribe", params={"token": older}).status_code == 200
    turned_on = as_(client, kira.session).put("/api/account/mail/notices", json={"turns": True})
    assert turned_on.status_code == 200 and turned_on.json()["turns"] is True
    for answer in (
        as_(client, None).get("/mail/unsubscribe", params={"token": older}),
        as_(client, None).post("/mail/unsubscribe", params={"token": older}),
    ):
        assert answer.status_code == 409 and 'method="post"' not in answer.text
        assert "This link is from an older mail" in answer.text and "stays on" in answer.text
    assert as_(client, kira.session).get("/api/account/mail/notices").json()["turns"] is True
    again = as_(client, kira.session).put(
        "/api/account/mail/notices", json={"turns": True, "time_short": True}
    )
    assert again.status_code == 200, "a notice on already is not turned on again: its link stays good"
    play_until_the_turn_passes(client, game_id, tokens)
    play_until_the_turn_passes(client, game_id, tokens)
    assert sweep(client, now + WAIT + 1 + EVERY, kira) == ["turns"]
    current = off_token(notices_to(box, kira, 2)[1])
    assert current != older
    done = as_(client, None).post(
        "/mail/unsubscribe", params={"token": current}, data={"List-Unsubscribe": "One-Click"}
    )
    assert done.status_code == 200 and "is off" in done.text
    assert as_(client, kira.session).get("/api/account/mail/notices").json()["turns"] is False
    again = as_(client, None).post("/mail/unsubscribe", params={"token": older})
    assert again.status_code == 200 and "is off" in again.text, "off already: an older link says so"


def test_two_servers_and_a_restart_mail_a_turn_once(either_database: str) -> None:
    with mail_server() as (box, settings), ExitStack() as stack:
        first, second = (
            stack.enter_context(TestClient(mail_app(either_database, settings))) for _ in range(2)
        )
        kira, boris = player(first, box, "Kira", turns=True), player(first, box, "Boris", turns=True)
        game_by_the_day(first, kira, boris)
        moment, ready = time.time() + WAIT + 1, barrier()
        posted: list[list[str]] = []

        def run(client: TestClient) -> None:
            ready.wait()
            posted.append(sweep(client, moment, kira))

        threads = [threading.Thread(target=run, args=(client,)) for client in (first, second)]
        for thread in threads:
            thread.start()
        joined(threads, "the two servers' mail sweeps")
        assert sorted(posted) == [[], ["turns"]]
        notices_to(box, kira, 1)
        with TestClient(mail_app(either_database, settings)) as restarted:
            nothing_more(restarted, box, kira, 1, moment + 2 * EVERY)


def test_the_notices_are_offered_with_mail_alone_and_on_with_an_address(either_database: str) -> None:
    with TestClient(mail_app(either_database, None)) as client:
        session = account(client, fresh("Nora"))
        assert as_(client, session).get("/api/account/mail/notices").json()["available"] is False
        refused = as_(client, session).put("/api/account/mail/notices", json={"turns": True})
        assert (refused.status_code, refused.json()["error"]["code"]) == (503, "mail_unavailable")
        assert client.app.state.mail_notices.sweep(time.time()) == []  # type: ignore[attr-defined]
    with mail_server() as (_, settings), TestClient(mail_app(either_database, settings)) as client:
        session = account(client, fresh("Nora"))
        refused = as_(client, session).put("/api/account/mail/notices", json={"turns": True})
        assert (refused.status_code, refused.json()["error"]["code"]) == (409, "mail_notice_no_address")
        assert as_(client, None).get("/api/account/mail/notices").status_code == 401
