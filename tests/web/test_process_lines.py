"""A child process's line read under a deadline (``process_lines``): one that never prints fails
the test, naming what it awaited, and is killed, where ``readline`` waited for ever."""

from __future__ import annotations

import subprocess
import sys

import pytest
from tests.web.process_lines import next_line


def test_a_line_never_printed_fails_naming_what_was_awaited() -> None:
    silent = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(120)"], stdout=subprocess.PIPE, text=True
    )
    with pytest.raises(AssertionError, match=r"waited 0\.5 s for the bot.s game link"):
        next_line(silent, "the bot's game link", timeout=0.5)
    assert silent.returncode is not None  # killed, not left behind


def test_a_line_printed_is_read() -> None:
    printing = subprocess.Popen([sys.executable, "-c", "print('game 1')"], stdout=subprocess.PIPE, text=True)
    assert next_line(printing, "its line") == "game 1\n"
    printing.communicate(timeout=60)
