"""What the command line shows a person is in words, never the engine's identifiers.

Not ``forest_jungle`` in a score table, ``double_dot`` and ``all_black`` in Duel's log and
bonuses, ``phase first_claim`` over an Origins table, nor option errors naming
``middle_kingdom`` and ``options.totem_tie`` where the player typed ``--variant
middle-kingdom``. JSON and records keep the identifiers.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from kingdomino.agents import make_agent
from kingdomino.cli import app
from kingdomino.cli.play import choose_move, play_interactive
from kingdomino.cli.words import in_words, term
from kingdomino.core.game import CHANCE, Game, State
from kingdomino.core.seeds import ChanceSampler
from kingdomino.games.registry import make_game

runner = CliRunner()
#: What an identifier looks like: parts joined by underscores.
IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:_[A-Za-z0-9]+)+\b")
DUEL_RECORD = Path(__file__).parent.parent / "duel" / "golden" / "greedy_random.json"


def test_terms_come_from_the_games_data() -> None:
    assert term("forest_jungle") == "forest/jungle"
    assert term("double_dot") == "double dot"
    assert term("fishing_child") == "Fishing Child"
    assert term("take_two_dice_as_player_A") == "take 2 dice at once as player A"
    assert term("first_claim") == "first claim"
    assert term("lake") == "lake"
    assert in_words("2 all_black domains x 3") == "2 all black domains x 3"


def test_score_tables_name_regions_and_bonuses_in_words(tmp_path: Path) -> None:
    territory = tmp_path / "territory.txt"
    territory.write_text("G1 F0 F0\n.  H  D0\n")
    table = runner.invoke(app, ["score", str(territory), "--game", "origins"])
    assert table.exit_code == 0, table.output
    assert "forest/jungle" in table.output and "forest_jungle" not in table.output
    as_json = runner.invoke(app, ["score", str(territory), "--game", "origins", "--json"])
    assert "forest_jungle" in {region["kind"] for region in json.loads(as_json.output)["regions"]}
    duel_map = tmp_path / "map.txt"
    duel_map.write_text("P1 P0 C\n.  B1 .\ndomains P\n")
    table = runner.invoke(app, ["score", str(duel_map), "--game", "duel"])
    assert table.exit_code == 0, table.output
    assert "double dot" in table.output and "all black" in table.output
    assert "1 double dot domain x 3" in table.output and "domains x" not in table.output
    assert not IDENTIFIER.search(table.output), table.output


def test_the_duel_log_and_tables_are_in_words() -> None:
    result = runner.invoke(app, ["replay", str(DUEL_RECORD), "--verbose"])
    assert result.exit_code == 0, result.output
    assert not IDENTIFIER.search(result.output), IDENTIFIER.findall(result.output)
    console = Console(file=io.StringIO(), record=True, width=160)
    play_interactive(make_game("duel", 2), ["greedy", "greedy"], 5, console)
    shown = console.export_text()
    assert "double dot" in shown or "all black" in shown or "double stripe" in shown
    assert not IDENTIFIER.search(shown), IDENTIFIER.findall(shown)


def test_the_origins_table_names_its_phase_in_words() -> None:
    console = Console(file=io.StringIO(), record=True, width=160)

    game = make_game("origins", 2, {"mode": "tribe"})
    play_interactive(game, ["greedy", "human"], 1, console, lambda _prompt: "quit")  # seat 1 claims first
    shown = console.export_text()
    assert "phase first claim" in shown
    assert not IDENTIFIER.search(shown), IDENTIFIER.findall(shown)


def test_a_move_listed_in_words_may_be_typed_in_words() -> None:
    """Duel's "?" becomes a coat of arms: listed ``coat double dot``, typed so or as recorded."""
    game = make_game("duel", 2)
    wanted = game.parse_action("coat double_dot")
    state = _first_state(game, lambda state: wanted in state.legal_actions())
    console = Console(file=io.StringIO(), record=True, width=160)
    for typed in ("coat double dot", "Coat  Double Dot", "coat double_dot"):

        def read(_prompt: str, answer: str = typed) -> str:
            return answer

        assert choose_move(state, console, read) == wanted
    assert "coat double dot" in console.export_text()
    assert "double_dot" not in console.export_text()


