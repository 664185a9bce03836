"""``kingdomino reports`` and ``kingdomino accounts silence``: the operator reads the players'
reports on a server's SQLite file (a folder of ``tmp_path``), closes them, and silences an
abusive talker, whose next chat line the running server refuses, through Typer's runner."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.web.sockets import next_of_type
from tests.web.test_challenges import as_
from tests.web.test_relations import app_over, people
from tests.web.test_reports import played_with_a_line, send
from typer.testing import CliRunner

from kingdomino.cli import app

runner = CliRunner()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A server over the SQLite file of ``tmp_path``, the folder ``--data-dir`` names."""
    with TestClient(app_over(f"sqlite:///{tmp_path / 'kingdomino.sqlite3'}")) as test_client:
        yield test_client


def run(tmp_path: Path, *words: str) -> tuple[int, str]:
    """``kingdomino WORDS... --data-dir tmp_path``: its exit code and what it printed."""
    result = runner.invoke(app, [*words, "--data-dir", str(tmp_path)], env={"COLUMNS": "250"})
    return result.exit_code, result.output


def test_the_operator_lists_shows_and_closes_reports(tmp_path: Path, client: TestClient) -> None:
    (kira, kira_s), (boris, boris_s), (cleo, cleo_s) = people(client, "Kira", "Boris", "Cleo")
    game_id, line, _ = played_with_a_line(client, kira_s, boris_s)
    on_line = send(client, kira_s, boris, "abusive_chat", line=line, text="he insults me").json()["id"]
    on_name = send(client, cleo_s, kira, "offensive_name").json()["id"]
    code, shown = run(tmp_path, "reports", "list")
    assert code == 0 and "2 reports" in shown
    assert all(word in shown for word in (kira, boris, cleo, "abusive_chat", "offensive_name", game_id))
    code, shown = run(tmp_path, "reports", "list", "--account", boris.lower())
    assert code == 0 and "1 report" in shown and "offensive_name" not in shown
    code, shown = run(tmp_path, "reports", "show", str(on_line))
    assert code == 0, shown
    assert f"{kira} reported {boris} (abusive_chat)" in shown and "he insults me" in shown
    assert "the line cited (players room): you are a fool" in shown
    assert f"{boris}'s last chat lines" in shown and f"/game/{game_id}/replay" in shown
    assert run(tmp_path, "reports", "close", str(on_line), "--note", "silenced a week")[0] == 0
    code, shown = run(tmp_path, "reports", "list", "--open")
    assert "1 report" in shown and str(on_name) in shown and "abusive_chat" not in shown
    assert "silenced a week" in run(tmp_path, "reports", "show", str(on_line))[1]
    code, shown = run(tmp_path, "reports", "close", str(on_line))
    assert code == 1 and "closed already" in shown
    # Closed, the same report may be made again.
    assert send(client, kira_s, boris, "abusive_chat").status_code == 200


def test_a_missing_report_or_account_is_said_naming_the_argument(tmp_path: Path, client: TestClient) -> None:
    code, shown = run(tmp_path, "reports", "show", "99")
    assert code == 2 and "ID: no report has the id 99" in shown
    code, shown = run(tmp_path, "reports", "list", "--account", "Nobody")
    assert code == 2 and "--account: no account is named 'Nobody'" in shown
    code, shown = run(tmp_path, "accounts", "silence", "Nobody")
    assert code == 2 and "NAME: no account is named 'Nobody'" in shown


def test_a_silenced_account_writes_in_no_chat_until_unsilenced(tmp_path: Path, client: TestClient) -> None:
    """The running server refuses the silenced account's next line, saying until when; its page
    is told so with the rooms; unsilenced, it writes again."""
    (_, kira_s), (boris, boris_s) = people(client, "Kira", "Boris")
    game_id, _, token = played_with_a_line(client, kira_s, boris_s)
    code, shown = run(tmp_path, "accounts", "silence", boris.lower(), "--days", "2")
    assert code == 0 and f"silenced {boris.lower()} until" in shown
    page = as_(client, boris_s).websocket_connect(f"/ws/games/{game_id}", params={"tokens": token})
    with page:
        page.send_json({"type": "chat_read"})
        room = next_of_type(page, "chat_history")["rooms"]["players"]
        assert room["write"] == "silenced" and room["until"] > "2026"
        page.send_json({"type": "chat", "room": "players", "text": "still here"})
        refused = next_of_type(page, "error")
        assert (refused["code"], refused["field"]) == ("silenced", "text")
        assert refused["values"]["until"] == room["until"]
    assert run(tmp_path, "accounts", "unsilence", boris)[0] == 0
    code, shown = run(tmp_path, "accounts", "unsilence", boris)
    assert code == 1 and "is not silenced" in shown
    with as_(client, boris_s).websocket_connect(f"/ws/games/{game_id}", params={"tokens": token}) as page:
        page.send_json({"type": "chat", "room": "players", "text": "sorry"})
        assert next_of_type(page, "ack")["chat"]


def test_show_says_what_moderators_did_on_a_report(tmp_path: Path, client: TestClient) -> None:
    (mona, mona_s), (_, kira_s), (boris, _) = people(client, "Mona", "Kira", "Boris")
    made = send(client, kira_s, boris, "offensive_name").json()["id"]
    assert run(tmp_path, "accounts", "moderator", mona)[0] == 0
    moderate = as_(client, mona_s)
    assert moderate.post(f"/api/moderation/reports/{made}/silence", json={"days": 2}).status_code == 200
    assert (
        moderate.post(f"/api/moderation/reports/{made}/close", json={"note": "a warning"}).status_code == 200
    )
    code, shown = run(tmp_path, "reports", "show", str(made))
    assert code == 0, shown
    assert f"moderator {mona}, " in shown and ": silence: 2" in shown and ": close: a warning" in shown
    assert "closed " in shown and ": a warning" in shown


def test_reports_about_a_moderator_are_marked_for_the_operator(tmp_path: Path, client: TestClient) -> None:
    """Moderators do not judge moderators: the operator's list marks the reports about one, counts
    the open ones in its title and lists them alone with ``--moderators``; ``show`` says so."""
    (mona, _), (_, kira_s), (boris, _) = people(client, "Mona", "Kira", "Boris")
    about_mona = send(client, kira_s, mona, "abusive_chat").json()["id"]
    about_boris = send(client, kira_s, boris, "offensive_name").json()["id"]
    assert run(tmp_path, "accounts", "moderator", mona)[0] == 0
    code, shown = run(tmp_path, "reports", "list")
    assert code == 0, shown
    assert "2 reports, 1 open about a moderator: yours alone" in shown
    assert f"{mona} (moderator)" in shown and f"{boris} (moderator)" not in shown
    code, shown = run(tmp_path, "reports", "list", "--moderators")
    assert code == 0 and "1 report," in shown and str(about_mona) in shown and boris not in shown
    code, shown = run(tmp_path, "reports", "show", str(about_mona))
    assert code == 0 and f"{mona} is a moderator: no moderator acts on this report, it is yours" in shown
    assert "is a moderator" not in run(tmp_path, "reports", "show", str(about_boris))[1]
