"""The app as `make serve` runs it, for browser tests that need the live stream: gunicorn's asgi
workers in production mode on a free port of 127.0.0.1, a fresh SQLite file, no Redis. The
pytest-django live server is a plain WSGI server, which holds no event stream (its pages poll).
Also the live table's phone helpers: a phone of a given size, a game started on it, a hand
entered on it, and a mark that tells a page updated in place from one reloaded.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import expect

from tests.real_servers import servers

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS, SMALL_TARGETS
from .pages import OVERFLOW


@dataclass
class Served:
    url: str  # http://127.0.0.1:<port>
    env: dict[str, str]  # the server's environment: its database, its settings

    def shell(self, code: str) -> str:
        """Run ``code`` in `manage.py shell` on the server's database; what it printed."""
        done = subprocess.run(
            [servers.PYTHON, str(servers.ROOT / "manage.py"), "shell", "-c", code],
            env=self.env,
            cwd=servers.ROOT,
            check=True,
            timeout=120,
            capture_output=True,
            text=True,
        )
        return done.stdout


@contextmanager
def asgi_server(tmp: Path, name: str) -> Iterator[Served]:
    """A scoreboard poll of 2 s, as `make serve` by default; while a stream is open the page
    sends no timed poll, so a hand that arrives on a page showing ``data-live="stream"`` came
    through the stream."""
    with servers.fresh_database("sqlite", tmp, name) as url:
        static_root = str(tmp / "static")
        servers.manage(servers.base_env(url, STATIC_ROOT=static_root), "collectstatic", "--noinput")
        env = servers.base_env(
            url,
            STATIC_ROOT=static_root,
            RATE_LIMITS="0",
            TABLE_POLL_SECONDS="2",
            TABLE_POLL_ACTIVE_SECONDS="2",
        )
        env.pop("REDIS_URL", None)
        started = servers.gunicorn(env, tmp / "gunicorn.log", workers=2)
        try:
            started.wait_ready()
            yield Served(f"http://127.0.0.1:{started.port}", env)
        finally:
            started.stop()


def open_phone(chromium, size):
    context = chromium.new_context(viewport=size)
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    return context, context.new_page()


def start(keeper, base: str, variant: str = "knock-rummy", players=("Ann", "Bob", "Cy")) -> str:
    """Start a game on the start page; the game page's address."""
    keeper.goto(f"{base}/games/new/?variant={variant}")
    for i, name in enumerate(players):
        keeper.fill(f"#id_player-{i}", name)
    keeper.click(".sticky-actions button")
    keeper.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    return keeper.url


def enter_hand(keeper, n: int, points: tuple[int, int, int]) -> None:
    keeper.click(".enter-hand")
    keeper.wait_for_url(re.compile(r"/hands/new/$"))
    keeper.click(".choices.tiles label:has-text('Ann')")
    for i, value in enumerate(points):
        keeper.fill(f"#id_p{i}-points", str(value))
    keeper.click(".sticky-actions button[name=save]")
    expect(keeper.locator(f"#hand-{n}")).to_be_visible()  # in place, no reload


def mark_page(page) -> None:
    """A mark that a reload would wipe: the hand must arrive with it still there."""
    page.evaluate("() => { window.__kept = 'same page'; }")


def still_same_page(page) -> bool:
    return page.evaluate("() => window.__kept") == "same page"


def fits(page, name: str) -> None:
    """A full-page screenshot to look at (test-artifacts/), nothing wider than the screen (the
    page's scrollWidth within its clientWidth, no element out of it), and every tap target at
    least 44px tall."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    found = page.evaluate(OVERFLOW)
    assert found["scroll"] <= found["width"] and not found["bad"], (name, found)
    small = page.evaluate(SMALL_TARGETS)
    assert not small, (name, small)
