"""Browser tests wait for a condition, never for a time (issue 27, item 12): a fixed wait that
is long enough on a quiet machine is too short on a busy one (the suite failed 1 of 60 once
while the machine was busy), and one long enough there slows every run."""

import re
from pathlib import Path

BROWSER = Path(__file__).resolve().parent / "browser"
TIMED = re.compile(r"\bwait_for_timeout\(|\btime\.sleep\(|\basyncio\.sleep\(")


def test_no_browser_test_waits_for_a_time():
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(BROWSER.glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if TIMED.search(line.split("#", 1)[0])
    ]
    assert found == []


ASYNC_WAIT = re.compile(r"wait_for_function\(\s*(?:[rf]?\"\"\"|[rf]?\")\s*async\b")


def test_no_browser_test_hands_wait_for_function_an_async_function():
    """Playwright's ``wait_for_function`` takes the Promise an async function returns as a
    truthy value and returns at once: such a wait never waited (the two-tab queue test's did
    not). ``conftest.wait_for_async`` waits for an async condition."""
    found = [
        path.name for path in sorted(BROWSER.glob("*.py")) if ASYNC_WAIT.search(path.read_text())
    ]
    assert found == []