def _first_state(game: Game, wanted: Callable[[State], bool]) -> State:
    """The first position ``wanted`` of random games, seed after seed."""
    for seed in range(100):
        sampler, agent = ChanceSampler(seed), make_agent("random", seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if wanted(state):
                return state
            state.apply(sampler.sample(state) if state.current_player == CHANCE else agent.act(state))
    raise AssertionError("no such position in 100 random games")


def test_option_mistakes_name_the_flag_and_the_names_as_typed() -> None:
    def error(*args: str) -> str:
        result = runner.invoke(app, ["simulate", "--agents", "random,random", "--games", "1", *args])
        assert result.exit_code == 2, result.output
        return " ".join(result.output.split())

    unknown = error("--variant", "fire-kingdom")
    assert "--variant: unknown Kingdomino variant 'fire-kingdom'" in unknown
    assert "middle-kingdom, harmony, mighty-duel" in unknown
    assert "_" not in unknown
    origins = error("--game", "origins", "--variant", "middle-kingdom")
    assert "fire-kingdom, homo-habilis, totem-tie, final-recruit" in origins
    tie = error("--game", "origins", "--variant", "totem-tie=maybe")
    assert tie.startswith("error: --variant totem-tie: expected one of keep, choose, got 'maybe'")
    bare = error("--game", "origins", "--variant", "totem-tie")  # said "got True"
    assert bare.endswith("got true (a bare name sets it true): write --variant totem-tie=VALUE")
    assert "--mode: expected one of discovery, totem, tribe" in error("--game", "origins", "--mode", "stone")
    duel = error("--game", "duel", "--variant", "harmony")
    assert "unknown Kingdomino Duel variant 'harmony'; expected one of pass-fills-spellbook" in duel
    duel_value = error("--game", "duel", "--variant", "pass-fills-spellbook=maybe")
    assert duel_value.startswith("error: --variant pass-fills-spellbook: expected true or false, got 'maybe'")


def test_on_and_off_variants_take_the_words_people_type() -> None:
    """``--variant harmony=true`` was refused: "expected true or false, got 'true'"."""
    for value, on in (("true", True), ("yes", True), ("on", True), ("false", False), ("no", False)):
        args = ["simulate", "--agents", "random,random", "--games", "1", "--variant", f"harmony={value}"]
        result = runner.invoke(app, args, terminal_width=200)
        assert result.exit_code == 0, result.output
        assert ("Kingdomino, 2 players (harmony)" in result.output) is on, result.output


def test_duel_takes_its_optional_rule_by_the_typed_name() -> None:
    args = ["simulate", "--game", "duel", "--agents", "greedy,random", "--games", "1"]
    result = runner.invoke(app, [*args, "--variant", "pass-fills-spellbook"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "Kingdomino Duel, 2 players (pass fills spellbook)" in " ".join(result.output.split())


def test_score_option_mistakes_name_the_flag(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text("G1 H\n")
    totems = runner.invoke(app, ["score", str(path), "--game", "origins", "--variant", "totems=bear"])
    assert totems.exit_code == 2 and "--variant totems: unknown resource 'bear'" in totems.output
    assert f"{path}:" not in totems.output  # about the option, not the file
    unknown = runner.invoke(app, ["score", str(path), "--variant", "fire-kingdom"])
    assert unknown.exit_code == 2 and "--variant: unknown Kingdomino variant 'fire-kingdom'" in unknown.output


def test_a_duel_map_s_errors_name_the_coats_in_words(tmp_path: Path) -> None:
    """A misspelt cell or ``domains`` line listed the coats as ``P (double_dot)``, ``B (all_black)``."""
    for text in ("X0 C\n", "P1 C\ndomains Z\n"):
        duel_map = tmp_path / "map.txt"
        duel_map.write_text(text)
        result = runner.invoke(app, ["score", str(duel_map), "--game", "duel"])
        assert result.exit_code == 2, result.output
        said = result.output.replace(str(duel_map), "map.txt")
        assert "P (double dot)" in said and "B (all black)" in said, said
        assert not IDENTIFIER.search(said), said
