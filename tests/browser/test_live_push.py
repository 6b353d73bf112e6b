"""The live table in Chromium (issue 25 §1): a keeper phone saves hands, viewer phones see each
hand without a reload, through the game's event stream; a viewer whose stream is refused polls
instead; a viewer that loses the connection never loses or doubles a hand.

The server is what `make serve` runs (gunicorn's asgi workers, production mode, SQLite, no
Redis) on a free port of 127.0.0.1, so the stream is served as in production. The scoreboard's
poll is set to 2 s; while a stream is open the page sends no timed poll, so a hand that arrives
on a page showing ``data-live="stream"`` came through the stream.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .pages import VIEWPORTS as SIZES
from .served import enter_hand, mark_page, open_phone, start, still_same_page

pytestmark = [pytest.mark.browser]


@pytest.fixture
def server(asgi_served):
    return asgi_served.url


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_viewers_see_each_hand_without_a_reload(server, chromium, size):
    keeper_context, keeper = open_phone(chromium, size)
    viewer_context, viewer = open_phone(chromium, size)
    try:
        game_url = start(keeper, server)
        viewer.goto(game_url)
        expect(viewer.locator("html")).to_have_attribute("data-live", "stream")
        expect(keeper.locator("html")).to_have_attribute("data-live", "stream")
        mark_page(viewer)
        mark_page(keeper)

        enter_hand(keeper, 1, (4, 10, 12))
        expect(viewer.locator("#hand-1")).to_be_visible()
        enter_hand(keeper, 2, (3, 9, 20))
        expect(viewer.locator("#hand-2")).to_be_visible()
        assert viewer.locator("li.hand[id^='hand-']").count() == 2
        assert still_same_page(viewer)
        # The keeper's page followed the save in place too: no reload since the game began.
        assert keeper.url == game_url
        expect(viewer.locator("html")).to_have_attribute("data-live", "stream")
        assert viewer.evaluate("document.documentElement.scrollWidth") <= size["width"]
    finally:
        keeper_context.close()
        viewer_context.close()


def test_a_viewer_whose_stream_is_refused_polls_instead(server, chromium):
    keeper_context, keeper = open_phone(chromium, SIZES["390x844"])
    viewer_context, viewer = open_phone(chromium, SIZES["390x844"])
    try:
        # A proxy that cuts the stream: every events request fails.
        viewer_context.route(re.compile(r".*/events(\?.*)?$"), lambda route: route.abort())
        game_url = start(keeper, server)
        viewer.goto(game_url)
        expect(viewer.locator("html")).to_have_attribute("data-live", "poll")
        mark_page(viewer)
        enter_hand(keeper, 1, (4, 10, 12))
        expect(viewer.locator("#hand-1")).to_be_visible()
        assert still_same_page(viewer)
    finally:
        keeper_context.close()
        viewer_context.close()


def test_a_viewer_that_loses_the_connection_never_loses_or_doubles_a_hand(server, chromium):
    keeper_context, keeper = open_phone(chromium, SIZES["320x568"])
    viewer_context, viewer = open_phone(chromium, SIZES["320x568"])
    try:
        game_url = start(keeper, server)
        viewer.goto(game_url)
        expect(viewer.locator("html")).to_have_attribute("data-live", "stream")
        enter_hand(keeper, 1, (4, 10, 12))
        expect(viewer.locator("#hand-1")).to_be_visible()

        viewer_context.set_offline(True)  # the phone loses its connection (the stream with it)
        expect(viewer.locator("html")).to_have_attribute("data-live", "poll")
        enter_hand(keeper, 2, (3, 9, 20))
        enter_hand(keeper, 3, (5, 5, 5))
        viewer_context.set_offline(False)  # back: the stream reconnects with Last-Event-ID

        expect(viewer.locator("#hand-3")).to_be_visible()
        expect(viewer.locator("li.hand[id^='hand-']")).to_have_count(3)
        numbers = viewer.eval_on_selector_all("li.hand[id^='hand-']", "els => els.map(e => e.id)")
        assert sorted(numbers) == ["hand-1", "hand-2", "hand-3"]
    finally:
        keeper_context.close()
        viewer_context.close()
