"""Swiping the league's standings sideways on a phone keeps the player's name in view (issue
35): at 390x844 the player column sticks to the table's left edge while the other columns
slide under it."""

import pytest
from playwright.sync_api import expect

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS
from .test_league_club_phone import club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_player_column_stays_when_the_table_is_swiped(live_server, chromium):
    league = club()
    context = chromium.new_context(viewport={"width": 390, "height": 844}, locale="de")
    context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/leagues/{league.public_id}/?season=all")
        wrap = page.locator(".table-wrap").first
        name = page.locator("#standings tbody th[scope=row]").first
        rank = page.locator("#standings tbody td").first
        expect(name).to_be_visible()
        left = wrap.evaluate("w => w.getBoundingClientRect().left")
        wide = wrap.evaluate("w => w.scrollWidth - w.clientWidth")
        assert wide > 40, "the table fits the phone: nothing to swipe"
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        page.wait_for_function(
            "() => { const w = document.querySelector('.table-wrap');"
            " return w.scrollLeft >= w.scrollWidth - w.clientWidth - 1; }"
        )
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "standings-swiped-de-390.png"))
        box = name.bounding_box()
        assert abs(box["x"] - left) <= 1, (box, left)  # stuck to the left edge, still shown
        assert rank.bounding_box()["x"] < left  # the rank column slid out of sight
        header = page.locator("#standings thead th.player-col")
        assert abs(header.bounding_box()["x"] - left) <= 1
        # What is drawn at the name's place is the name, not a column sliding over it.
        on_top = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y).closest('th')?.getAttribute('scope')",
            [box["x"] + 4, box["y"] + box["height"] / 2],
        )
        assert on_top == "row"
    finally:
        context.close()
