"""Live table benchmark (issue 25 §1): how long a viewer phone waits for a new hand (the event
stream beside polling), how long the keeper waits from the tap on Save to the new scoreboard,
and how many open streams one worker holds.

    .venv/bin/python bench/live.py                        # everything (a few minutes)
    .venv/bin/python bench/live.py --hands 10 --parts viewers keeper
    .venv/bin/python bench/live.py --parts streams --streams 1000

Viewers (``viewers``): a game, and two viewer phones (Chromium, 390x844, no edit rights) on its
page: one follows the event stream, the other has its stream refused (a proxy that cuts it) and
so polls every ``TABLE_POLL_ACTIVE_SECONDS`` (2 s, the app's default). The keeper posts a hand
through the API at a random moment (0.3-2 s apart); each page notes, with a MutationObserver,
when the hand appears. The figure is the time from the post's answer to the hand on each
screen: median, p90 and max. Three set-ups:

- one server (gunicorn, 2 asgi workers), SQLite, no Redis: `make serve` as shipped (changes
  reach the other worker by its database check every LIVE_POLL_SECONDS);
- two servers on one PostgreSQL and one Redis: the keeper posts to the first, the viewers
  watch the second (fan-out by Redis pub/sub);
- the same two servers without Redis (fan-out by each process's database check).

Keeper (``keeper``): one server, SQLite; the keeper phone enters hands on the hand form (three
typed totals) and taps Save; the time from the tap to the new hand on its scoreboard: with the
game page swapped in place (htmx, as shipped) and with the form posted plainly (a redirect and
a full page load, as before). Two clocks: the script's (from its tap to the end of its wait,
Playwright's own checks before the tap and its polling after included: tens of ms on this
machine) and the page's (from the tap's pointerdown event to the animation frame that draws
the hand; for the plain post, from the submit call). The load average before and after is
printed with them: other jobs on the machine move these figures more than anything else.

Streams (``streams``): one server with ONE asgi worker; ``--streams`` open streams on one game,
then a hand: how long until every stream had the event, and the worker's memory.

Figures, not tests. Only 127.0.0.1 is contacted; servers are stopped by their process ids;
every wait is bounded. PostgreSQL parts need ``--pg-url`` (default: the local server) and
create and drop their own database; Redis parts use ``--redis-url`` (a database of its own).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import servers  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PLAYERS = ["Ann", "Bob", "Cy"]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]

SEEN = """() => {
  window.__seen = {};
  const note = () => document.querySelectorAll("li.hand[id^='hand-']").forEach(li => {
    if (!(li.id in window.__seen)) window.__seen[li.id] = Date.now();
  });
  note();
  new MutationObserver(note).observe(document.body, {childList: true, subtree: true});
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def summary(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):.2f} s, p90 {percentile(values, 90):.2f} s, "
        f"max {max(values):.2f} s ({len(values)} hands)"
    )


def create_game(port: int) -> dict:
    body = {"variant": "standard-rummy", "options": {"target": 100000}, "players": PLAYERS}
    status, _, raw = servers.request(port, "POST", "/api/v1/games", body)
    if status != 201:
        raise SystemExit(f"could not create a game: {status} {raw[:300]!r}")
    return json.loads(raw)


def post_hand(port: int, game: dict, rnd: random.Random) -> None:
    out = rnd.choice(PLAYERS)
    hands = {p: {"points": rnd.randint(0, 60)} for p in PLAYERS if p != out}
    status, _, raw = servers.request(
        port, "POST", f"/api/v1/games/{game['id']}/hands", {"result": {"out": out, "hands": hands}},
        {"Authorization": f"Bearer {game['token']}"},
    )
    if status != 201:
        raise SystemExit(f"hand refused: {status} {raw[:300]!r}")


def viewer_latency(browser, keeper_port: int, viewer_port: int, hands: int, seed: int) -> dict:
    """Stream and polling side by side, for the same hands."""
    game = create_game(keeper_port)
    rnd = random.Random(seed)
    contexts, pages = {}, {}
    try:
        for how in ("stream", "polling"):
            context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
            if how == "polling":
                context.route("**/events*", lambda route: route.abort())
            contexts[how] = context
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{viewer_port}/games/{game['id']}/")
            page.wait_for_function(
                f"document.documentElement.dataset.live === '{'stream' if how == 'stream' else 'poll'}'",
                timeout=30_000,
            )
            page.evaluate(SEEN)
            pages[how] = page
        waits: dict[str, list[float]] = {"stream": [], "polling": []}
        for n in range(1, hands + 1):
            time.sleep(rnd.uniform(0.3, 2.0))  # the table plays; the poll's phase is anyone's
            post_hand(keeper_port, game, rnd)
            posted = time.time() * 1000
            for how, page in pages.items():
                page.wait_for_function(f"window.__seen['hand-{n}'] !== undefined", timeout=30_000)
                seen = page.evaluate(f"window.__seen['hand-{n}']")
                waits[how].append(max(0.0, seen - posted) / 1000)
        return waits
    finally:
        for context in contexts.values():
            context.close()


