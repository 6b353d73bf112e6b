"""Entering a hand on a phone held sideways (844x390): who went out (or knocked) is the first
thing the form asks, so its choices are on the first screen, above the fold."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.games.page_helpers import edit_link, start_game

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS
from .pages import VIEWPORTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GAMES = [
    ("knock-rummy", ["Annabelle-Marie", "Bob", "Cyrano de Bergerac"]),
    ("gin-rummy", ["Ann", "Bob"]),
    ("rummy-500", ["Ann", "Bob", "Cy", "Dan"]),
    ("standard-rummy", ["Ann", "Bob", "Cy", "Dan"]),
    ("phom", ["Ann", "Bob", "Cy", "Dan"]),
]


@pytest.mark.parametrize("variant, players", GAMES, ids=[g[0] for g in GAMES])
def test_who_went_out_is_above_the_fold_in_landscape(live_server, chromium, variant, players):
    client = Client()
    game_id = start_game(client, variant, players)
    context = chromium.new_context(viewport=VIEWPORTS["844x390"])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(edit_link(client, game_id).replace("http://testserver", live_server.url, 1))
        page.wait_for_url(f"**/games/{game_id}/")
        page.goto(f"{live_server.url}/games/{game_id}/hands/new/")
        first = page.locator("input[name=winner]").first
        expect(first).to_be_attached()
        (SCREENSHOTS / "landscape").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "landscape" / f"{variant}.png"))
        box = page.locator(".choices.tiles label.choice").first.bounding_box()
        assert box["y"] + box["height"] <= 390, (variant, box)
    finally:
        context.close()
