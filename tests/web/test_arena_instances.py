"""An arena over several servers (``arena``'s pairing lease): of two servers pairing one arena at
the same moment, one pairs it and each player is in one game at most; a game is stored only by the
server holding the lease, never for a player in a game of it not over, and a lease its holder
gives up (stopping) or stops renewing is taken over; the holder pairs players whose page reads
reached another server. Over SQLite and, when
``KINGDOMINO_TEST_POSTGRES_URL`` is set, a PostgreSQL database of each test's own (a server that
starts goes on with every running arena of its database)."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from tests.web.arena_setup import arena
from tests.web.conftest import store_of
from tests.web.deadlines import barrier
from tests.web.test_challenges import account
from tests.web.test_team_battles import app
from tests.web.test_tournaments import act

from kingdomino.web import arena as arena_module
from kingdomino.web import arena_store
from kingdomino.web import tournament_store as records
from kingdomino.web.arena_pairing import pair
from kingdomino.web.arena_tables import ArenaRow

NAMES = ("Kira", "Boris", "Cleo", "Dana")


def started(client: TestClient) -> tuple[str, list[int]]:
    """An arena of four players started on ``client``'s server (nobody paired: no page of theirs
    read), its loop stopped: the arena and its players' accounts."""
    sessions = {name: account(client, name) for name in NAMES}
    tournament_id = arena(client, sessions["Kira"])
    for name in NAMES[1:]:
        assert act(client, sessions[name], tournament_id, "join").status_code == 200
    assert act(client, sessions["Kira"], tournament_id, "start").status_code == 200
    assert client.portal is not None
    server = client.app.state.tournaments.arena  # type: ignore[attr-defined]
    client.portal.call(server.stop)
    stored = records.load(client.app.state.hub.store, tournament_id)  # type: ignore[attr-defined]
    assert stored is not None
    return tournament_id, [p.account_id for p in stored.players]


def test_two_servers_pairing_an_arena_at_once_pair_each_player_once(
    own_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(app(own_database)) as one, TestClient(app(own_database)) as other:
        tournament_id, players = started(one)
        servers = [client.app.state.tournaments.arena for client in (one, other)]  # type: ignore[attr-defined]
        for server in servers:
            for player in players:
                server.seen.saw(tournament_id, player)
        # Each server's pass reads the free players, then waits at the pairing for the other's:
        # both pair from the same reading, as two servers' ticks at the same moment would.
        both_read = barrier()
        reached: set[int] = set()

        def pair_when_both_read(*args: Any, **kwargs: Any) -> Any:
            reached.add(threading.get_ident())
            both_read.wait(timeout=30)
            return pair(*args, **kwargs)

        monkeypatch.setattr(arena_module, "pair", pair_when_both_read)

        def a_pass(client: TestClient) -> None:
            assert client.portal is not None
            loop_thread = client.portal.call(threading.get_ident)
            server = client.app.state.tournaments.arena  # type: ignore[attr-defined]
            client.portal.call(server._pair, tournament_id)
            if loop_thread not in reached:  # it skipped the pairing: the other goes on
                both_read.wait(timeout=30)

        with ThreadPoolExecutor(2) as pool:
            list(pool.map(a_pass, (one, other)))
        state = arena_store.load(store_of(one), tournament_id)
        assert state is not None
        games = Counter(p for game in state.games for p in (game.first, game.second))
        assert games == Counter(players), "each player in one game, by one server"
        assert len(reached) == 1, "one server paired, the other skipped its pass"


def test_a_game_is_stored_by_the_lease_s_holder_for_players_free_and_a_lapsed_lease_is_taken_over(
    own_database: str,
) -> None:
    with TestClient(app(own_database)) as one, TestClient(app(own_database)) as other:
        tournament_id, (kira, boris, cleo, dana) = started(one)
        first, second = store_of(one), store_of(other)
        with first.engine.connect() as connection:
            lease = select(ArenaRow.pairer).where(ArenaRow.tournament_id == tournament_id)
            assert connection.scalar(lease) is None, "given up as its loop stopped (taken at the start)"
        assert arena_store.take_pairing(first, tournament_id, 60)
        assert not arena_store.take_pairing(second, tournament_id, 60), "held by the first"
        assert not arena_store.add_game(second, tournament_id, kira, boris, "g1", 0.0), "not its lease"
        assert arena_store.add_game(first, tournament_id, kira, boris, "g1", 0.0)
        assert not arena_store.add_game(first, tournament_id, cleo, boris, "g2", 0.0), "Boris plays"
        assert not arena_store.add_game(first, tournament_id, kira, dana, "g2", 0.0), "Kira plays"
        with first.engine.begin() as connection:  # the first server stopped renewing it
            connection.execute(
                update(ArenaRow).where(ArenaRow.tournament_id == tournament_id).values(pairer_until=0)
            )
        assert arena_store.take_pairing(second, tournament_id, 60), "taken over once lapsed"
        assert not arena_store.add_game(first, tournament_id, cleo, dana, "g2", 0.0), "lost"
        assert arena_store.add_game(second, tournament_id, cleo, dana, "g2", 0.0)
        state = arena_store.load(first, tournament_id)
        assert state is not None
        assert [(g.first, g.second) for g in state.games] == [(kira, boris), (cleo, dana)]


def test_the_lease_s_holder_pairs_players_whose_page_reads_reach_the_other_server(own_database: str) -> None:
    """The four players' pages read the arena through the second server alone, while the first
    holds its pairing's lease: the second shares the reads at its pass, and the first pairs all
    four at its own."""
    if own_database.startswith("sqlite"):
        pytest.skip("a SQLite database is one server's: its own page reads are all there are")
    with TestClient(app(own_database)) as one, TestClient(app(own_database)) as other:
        tournament_id, players = started(one)
        assert arena_store.take_pairing(store_of(one), tournament_id, 60)
        reader = other.app.state.tournaments.arena  # type: ignore[attr-defined]
        for player in players:
            reader.seen.saw(tournament_id, player)
        assert other.portal is not None and one.portal is not None
        other.portal.call(reader._pair, tournament_id)  # not its lease: it shares the reads alone
        holder = one.app.state.tournaments.arena  # type: ignore[attr-defined]
        one.portal.call(holder._pair, tournament_id)
        state = arena_store.load(store_of(one), tournament_id)
        assert state is not None
        paired = Counter(p for game in state.games for p in (game.first, game.second))
        assert paired == Counter(players), "each player paired once, by the lease's holder"
