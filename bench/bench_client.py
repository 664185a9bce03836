"""The browser client's speed: redraws, long tasks, memory and the first load, in Chromium.

Starts ``kingdomino serve`` on a fresh data directory and drives Debian's Chromium with
Playwright, the CPU slowed ``--throttle`` times through CDP (4: a mid-range phone). Prints:

1. **redraw**: the time from a ``state`` message reaching the page's WebSocket handler to the
   frame after it (the handler's JavaScript and the frame's, where the page draws the state,
   then style, layout and paint), at the start, the middle and the end of a game (most squares)
   and for the finished game's end screen (the page's last state handled again: nothing on the
   table changed), and for each state as it came during the game (one move changed the table:
   the work of a real update), for Kingdomino 4 players, Duel and Origins Tribe 4 players, on a
   phone (390x844) and a laptop (1366x768). Seat 1 is the page's (it answers with a random legal
   move from the move list, so the placing layer is drawn as for a player); the others are AI
   seats of ``--level``.
2. **long tasks** (over 50 ms, a PerformanceObserver) while whole games of AI seats only are
   watched on a phone (a Kingdomino Dynasty of 4 players and an Origins Tribe of 4), and with
   ``--profile`` the functions that take the time in them (CDP ``Profiler``, self time).
3. **memory**: the JS heap after a forced GC (``HeapProfiler.collectGarbage``, then
   ``Performance.getMetrics``), the DOM nodes and the event listeners of the whole page
   (``JSEventListeners``), and those on ``document`` and ``window``
   (``DOMDebugger.getEventListeners``), at the start, after each game of the Dynasty and at
   the end of the Tribe game.
4. **first load**: the bytes of each kind fetched for the lobby with an empty cache, and the time
   until the lobby's Create button is there, on loopback and on a slow 4G line (CDP network
   emulation: 150 ms round trip, 1.6 Mbit/s down).

Nothing here asserts a time: the figures are for reading (docs/browser.md, "The page's speed").

Run: ``PYTHONPATH=src .venv/bin/python bench/bench_client.py [--only redraw,longtasks,memory,load]
[--games kingdomino,duel,tribe] [--sizes phone,laptop] [--throttle 4] [--ai-delay 0.05]
[--profile]``. The whole run takes some minutes (the games are played at the slowed speed).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx

from kingdomino.web.probe_clients import wait_until_answering

CHROMIUM = "/usr/bin/chromium"
SIZES = {"phone": (390, 844), "laptop": (1366, 768)}
#: Each game measured: the request that creates it (seat 0's kind is set per run).
GAMES: dict[str, dict[str, Any]] = {
    "kingdomino": {"game": "kingdomino", "players": 4, "options": {}},
    "duel": {"game": "duel", "players": 2, "options": {}},
    "tribe": {"game": "origins", "players": 4, "options": {"mode": "tribe"}},
}

#: Times each WebSocket message's handler with the frame's callbacks after it (the page draws a
#: state there), and the time to that frame; keeps the long tasks.
PROBE = """
(() => {
  window.__draws = [];
  window.__longtasks = [];
  window.__lastIndex = -1;
  window.__finished = 0;
  window.__gameNumber = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  const squares = (obs) => {
    const boards = (obs && (obs.kingdoms || obs.maps)) || [];
    return boards.reduce((n, b) => n + ((b && b.squares) ? b.squares.length : 0), 0);
  };
  // The page draws a state at the frame after it came (game-pace.js): the JavaScript of frame
  // callbacks is counted with the handler's.
  window.__frameJs = 0;
  const nativeFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => nativeFrame((time) => {
    const start = performance.now();
    try { callback(time); } finally { window.__frameJs += performance.now() - start; }
  });
  const native = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage");
  Object.defineProperty(WebSocket.prototype, "onmessage", {
    configurable: true,
    get() { return native.get.call(this); },
    set(handler) {
      const socket = this;
      // The page's redrawing of the last state again, timed to the frame after it. The page takes
      // only a state newer than its own: the same one again comes with its version raised by a
      // fraction (the server's are whole numbers, so the next of them is still newer).
      let again = 0;
      window.__redraw = () => new Promise((resolve) => {
        const state = JSON.parse(window.__lastState.data);
        again += 1;
        state.version += again / 1e4;
        const start = performance.now(), before = window.__frameJs;
        handler.call(socket, new MessageEvent("message", { data: JSON.stringify(state) }));
        const own = performance.now() - start;
        requestAnimationFrame(() => setTimeout(() => resolve({ js: own + window.__frameJs - before,
          frame: performance.now() - start }), 0));
      });
      native.set.call(this, (event) => {
        const start = performance.now(), before = window.__frameJs;
        handler.call(this, event);
        const own = performance.now() - start;
        const message = JSON.parse(event.data);
        const record = { type: message.type, index: message.index, status: message.status,
          squares: squares(message.observation), js: own, frame: null, bytes: event.data.length };
        if (message.type === "state") {
          window.__lastState = event;
          window.__lastIndex = message.index;
          window.__gameNumber = (message.observation || {}).game_number || 1;
          if (message.status === "finished") window.__finished += 1;
        }
        window.__draws.push(record);
        requestAnimationFrame(() => setTimeout(() => {
          record.frame = performance.now() - start;
          record.js = own + window.__frameJs - before;
        }, 0));
      });
    },
  });
})();
"""

#: Plays a random legal move of the page's seat from the move list (as a keyboard player could).
PLAY_RANDOM = """(seed) => {
  const select = document.querySelector("#moves");
  if (!select || select.disabled || !document.querySelector("#your-turn")) return false;
  const options = [...select.options];
  if (!options.length) return false;
  select.value = options[seed % options.length].value;
  document.querySelector("#play").click();
  return true;
}"""


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data_dir: str, ai_delay: float) -> tuple[subprocess.Popen[bytes], str]:
    """``kingdomino serve`` from this checkout's src on a free port, answering."""
    port = free_port()
    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src}
    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(port), "--data-dir", data_dir]
    server = subprocess.Popen([*command, "--ai-delay", str(ai_delay)], env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_answering(base, 120, server)  # a busy machine starts it slowly
    except RuntimeError:
        server.kill()
        server.wait()
        raise
    return server, base


def create(
    base: str, name: str, human: bool, level: str, seed: int, dynasty: bool = False
) -> tuple[str, str]:
    """A new game: its id and the token the page uses (seat 1's, or the spectator's)."""
    spec = GAMES[name]
    seats = [{"kind": "ai", "level": level} for _ in range(spec["players"])]
    if human:
        seats[0] = {"kind": "human", "name": "Bench"}
    options = {**spec["options"], **({"dynasty": True} if dynasty else {})}
    body = {
        "game": spec["game"],
        "players": spec["players"],
        "options": options,
        "seats": seats,
        "seed": seed,
    }
    created = httpx.post(f"{base}/api/games", json=body, timeout=30).json()
    token = created["seats"][0]["token"] if human else created["spectator_token"]
    return created["id"], token


def open_page(browser: Any, base: str, size: str, throttle: float) -> tuple[Any, Any]:
    """A fresh context's page, with the probe, and its CDP session with the CPU slowed. The page
    ignores the app's Content-Security-Policy: the bench's own scripts (the probe, the waits'
    expressions) are what it refuses."""
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone, bypass_csp=True
    )
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.add_init_script(PROBE)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return page, cdp


