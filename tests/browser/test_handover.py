"""Keep score on another phone (issue 25 §3, API.md "Handover"), in Chromium at 390x844,
320x568 and 844x390: the keeper opens the handover page (a QR code of a one-time link, and the
link as text); a second phone opens the link and enters a hand, which the keeper's and a
viewer's scoreboards show by the stream, without a reload; a third phone opening the same link
is refused with the clear message. A link older than 15 minutes is refused too: its age is set
on the server side, through ``handover_create(now=...)`` as the server tests do
(tests/games/test_live_table.py), in the server's own database, never by waiting.

The server is what `make serve` runs (gunicorn's asgi workers, SQLite), so the pushes are the
production stream (tests/browser/served.py).
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from playwright.sync_api import expect

from scorekeeper.games.pages.presentation import qr_svg

from .pages import VIEWPORTS
from .served import (
    enter_hand,
    fits,
    mark_page,
    open_phone,
    start,
    still_same_page,
)

pytestmark = [pytest.mark.browser]

REFUSED = "This handover link was already used or has expired."
QR_PATH = "el => el.querySelector('svg path').getAttribute('d')"


@pytest.fixture
def served(asgi_served):
    return asgi_served


def open_handover(keeper) -> str:
    """From the game page: Share, then "Keep score on another phone"; the link shown."""
    keeper.click("a.button:has-text('Share')")
    keeper.wait_for_url(re.compile(r"/share/$"))
    keeper.click("#handover-button")
    keeper.wait_for_url(re.compile(r"/handover/$"))
    expect(keeper.locator("h1")).to_have_text("Keep score on another phone")
    return keeper.locator("#handover-link").inner_text()


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_a_handover_link_lets_one_phone_keep_score_once(served, chromium, size):
    keeper_context, keeper = open_phone(chromium, VIEWPORTS[size])
    viewer_context, viewer = open_phone(chromium, VIEWPORTS[size])
    taker_context, taker = open_phone(chromium, VIEWPORTS[size])
    late_context, late = open_phone(chromium, VIEWPORTS[size])
    try:
        game_url = start(keeper, served.url)
        game_id = game_url.rstrip("/").rsplit("/", 1)[-1]
        viewer.goto(game_url)

        link = open_handover(keeper)
        assert re.fullmatch(rf"{re.escape(served.url)}/games/{game_id}/take/#[\w-]{{20,}}", link)
        expect(keeper.locator("#handover-link")).to_have_attribute("href", link)
        expect(keeper.locator(".panel")).to_contain_text("It works once, until")
        expect(keeper.locator(".panel")).to_contain_text("(15 minutes)")
        # The QR code is there, big enough to scan, and it is the code of the link shown.
        qr = keeper.locator(".qr svg")
        expect(qr).to_be_visible()
        box = qr.bounding_box()
        assert box["width"] >= 150 and abs(box["width"] - box["height"]) < 2, box
        assert box["y"] + box["height"] <= VIEWPORTS[size]["height"], box  # on the first screen
        expected = re.search(r' d="([^"]+)"', str(qr_svg(link))).group(1)
        assert keeper.locator(".qr").evaluate(QR_PATH) == expected
        fits(keeper, f"handover-{size}")

        keeper.click("text=Back to the scores")
        keeper.wait_for_url(game_url)
        for page in (keeper, viewer):
            expect(page.locator("html")).to_have_attribute("data-live", "stream")
            mark_page(page)

        # The second phone opens the link: it keeps score now, and enters hand 1.
        taker.goto(link)
        taker.wait_for_url(game_url)
        expect(taker.locator(".messages")).to_contain_text("You keep the score on this phone now.")
        expect(taker.locator(".enter-hand")).to_be_visible()
        enter_hand(taker, 1, (4, 10, 12))
        for page in (keeper, viewer):
            expect(page.locator("#hand-1")).to_contain_text("Ann")
            assert still_same_page(page)  # pushed, not reloaded
            expect(page.locator("html")).to_have_attribute("data-live", "stream")
        # The role was handed over (API.md Decision): the old keeper's phone watches now.
        keeper.reload()
        expect(keeper.locator(".enter-hand")).to_have_count(0)
        expect(viewer.locator(".enter-hand")).to_have_count(0)

        # The same link again, on a third phone: refused, in words, and no right to edit.
        late.goto(link)
        expect(late.locator(".field-error[role=alert]")).to_contain_text(REFUSED)
        expect(late.locator("h1")).to_have_text("Keep score on this phone")
        assert "#" not in late.url  # the secret left the address bar
        fits(late, f"handover-refused-{size}")
        late.goto(game_url)
        expect(late.locator("#hand-1")).to_be_visible()
        expect(late.locator(".enter-hand")).to_have_count(0)
    finally:
        for context in (keeper_context, viewer_context, taker_context, late_context):
            context.close()


MAKE_LINKS = """
from datetime import timedelta
from django.utils import timezone
from scorekeeper.games.table.handover import handover_create
from scorekeeper.games.models import Game
game = Game.objects.get(public_id="{game_id}")
now = timezone.now()
# Made 15 minutes and a second ago, then one made 14 minutes ago (the older first: a new link
# clears its game's links that expired by the time it is made).
stale, _ = handover_create(game=game, now=now - timedelta(minutes=15, seconds=1))
fresh, _ = handover_create(game=game, now=now - timedelta(minutes=14))
print(stale, fresh)
"""


@pytest.mark.parametrize("lang", [code for code, _name in settings.LANGUAGES])
def test_the_code_to_scan_is_on_a_small_phones_first_screen_in_every_language(
    served, chromium, lang
):
    """At 320x568 the heading runs to three lines in German and Italian: the code shrinks to
    stay on the first screen, still big enough to scan."""
    context = chromium.new_context(
        viewport=VIEWPORTS["320x568"], extra_http_headers={"Accept-Language": lang}
    )
    try:
        keeper = context.new_page()
        game_url = start(keeper, served.url)
        keeper.goto(game_url + "share/")
        keeper.click("#handover-button")
        keeper.wait_for_url(re.compile(r"/handover/$"))
        expect(keeper.locator("html")).to_have_attribute("lang", lang)
        box = keeper.locator(".qr svg").bounding_box()
        assert box["width"] >= 150, box
        assert box["y"] + box["height"] <= VIEWPORTS["320x568"]["height"], (lang, box)
    finally:
        context.close()


def test_a_handover_link_expires_after_15_minutes(served, chromium):
    keeper_context, keeper = open_phone(chromium, VIEWPORTS["390x844"])
    phone_context, phone = open_phone(chromium, VIEWPORTS["390x844"])
    try:
        game_url = start(keeper, served.url)
        game_id = game_url.rstrip("/").rsplit("/", 1)[-1]
        printed = served.shell(MAKE_LINKS.format(game_id=game_id))
        stale, fresh = printed.strip().splitlines()[-1].split()
        take = f"{served.url}/games/{game_id}/take/#"

        phone.goto(take + stale)
        expect(phone.locator(".field-error[role=alert]")).to_contain_text(REFUSED)
        phone.goto(game_url)
        expect(phone.locator(".scoreboard")).to_contain_text("Ann")
        expect(phone.locator(".enter-hand")).to_have_count(0)

        # A minute left: it still works.
        phone.goto(take + fresh)
        phone.wait_for_url(game_url)
        expect(phone.locator(".enter-hand")).to_be_visible()
    finally:
        keeper_context.close()
        phone_context.close()
