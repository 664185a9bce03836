"""The evidence a moderator weighs on a cheating report: over an account's last finished games,
how often its decisions were the review's AI's own choice, the win chance they lost, beside the
same figures of its opponents in those games, and how long it took over its moves.

A game's decisions are valued as its review values them (``review_plan``: the ``medium`` level's
search, each decision seeded from the game's seed): the review the server stored when the game
ended is read as it is; a game without one (a server stopped while reviewing, a game of bots) is
searched by the calling process (the ``kingdomino`` command), or by a server's AI workers for
its moderators' page (``moderation_fairplay``, never on its event loop), within ``SEARCHES``
searches for the whole evidence, spread over those games as a review spreads its budget over its
seats (``review.allot``). Its opponents' figures are those of the
people who sat at the same games (an AI seat is no baseline).

The games: the account's last ``count`` finished rated games (at most ``MOST_GAMES``), its latest
casual ones too when it has fewer (``Evidence.casual``), newest first. A seat the account left to
an AI is not its play, so a game it left is not counted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select

from kingdomino.games.registry import make_game
from kingdomino.web import review, review_plan
from kingdomino.web.account_admin import NoAccount
from kingdomino.web.accounts import aware
from kingdomino.web.ai_workers import AIAnswer, AIJob, run_job
from kingdomino.web.fairplay_figures import Figures, Times, think_times
from kingdomino.web.seats import clean_name, name_key
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame
from kingdomino.web.tables import AccountRow, ActionRow, GameRow, RatingChangeRow, SeatAccountRow

#: The agent the decisions are valued by: the game review's.
AGENT = review.REVIEW_AGENT

#: What answers a search: ``run_job`` in the calling process, or a server's AI workers.
Search = Callable[[AIJob], AIAnswer]

#: The games an evidence reads unless asked otherwise, and at most.
GAMES = 20
MOST_GAMES = 50

#: The searches one account's evidence spends at most on its games without a stored review: about
#: 0.05 s of a core each (the ``medium`` level, a mix of the three games), with some 8 s to read
#: and replay 50 games, about 20 s of one core in all (docs/server/moderation.md).
SEARCHES = 300


@dataclass
class GameEvidence:
    """One game's figures: the account's and its opponents' (people's seats), their move times
    (None: not stored), ratings before the game (rated games) and where its figures come from
    (``"review"``: the stored review; ``"searched"``: searched for this evidence)."""

    id: str
    game: str
    created: datetime
    rated: bool
    opponents: list[str]
    its: Figures = field(default_factory=Figures)
    theirs: Figures = field(default_factory=Figures)
    its_times: list[float] | None = None
    their_times: list[float] | None = None
    its_rating: int | None = None
    their_rating: int | None = None
    source: str = "review"

    @property
    def replay(self) -> str:
        return f"/game/{self.id}/replay"


@dataclass
class Evidence:
    """An account's evidence: its games, newest first, and the totals over them. ``rated``: how
    many of them are rated; ``casual``: casual games were added (it had fewer rated ones)."""

    account: str
    asked: int
    games: list[GameEvidence]
    rated: int
    casual: bool
    agent: str
    searches: int = 0
    seconds: float = 0.0

    def its(self) -> Figures:
        return _merged(game.its for game in self.games)

    def theirs(self) -> Figures:
        return _merged(game.theirs for game in self.games)

    def its_times(self) -> Times:
        return Times([s for game in self.games for s in game.its_times or []])

    def their_times(self) -> Times:
        return Times([s for game in self.games for s in game.their_times or []])

    def timed(self) -> int:
        """How many of the games have their move times stored."""
        return sum(game.its_times is not None for game in self.games)


def _merged(parts: Any) -> Figures:
    total = Figures()
    for part in parts:
        total.merge(part)
    return total


@dataclass
class _Game:
    """A game being looked at: what is stored of it and the seats on each side."""

    stored: StoredGame
    mine: set[int]
    others: set[int]
    entries: list[dict[str, Any]] | None = None
    needs: int = 0
    searched: bool = False


def _games(store: Store, account_id: int, count: int) -> list[tuple[str, bool]]:
    """The account's last finished games it played to the end, rated ones then casual ones to
    make ``count``, newest first, each with whether it is rated."""
    query = (
        select(GameRow.id, GameRow.rated, GameRow.created)
        .distinct()
        .join(SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
        .where(
            SeatAccountRow.account_id == account_id,
            SeatAccountRow.playing.is_(True),
            GameRow.status == "finished",
        )
        .order_by(GameRow.created.desc(), GameRow.id)
    )
    with store.sessions() as session:
        rated = list(session.execute(query.where(GameRow.rated.is_(True)).limit(count)).all())
        casual = []
        if len(rated) < count:
            casual = list(
                session.execute(query.where(GameRow.rated.is_(False)).limit(count - len(rated))).all()
            )
    newest = sorted([*rated, *casual], key=lambda row: (aware(row.created), row.id), reverse=True)
    return [(str(row.id), bool(row.rated)) for row in newest]


def _account(store: Store, name: str) -> tuple[int, str]:
    with store.sessions() as session:
        found = session.execute(
            select(AccountRow.id, AccountRow.name).where(AccountRow.name_key == name_key(clean_name(name)))
        ).first()
    if found is None:
        raise NoAccount(f"no account is named {name!r} (nor reads as it)")
    return int(found[0]), str(found[1])


def _moments(store: Store, game_id: str) -> dict[int, float | None]:
    with store.sessions() as session:
        rows = session.execute(select(ActionRow.index, ActionRow.at).where(ActionRow.game_id == game_id))
        return {int(index): at for index, at in rows}


def _ratings(store: Store, game_id: str) -> dict[int, float]:
    with store.sessions() as session:
        rows = session.execute(
            select(RatingChangeRow.account_id, RatingChangeRow.before).where(
                RatingChangeRow.game_id == game_id
            )
        )
        return {int(account): float(before) for account, before in rows}


def _looked_at(store: Store, game_id: str, account_id: int, agent: str) -> _Game | None:
    """The game with its seats (None: gone, or the account sat at no human seat of it), its stored
    review's entries when it has one by ``agent``."""
    stored = store.load(game_id)
    if stored is None:
        return None
    people = {seat for seat, info in enumerate(stored.seats) if info["kind"] == "human"}
    mine = {seat for seat in people if stored.seats[seat].get("account") == account_id}
    if not mine:
        return None
    found = _Game(stored, mine, people - mine)
    kept = store.load_review(game_id)
    if kept is not None and kept.get("agent") == agent:
        found.entries = list(kept["moves"])
    else:
        new_state = make_game(stored.game, stored.players, stored.options).new_initial_state
        choices = review.choices(new_state(), list(stored.actions), people)
        found.needs = sum(len(indices) for indices in choices.values())
    return found