def open_game(page: Any, base: str, game_id: str, token: str) -> None:
    page.goto(f"{base}/game/{game_id}?token={token}")
    page.wait_for_function("window.__lastIndex >= 0")


def settle(page: Any) -> None:
    """Wait until the last message's frame is measured."""
    page.wait_for_function("window.__draws.length && window.__draws.every((d) => d.frame !== null)")


def redraws(page: Any, repeat: int) -> list[dict[str, float]]:
    """The page's last state drawn again ``repeat`` times, each timed to the frame after it."""
    settle(page)
    page.evaluate("new Promise((resolve) => setTimeout(resolve, 300))")  # a landing's motion ends
    return [page.evaluate("window.__redraw()") for _ in range(repeat)]


def play_game(page: Any, seed: int, repeat: int) -> list[tuple[int, list[dict[str, float]]]]:
    """Answer the page seat's turns with random legal moves until the game is over; at each turn,
    and at the end, time redrawings of the state. Returns (squares on the table, timings) per turn."""
    rng = random.Random(seed)
    timed = []
    while True:
        page.wait_for_selector("#your-turn, #winner")
        squares = page.evaluate("window.__draws.filter((d) => d.type === 'state').pop().squares")
        timed.append((squares, redraws(page, repeat)))
        if page.locator("#winner").count():
            return timed
        before = page.evaluate("window.__lastIndex")
        if page.evaluate(PLAY_RANDOM, rng.randrange(1 << 30)):
            page.wait_for_function(f"window.__lastIndex > {before} || !!document.querySelector('#winner')")


