"""A hand form kept for offline use numbers and suggests the dealer from the newest state the
phone knows (issue 33 section 9): it said "Enter hand 2" but suggested hand 1's dealer, and the
game page kept offline said "Hand 3 of 5" beside "Enter hand 5"."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import BROWSER_TIMEOUT_MS
from .pages import VIEWPORTS
from .test_offline import queue, seen_saved, worker_ready

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_kept_form_suggests_the_dealer_the_game_page_last_said(live_server, chromium):
    context = chromium.new_context(viewport=VIEWPORTS["390x844"])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/games/new/?variant=continental-rum")
        for i, name in enumerate(["Ann", "Bob", "Cy"]):
            page.fill(f"#id_player-{i}", name)
        page.click(".sticky-actions button")
        page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
        game_url = page.url
        worker_ready(page)
        first_dealer = page.locator("table.scoreboard tr.deals").get_attribute("data-name")
        page.click(".enter-hand")
        page.wait_for_url(re.compile(r"/hands/new/$"))
        form_url = page.url
        expect(page.locator("select[name=dealer]")).to_have_value(first_dealer)
        page.check("#winner-0")
        page.click(".sticky-actions button[name=save]")
        expect(page.locator("#hand-1")).to_be_attached()
        seen_saved(page, game_url, 1)
        second_dealer = page.locator("table.scoreboard tr.deals").get_attribute("data-name")
        assert second_dealer != first_dealer
        progress = page.locator(".next-deal .progress").text_content()
        assert progress.startswith("Hand 2 of ")

        context.set_offline(True)
        page.goto(form_url)  # the copy kept when hand 1 was entered, with hand 1's dealer in it
        expect(page.locator("h1")).to_have_text("Enter hand 2")
        expect(page.locator("select[name=dealer]")).to_have_value(second_dealer)
        expect(page.locator("input[name=dealer-shown]")).to_have_value(second_dealer)
        page.check("#winner-1")
        page.click(".sticky-actions button[name=save]")
        page.wait_for_url(game_url)
        expect(page.locator(".enter-hand")).to_have_text("Enter hand 3")
        # The progress beside it follows the waiting hand too.
        expect(page.locator(".next-deal .progress")).to_have_text(progress.replace("2", "3", 1))
        assert [e["number"] for e in queue(page)] == [2]
    finally:
        context.close()