def _searched(game: _Game, agent: str, budget: int, search: Search) -> list[dict[str, Any]]:
    """The entries of ``game``'s people's decisions, ``budget`` of them searched by ``search``."""
    entries = []
    for decision in review_plan.decisions(game.stored, game.mine | game.others, agent, budget):
        if decision.job is None:
            assert decision.entry is not None
            entries.append(decision.entry)
        else:
            entries.append(decision.entry_of(search(decision.job)))
    return entries


def _mean_rating(stored: StoredGame, seats: set[int], ratings: dict[int, float]) -> int | None:
    """The mean rating before the game of ``seats``' accounts (None: none was rated)."""
    found = [ratings[a] for a in (stored.seats[s].get("account") for s in seats) if a in ratings]
    return round(sum(found) / len(found)) if found else None


def _evidence_of(store: Store, game: _Game, rated: bool) -> GameEvidence:
    stored = game.stored
    seen = GameEvidence(
        stored.id,
        stored.game,
        aware(stored.created),
        rated,
        [stored.seats[seat]["name"] for seat in sorted(game.others)],
        source="searched" if game.searched else "review",
    )
    entries = game.entries or []
    for entry in entries:
        (seen.its if entry["seat"] in game.mine else seen.theirs).add(entry)
    moments = _moments(store, stored.id)
    seen.its_times = think_times(moments, (e for e in entries if e["seat"] in game.mine))
    seen.their_times = think_times(moments, (e for e in entries if e["seat"] in game.others))
    if rated:
        ratings = _ratings(store, stored.id)
        seen.its_rating = _mean_rating(stored, game.mine, ratings)
        seen.their_rating = _mean_rating(stored, game.others, ratings)
    return seen


def evidence(
    store: Store,
    name: str,
    count: int = GAMES,
    agent: str | None = None,
    searches: int = SEARCHES,
    on_game: Callable[[int, int], None] | None = None,
    search: Search = run_job,
) -> Evidence:
    """The evidence on the account named ``name`` over its last ``count`` games (``NoAccount`` if
    none is named so; ``ValueError`` for a count out of 1..``MOST_GAMES``), its decisions valued by
    ``agent`` (``AGENT`` unless said), at most ``searches`` searches spent on games without a
    stored review. ``on_game`` hears how many games are done of how many; ``search`` answers a
    search (here, in this process, unless a server hands it to its AI workers)."""
    if not 1 <= count <= MOST_GAMES:
        raise ValueError(f"the games looked at are 1 to {MOST_GAMES}, not {count}")
    start = time.perf_counter()
    agent = agent or AGENT
    account_id, shown = _account(store, name)
    listed = _games(store, account_id, count)
    looked = [(_looked_at(store, game_id, account_id, agent), is_rated) for game_id, is_rated in listed]
    kept = [(game, is_rated) for game, is_rated in looked if game is not None]
    shares = review.allot({i: game.needs for i, (game, _) in enumerate(kept) if game.needs}, searches)
    spent = 0
    for i, (game, _) in enumerate(kept):
        if game.entries is None:
            game.entries, game.searched = _searched(game, agent, shares.get(i, 0), search), True
            spent += sum(not e["forced"] and e.get("reviewed") is not False for e in game.entries)
        if on_game is not None:
            on_game(i + 1, len(kept))
    found = [_evidence_of(store, game, r) for game, r in kept]
    return Evidence(
        shown,
        count,
        found,
        sum(g.rated for g in found),
        any(not g.rated for g in found),
        agent,
        spent,
        time.perf_counter() - start,
    )
