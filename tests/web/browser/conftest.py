"""The browser of the tests in this folder: Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from tests.web.browser.pages import (
    ARTIFACTS,
    CHROMIUM,
    new_page,
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, launched once for a module's tests (a launch is about a second), each test in
    contexts of its own (``new_page``), closed when it ends. Not for the whole session: while
    Playwright's sync API runs, ``asyncio.run`` fails in its thread, and other modules use it.
    Without Chromium the tests that use it skip."""
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (scripts/test installs it)")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Any, live_server: str) -> Iterator[Any]:
    """A laptop-sized page on a live server of the test's own; no error may reach its console."""
    page = new_page(browser, live_server)
    yield page
    assert not page.errors, page.errors
