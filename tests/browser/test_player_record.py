"""A league player's record at the table on phones (390x844, 320x568, 844x390): every figure
sits beside its name inside the screen, no page scrolls sideways, and the chips table shows the
balance against each opponent."""

import pytest
from playwright.sync_api import expect

from tests.leagues.helpers import new_league
from tests.leagues.test_player_stats import season

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LINES = """() => Array.from(document.querySelectorAll(".table-record > div")).map(row => {
  const dt = row.querySelector("dt").getBoundingClientRect();
  const dd = row.querySelector("dd").getBoundingClientRect();
  return {key: row.dataset.stat, right: dd.right, width: document.documentElement.clientWidth,
          beside: dd.left >= dt.right - 1 && dd.top < dt.bottom};
})"""


@pytest.mark.parametrize(
    "viewport",
    [{"width": 390, "height": 844}, {"width": 320, "height": 568}, {"width": 844, "height": 390}],
    ids=lambda v: f"{v['width']}x{v['height']}",
)
def test_player_record_on_phones(live_server, chromium, viewport):
    league, token = new_league()
    season(league, token)
    ann = league.players.get(name="Ann")
    context = chromium.new_context(viewport=viewport)
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/leagues/{league.public_id}/players/{ann.pk}/")
        expect(page.locator("#at-the-table")).to_contain_text("Undercuts made")
        expect(page.locator("#chips-owed")).to_contain_text("+6")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(
            path=str(SCREENSHOTS / f"player-record-{viewport['width']}.png"), full_page=True
        )
        lines = page.evaluate(LINES)
        assert len(lines) >= 15
        for line in lines:
            assert line["beside"], line
            assert line["right"] <= line["width"] + 1, line
        assert page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
        # who owes whom and head to head are read whole: no column scrolled out of sight
        for table in ("#chips-owed", "#head-to-head"):
            wrap = page.locator(table).locator("xpath=..")
            assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth + 1"), table
            right = page.locator(f"{table} thead th").last.evaluate(
                "th => th.getBoundingClientRect().right"
            )
            assert right <= viewport["width"], (table, right)
    finally:
        context.close()
