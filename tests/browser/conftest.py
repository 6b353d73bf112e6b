"""Browser tests: Debian's Chromium driven by Playwright's sync API, phone-sized.

They never skip: without Chromium they fail and say how to install it.
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

# How long a step may wait for the page. Generous: the whole suite runs browsers beside two
# test workers on two cores, and a wait only ever ends early when the page is there.
BROWSER_TIMEOUT_MS = 30_000
# Playwright's expect() has its own default (5 s); the same patience for it.
expect.set_options(timeout=BROWSER_TIMEOUT_MS)

# Playwright's sync API runs an event loop in this thread; Django refuses ORM calls from a
# thread with a running loop unless told that is fine (it is: tests only, one thread each).
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives a real Chromium (run in the default suite)")


@pytest.fixture(scope="session")
def asgi_served(tmp_path_factory):
    """One production-like ASGI server (tests/browser/served.py) per test process, shared by
    every module that needs the live stream: each test plays its own game on it, so nothing
    leaks between them, and starting it (migrate, collectstatic, gunicorn) is paid once, not
    once per module."""
    from .served import asgi_server

    with asgi_server(tmp_path_factory.mktemp("asgi"), "asgi") as server:
        yield server


@pytest.fixture
def phone(chromium):
    """Open a fresh phone-sized browser context (its own cookies, so its own session)."""
    contexts = []

    def open_phone(color_scheme: str = "light"):
        context = chromium.new_context(viewport=VIEWPORT, color_scheme=color_scheme)
        context.set_default_timeout(BROWSER_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


# Everything a finger taps, except checkboxes and radios, whose whole label is the target.
SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    "button, a.button, .site-nav a, input, select, textarea, summary, label.choice, label.dealer-choice"
  )).filter(e => {
    const r = e.getBoundingClientRect();
    const hidden = e.type === "hidden" || e.type === "checkbox" || e.type === "radio"
      || r.width <= 2 || getComputedStyle(e).visibility === "hidden" || e.closest("[hidden]");
    return !hidden && r.height < 44;
  }).map(e => e.outerHTML.slice(0, 100))"""


def resync_scroll(page) -> None:
    """After a full-page screenshot Chromium's compositor may keep a stale scroll offset, so
    the next click lands where a sticky element (the hand form's action bar) used to be. A
    scroll from script puts both views back in step."""
    page.evaluate(
        "() => { const y = window.scrollY; window.scrollTo(0, 0); window.scrollTo(0, y); }"
    )


def wait_for_async(page, predicate: str, arg=None, timeout_ms: int = BROWSER_TIMEOUT_MS) -> None:
    """Wait until the async JavaScript ``predicate(arg)`` resolves truthy. Playwright's
    ``wait_for_function`` takes the Promise an async function returns as its (truthy) value
    and does not wait at all; here the page itself checks again until the condition holds,
    and fails after ``timeout_ms``."""
    page.evaluate(
        f"""async ([arg, timeout]) => {{
          const check = {predicate};
          const end = Date.now() + timeout;
          while (!(await check(arg))) {{
            if (Date.now() > end) throw new Error("condition not met in time");
            await new Promise(next => setTimeout(next, 50));  // the page's own poll
          }}
        }}""",
        [arg, timeout_ms],
    )


@pytest.fixture
def shot():
    """Save a full-page screenshot under test-artifacts/screenshots/, and check the layout:
    no sideways scrolling at 390px, and every tap target at least 44px tall."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> None:
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
        resync_scroll(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORT["width"], f"{name}: the page scrolls sideways ({width}px)"
        small = page.evaluate(SMALL_TARGETS)
        assert not small, f"{name}: tap targets under 44px: {small}"

    return take