# The keeper's page, in every document it loads: when the hand the bench waits for is first in
# the page, and the frame that draws it (the next animation frame), on the epoch clock, which
# a reload does not reset (performance.timeOrigin + performance.now()).
DRAWN = """(() => {
  const now = () => performance.timeOrigin + performance.now();
  const note = () => {
    const want = sessionStorage.getItem("bench-want");
    if (!want || window.__drawn || window.__inPage || !document.getElementById(want)) return;
    window.__inPage = now();
    requestAnimationFrame(() => { window.__drawn = now(); });
  };
  new MutationObserver(note).observe(document, {childList: true, subtree: true});
})()"""


# The in-place Save's request, cut in steps on the page's clock (Resource Timing): tap to the
# request sent, the server's answer (first byte), its download, the swap until the hand is in
# the page, and the frame that draws it.
PARTS = ("tap to request", "server (to first byte)", "download", "swap", "to the drawn frame")
STEPS = """() => {
  const posts = performance.getEntriesByType("resource").filter(e => e.initiatorType === "xmlhttprequest"
      && new URL(e.name).pathname.endsWith("/hands/"));
  const e = posts[posts.length - 1];
  if (!e || !window.__inPage) return null;
  const t = performance.timeOrigin;
  const tap = parseFloat(sessionStorage.getItem("bench-tap"));
  return [t + e.requestStart - tap, e.responseStart - e.requestStart, e.responseEnd - e.responseStart,
          window.__inPage - (t + e.responseEnd), window.__drawn - window.__inPage];
}"""