def ms(values: list[float]) -> str:
    """The least and the median of timings: on a shared machine the least is the page's own cost."""
    if not values:
        return "-"
    return f"{min(values):6.0f} / {statistics.median(values):6.0f}"


def bench_redraw(browser: Any, base: str, args: argparse.Namespace) -> None:
    print(
        f"\n== 1. redraw: the handler of a state message to the frame after it, ms least / median "
        f"(CPU x{args.throttle:g}; the page's turns, each state drawn {args.repeat} times)"
    )
    header = f"{'game':<11} {'screen':<7} {'turns':>5} {'squares':>7}"
    print(
        f"{header}  {'start':>15} {'mid':>15} {'end':>15} {'finished':>15}  {'js at end':>15}"
        f"  {'each state':>15}"
    )
    for name in args.games:
        for size in args.sizes:
            game_id, token = create(base, name, True, args.level, args.seed)
            page, _cdp = open_page(browser, base, size, args.throttle)
            open_game(page, base, game_id, token)
            timed = play_game(page, args.seed, args.repeat)
            # Each state as it came (the table after a move: what changed since the last one).
            draws = page.evaluate("window.__draws")
            states = [d["frame"] for d in draws if d["type"] == "state" and d["frame"]]
            page.context.close()
            turns, finished = timed[:-1], timed[-1]
            tenth = max(1, len(turns) // 10)
            middle = len(turns) // 2 - tenth // 2
            parts = [turns[:tenth], turns[middle : middle + tenth], turns[-tenth:], [finished]]
            frames = [[r["frame"] for _squares, runs in part for r in runs] for part in parts]
            js_end = [r["js"] for _squares, runs in parts[2] for r in runs]
            cells = "  ".join(f"{ms(f):>15}" for f in frames)
            print(
                f"{name:<11} {size:<7} {len(turns):>5} {finished[0]:>7}  {cells}  {ms(js_end):>15}"
                f"  {ms(states):>15}"
            )


def metrics(page: Any, cdp: Any) -> dict[str, float]:
    """The page's heap, nodes and listeners after a forced garbage collection."""
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    found = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    counts = {}
    for target in ("document", "window"):
        handle = cdp.send("Runtime.evaluate", {"expression": target})["result"]["objectId"]
        counts[target] = len(cdp.send("DOMDebugger.getEventListeners", {"objectId": handle})["listeners"])
    return {
        "heap MB": found["JSHeapUsedSize"] / 2**20,
        "alive": found["Nodes"],
        "shown": page.evaluate(COUNT_NODES),
        "listeners": found["JSEventListeners"],
        "on document": counts["document"],
        "on window": counts["window"],
    }


#: The nodes in the document (elements, texts, comments), without the browser's own shadow trees.
COUNT_NODES = """(() => {
  let n = 1;
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  while (walker.nextNode()) n += 1;
  return n;
})()"""


def print_metrics(label: str, figures: dict[str, float]) -> None:
    print(
        f"  {label:<24} heap {figures['heap MB']:5.2f} MB, nodes {figures['alive']:6.0f} alive "
        f"({figures['shown']:5.0f} in the page), listeners {figures['listeners']:4.0f} "
        f"(on document {figures['on document']:.0f}, on window {figures['on window']:.0f})"
    )


def long_tasks(page: Any) -> list[dict[str, float]]:
    """The long tasks seen so far, each once."""
    found = {(t["start"], t["duration"]) for t in page.evaluate("window.__longtasks")}
    return [{"start": start, "duration": duration} for start, duration in sorted(found)]


def print_long_tasks(label: str, tasks: list[dict[str, float]], seconds: float, states: int) -> None:
    durations = [t["duration"] for t in tasks]
    total = sum(durations)
    worst = max(durations, default=0.0)
    print(
        f"  {label:<24} {states:4d} states drawn in {seconds:5.0f} s: {len(tasks):4d} long tasks, "
        f"{total / 1000:6.1f} s in them ({total / 10 / max(seconds, 1e-9):3.0f}%), longest {worst:5.0f} ms"
    )


def print_profile(profile: dict[str, Any], top: int = 12) -> None:
    """The functions with the most self time in a CPU profile (the page's own code by file)."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    self_time: dict[str, float] = defaultdict(float)
    deltas = profile.get("timeDeltas", [])
    for sample, delta in zip(profile.get("samples", []), deltas, strict=False):
        frame = nodes[sample]["callFrame"]
        where = frame["url"].rsplit("/", 1)[-1]
        name = frame["functionName"] or "(anonymous)"
        self_time[f"{name} {where}:{frame['lineNumber'] + 1}" if where else name] += delta / 1000
    busy = sum(v for k, v in self_time.items() if k not in ("(idle)", "(program)"))
    print(f"  profile: {busy / 1000:.2f} s busy; self time by function:")
    for name, spent in sorted(self_time.items(), key=lambda item: -item[1])[:top]:
        print(f"    {spent:8.0f} ms  {name}")


def watch(page: Any, cdp: Any, games: int, label: str, args: argparse.Namespace) -> None:
    """Watch the match to its end: long tasks of each game, and the memory at its start, at the
    start of each next game (the same screen, one game more behind it) and at the end."""
    print_metrics(f"{label} start", metrics(page, cdp))
    if args.profile:
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 1000})
        cdp.send("Profiler.start")
    started, seen, drawn = 0.0, 0, 0  # the page's clock: its long tasks count from its opening
    for game in range(1, games + 1):
        last = game == games
        done = "!!document.querySelector('#winner')" if last else f"window.__gameNumber > {game}"
        page.wait_for_function(done, timeout=1_800_000, polling=500)
        settle(page)
        now = page.evaluate("performance.now()")
        tasks = long_tasks(page)
        states = sum(1 for d in page.evaluate("window.__draws") if d["type"] == "state")
        print_long_tasks(f"{label} game {game}", tasks[seen:], (now - started) / 1000, states - drawn)
        started, seen, drawn = now, len(tasks), states
        print_metrics(f"{label} {'end' if last else f'game {game + 1} begins'}", metrics(page, cdp))
    if args.profile:
        print_profile(cdp.send("Profiler.stop")["profile"])


def bench_watch(browser: Any, base: str, args: argparse.Namespace) -> None:
    print(f"\n== 2 and 3. AI seats only, watched on a phone (CPU x{args.throttle:g}): long tasks and memory")
    for name, games in (("kingdomino", 3), ("tribe", 1)):
        if name not in args.games:
            continue
        game_id, token = create(base, name, False, args.level, args.seed, dynasty=games > 1)
        page, cdp = open_page(browser, base, "phone", args.throttle)
        open_game(page, base, game_id, token)
        watch(page, cdp, games, "Dynasty" if games > 1 else name, args)
        page.context.close()


#: The network lines of a first load: none (loopback), and a phone's slow 4G (Lighthouse's).
LINES: dict[str, dict[str, Any] | None] = {
    "loopback": None,
    "slow 4G": {
        "offline": False,
        "latency": 150,
        "downloadThroughput": 1.6e6 / 8,
        "uploadThroughput": 750e3 / 8,
    },
}

#: Notes when the lobby's Create button, or a game's board, is first in the page.
WHEN_READY = """(() => {
  window.__readyAt = null;
  new MutationObserver((_changes, observer) => {
    if (document.querySelector("#create, #board .kingdom, #board .map")) {
      window.__readyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})();"""


class Fetched:
    """What a page fetched, by the kind of each response (CDP Network events)."""

    def __init__(self, cdp: Any) -> None:
        self.kinds: dict[str, str] = {}
        self.sizes: dict[str, float] = defaultdict(float)
        self.counts: dict[str, int] = defaultdict(int)
        cdp.on("Network.responseReceived", self.received)
        cdp.on("Network.loadingFinished", self.finished)

    def received(self, event: dict[str, Any]) -> None:
        self.kinds[event["requestId"]] = event["type"]

    def finished(self, event: dict[str, Any]) -> None:
        kind = self.kinds.get(event["requestId"], "Other")
        self.sizes[kind] += event["encodedDataLength"]
        self.counts[kind] += 1


def first_load(browser: Any, url: str, line: str, args: argparse.Namespace) -> None:
    """Open ``url`` with an empty cache on ``line``; print when it was ready and what it fetched."""
    page, cdp = open_page(browser, url, "phone", args.throttle)
    page.add_init_script(WHEN_READY)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    if LINES[line]:
        cdp.send("Network.emulateNetworkConditions", LINES[line])
    fetched = Fetched(cdp)
    page.goto(url)
    page.wait_for_function("window.__readyAt !== null")
    ready = page.evaluate("window.__readyAt")
    page.wait_for_load_state("networkidle")
    timeline = page.evaluate(
        "performance.getEntriesByType('resource').map((e) => [e.name.split('/').pop().split('?')[0],"
        " Math.round(e.startTime), Math.round(e.responseEnd)])"
    )
    total = sum(fetched.sizes.values())
    kinds = ", ".join(
        f"{k} {fetched.counts[k]} ({fetched.sizes[k] / 1024:.1f} KB)" for k in sorted(fetched.sizes)
    )
    print(
        f"  {line:<9} ready after {ready:5.0f} ms; {sum(fetched.counts.values())} requests, "
        f"{total / 1024:.1f} KB: {kinds}"
    )
    if args.verbose:
        for name, begun, ended in timeline:
            print(f"      {begun:6d} -> {ended:6d} ms  {name}")
    page.context.close()


def bench_load(browser: Any, base: str, args: argparse.Namespace) -> None:
    print(f"\n== 4. first load, empty cache, on a phone (CPU x{args.throttle:g})")
    game_id, token = create(base, "kingdomino", False, args.level, args.seed)
    for what, url in (("the lobby", f"{base}/"), ("a game", f"{base}/game/{game_id}?token={token}")):
        print(f" {what} (ready: {'its Create button' if what == 'the lobby' else 'its board'} is there)")
        for line in LINES:
            first_load(browser, url, line, args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="redraw,watch,load", help="parts to run: redraw, watch, load")
    parser.add_argument("--games", default="kingdomino,duel,tribe", help="of: " + ", ".join(GAMES))
    parser.add_argument("--sizes", default="phone,laptop", help="of: " + ", ".join(SIZES))
    parser.add_argument(
        "--throttle", type=float, default=4.0, help="CPU slow-down (CDP); 4 ~ a mid-range phone"
    )
    parser.add_argument(
        "--ai-delay", type=float, default=0.4, help="seconds an AI seat waits (the server's 0.4)"
    )
    parser.add_argument("--level", default="greedy", help="the AI seats' level")
    parser.add_argument("--seed", type=int, default=3, help="the deal and the page's random moves")
    parser.add_argument("--profile", action="store_true", help="CPU profile of the watched games")
    parser.add_argument("--repeat", type=int, default=3, help="redrawings timed at each turn")
    parser.add_argument("--verbose", action="store_true", help="each request of the first load, when")
    args = parser.parse_args()
    args.games = args.games.split(",")
    args.sizes = args.sizes.split(",")
    parts = set(args.only.split(","))
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data_dir, sync_playwright() as playwright:
        server, base = start_server(data_dir, args.ai_delay)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            if "load" in parts:
                bench_load(browser, base, args)
            if "redraw" in parts:
                bench_redraw(browser, base, args)
            if "watch" in parts:
                bench_watch(browser, base, args)
        finally:
            browser.close()
            server.send_signal(signal.SIGINT)
            server.wait()


if __name__ == "__main__":
    main()
