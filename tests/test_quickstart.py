"""The README's Quick start is what CI runs: two commands, the test one called by .ci/run."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the Quick start has a sh code block"
    return [line.split("#", 1)[0].strip() for line in block[1].splitlines() if line.strip()]


def test_quick_start_has_exactly_two_commands_that_exist() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2
    for command in commands:
        assert (ROOT / command).is_file(), command


def test_ci_runs_the_quick_start_test_command() -> None:
    test_command = quick_start_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert test_command in ci.splitlines()