def keeper_latency(browser, port: int, hands: int) -> dict:
    """From the tap on Save to the new hand on the keeper's scoreboard: as the script sees it
    (from its tap to its wait ending, Playwright's own checks and polling included), and in
    the page (from the tap's event to the frame that draws the hand)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    context.add_init_script(DRAWN)
    taps: dict[str, list[float]] = {"in place": [], "redirect and reload": []}
    drawn: dict[str, list[float]] = {how: [] for how in taps}
    parts: dict[str, list[float]] = {}
    try:
        page = context.new_page()
        base = f"http://127.0.0.1:{port}"
        body = {"variant": "knock-rummy", "options": {"target": 100000}, "players": PLAYERS}
        status, _, raw = servers.request(port, "POST", "/api/v1/games", body)
        if status != 201:
            raise SystemExit(f"could not create a game: {status} {raw[:300]!r}")
        game = json.loads(raw)
        page.goto(f"{base}/games/{game['id']}/join/#{game['token']}")  # the edit link
        page.wait_for_url(f"**/games/{game['id']}/")
        game_url = page.url
        n = 0
        for _round in range(hands):
            for how in ("in place", "redirect and reload"):
                n += 1
                page.goto(game_url)
                page.click(".enter-hand")
                page.wait_for_selector("#hand-form")
                page.wait_for_load_state("load")
                page.click("label:has(#winner-0)")
                for i, value in enumerate((4, 10, 15)):
                    page.fill(f"#id_p{i}-points", str(value))
                page.wait_for_selector("#preview .deltas", timeout=15_000)
                # The live preview runs 600 ms after typing stops: let the last one finish, so
                # the tap on Save waits for nothing else, either way.
                time.sleep(0.8)
                page.evaluate(
                    """want => {
                      sessionStorage.setItem("bench-want", want);
                      document.addEventListener("pointerdown", event => sessionStorage.setItem(
                        "bench-tap", String(performance.timeOrigin + event.timeStamp)), true);
                    }""",
                    f"hand-{n}",
                )
                started = time.perf_counter()
                if how == "in place":
                    page.click(".sticky-actions button[name=save]")
                else:  # the form posted plainly: a redirect, then the whole game page loads
                    page.evaluate(
                        """() => {
                          sessionStorage.setItem("bench-tap", String(performance.timeOrigin + performance.now()));
                          HTMLFormElement.prototype.submit.call(document.getElementById("hand-form"));
                        }"""
                    )
                page.wait_for_selector(f"#hand-{n}", timeout=30_000)
                taps[how].append(time.perf_counter() - started)
                page.wait_for_function("() => window.__drawn", timeout=30_000)
                tap, shown = page.evaluate('() => [sessionStorage.getItem("bench-tap"), window.__drawn]')
                drawn[how].append((shown - float(tap)) / 1000)
                if how == "in place":  # where the page's time went: the Save's own request
                    steps = page.evaluate(STEPS)
                    if steps:
                        for name, value in zip(PARTS, steps, strict=True):
                            parts.setdefault(name, []).append(value / 1000)
        return {"script": taps, "page": drawn, "parts": parts}
    finally:
        context.close()


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def workers_of(master: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                found.append(int(entry.name))
    return found


def streams_per_worker(url: str, tmp: Path, count: int) -> str:
    env = servers.base_env(url, RATE_LIMITS="0", WORKER_CONNECTIONS=str(count + 100))
    env.pop("REDIS_URL", None)
    server = servers.gunicorn(env, tmp / "gunicorn-streams.log", workers=1)
    crowd = None
    try:
        server.wait_ready()
        game = create_game(server.port)
        (worker,) = workers_of(server.process.pid)
        before = rss_kb(worker)
        crowd = servers.StreamCrowd(server.port, [game["id"]], count)
        deadline = time.monotonic() + 60
        while crowd.events < count and time.monotonic() < deadline:
            time.sleep(0.05)
        held = rss_kb(worker)
        started = time.monotonic()
        post_hand(server.port, game, random.Random(1))
        while crowd.events < 2 * count and time.monotonic() < deadline:
            time.sleep(0.01)
        reached = time.monotonic() - started
        got = crowd.events - count
        health = servers.request(server.port, "GET", "/api/v1/health")
        return (
            f"one asgi worker, {count} open streams: {crowd.open()} held, "
            f"{got} of {count} got the new hand within {reached:.2f} s of the post, "
            f"worker memory {before / 1024:.0f} MB -> {held / 1024:.0f} MB "
            f"({(held - before) / max(1, count):.1f} KB a stream), health {health[0]} meanwhile"
        )
    finally:
        if crowd:
            crowd.close()
        server.stop()


def start_pair(url: str, tmp: Path, static_root: str, redis_url: str | None, name: str):
    env = servers.base_env(url, RATE_LIMITS="0", STATIC_ROOT=static_root)
    env.pop("REDIS_URL", None)
    if redis_url:
        env.update(REDIS_URL=redis_url, CACHE_KEY_PREFIX=f"rt-bench-live-{os.getpid()}")
    pair = [servers.gunicorn(env, tmp / f"gunicorn-{name}-{i}.log") for i in range(2)]
    for server in pair:
        server.wait_ready()
    return pair


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--parts", nargs="+", default=["viewers", "keeper", "streams"],
                        choices=["viewers", "keeper", "streams"])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres"))
    parser.add_argument("--pg-database", default="rt_live_bench")
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/6"))
    parser.add_argument("--no-postgres", action="store_true", help="only the SQLite set-ups")
    args = parser.parse_args()
    hands = max(1, min(args.hands, 60))
    count = max(1, min(args.streams, 5000))

    from playwright.sync_api import sync_playwright

    lines: list[str] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        tmp = Path(folder)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            with servers.fresh_database("sqlite", tmp, "live") as url:
                static_root = str(tmp / "static")
                servers.manage(servers.base_env(url, STATIC_ROOT=static_root), "collectstatic", "--noinput")
                if "viewers" in args.parts or "keeper" in args.parts:
                    env = servers.base_env(url, RATE_LIMITS="0", STATIC_ROOT=static_root)
                    env.pop("REDIS_URL", None)
                    server = servers.gunicorn(env, tmp / "gunicorn-sqlite.log")
                    try:
                        server.wait_ready()
                        if "viewers" in args.parts:
                            waits = viewer_latency(browser, server.port, server.port, hands, args.seed)
                            for how, values in waits.items():
                                lines.append(f"one server, SQLite, no Redis, viewer by {how}: {summary(values)}")
                        if "keeper" in args.parts:
                            load = Path("/proc/loadavg").read_text().split()[0]
                            taps = keeper_latency(browser, server.port, max(3, hands // 2))
                            load += " → " + Path("/proc/loadavg").read_text().split()[0]
                            for how, values in taps["script"].items():
                                lines.append(f"keeper, tap on Save to new scoreboard, {how}: {summary(values)}")
                            for how, values in taps["page"].items():
                                lines.append(
                                    f"keeper, in the page (tap event to the frame drawing the hand), {how}: "
                                    f"{summary(values)}"
                                )
                            lines.append(
                                "keeper, in place, of which (medians): "
                                + ", ".join(
                                    f"{name} {statistics.median(values) * 1000:.0f} ms"
                                    for name, values in taps["parts"].items()
                                )
                            )
                            lines.append(f"keeper, load average (1 min) before → after: {load}")
                    finally:
                        server.stop()
                if "streams" in args.parts:
                    lines.append(streams_per_worker(url, tmp, count))
            if "viewers" in args.parts and not args.no_postgres:
                with servers.fresh_database(args.pg_url, tmp, args.pg_database) as url:
                    for redis_url, label in ((args.redis_url, "Redis pub/sub"), (None, "database check, no Redis")):
                        pair = start_pair(url, tmp, static_root, redis_url, "redis" if redis_url else "poll")
                        try:
                            waits = viewer_latency(browser, pair[0].port, pair[1].port, hands, args.seed)
                        finally:
                            for server in pair:
                                server.stop()
                        for how, values in waits.items():
                            lines.append(
                                f"two servers, PostgreSQL, {label}, keeper on one, viewer by {how} "
                                f"on the other: {summary(values)}"
                            )
        finally:
            browser.close()
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
