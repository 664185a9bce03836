"""The ``kingdomino`` command for Kingdomino: score, simulate, replay and play, bad input included."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from tests.cli.records import record_with_an_illegal_action
from typer.testing import CliRunner

from kingdomino.cli import app, normalise_argv
from kingdomino.cli.app import console as cli_console
from kingdomino.cli.play import play_interactive
from kingdomino.core.records import GameRecord
from kingdomino.games.registry import make_game

runner = CliRunner()
GOLDEN = Path(__file__).parent.parent / "classic" / "golden"

FULL = """\
W1 W0 F0 F1 F0
L1 W0 F0 G2 G0
L0 L0 C  G0 S0
M2 L1 W0 W0 S2
M0 M1 W1 S0 S1
"""


def write(tmp_path: Path, text: str, name: str = "kingdom.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_score_prints_regions_and_total(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", str(write(tmp_path, FULL))])
    assert result.exit_code == 0, result.output
    assert "45 points" in result.output
    assert "swamp" in result.output


def test_score_json_with_both_bonuses(tmp_path: Path) -> None:
    args = ["score", str(write(tmp_path, FULL)), "--variant", "middle-kingdom", "--variant", "harmony"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"] == 45 + 10 + 5
    assert {bonus["name"] for bonus in data["bonuses"]} == {"middle kingdom", "harmony"}


def test_score_says_why_a_bonus_scores_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A "middle kingdom | 0" or "harmony | 0" line of the table says why it scores nothing."""
    # The console's width is read from COLUMNS when the CLI is imported, not at each invoke.
    monkeypatch.setattr(cli_console, "width", 200)
    bonuses = ["--variant", "middle-kingdom", "--variant", "harmony"]
    result = runner.invoke(app, ["score", "-", *bonuses], input="C W1 W0 W0\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "middle kingdom: the castle is not in the centre of the 5x5 square │ │ │ 0" in text, text
    assert "harmony: the kingdom is not full: 21 squares are empty │ │ │ 0" in text, text
    origins = ["--game", "origins", "--variant", "fire-kingdom", "--variant", "homo-habilis"]
    result = runner.invoke(app, ["score", "-", *origins], input="H G0 G0 G0\n", env={"COLUMNS": "200"})
    text = " ".join(result.output.split())
    assert "fire kingdom: the hut is not in the centre of the 5x5 square" in text, text
    assert "homo habilis: the territory is not full: 21 squares are empty" in text, text


def test_score_reads_standard_input() -> None:
    result = runner.invoke(app, ["score", "-", "--json"], input="C W1 W1\n")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["total"] == 2 * 2


def test_score_refuses_a_bad_cell_with_line_and_column(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", str(write(tmp_path, "C  W1\nW1 X3\n"))])
    assert result.exit_code == 2
    assert "line 2, column 4" in result.output


def test_score_refuses_a_kingdom_without_castle_or_too_large(tmp_path: Path) -> None:
    no_castle = runner.invoke(app, ["score", str(write(tmp_path, "W1 W1\n"))])
    assert no_castle.exit_code == 2 and "castle" in no_castle.output
    wide = " ".join(["W0"] * 5 + ["C"]) + "\n"
    too_wide = runner.invoke(app, ["score", str(write(tmp_path, wide, "wide.txt"))])
    assert too_wide.exit_code == 2 and "5" in too_wide.output
    fits_seven = runner.invoke(app, ["score", str(write(tmp_path, wide, "wide.txt")), "--frame", "7"])
    assert fits_seven.exit_code == 0, fits_seven.output


#: A full 7x7 kingdom, castle in the centre: wheat 14 x 2 = 28, forest 10 x 1 = 10, lake 6 x 1 = 6,
#: grassland 7 x 2 = 14, swamp 7 x 1 = 7, mine 4 x 3 = 12; 77 in all.
FULL_SEVEN = """\
W1 W1 W0 W0 W0 W0 W0
W0 W0 W0 W0 W0 W0 W0
F1 F0 F0 F0 F0 F0 F0
F0 F0 F0 C  L0 L0 L1
G1 G0 G0 G0 L0 L0 L0
G0 G1 G0 S1 S0 M3 M0
S0 S0 S0 S0 S0 M1 W0
"""


def test_score_mighty_duel_implies_the_seven_by_seven_frame(tmp_path: Path) -> None:
    # Mighty Duel: "2 players, all 48 dominoes, 7x7 kingdoms"; the variant alone sets the frame.
    path = str(write(tmp_path, FULL_SEVEN))
    for extra in (
        ["--variant", "mighty-duel"],
        ["--variant", "mighty-duel", "--frame", "7"],
        ["--frame", "7"],
    ):
        result = runner.invoke(app, ["score", path, *extra, "--json"])
        assert result.exit_code == 0, (extra, result.output)
        assert json.loads(result.output)["total"] == 77
    bonuses = ["--variant", "mighty-duel", "--variant", "middle-kingdom", "--variant", "harmony", "--json"]
    assert json.loads(runner.invoke(app, ["score", path, *bonuses]).output)["total"] == 77 + 10 + 5
    five = runner.invoke(app, ["score", path])  # without the variant the frame stays 5x5
    assert five.exit_code == 2 and "5x5 frame" in five.output


def test_score_refuses_a_frame_that_contradicts_mighty_duel(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["score", str(write(tmp_path, FULL)), "--variant", "mighty-duel", "--frame", "5"]
    )
    assert result.exit_code == 2
    assert "--frame" in result.output and "mighty-duel" in result.output and "7x7" in result.output


def test_score_refuses_a_square_beyond_the_box_unless_any_squares(tmp_path: Path) -> None:
    path = str(write(tmp_path, "W3 C"))
    refused = runner.invoke(app, ["score", path])
    assert refused.exit_code == 2
    assert "line 1, column 1: 'W3': the box has no wheat field square with 3 crowns" in refused.output
    assert json.loads(runner.invoke(app, ["score", path, "--any-squares", "--json"]).output)["total"] == 3
    duel = runner.invoke(app, ["score", path, "--game", "duel", "--any-squares"])
    assert duel.exit_code == 2 and "--any-squares: a Duel map is drawn from dice" in duel.output


def test_score_refuses_bad_options(tmp_path: Path) -> None:
    path = str(write(tmp_path, FULL))
    assert "--frame" in runner.invoke(app, ["score", path, "--frame", "6"]).output
    assert "unknown game" in runner.invoke(app, ["score", path, "--game", "chess"]).output
    missing = runner.invoke(app, ["score", str(tmp_path / "absent.txt")])
    assert missing.exit_code == 2 and "absent.txt" in missing.output


def test_simulate_json_lines_and_summary() -> None:
    args = ["simulate", "--agents", "greedy,random,random", "--games", "4", "--seed", "3", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    games, summary = lines[:-1], lines[-1]["summary"]
    assert [game["seed"] for game in games] == [3, 4, 5, 6]
    assert all(len(game["scores"]) == 3 and game["winners"] for game in games)
    assert sum(summary["wins"]) == 4
    shares = [0.0, 0.0, 0.0]
    for game in games:
        for seat in game["winners"]:
            shares[seat] += 1 / len(game["winners"])
    assert summary["wins"] == shares


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_agents_are_separated_by_spaces_or_commas_alike(command: str) -> None:
    """``simulate`` took commas and ``tournament`` spaces: each takes both, a spec's own settings
    kept on it."""
    outputs = []
    for agents in (["greedy", "mce:iterations=8,playout=random"], ["greedy,mce:iterations=8,playout=random"]):
        words = [command, "--agents", *agents, "--games", "2", "--seed", "5", "--json"]
        result = runner.invoke(app, normalise_argv(words))
        assert result.exit_code == 0, result.output
        outputs.append(result.output)
    assert outputs[0] == outputs[1]
    assert "mce:iterations=8,playout=random" in outputs[0]


def test_simulate_table_and_variants() -> None:
    args = ["simulate", "--agents", "greedy,random", "--games", "2", "--variant", "mighty-duel"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "mighty duel" in result.output


def test_simulate_refuses_bad_agents_and_variants() -> None:
    wrong_count = runner.invoke(app, ["simulate", "--players", "3", "--agents", "greedy,random"])
    assert wrong_count.exit_code == 2 and "expected 3 agents" in wrong_count.output
    unknown = runner.invoke(app, ["simulate", "--agents", "greedy,wizard"])
    assert unknown.exit_code == 2 and "wizard" in unknown.output
    variant = runner.invoke(app, ["simulate", "--agents", "greedy,random", "--variant", "turbo"])
    assert variant.exit_code == 2 and "turbo" in variant.output
    players = runner.invoke(app, ["simulate", "--agents", "greedy,random,random,random,random"])
    assert players.exit_code == 2 and "players" in players.output


def test_replay_prints_the_known_scores() -> None:
    record = GameRecord.load(GOLDEN / "four_greedy_random.json")
    result = runner.invoke(app, ["replay", str(GOLDEN / "four_greedy_random.json")])
    assert result.exit_code == 0, result.output
    assert record.result is not None
    for score in record.result["scores"]:
        assert str(score) in result.output


def test_replay_reports_the_illegal_action_and_stops(tmp_path: Path) -> None:
    path, bad_index, _ = record_with_an_illegal_action(tmp_path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert f"action {bad_index}" in result.output
    assert f"{bad_index} actions applied" in result.output


def test_replay_refuses_malformed_records(tmp_path: Path) -> None:
    not_json = runner.invoke(app, ["replay", str(write(tmp_path, "{nope", "a.json"))])
    assert not_json.exit_code == 2 and "not JSON" in not_json.output
    no_game = runner.invoke(app, ["replay", str(write(tmp_path, '{"players": ["a", "b"]}', "b.json"))])
    assert no_game.exit_code == 2 and "game" in no_game.output


def test_bad_files_and_paths_are_refused_in_words_before_any_work(tmp_path: Path) -> None:
    """Refused in words, before any work: a record not in UTF-8 (no traceback), a record cut short
    (not keeping its false result), a path that cannot be written (not after the whole game or
    ladder)."""
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    for command in (["replay", str(binary)], ["analyse", str(binary), "--at", "0"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2 and "not UTF-8" in result.output, result.output
    record = GameRecord.load(GOLDEN / "three_greedy.json")
    record.actions = record.actions[:30]
    short = tmp_path / "short.json"
    record.dump(short)
    result = runner.invoke(app, ["replay", str(short)])
    assert result.exit_code == 1 and "end before the game does" in result.output
    played = runner.invoke(app, ["play", "--seats", "greedy,greedy", "--save", str(tmp_path)])
    assert played.exit_code == 2 and "--save" in played.output and "is a folder" in played.output
    assert "Winner" not in played.output  # refused before the game, not after it
    seats = runner.invoke(app, ["play", "--players", "4", "--seats", "human,greedy"])
    assert seats.exit_code == 2 and "--players: 4, but --seats names 2 seats" in seats.output
    words = ["tournament", "--agents", "random", "random", "--games", "2", "--out", str(tmp_path)]
    out = runner.invoke(app, normalise_argv(words))
    assert out.exit_code == 2 and "--out" in out.output
    ratings = write(tmp_path, "{not json", "ratings.json")
    words = ["ladder", "--agents", "random", "greedy", "-p", "2", "--games", "2"]
    words += ["--out", str(tmp_path / "l"), "--ratings", str(ratings)]
    ladder = runner.invoke(app, normalise_argv(words))
    assert ladder.exit_code == 2 and "not JSON" in ladder.output
    assert not (tmp_path / "l" / "ladder.json").exists()  # refused before the games, not after them
    for result in (
        runner.invoke(app, ["serve", "--database-url", "bogus://x"]),
        runner.invoke(app, ["serve", "--port", "99999"]),
    ):
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output


def scripted(answers: list[str]) -> Iterator[str]:
    yield from answers
    while True:
        yield "1"


def test_play_a_whole_game_with_typed_moves_and_bad_input(tmp_path: Path) -> None:
    answers = scripted(["help", "place 99,99 N", "gibberish", "0", "board", "1"])
    console = Console(record=True, width=120)
    game = make_game("kingdomino", 2, {})
    record = play_interactive(game, ["human", "greedy"], 5, console, lambda _prompt: next(answers))
    output = console.export_text()
    assert "Not understood" in output
    assert "No move 0" in output
    assert "Winner" in output
    assert record.result is not None
    replayed = runner.invoke(app, ["replay", str(_dump(record, tmp_path))])
    assert replayed.exit_code == 0, replayed.output


def test_play_quit_keeps_the_record_so_far() -> None:
    answers = iter(["quit"])
    console = Console(record=True, width=120)
    game = make_game("kingdomino", 2, {})
    record = play_interactive(game, ["human", "random"], 1, console, lambda _prompt: next(answers))
    assert record.result is None
    assert record.actions and "Game stopped" in console.export_text()


def test_play_command_saves_a_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "--seats", "greedy,random,random", "--seed", "4", "--save", str(path)],
    )
    assert result.exit_code == 0, result.output
    record = GameRecord.load(path)
    assert record.players == ["greedy", "random", "random"]
    assert record.seed == 4 and record.result is not None


def _dump(record: GameRecord, tmp_path: Path) -> Path:
    path = tmp_path / "played.json"
    record.dump(path)
    return path


def test_help_wraps_each_paragraph_to_the_terminal() -> None:
    """A command's help is wrapped to the terminal's width, not cut where its docstring's lines
    end ("each serves" stood alone on a line, "every game" began the next)."""
    result = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "120"}, terminal_width=120)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "(behind a load balancer): each serves every game" in text
    lines = [line.strip() for line in result.output.splitlines()]
    assert not any(line.endswith("each serves") for line in lines), result.output


def test_the_command_line_says_what_a_mistake_was() -> None:
    """-h and --version are known; --mode with Kingdomino names the flag (not "unknown Kingdomino
    variant 'mode'"); one agent for a tournament says what was expected (not "players: got 1")."""
    assert runner.invoke(app, ["-h"]).exit_code == 0
    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0 and version.output.startswith("kingdomino ")
    mode = runner.invoke(app, ["simulate", "--mode", "tribe", "--agents", "random,random", "--games", "1"])
    assert mode.exit_code == 2 and "only Kingdomino Origins has modes" in mode.output
    agents = runner.invoke(app, normalise_argv(["tournament", "--agents", "random", "--games", "2"]))
    assert agents.exit_code == 2 and "one agent per seat (e.g. --agents hard greedy" in agents.output
    top = runner.invoke(app, ["analyse", str(GOLDEN / "three_greedy.json"), "--at", "5", "--top", "0"])
    assert top.exit_code == 2


def test_score_help_shows_each_games_kingdom_text_in_words() -> None:
    """``score --help`` says how each game's kingdom is written (the front ends held the text but
    no command showed it), in player words, the Origins marker's ``*K`` kept as typed."""
    result = runner.invoke(app, ["score", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for expected in (
        "Kingdomino: One line per row",
        "W wheat",
        "Kingdomino Duel:",
        "P double dot",
        "F forest/jungle",
    ):
        assert expected in text
    assert "*K (a marker of K fires)" in text and "D0*2" in text and "--variant totems=" in text
    assert "forest_jungle" not in text and "double_dot" not in text


def test_score_help_example_scores_as_the_help_says() -> None:
    """``score --help`` ends with a whole kingdom to type; scored, it gives the points the help
    announces (cell examples alone, "W0, M2", leave a newcomer guessing at a kingdom's text)."""
    help_text = runner.invoke(app, ["score", "--help"], env={"COLUMNS": "100"}).output
    assert "(16 points;" in " ".join(help_text.split())
    starts = ("W0 W1", "L1 C", "L0 L0")
    rows = [line.strip() for line in help_text.splitlines() if line.strip().startswith(starts)]
    assert len(rows) == 3, help_text
    result = runner.invoke(app, ["score", "-", "--json"], input="\n".join(rows) + "\n")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["total"] == 16


def test_score_explains_what_a_region_scores() -> None:
    result = runner.invoke(app, ["score", "-"], input="C  W1\nW1 W0\n", env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert "points = squares × crowns" in result.output


def test_score_reads_cells_separated_by_tabs(tmp_path: Path) -> None:
    """A row copied from a spreadsheet has tabs between its cells."""
    result = runner.invoke(app, ["score", str(write(tmp_path, "C\tW1\nW1\tW0\n")), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["total"] == 6


@pytest.mark.parametrize(
    ("text", "located", "says"),
    [
        ("W0 W1 .\nL1 C1 F1\n", "line 2, column 4", "'C1': nothing goes on the castle; write 'C' alone"),
        ("W0 C  .\nL1 C  F1\n", "line 2, column 4", "a second castle (the first is on line 1, column 4)"),
        ("W0 W1 .\nL1 C\n", "line 2, column 1", "expected 3 cells like the first row, got 2 (write '.'"),
        ("W0 W1 .\nL1 C X0\n", "line 2, column 6", "'X0' is not a cell"),
        ("W4 C\n", "line 1, column 1", "'W4' has 4 crowns; at most 3"),
    ],
)
def test_score_locates_each_typo_and_says_what_to_write(
    tmp_path: Path, text: str, located: str, says: str
) -> None:
    result = runner.invoke(app, ["score", str(write(tmp_path, text))])
    assert result.exit_code == 2, result.output
    message = " ".join(result.output.split())
    assert f"kingdom.txt: {located}: " in message and says in message, message


def test_score_names_standard_input_in_its_errors() -> None:
    result = runner.invoke(app, ["score", "-"], input="C C\n")
    assert result.exit_code == 2
    assert "standard input: line 1, column 3: a second castle" in " ".join(result.output.split())


def test_origins_hut_typos_are_located_too() -> None:
    result = runner.invoke(app, ["score", "-", "--game", "origins"], input="G0 H1\n")
    assert result.exit_code == 2
    message = " ".join(result.output.split())
    assert "line 1, column 4: 'H1': nothing goes on the hut; write 'H' alone" in message


@pytest.mark.parametrize(
    "command",
    ["", "play", "simulate", "replay", "score", "serve", "ladder", "tournament", "compare", "analyse"],
)
def test_no_help_is_cut_short_at_eighty_columns(command: str) -> None:
    """rich cuts a word longer than its column with "…": no command's help may lose one so."""
    result = runner.invoke(app, [*command.split(), "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0
    assert "…" not in result.output, result.output


def test_a_tournament_of_one_deal_shows_no_interval_of_zero(tmp_path: Path) -> None:
    """``--games 2`` (a newcomer's quick try) plays one deal in two rotations: there is no spread
    to measure, and the table printed "71.0 ± 0.0" as if the mean were exact. Now it prints the
    mean alone and says how many games give an interval; so does ``compare``."""
    outs = []
    for agent in ("greedy", "random"):
        out = tmp_path / f"{agent}.jsonl"
        words = ["tournament", "--agents", agent, "random", "--games", "2", "--seed", "1", "--out", str(out)]
        result = runner.invoke(app, normalise_argv(words), env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        text = " ".join(result.output.split())
        assert "± 0.0" not in text and "--games 4 or more plays two deals" in text
        outs.append(str(out))
    compared = runner.invoke(app, ["compare", *outs], env={"COLUMNS": "200"})
    assert compared.exit_code == 0, compared.output
    assert "± 0.00" not in compared.output and "One deal only" in " ".join(compared.output.split())
    four = runner.invoke(app, normalise_argv(["tournament", "--agents", "greedy", "random", "--games", "4"]))
    assert "±" in four.output and "One deal only" not in four.output


@pytest.mark.parametrize(
    ("command", "flags"),
    [
        ("", ("--version Print the version", "--help -h Show this message")),
        ("tournament", ("--json Print the summary as JSON.", "--help -h Show this message")),
        ("serve", ("--help -h Show this message",)),
        ("replay", ("--verbose Print every action", "--json Print one JSON object")),
        ("simulate", ("--json Print one JSON object per game",)),
        ("score", ("--json Print JSON;",)),
        ("ladder", ("--json Print the ratings as JSON.",)),
        ("compare", ("--json Print the comparison as JSON.",)),
        ("analyse", ("--json Print the analysis as JSON.",)),
    ],
)
def test_a_flag_s_help_shows_no_value_type(command: str, flags: tuple[str, ...]) -> None:
    """A flag stands bare in every command's help, as in Click's own help, not ``--json <bool>``
    nor ``--help -h <bool>`` (Typer's rich help writes a flag's type as if it took a value)."""
    result = runner.invoke(app, [*command.split(), "--help"], env={"COLUMNS": "200"}, terminal_width=200)
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.replace("│", " ").split())
    assert "<bool>" not in text, text
    for flag in flags:
        assert flag in text, text
    # An option that takes a value still names it.
    assert command in ("", "serve") or "<int>" in text or "<path>" in text or "<text>" in text, text


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["simulate", "--agents", "greedy,greedy,greedy,greedy,greedy"], "--agents: Kingdomino takes 2, 3"),
        (["simulate", "--players", "5", "--agents", "a,b,c,d,e"], "--players: Kingdomino takes 2, 3 or 4"),
        (["play", "--seats", "greedy"], "--seats: Kingdomino takes 2, 3 or 4 players, got 1"),
        (["play", "--game", "duel", "--players", "3"], "--players: Kingdomino Duel is for exactly 2"),
        (["play", "--seats", "human,wizard"], "--seats: agent 'wizard': unknown kind"),
        (["tournament", "--agents", *["greedy"] * 5], "--agents: Kingdomino takes 2, 3 or 4"),
        (["tournament", "--agents", "wizard", "greedy"], "--agents: agent 'wizard': unknown kind"),
        # a seat count the game does not take is said before how many agents it would need
        (["tournament", "-p", "5", "--agents", "random", "greedy"], "--players: Kingdomino takes 2, 3 or 4"),
        (["tournament", "-p", "0", "--agents", "random", "greedy"], "--players: Kingdomino takes 2, 3 or 4"),
        (["simulate", "-p", "0", "--agents", "random,greedy"], "--players: Kingdomino takes 2, 3 or 4"),
        (
            ["tournament", "--game", "duel", "-p", "3", "--agents", "random", "greedy"],
            "--players: Kingdomino Duel is for exactly 2",
        ),
        (["ladder", "-p", "5", "--agents", "random", "greedy"], "--players: Kingdomino takes 2, 3 or 4"),
        (["ladder", "--agents", "wizard", "greedy"], "--agents: agent 'wizard': unknown kind"),
        (["ladder", "--agents", "random"], "--agents: a ladder needs at least two agents"),
        (["ladder", "-p", "2", "--agents", "random", "greedy", "--games", "300000"], "--games: at most"),
        (
            ["analyse", str(GOLDEN / "three_greedy.json"), "--at", "5", "--agent", "wizard"],
            "--agent: agent 'wizard': unknown kind",
        ),
    ],
)
def test_a_refusal_names_the_flag_that_was_typed(tmp_path: Path, words: list[str], said: str) -> None:
    """The engine names its fields (``players: ...``, ``agents: ...``); the command line says them
    as the flag a person typed, which for the seat count is ``--agents`` or ``--seats`` when they
    gave it. A refused agent spec is ``--agents`` (``--agent`` for analyse), not the record's file.
    A refused ladder leaves no folder behind."""
    out = ["--out", str(tmp_path / "ladder")] if words[0] == "ladder" else []
    result = runner.invoke(app, normalise_argv([*words, *out]), env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"error: {said}"), result.output
    assert list(tmp_path.iterdir()) == []


def test_ladder_help_says_where_its_results_go_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --out a ladder writes (and later resumes from) a folder of the current directory;
    the help said nothing of it, so a newcomer found ``ladder-results/`` in their checkout."""
    result = runner.invoke(app, ["ladder", "--help"], env={"COLUMNS": "200"}, terminal_width=200)
    text = " ".join(result.output.replace("│", " ").split())
    assert "default: a folder in ladder-results/ named after the ladder, as kingdomino-4p" in text, text
    monkeypatch.chdir(tmp_path)
    words = ["ladder", "-p", "2", "--agents", "random", "greedy", "--games", "2", "--bootstrap", "0"]
    ran = runner.invoke(app, normalise_argv(words), env={"COLUMNS": "200"})
    assert ran.exit_code == 0, ran.output
    assert (tmp_path / "ladder-results" / "kingdomino-2p" / "ladder.json").exists()


def test_compare_names_its_position_flag(tmp_path: Path) -> None:
    """``compare`` of one tournament with itself, or with a position out of range, said
    ``position: ...``; the flag is ``--position``."""
    out = tmp_path / "greedy.jsonl"
    words = ["tournament", "--agents", "greedy", "random", "--games", "2", "--out", str(out)]
    assert runner.invoke(app, normalise_argv(words)).exit_code == 0
    same = runner.invoke(app, ["compare", str(out), str(out)])
    assert same.exit_code == 2 and same.output.startswith(
        "error: --position: the agent lists differ at no"
    ), same.output
    far = runner.invoke(app, ["compare", str(out), str(out), "--position", "7"])
    assert far.exit_code == 2 and far.output.startswith("error: --position: expected 0..1, got 7"), far.output


def test_compare_of_runs_alike_in_every_game_says_so_in_words(tmp_path: Path) -> None:
    """Two runs that agree game for game printed ``+0.00 ± 0.00``: right for a paired test, but
    a zero-width interval reads like a fault; the command says in words that nothing differed."""
    out = tmp_path / "greedy.jsonl"
    words = ["tournament", "--agents", "greedy", "random", "--games", "4", "--out", str(out)]
    assert runner.invoke(app, normalise_argv(words)).exit_code == 0
    same = runner.invoke(app, ["compare", str(out), str(out), "--position", "0"], env={"COLUMNS": "200"})
    assert same.exit_code == 0, same.output
    text = " ".join(same.output.split())
    assert "the same result in every game (score and win, 4 games)" in text, text
    assert "±" not in text and "+0.00" not in text
