"""The players confirm each hand, in a real Chromium: the scorekeeper's phone and a player's
phone opened from the view link. The player says "I am Bob", confirms hand 1 and disputes
hand 2; the scorekeeper's page shows the tick and the dispute (after a reload, and by itself).
At 390x844, 320x568 and 844x390."""

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.browser.conftest import BROWSER_TIMEOUT_MS, SMALL_TARGETS
from tests.browser.pages import OVERFLOW, VIEWPORTS
from tests.games.page_helpers import edit_link, knock_hand, post_hand, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _context(chromium, size):
    context = chromium.new_context(viewport=VIEWPORTS[size])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    return context


def _fits(page, name):
    """Nothing wider than the screen, and every tap target at least 44px tall."""
    found = page.evaluate(OVERFLOW)
    assert found["scroll"] <= found["width"] and not found["bad"], (name, found)
    small = page.evaluate(SMALL_TARGETS)
    assert not small, (name, small)


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_a_seated_phone_confirms_and_the_keeper_sees_it(live_server, chromium, size):
    client = Client()
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob", "Cy"])
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    post_hand(client, game_id, knock_hand(1, 12, 3, 20))
    join = edit_link(client, game_id).replace("http://testserver", live_server.url, 1)
    view = f"{live_server.url}/games/{game_id}/"

    keeper_context, phone_context = _context(chromium, size), _context(chromium, size)
    try:
        keeper = keeper_context.new_page()
        keeper.goto(join)
        keeper.wait_for_url(re.compile(rf"/games/{game_id}/$"))
        expect(keeper.locator(".enter-hand")).to_be_visible()

        phone = phone_context.new_page()
        phone.goto(view)
        expect(phone.locator(".watching")).to_be_visible()
        expect(phone.locator(".hand-confirm")).to_have_count(0)
        _fits(phone, f"viewer-{size}")
        phone.select_option("#seat-player", "Bob")
        phone.click(".seat-form button")
        expect(phone.locator("#seat")).to_contain_text("This phone is Bob's.")
        expect(phone.locator("#hand-2 .hand-confirm")).to_be_visible()
        _fits(phone, f"seated-{size}")

        phone.click("#hand-1 .hand-confirm button[type=submit]")
        expect(phone.locator("#hand-1")).to_contain_text("Confirmed by Bob")
        expect(phone.locator("#hand-1 .hand-confirm")).to_have_count(0)

        keeper.reload()
        expect(keeper.locator("#hand-1")).to_contain_text("Confirmed by Bob")
        expect(keeper.locator(".running .said.confirmed")).to_have_count(1)
        _fits(keeper, f"keeper-{size}")

        # A dispute reaches the keeper's page by itself (the scoreboard follows the game).
        phone.click("#hand-2 .dispute-form summary")
        phone.fill("#reason-2", "Cy had 13, not 3")
        phone.click("#hand-2 .dispute-form button[type=submit]")
        expect(phone.locator("#hand-2")).to_contain_text("Bob disputes this hand")
        _fits(phone, f"disputed-{size}")
        expect(keeper.locator("#hand-2")).to_contain_text("Cy had 13, not 3")
        expect(keeper.locator(".running .said.disputed")).to_have_count(1)
    finally:
        keeper_context.close()
        phone_context.close()
