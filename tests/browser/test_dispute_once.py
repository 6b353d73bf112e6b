"""A dispute is sent once (issue 33 section 9): the form stayed open after sending and could
be sent twice. As it is sent its button is disabled and its form folds; after the page comes
back the form is folded, with the dispute said above it (the server also takes the same
dispute twice as one: tests/games/test_view_seats.py)."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.games.page_helpers import knock_hand, post_hand, start_game

from .conftest import BROWSER_TIMEOUT_MS
from .pages import VIEWPORTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Holds the next form on the page (a test's listener after the page's own), as a slow
# network would: what the page did as it was sent stays to be seen.
HOLD = """() => document.addEventListener("submit", e => e.preventDefault(), {once: true})"""


def test_a_dispute_folds_and_cannot_be_sent_twice(live_server, chromium):
    keeper = Client()
    game_id = start_game(keeper)
    post_hand(keeper, game_id, knock_hand(0, 0, 5, 12))
    context = chromium.new_context(viewport=VIEWPORTS["390x844"])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        phone = context.new_page()
        phone.goto(f"{live_server.url}/games/{game_id}/")
        phone.select_option("#seat-player", "Bob")
        phone.click(".seat-form button")
        expect(phone.locator("#seat")).to_contain_text("This phone is Bob's.")
        phone.click("#hand-1 .dispute-form summary")
        phone.fill("#reason-1", "Cy had 13")
        phone.evaluate(HOLD)
        send = phone.locator("#hand-1 .dispute-form button[type=submit]")
        send.click()
        expect(send).to_be_disabled()
        expect(phone.locator("#hand-1 details.dispute-form[open]")).to_have_count(0)
        # Sent for real: the page comes back with the dispute said and the form folded.
        phone.evaluate("document.querySelector('#hand-1 .dispute-form form').submit()")
        expect(phone.locator("#hand-1")).to_contain_text("Bob disputes this hand")
        expect(phone.locator("#hand-1 details.dispute-form[open]")).to_have_count(0)
        expect(phone.locator("#hand-1 .dispute-form button[type=submit]")).to_be_enabled()
    finally:
        context.close()
