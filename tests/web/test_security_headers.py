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


@pytest.mark.parametrize("path", ["/", "/game/nope", "/player/Kira", "/score"])
def test_every_page_links_the_manifest_and_the_policy_allows_it(client: TestClient, path: str) -> None:
    """A phone keeps the site on its home screen (an iPhone notifies only from there) by the
    manifest each page links, which the page's own policy lets it fetch."""
    page = client.get(path)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page.text
    base = client.app.state.static_base  # type: ignore[attr-defined]
    assert f'<link rel="apple-touch-icon" href="{base}icon-192.png">' in page.text
    assert "manifest-src 'self';" in page.headers["content-security-policy"]


def test_the_web_app_manifest_is_served_with_its_icons(client: TestClient) -> None:
    """The manifest names the app, opens the lobby standalone, and each icon it names is served,
    a PNG of the size it says."""
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] == "Kingdomino family" and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#")
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    for icon in manifest["icons"]:
        served = client.get(icon["src"])
        assert served.status_code == 200, icon["src"]
        if icon["type"] == "image/png":
            assert served.content[:8] == b"\x89PNG\r\n\x1a\n", icon["src"]
            width = int.from_bytes(served.content[16:20], "big")
            height = int.from_bytes(served.content[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"], icon["src"]
        else:
            assert served.content.lstrip().startswith(b"<svg"), icon["src"]
