"""The live preview says why it has no scores (issue 33 section 9): a trailing "+" in a points
sum blanked it. Typing "12+" shows, in the preview, the player, the field and what was typed;
finishing the sum brings the scores back."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import BROWSER_TIMEOUT_MS
from .pages import VIEWPORTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", ["390x844", "320x568"])
def test_a_trailing_plus_is_named_in_the_live_preview(live_server, chromium, size):
    context = chromium.new_context(viewport=VIEWPORTS[size])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/games/new/?variant=knock-rummy")
        for i, name in enumerate(["Ann", "Bob", "Cy"]):
            page.fill(f"#id_player-{i}", name)
        page.click(".sticky-actions button")
        page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
        page.click(".enter-hand")
        page.wait_for_url(re.compile(r"/hands/new/$"))
        page.click("label:has(#winner-0)")
        page.fill("#id_p0-points", "0")
        page.fill("#id_p2-points", "4")
        page.fill("#id_p1-points", "12+")
        preview = page.locator("#preview")
        expect(preview).to_be_visible()
        expect(preview).to_contain_text("Bob, points: “12+”: each + needs a number on both sides.")
        page.fill("#id_p1-points", "12+3")
        expect(preview.locator(".deltas")).to_be_visible()
        expect(preview).not_to_contain_text("No preview yet")
    finally:
        context.close()
