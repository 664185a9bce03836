"""An evening's reports for the moderators' pages in the browser tests (the language sweep, the
content policy): players with the longest names a server allows (24 characters, long Hungarian
words), twenty open reports about five of them from four reporters, one a cheating report with a
finished game for its fair-play evidence, one renamed (its old name offered back) and silenced."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from tests.web.conftest import QUICK
from tests.web.finished import person
from tests.web.played_games import even_thinker, hint_follower, played_game, random_mover

from kingdomino.web import account_admin, moderation, reports
from kingdomino.web.accounts import Accounts
from kingdomino.web.store import Store

#: Long Hungarian words, each made a 24-character name by four hexadecimal digits.
LONG_WORDS = ("Kötelességtudatosság", "Összeférhetetlenségi", "Legeslegmagasabbrendű", "Visszaélésbejelentés")
#: The reasons each reporter gives, one for each reported player in turn.
REASONS = ("cheating", "offensive_name", "abusive_chat", "stalling", "other")


@dataclass(frozen=True)
class Evening:
    """The reports made: the cheating one (with a game), the renamed one, and every reported name."""

    cheating: int
    renamed: int
    reported: list[str]


def long_name(word: str) -> str:
    """A 24-character name from ``word`` (new on a shared database)."""
    return f"{word}{secrets.token_hex(4)}"[:24]


def an_evening(database: str, moderator: str) -> Evening:
    """Make ``moderator`` one and twenty open reports on the server's ``database``."""
    store = Store(database)
    try:
        moderation.set_moderator(store, moderator, True)
        mod_id = account_admin.account_id(store, moderator)
        accounts = Accounts(store, QUICK)
        reported = [accounts.create(long_name(word), "a long enough password")[0] for word in LONG_WORDS]
        reported.append(accounts.create(long_name("Boris"), "a long enough password")[0])
        reporters = [accounts.create(long_name(word), "a long enough password")[0] for word in LONG_WORDS]
        made: dict[tuple[int, str], int] = {}
        for turn, reporter in enumerate(reporters):
            for index, account in enumerate(reported):
                reason = REASONS[(index + turn) % len(REASONS)]
                words = f"{LONG_WORDS[index % 4]} {LONG_WORDS[turn]}: every move is the AI's"
                made[(index, reason)] = reports.report(store, reporter.id, account.name, reason, words)
        cheater = reported[0]
        played_game(
            store,
            [person(cheater.id, cheater.name), person(reporters[0].id, reporters[0].name)],
            [hint_follower(), random_mover(1)],
            [even_thinker(2.0), even_thinker(6.0)],
            rated=True,
        )
        offensive = made[(1, "offensive_name")]
        moderation.silence(store, offensive, mod_id, moderator, 3)
        new = moderation.rename(store, offensive, mod_id, moderator, long_name("Megszentségteleníthetetlen"))
        names = [account.name for account in reported]
        names[1] = new
        return Evening(made[(0, "cheating")], offensive, names)
    finally:
        store.close()
