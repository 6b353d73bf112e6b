"""Gin Rummy's final standings on a phone: the hand points, each bonus line and the total are
on the page, readable without sideways scrolling (RULES.md 10, example 53)."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.games.page_helpers import knock_hand, post_hand, start_game

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS
from .pages import OVERFLOW, VIEWPORTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Long names, so the engine's bonus lines have to wrap at 320px.
ANN, BOB = "Annabelle-Marie Fitzgerald", "Bartholomew"

# Every line of the itemised standings, where it sits against the window's width.
LINES = """() => Array.from(document.querySelectorAll(".standing-lines li")).map(e => {
  const r = e.getBoundingClientRect();
  return {text: e.innerText.replace(/\\s+/g, " ").trim(), left: r.left, right: r.right,
          width: document.documentElement.clientWidth};
})"""


def gin_game() -> str:
    """Example 53: Bob wins 2 hands (61), then Ann 5 (104); every hand typed as deadwood."""
    client = Client()
    game_id = start_game(client, "gin-rummy", (ANN, BOB))
    for knocker, won in [(1, 30), (1, 31), *[(0, 20)] * 4, (0, 24)]:
        deadwood = [1 + won, 1 + won]
        deadwood[knocker] = 1
        assert post_hand(client, game_id, knock_hand(knocker, *deadwood)).status_code == 302
    return game_id


@pytest.mark.parametrize("size", ["390x844", "320x568"])
def test_bonus_lines_are_visible_without_sideways_scroll(live_server, chromium, size):
    game_id = gin_game()
    context = chromium.new_context(viewport=VIEWPORTS[size])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/games/{game_id}/")
        winner = page.locator(f'.standing[data-name="{ANN}"]')
        expect(winner).to_have_attribute("data-total", "329")
        lines = winner.locator(".standing-lines li")
        expect(lines).to_have_count(4)
        expect(lines.nth(0)).to_contain_text("Hand points")
        expect(lines.nth(0)).to_contain_text("104")
        expect(lines.nth(1)).to_contain_text("game bonus +100")
        expect(lines.nth(2)).to_contain_text("box bonus 25 × 5 hands won = +125")
        expect(lines.nth(3)).to_contain_text("329")
        other = page.locator(f'.standing[data-name="{BOB}"] .standing-lines li')
        expect(other).to_have_count(3)
        expect(other.nth(1)).to_contain_text("box bonus 25 × 2 hands won = +50")
        for i in range(4):
            lines.nth(i).scroll_into_view_if_needed()
            expect(lines.nth(i)).to_be_in_viewport()
        folder = SCREENSHOTS / "gin-bonuses"
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"standings-{size}.png"), full_page=True)
        page.evaluate("() => window.scrollTo(0, 0)")
        placed = page.evaluate(LINES)
        assert len(placed) == 7
        outside = [p for p in placed if p["left"] < -1 or p["right"] > p["width"] + 1]
        assert not outside, f"{size}: bonus lines past the edge: {outside}"
        found = page.evaluate(OVERFLOW)
        assert found["scroll"] <= found["width"], f"{size}: the page scrolls sideways: {found}"
        assert not found["bad"], f"{size}: past the edge: {found['bad']}"
    finally:
        context.close()
