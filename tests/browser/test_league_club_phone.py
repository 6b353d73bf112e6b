"""Issue 26 on phones: at 320x568 the league page's first screen shows the top standings rows
and says that more columns lie to the side; "Why the rating moved" fits 320 and 390 px; the
league, standings and player pages at 320 and 390 px in English, German and Korean."""

import pytest
from playwright.sync_api import expect

from tests.leagues.helpers import new_league, penalties, play, when

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDE = """() => Array.from(document.querySelectorAll("body *")).filter(e =>
  e.getBoundingClientRect().right > document.documentElement.clientWidth + 1
  && !e.closest(".table-wrap")).slice(0, 5).map(e => e.outerHTML.slice(0, 120))"""

CLUB = ["Ann", "Bob", "Cy", "Dũng", "Eve", "Frode", "Gianluca"]


def club():
    league, token = new_league(name="Thursday club", min_games=2)
    for night in range(1, 6):
        for k in range(3):
            seated = [CLUB[(night + k + i) % len(CLUB)] for i in range(4)]
            out = seated[(night + k) % 4]
            held = {p: 3 + 7 * ((i + night) % 5) for i, p in enumerate(seated) if p != out}
            play(league, token, seated, penalties(out, **held), played=when(night * 7 % 28 + 1))
    return league


@pytest.mark.parametrize("language", ["en", "de", "ko"])
@pytest.mark.parametrize(
    "viewport",
    [{"width": 320, "height": 568}, {"width": 390, "height": 844}],
    ids=lambda v: f"{v['width']}x{v['height']}",
)
def test_league_pages_on_phones(live_server, chromium, viewport, language):
    league = club()
    ann = league.players.get(name="Ann")
    context = chromium.new_context(viewport=viewport, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    name = f"league-club-{language}-{viewport['width']}"
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/leagues/{league.public_id}/")
        rows = page.locator("#standings tbody tr")
        expect(rows.first).to_be_visible()
        page.screenshot(path=str(SCREENSHOTS / f"{name}-first-screen.png"))
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
        # The first screen shows the table's top rows, whole.
        bottoms = [rows.nth(i).evaluate("r => r.getBoundingClientRect().bottom") for i in range(3)]
        assert max(bottoms) <= viewport["height"], bottoms
        if viewport["width"] == 320:
            expect(page.locator("#standings-more")).to_be_visible()
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        ), page.evaluate(WIDE)
        # The standings alone: every column reachable by scrolling the table itself.
        wrap = page.locator("#standings").locator("xpath=..")
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        last = page.locator("#standings thead th").last
        assert last.evaluate("th => th.getBoundingClientRect().right") <= viewport["width"] + 1
        wrap.screenshot(path=str(SCREENSHOTS / f"{name}-standings.png"))

        page.goto(f"{live_server.url}/leagues/{league.public_id}/players/{ann.pk}/")
        moves = page.locator(".rating-move")
        expect(moves.first).to_be_visible()
        page.screenshot(path=str(SCREENSHOTS / f"{name}-player.png"), full_page=True)
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
        for i in range(moves.count()):
            right = moves.nth(i).evaluate(
                "m => Math.max(...Array.from(m.querySelectorAll('*'))"
                ".map(e => e.getBoundingClientRect().right))"
            )
            assert right <= viewport["width"], (i, right)
    finally:
        context.close()
