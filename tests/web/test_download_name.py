"""The data download's file is named for its account and day (``download_name``): written as the
name is in UTF-8, an ASCII fallback beside it, safe as a file's name on every system."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from urllib.parse import quote, unquote

import pytest
from fastapi.testclient import TestClient
from tests.web.test_closing_accounts import made

from kingdomino.web.download_name import attachment


@pytest.mark.parametrize(
    ("name", "plain", "written"),
    [
        (
            "Ágnes Kovács",
            "kingdomino-Agnes-Kovacs-2026-12-01.json",
            "kingdomino-Ágnes-Kovács-2026-12-01.json",
        ),
        ("Борис", "kingdomino-account-2026-12-01.json", "kingdomino-Борис-2026-12-01.json"),
        ('a/b\\c:d*e?"f<g>h|i', "kingdomino-a-b-c-d-e-f-g-h-i-2026-12-01.json", None),
        ("..Kira  \t", "kingdomino-Kira-2026-12-01.json", None),
    ],
)
def test_a_name_is_kept_readable_and_made_safe(name: str, plain: str, written: str | None) -> None:
    said = attachment(["kingdomino", name, "2026-12-01"], "json", "account")
    ascii_part, utf8_part = said.removeprefix("attachment; ").split("; ")
    assert ascii_part == f'filename="{plain}"' and ascii_part.isascii()
    assert utf8_part.startswith("filename*=UTF-8''") and utf8_part.isascii()
    assert unquote(utf8_part.removeprefix("filename*=UTF-8''")) == (written or plain)


def test_the_export_is_named_for_its_account_and_day(api: TestClient) -> None:
    tail = secrets.token_hex(2)
    session = made(api, f"Ярослава {tail}")
    before = datetime.now(UTC).date().isoformat()
    answer = api.get("/api/account/export", headers=session)
    days = {before, datetime.now(UTC).date().isoformat()}  # the day the download was asked on
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] in {
        f'attachment; filename="kingdomino-{tail}-{day}.json"; '
        f"filename*=UTF-8''kingdomino-{quote('Ярослава')}-{tail}-{day}.json"
        for day in days
    }
