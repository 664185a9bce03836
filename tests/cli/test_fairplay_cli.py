"""``kingdomino accounts fairplay NAME`` and the evidence ``kingdomino reports show`` adds to a
cheating report (and to no other), on a server's SQLite file in ``tmp_path``, through Typer's
runner; the decisions valued by ``greedy`` (``fairplay.AGENT``), whose hints the cheat follows."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import insert
from tests.web.conftest import QUICK
from tests.web.finished import person
from tests.web.played_games import even_thinker, hint_follower, played_game, random_mover, uneven_thinker
from typer.testing import CliRunner

from kingdomino.cli import app
from kingdomino.web import fairplay
from kingdomino.web.accounts import Accounts
from kingdomino.web.report_tables import ReportRow
from kingdomino.web.store import Store

runner = CliRunner()


def run(tmp_path: Path, *words: str) -> tuple[int, str]:
    """``kingdomino WORDS... --data-dir tmp_path``: its exit code and what it printed."""
    result = runner.invoke(app, [*words, "--data-dir", str(tmp_path)], env={"COLUMNS": "400"})
    return result.exit_code, result.output


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """The SQLite file ``--data-dir tmp_path`` names, with Kira (who follows the AI's hints) and
    Boris (who moves at random) after a rated game and a casual one."""
    monkeypatch.setattr(fairplay, "AGENT", "greedy")
    store = Store(f"sqlite:///{tmp_path / 'kingdomino.sqlite3'}")
    made = Accounts(store, QUICK)
    kira, boris = (made.create(name, "a long password")[0].id for name in ("Kira", "Boris"))
    for seed, rated in ((1, True), (2, False)):
        played_game(
            store,
            [person(kira, "Kira"), person(boris, "Boris")],
            [hint_follower(), random_mover(seed)],
            [even_thinker(2.0), uneven_thinker(seed)],
            rated=rated,
            seed=seed,
        )
    yield store
    store.close()


def report(store: Store, reason: str) -> int:
    """Boris's report of Kira for ``reason``: its id."""
    with store.engine.begin() as connection:
        return int(
            connection.execute(
                insert(ReportRow)
                .values(reporter=2, reported=1, reason=reason, at=datetime.now(UTC))
                .returning(ReportRow.id)
            ).scalar_one()
        )


def test_the_evidence_says_the_match_beside_the_opponents_and_the_times(tmp_path: Path, store: Store) -> None:
    code, shown = run(tmp_path, "accounts", "fairplay", "kira")
    assert code == 0, shown
    said = "fair play of Kira: its last 2 finished games (1 rated; 1 casual added: too few rated games)"
    assert said in shown
    # Each game: the account's line (its share, its even times, the replay), its opponents' below.
    games = [line.split() for line in shown.splitlines() if "/replay" in line]
    assert len(games) == 2 and all("Kira" in line and "100" in line and "(0.00)" in line for line in games)
    matched = shown.split("Kira matched the greedy AI in ", 1)[1].split("\n", 1)[0]
    decisions = int(matched.split(" of ", 1)[0])
    assert matched.startswith(f"{decisions} of {decisions} decisions (100 %); its opponents in "), matched
    assert "Kira lost 0.0 points of win chance a decision (accuracy 100 %)" in shown
    assert "Kira's move times: median 2.0 s, middle half 2.0-2.0 s (spread 0.00 of the median)" in shown
    assert "/game/" in shown and "/replay" in shown and "a strong honest player matches the AI" in shown
    code, shown = run(tmp_path, "accounts", "fairplay", "Kira", "--games", "1")
    assert code == 0 and "its last 1 finished games (1 rated)" in shown


def test_the_refusals_name_their_argument(tmp_path: Path, store: Store) -> None:
    code, shown = run(tmp_path, "accounts", "fairplay", "Nobody")
    assert code == 2 and "NAME: no account is named 'Nobody'" in shown
    assert len(shown.strip().splitlines()) == 1
    for count in ("0", "51"):
        code, shown = run(tmp_path, "accounts", "fairplay", "Kira", "--games", count)
        assert code == 2 and f"--games: from 1 to 50, not {count}" in shown


def test_a_cheating_report_shows_the_evidence_and_no_other_does(tmp_path: Path, store: Store) -> None:
    cheating, abuse = report(store, "cheating"), report(store, "abusive_chat")
    code, shown = run(tmp_path, "reports", "show", str(cheating))
    assert code == 0, shown
    assert "Boris reported Kira (cheating)" in shown and "Kira matched the greedy AI in" in shown
    code, shown = run(tmp_path, "reports", "show", str(abuse))
    assert code == 0 and "(abusive_chat)" in shown and "matched" not in shown and "fair play" not in shown


def test_a_narrow_terminal_shows_each_game_apart_with_nothing_cut(tmp_path: Path, store: Store) -> None:
    """Under the games' table's width (some 110 columns) the table cut the names and headers to
    "…": each game is shown apart instead, its replay's address and its figures whole."""
    wide = run(tmp_path, "accounts", "fairplay", "kira")[1]
    replays = sorted(word for word in wide.split() if word.endswith("/replay"))
    result = runner.invoke(
        app, ["accounts", "fairplay", "kira", "--data-dir", str(tmp_path)], env={"COLUMNS": "80"}
    )
    shown = result.output
    assert result.exit_code == 0 and "…" not in shown, shown
    assert max(len(line) for line in shown.splitlines()) <= 80
    assert sorted(word for word in shown.split() if word.endswith("/replay")) == replays
    rows = [
        line.split() for line in shown.splitlines() if " s (" in line and line.startswith(("Kira ", "Boris "))
    ]
    assert len(rows) == 4 and all(row[0] == "Kira" and row[3] == "100" for row in rows[::2]), rows
