"""The worked scoring examples of the Origins rulebook (seed 004, Hungarian), counted by the
scorer the command line and the browser share, region by region and caveman by caveman.

The rulebook's pictures are not in the text seed: each kingdom here is laid out to show what the
example's words say (so many mammoths around a hunter, a horde of so many warriors of such a
strength), and its figures are the rulebook's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kingdomino.cli import app
from kingdomino.games.scorer import score_text

runner = CliRunner()

#: Seed 004, end of the Discovery mode ("A játék vége"): the score pad's region lines 2, 4, 6, 12
#: and 8, "= 32", the Fire Kingdom (10) and Homo Habilis (5) lines left empty.
SCORE_PAD = """
G1 G0 Q1 Q0   V1
L1 L0 Q0 Q0   V1
L1 D0 H  F1   F0
D1 D0 D0 F0*1 F0
D1 D0 V2 V1   V1
"""
#: Seed 004, Tribe mode, the hunter: "the hunter above has 4 mammoths around it, so it is worth 12
#: points; the hunter below it has 2 mammoths around it, so it is worth 6".
HUNTERS = """
G0m G0m   G0
G0m D0@HU D0
D0  D0@HU G0m
H   .     .
"""
#: Seed 004, Tribe mode, the warriors: "a horde and a lone warrior: the horde is worth 12 points
#: (4 strength x 3 warriors), the lone warrior 1 point (1 strength x 1 warrior)".
HORDE = """
D0@W1 D0@W1 D0@W2
H     D0    .
D0@W1 .     .
"""
#: Seed 004, Tribe mode, the fire woman: "worth 5 points at the end of the game, as there are 5
#: fire symbols around her".
FIRE_WOMAN = """
Q2 Q1    .
F2 D0@FW D0
H  .     .
"""

EXAMPLES = {
    "score pad": (SCORE_PAD, {}, [12, 8, 6, 4, 2], [], 32),
    "hunters": (HUNTERS, {"mode": "tribe"}, [0, 0, 0], [12, 6], 18),
    "horde": (HORDE, {"mode": "tribe"}, [0, 0], [12, 1], 13),
    "fire woman": (FIRE_WOMAN, {"mode": "tribe"}, [6, 2, 0], [5], 5 + 6 + 2),
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_rulebook_examples_score_as_printed(name: str) -> None:
    """Seed 004's examples (see each kingdom's comment): the regions' and cavemen's points."""
    text, options, regions, cavemen, total = EXAMPLES[name]
    sheet = score_text("origins", text, options)
    assert [r.points for r in sheet.regions] == regions
    assert [b.points for b in sheet.bonuses] == cavemen
    assert sheet.total == total


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_command_line_scores_the_rulebook_examples_alike(name: str, tmp_path: Path) -> None:
    """``kingdomino score --game origins`` on seed 004's examples: the same lines and total."""
    text, options, regions, cavemen, total = EXAMPLES[name]
    path = tmp_path / "territory.txt"
    path.write_text(text)
    mode = ["--mode", str(options["mode"])] if "mode" in options else []
    result = runner.invoke(app, ["score", str(path), "--game", "origins", *mode, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["points"] for r in data["regions"]] == regions
    assert [b["points"] for b in data["bonuses"]] == cavemen
    assert data["total"] == total


def test_the_score_pad_s_optional_lines_add_10_and_5() -> None:
    """Seed 004's score pad has a line for Fire Kingdom (10: the hut in the centre) and one for
    Homo Habilis (5: the territory complete); the example's territory earns both."""
    sheet = score_text("origins", SCORE_PAD, {"fire_kingdom": True, "homo_habilis": True})
    assert [(b.key, b.points) for b in sheet.bonuses] == [("fire_kingdom", 10), ("homo_habilis", 5)]
    assert sheet.total == 32 + 10 + 5
