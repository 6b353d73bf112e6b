"""Live scoreboard benchmark: how long a viewer phone waits for a new hand, and how many taps a
hand takes to enter.

    .venv/bin/python bench/live.py                 # 20 hands per poll setting
    .venv/bin/python bench/live.py --hands 10 --polls 2 4

Viewer latency: gunicorn in production mode (2 workers, collectstatic, SQLite in a temporary
folder) on a free port of 127.0.0.1, one game; a viewer phone (Chromium, 390x844, no edit rights) keeps its page
open. The keeper posts a hand through the API at a random moment (0.3-3 s apart), and the
viewer's page notes, with a MutationObserver, when the hand appears. The figure is the time
from the post's answer to the hand on the viewer's screen: median, p90 and max per setting of
``TABLE_POLL_ACTIVE_SECONDS`` (2 is the app's default for an active game; 4 was the poll of
every game before).

Taps per hand: the same server, a keeper phone enters a Knock hand with three typed totals
(4, 10, 15) the fastest way the form allows, and the script counts taps and keys, checking
each step did what it should (the cursor moved, the live preview came, the hand was saved).

Figures, not tests: nothing here is timed in the test suite. Only 127.0.0.1 is contacted; the
server is stopped by its process id; every wait is bounded.
"""

from __future__ import annotations

import argparse
import json
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


def create_game(port: int) -> dict:
    body = {"variant": "standard-rummy", "options": {"target": 100000}, "players": PLAYERS}
    status, _, raw = servers.request(port, "POST", "/api/v1/games", body)
    if status != 201:
        raise SystemExit(f"could not create a game: {status} {raw[:300]!r}")
    return json.loads(raw)


def post_hand(port: int, game: dict, rnd: random.Random) -> None:
    out = rnd.choice(PLAYERS)
    hands = {p: {"points": rnd.randint(0, 60)} for p in PLAYERS if p != out}
    body = {"result": {"out": out, "hands": hands}}
    status, _, raw = servers.request(
        port, "POST", f"/api/v1/games/{game['id']}/hands", body,
        {"Authorization": f"Bearer {game['token']}"},
    )
    if status != 201:
        raise SystemExit(f"hand refused: {status} {raw[:300]!r}")


def viewer_latency(browser, port: int, hands: int, seed: int) -> list[float]:
    game = create_game(port)
    rnd = random.Random(seed)
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/games/{game['id']}/")
        page.evaluate(SEEN)
        waits = []
        for n in range(1, hands + 1):
            time.sleep(rnd.uniform(0.3, 3.0))  # the table plays; the poll's phase is anyone's
            post_hand(port, game, rnd)
            posted = time.time() * 1000
            page.wait_for_function(f"window.__seen['hand-{n}'] !== undefined", timeout=30_000)
            seen = page.evaluate(f"window.__seen['hand-{n}']")
            waits.append(max(0.0, seen - posted) / 1000)
        return waits
    finally:
        context.close()


def taps_per_hand(browser, port: int) -> dict:
    """Enter 4, 10, 15 for Ann (who knocked), Bob and Cy; count every tap and key."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    taps = keys = 0
    try:
        page = context.new_page()
        base = f"http://127.0.0.1:{port}"
        page.goto(base + "/games/new/?variant=knock-rummy")
        for i, name in enumerate(PLAYERS):
            page.fill(f"#id_player-{i}", name)
        page.click(".sticky-actions button")
        page.wait_for_url("**/games/*/")
        game_url = page.url
        page.click(".enter-hand")
        page.wait_for_selector("#hand-form")
        page.wait_for_load_state("load")

        page.click("label:has(#winner-0)")  # who knocked: a tap on a name tile
        taps += 1
        focused = page.evaluate("document.activeElement && document.activeElement.id")
        if focused != "id_p0-points":
            raise SystemExit(f"picking the knocker did not move the cursor: {focused}")
        for value, nxt in (("4", "id_p1-points"), ("10", "id_p2-points"), ("15", None)):
            page.keyboard.type(value)
            keys += len(value)
            if nxt:
                page.keyboard.press("Enter")  # the keypad's Next / Go
                keys += 1
                focused = page.evaluate("document.activeElement && document.activeElement.id")
                if focused != nxt:
                    raise SystemExit(f"Enter did not move to {nxt}: {focused}")
        page.wait_for_selector("#preview .deltas", timeout=15_000)  # the live preview, no tap
        page.click(".sticky-actions button[name=save]")
        taps += 1
        page.wait_for_url(game_url)
        page.wait_for_selector("#hand-1")
        return {"taps": taps, "keys": keys, "without_next_key": {"taps": taps + 2, "keys": keys - 2}}
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--polls", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    hands = max(1, min(args.hands, 60))

    from playwright.sync_api import sync_playwright

    lines = []
    with tempfile.TemporaryDirectory() as tmp, servers.fresh_database("sqlite", Path(tmp), "live") as url:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                static_root = str(Path(tmp) / "static")
                servers.manage(servers.base_env(url, STATIC_ROOT=static_root), "collectstatic", "--noinput")
                for poll in args.polls:
                    env = servers.base_env(
                        url, TABLE_POLL_ACTIVE_SECONDS=str(poll), RATE_LIMITS="0", STATIC_ROOT=static_root
                    )
                    server = servers.gunicorn(env, Path(tmp) / f"gunicorn-{poll}.log")
                    try:
                        server.wait_ready()
                        waits = viewer_latency(browser, server.port, hands, args.seed)
                        if poll == args.polls[0]:
                            entry = taps_per_hand(browser, server.port)
                    finally:
                        server.stop()
                    lines.append(
                        f"poll every {poll} s while active: viewer sees a new hand after "
                        f"median {statistics.median(waits):.2f} s, p90 {percentile(waits, 90):.2f} s, "
                        f"max {max(waits):.2f} s ({len(waits)} hands)"
                    )
            finally:
                browser.close()
    for line in lines:
        print(line)
    print(
        f"a Knock hand with three typed totals: {entry['taps']} taps + {entry['keys']} keys "
        f"with the keypad's Next/Go key ({entry['without_next_key']['taps']} taps + "
        f"{entry['without_next_key']['keys']} keys without one); before: 6 taps + 5 keys"
    )


if __name__ == "__main__":
    main()
