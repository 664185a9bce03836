"""The browser of the tests in this folder: Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright
from tests.web.browser.pages import (
    ARTIFACTS,
    CHROMIUM,
    LivePage,
    new_page,
)

HERE = Path(__file__).resolve().parent

#: Chromium's flags: no sandbox (the tests run as root in containers), and no GPU process nor
#: GPU compositing, which a machine without a GPU only emulates (docs/testing.md: 11 % less
#: of Chromium's CPU).
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-gpu-compositing", "--disable-software-rasterizer"]

#: The running Playwright and its Chromium, while this folder's tests run one after another.
_RUNNING: list[tuple[Playwright, Browser]] = []


@pytest.fixture
def browser() -> Browser:
    """Chromium, launched at the first test of this folder and kept while the tests that follow
    on the worker are this folder's too (a launch is one to three seconds); each test uses
    contexts of its own (``new_page``), closed when it ends. It is closed before any other test
    (``pytest_runtest_teardown``): while Playwright's sync API runs, ``asyncio.run`` fails in its
    thread, and other folders' tests use it. Without Chromium the tests that use it skip."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (scripts/test installs Debian's chromium)")
    if not _RUNNING:
        from playwright.sync_api import sync_playwright

        ARTIFACTS.mkdir(exist_ok=True)
        playwright = sync_playwright().start()
        try:
            launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        except BaseException:
            playwright.stop()
            raise
        _RUNNING.append((playwright, launched))
    return _RUNNING[0][1]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Chromium and Playwright stopped once the worker's next test is not of this folder (or
    there is none), after the test's own fixtures (its pages) are done with."""
    yield
    if nextitem is not None and HERE in Path(nextitem.path).resolve().parents:
        return
    while _RUNNING:
        playwright, launched = _RUNNING.pop()
        try:
            launched.close()
        finally:
            playwright.stop()


@pytest.fixture
def page(browser: Browser, live_server: str) -> Iterator[LivePage]:
    """A laptop-sized page on a live server of the test's own; no error may reach its console."""
    page = new_page(browser, live_server)
    yield page
    assert not page.errors, page.errors
