"""The commands the research pages give exist as written: every ``kingdomino ...`` command of
README.md, docs/agents.md, docs/strength.md, docs/reinforcement-learning.md, docs/ladder*.md,
the examples and bench/run_yardsticks.sh names a command of the ``kingdomino`` program and only
options that command takes, and every ``bench/....py`` or ``examples/....py`` run names a script
that is there and only options it declares. Nothing is run: a renamed option or script fails
here, not in a reader's shell hours into a run."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from kingdomino.cli import app

ROOT = Path(__file__).resolve().parent.parent
PAGES = [
    ROOT / "README.md",
    ROOT / "docs" / "agents.md",
    ROOT / "docs" / "strength.md",
    ROOT / "docs" / "reinforcement-learning.md",
    *sorted((ROOT / "docs").glob("ladder*.md")),
]
#: Files whose lines are commands or hold them: the examples, and the script of the full runs.
EXAMPLES = [*sorted((ROOT / "examples").glob("*.py")), ROOT / "bench" / "run_yardsticks.sh"]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
SPAN = re.compile(r"(`+)([^`].*?)\1", re.DOTALL)
#: A command's start: the program, maybe by its path in the venv, maybe under ``nice``.
PROGRAM = re.compile(r"^(?:nice -n \d+ )?(?:\S*/)?kingdomino (.*)$")
#: A script run: ``python bench/x.py ...``, ``.venv/bin/python examples/x.py ...``.
SCRIPT = re.compile(r"(?:^|\s)((?:bench|examples)/[\w-]+\.py)((?:\s+[^\s#]+)*)")
#: An option named in a command: ``--games``, ``-p`` (not a negative number).
OPTION = re.compile(r"(?<![\w=-])(--[a-z][a-z0-9-]*|-[a-zA-Z])(?![\w-])")
#: A script's options, as its argparse parser declares them.
DECLARED = re.compile(r"add_argument\(\s*((?:\"-[^\"]+\",?\s*)+)")


def commands_of(text: str) -> Iterator[str]:
    """Each command of a Markdown page: a shell block's lines (a ``\\`` joins the next), a code
    span's text; comments cut off."""
    for language, body in FENCE.findall(text):
        if language in ("sh", "bash", ""):
            yield from (line.split(" # ")[0].strip() for line in body.replace("\\\n", " ").splitlines())
    for _, span in SPAN.findall(FENCE.sub("", text)):
        yield " ".join(span.split())


def program_commands() -> Iterator[tuple[str, str]]:
    """``(where, words after "kingdomino")`` for every command of the program the pages give."""
    for page in PAGES:
        for command in commands_of(page.read_text(encoding="utf-8")):
            if match := PROGRAM.match(command):
                yield page.relative_to(ROOT).as_posix(), match[1]
    for example in EXAMPLES:
        lines = example.read_text(encoding="utf-8").replace("\\\n", " ").splitlines()
        if example.suffix == ".sh":
            for line in lines:
                if match := PROGRAM.match(line.strip()):
                    yield example.relative_to(ROOT).as_posix(), match[1]
            continue
        for line in lines:
            for found in re.finditer(r"(?:^|[\s\"`])kingdomino ([a-z][a-z-]*(?: [^\"`\n]*)?)", line):
                yield example.relative_to(ROOT).as_posix(), found[1]


def script_runs() -> Iterator[tuple[str, str, str]]:
    """``(where, script, its arguments)`` for every run of a bench or example script given."""
    for source in [*PAGES, *EXAMPLES]:
        text = source.read_text(encoding="utf-8")
        commands = commands_of(text) if source.suffix == ".md" else text.replace("\\\n", " ").splitlines()
        for command in commands:
            for found in SCRIPT.finditer(command):
                if found[2].strip():
                    yield source.relative_to(ROOT).as_posix(), found[1], found[2]


def resolve(words: list[str]) -> tuple[Any, list[str]] | None:
    """The command ``words`` begin with (a group's subcommand too) and the words after it.
    (Typer's commands are of its own Click, so they are told apart by what they hold.)"""
    command: Any = typer.main.get_command(app)
    taken = 0
    while taken < len(words) and words[taken] in getattr(command, "commands", {}):
        command = command.commands[words[taken]]
        taken += 1
    return (command, words[taken:]) if taken else None


def test_the_pages_give_commands_to_check() -> None:
    """The extraction finds the commands (a regex that matched nothing would pass everything)."""
    found = {words.split()[0] for _, words in program_commands()}
    assert {"tournament", "ladder", "compare", "serve", "simulate"} <= found
    assert {script for _, script, _ in script_runs()} >= {"bench/bench_strength.py", "examples/train_ppo.py"}


@pytest.mark.parametrize(("where", "words"), sorted(set(program_commands())))
def test_a_command_of_the_pages_names_its_options_as_the_program_takes_them(where: str, words: str) -> None:
    resolved = resolve(words.split())
    assert resolved is not None, f"{where}: 'kingdomino {words}': no such command"
    command, rest = resolved
    taken = {name for param in command.params for name in (*param.opts, *param.secondary_opts)}
    unknown = sorted(set(OPTION.findall(" ".join(rest))) - taken - {"--help"})
    assert unknown == [], f"{where}: 'kingdomino {words}': {command.name} takes no {', '.join(unknown)}"


@pytest.mark.parametrize(("where", "script", "arguments"), sorted(set(script_runs())))
def test_a_script_run_of_the_pages_names_a_script_and_its_options(
    where: str, script: str, arguments: str
) -> None:
    path = ROOT / script
    assert path.is_file(), f"{where}: {script} is not there"
    declared = {
        name
        for names in DECLARED.findall(path.read_text(encoding="utf-8"))
        for name in re.findall(r"-[\w-]+", names)
    }
    unknown = sorted(set(OPTION.findall(arguments)) - declared - {"-h", "--help"})
    assert unknown == [], f"{where}: '{script}{arguments}': {script} declares no {', '.join(unknown)}"
