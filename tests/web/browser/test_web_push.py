"""Web Push in the page (``static/web-push.js``, ``turn-notify.js``'s setting) and in the service
worker (``static/sw.js``'s ``push``).

Debian's headless shell reaches no push service, so the page's ``PushManager`` is replaced by an
init script that records the key it is asked to subscribe with and answers with a subscription of
its own (an endpoint on a public address, keys of the right sizes, so the server keeps it); a push
is dispatched in the worker as the browser would, its notification recorded. The server's sending
is tested against a push service of the test's own in ``tests/web/test_push.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new
from tests.web.browser.test_correspondence import controlled, service_worker
from tests.web.browser.test_turn_notify import notifying_page

#: The subscription the stub gives: a public endpoint, a P-256 point (65 bytes, 0x04 first) and a
#: 16-byte secret, as a browser's are.
ENDPOINT = "https://8.8.8.8/push/browser-test"
P256DH = "BA" + "A" * 85
AUTH = "A" * 22

#: Replaces the page's ``PushManager``: records each key subscribed with (``__push.keys``, URL-safe
#: base64) and each unsubscription. The subscription outlives the page, as a browser's does: its
#: key is kept in the origin's storage (``test.push-kept``) and read back by the next page.
PUSH_STUB = (
    """(() => {
  window.__push = { keys: [], unsubscribed: 0 };
  const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const made = (key) => ({
    endpoint: "ENDPOINT",
    options: { applicationServerKey: key.buffer },
    toJSON: () => ({ endpoint: "ENDPOINT", expirationTime: null,
      keys: { p256dh: "P256DH", auth: "AUTH" } }),
    unsubscribe: async () => {
      window.__push.unsubscribed += 1;
      kept = null;
      localStorage.removeItem("STUB_KEPT");
      return true;
    },
  });
  const stored = localStorage.getItem("STUB_KEPT");
  let kept = stored ? made(Uint8Array.from(JSON.parse(stored))) : null;
  PushManager.prototype.getSubscription = async function () { return kept; };
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.__push.keys.push(b64(key));
    localStorage.setItem("STUB_KEPT", JSON.stringify([...key]));
    kept = made(key);
    return kept;
  };
})();""".replace("ENDPOINT", ENDPOINT)
    .replace("P256DH", P256DH)
    .replace("AUTH", AUTH)
    .replace("STUB_KEPT", "test.push-kept")
)

#: A push of the server dispatched in the service worker (its payload the argument); the
#: notifications the worker showed for it.
PUSH = """async (payload) => {
  const shown = [];
  self.registration.showNotification = async (title, options) => { shown.push({ title, ...options }); };
  const event = new PushEvent("push", { data: payload });
  let done = Promise.resolve();
  Object.defineProperty(event, "waitUntil", { value: (promise) => { done = promise; } });
  self.dispatchEvent(event);
  await done;
  return shown;
}"""

SAID = "#notify-turn-said"


def pushing_page(browser: Browser, base: str) -> LivePage:
    page = notifying_page(browser, base)
    page.context.add_init_script(PUSH_STUB)
    return page


def said_is(page: LivePage, words: str) -> None:
    page.wait_for_function(
        "(words) => document.querySelector('#notify-turn-said').textContent === words", arg=words
    )


def test_the_setting_subscribes_with_the_server_key_and_takes_it_back(
    browser: Browser, live_server: str
) -> None:
    """Vera, logged in, ticks "Notify me when it is my turn": the browser subscribes with the
    server's key and the server keeps the subscription, which the setting says; unticked, the
    server forgets it and the browser ends it. A guest is told to log in for it."""
    page = pushing_page(browser, live_server)
    log_in_new(page, live_server, "Vera")
    with page.expect_request(
        lambda r: r.url.endswith("/api/push/subscriptions") and r.method == "POST"
    ) as posted:
        page.check("#notify-turn")
    said_is(page, "Also while the app is closed, on this device.")
    key = httpx.get(f"{live_server}/api/push/key", timeout=30).json()["key"]
    assert page.evaluate("window.__push.keys") == [key]
    body: dict[str, Any] = posted.value.post_data_json or {}
    assert (body["endpoint"], body["keys"], body["language"]) == (
        ENDPOINT,
        {"p256dh": P256DH, "auth": AUTH},
        "en",
    )
    shots = Path(ARTIFACTS) / "push"
    shots.mkdir(parents=True, exist_ok=True)
    page.locator("#notify-turn").locator("xpath=ancestor::section").screenshot(
        path=str(shots / "setting-on.png")
    )
    with page.expect_request(
        lambda r: r.url.endswith("/api/push/subscriptions") and r.method == "DELETE"
    ) as gone:
        page.uncheck("#notify-turn")
    assert gone.value.post_data_json == {"endpoint": ENDPOINT}
    page.wait_for_function("window.__push.unsubscribed === 1")
    assert page.errors == []
    guest = pushing_page(browser, live_server)
    guest.goto(live_server + "/")
    guest.check("#notify-turn")
    said_is(guest, "Log in to be notified while the app is closed too.")
    assert guest.errors == []


def test_a_page_opened_later_says_this_browser_is_subscribed(browser: Browser, live_server: str) -> None:
    """Vera turned notifications on, which subscribed this browser: the pages she opens later say
    so too, not only the one where she ticked the box."""
    page = pushing_page(browser, live_server)
    log_in_new(page, live_server, "Vera")
    page.check("#notify-turn")
    said_is(page, "Also while the app is closed, on this device.")
    page.reload()
    page.wait_for_selector("#notify-turn:checked")
    said_is(page, "Also while the app is closed, on this device.")
    assert page.evaluate("window.__push.keys") == []  # said from the subscription kept, not made anew
    assert page.errors == []


def test_logging_in_subscribes_a_browser_whose_notifications_are_on(
    browser: Browser, live_server: str
) -> None:
    """Notifications on as a guest, Vera logs in: this browser is then subscribed to her account."""
    page = pushing_page(browser, live_server)
    page.goto(live_server + "/")
    page.check("#notify-turn")
    said_is(page, "Log in to be notified while the app is closed too.")
    with page.expect_request(
        lambda r: r.url.endswith("/api/push/subscriptions") and r.method == "POST"
    ) as posted:
        log_in_new(page, live_server, "Vera")
    answered = posted.value.response()
    assert answered is not None and answered.status == 201
    assert page.errors == []


def test_a_push_is_shown_by_the_worker_with_the_page_s_tag(browser: Browser, live_server: str) -> None:
    """A push of the server is shown as its notification, tagged as the page's own notification of
    the same event (so a browser shows one), and its click opens the page it names."""
    page = pushing_page(browser, live_server)
    log_in_new(page, live_server, "Vera")
    page.check("#notify-turn")
    said_is(page, "Also while the app is closed, on this device.")
    controlled(page)
    note = {
        "game": "g1",
        "tag": "g1:7",
        "title": "Your turn",
        "body": "Kingdomino with Bela",
        "href": "/game/g1",
    }
    shown: list[dict[str, Any]] = service_worker(page).evaluate(PUSH, json.dumps(note))
    assert shown == [
        {"title": "Your turn", "body": "Kingdomino with Bela", "tag": "g1:7", "data": {"href": "/game/g1"}}
    ]


#: The browser's renewal of its subscription (``pushsubscriptionchange``), dispatched in the
#: service worker with the new subscription's JSON (the argument); the status of the server's
#: answer to the worker.
RENEWED = """async (json) => {
  const change = new ExtendableEvent("pushsubscriptionchange");
  Object.defineProperty(change, "oldSubscription", { value: null });
  const made = { endpoint: json.endpoint, toJSON: () => json };
  Object.defineProperty(change, "newSubscription", { value: made });
  let done = Promise.resolve(null);
  Object.defineProperty(change, "waitUntil", { value: (promise) => { done = promise; } });
  self.dispatchEvent(change);
  const answer = await done;
  return answer ? answer.status : null;
}"""


def test_a_renewed_subscription_is_given_to_the_server(browser: Browser, live_server: str) -> None:
    """A push service may renew a browser's subscription with no page open: the worker gives
    the new one to the server (the account's session in its cookie), which keeps it."""
    page = pushing_page(browser, live_server)
    log_in_new(page, live_server, "Vera")
    page.check("#notify-turn")
    said_is(page, "Also while the app is closed, on this device.")
    controlled(page)
    renewed = {
        "endpoint": ENDPOINT + "-renewed",
        "expirationTime": None,
        "keys": {"p256dh": P256DH, "auth": AUTH},
    }
    assert service_worker(page).evaluate(RENEWED, renewed) == 201
