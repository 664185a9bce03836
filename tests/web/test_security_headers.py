"""Every answer carries the browser's security headers (``web/security_headers.py``).

The pages had none: no Content-Security-Policy, no X-Frame-Options nor frame-ancestors, no nosniff,
no Referrer-Policy, so the lobby (which lists this browser's games) could be framed by any site,
and an invite link's token could leave as a referrer.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", "/score"),
        ("GET", "/game/nope"),
        ("GET", "/static/app.js"),
        ("GET", "/sw.js"),
        ("GET", "/api/meta"),
        ("GET", "/api/games/nope"),  # a refusal
        ("GET", "/nowhere"),  # the 404 page
        ("POST", "/api/score"),  # a body the app refuses
    ],
)
def test_every_answer_has_the_security_headers(client: TestClient, method: str, path: str) -> None:
    response = client.request(method, path, headers={"accept": "text/html"}, json={"bad": 1})
    headers = response.headers
    policy = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "script-src 'self';" in policy
    assert "style-src 'self';" in policy and "unsafe" not in policy
    assert "worker-src 'self';" in policy
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_a_body_too_large_is_refused_with_the_headers_too(client: TestClient) -> None:
    response = client.post("/api/score", content=b"x" * 20000, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.headers["x-frame-options"] == "DENY"


def test_the_api_documentation_page_may_load_swagger_from_its_cdn(client: TestClient) -> None:
    response = client.get("/docs")
    assert response.status_code == 200
    policy = response.headers["content-security-policy"]
    assert "https://cdn.jsdelivr.net" in policy and "frame-ancestors 'none'" in policy
    for source in ("cdn.jsdelivr.net/npm/swagger-ui-dist", "fastapi.tiangolo.com/img/favicon.png"):
        assert source in response.text  # what the policy allows is what the page loads


def test_the_service_worker_is_served_from_the_root_as_a_script(client: TestClient) -> None:
    """Served from ``/``, its scope may be the whole app (a worker's scope is at most its folder),
    as a script, and checked at each visit rather than taken from a cache."""
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.headers["cache-control"] == "no-cache"
    assert 'addEventListener("notificationclick"' in response.text
