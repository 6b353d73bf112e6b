"""Viewers follow the table (issue 25 §4): the keeper taps Rematch and the viewer following the
old game is taken to the new one, in the view it was in; the keeper corrects a hand and every
viewer reads what it changed.

The rematch at 390x844, 320x568 and 844x390 on the server `make serve` runs (gunicorn's asgi
workers: the stream tells the viewer), and at 390x844 on the WSGI live server (no stream: the
viewer's poll finds it)."""

import re

import pytest
from playwright.sync_api import expect

from .conftest import BROWSER_TIMEOUT_MS
from .pages import VIEWPORTS
from .served import fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW_GAME = re.compile(r"/games/[\w-]+/$")


@pytest.fixture
def served(asgi_served):
    return asgi_served


@pytest.fixture
def sized(chromium):
    """Phones of one size: ``sized(size)`` opens a fresh context (its own session) and page."""
    contexts = []

    def open_phone(size: str):
        context = chromium.new_context(viewport=VIEWPORTS[size])
        context.set_default_timeout(BROWSER_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def follow_the_rematch(open_phone, base: str, name: str, live: str) -> None:
    """The keeper ends a game and taps Rematch; the viewer on the old game (whose page follows
    it by ``live``: "stream" or "poll") is taken to the new one; a phone that opens the old
    game afterwards stays there, with the news and the link."""
    keeper = open_phone()
    keeper.goto(base + "/games/new/?variant=knock-rummy")
    for i, player in enumerate(["Ann", "Bob", "Cy"]):
        keeper.fill(f"#id_player-{i}", player)
    keeper.fill("#id_opt-target", "30")
    keeper.click(".sticky-actions button")
    keeper.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    first_url = keeper.url
    keeper.click("text=Enter hand 1")
    keeper.check("#winner-1")
    for i, points in enumerate([20, 2, 40]):
        keeper.fill(f"#id_p{i}-points", str(points))
    keeper.click(".sticky-actions button[name=save]")
    keeper.wait_for_url(first_url)
    expect(keeper.locator(".game-over .celebrate")).to_contain_text("Bob wins!")

    viewer = open_phone()  # another phone: no edit rights, just the game's link
    viewer.goto(first_url)
    expect(viewer.locator(".game-over .celebrate")).to_contain_text("Bob wins!")
    expect(viewer.locator("[data-rematch-follow]")).to_have_count(0)
    expect(viewer.locator("html")).to_have_attribute("data-live", live)

    keeper.click("text=Rematch")
    keeper.wait_for_url(lambda url: url != first_url and NEW_GAME.search(url) is not None)
    new_url = keeper.url
    viewer.wait_for_url(new_url)
    expect(viewer.locator(".scoreboard")).to_contain_text("Ann")
    expect(viewer.locator(".enter-hand")).to_have_count(0)  # still a viewer
    fits(viewer, f"17b-viewer-followed-rematch-{name}")

    # A phone that opens the old game afterwards is not sent on: it sees the news and the link.
    later = open_phone()
    later.goto(first_url)
    expect(later.locator(".rematch-news")).to_contain_text("The table started a rematch.")
    expect(later.locator("[data-rematch-follow]")).to_be_visible()
    assert later.url == first_url
    fits(later, f"17c-old-game-after-the-rematch-{name}")


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_a_viewer_is_taken_to_the_rematch_the_keeper_started(served, sized, size):
    """As served in production: the stream tells the viewer's page."""
    follow_the_rematch(lambda: sized(size), served.url, size, "stream")


def test_a_polling_viewer_is_taken_to_the_rematch_too(live_server, sized):
    """The WSGI live server holds no stream: the viewer's poll finds the rematch."""
    follow_the_rematch(lambda: sized("390x844"), live_server.url, "poll-390x844", "poll")


def test_a_viewer_reads_what_the_keeper_s_correction_changed(live_server, phone, shot):
    keeper = phone()
    keeper.goto(live_server.url + "/games/new/?variant=knock-rummy")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        keeper.fill(f"#id_player-{i}", name)
    keeper.click(".sticky-actions button")
    keeper.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    game_url = keeper.url
    keeper.click("text=Enter hand 1")
    keeper.check("#winner-0")
    for i, points in enumerate([0, 10, 5]):
        keeper.fill(f"#id_p{i}-points", str(points))
    keeper.click(".sticky-actions button[name=save]")
    keeper.wait_for_url(game_url)

    viewer = phone()
    viewer.goto(game_url)
    expect(viewer.locator(".scoreboard")).to_contain_text("Bob")
    expect(viewer.locator(".table-news")).to_have_count(0)

    keeper.click("text=Correct hand 1")
    keeper.fill("#id_p1-points", "10+20")  # a sum, too
    keeper.click(".sticky-actions button[name=save]")
    keeper.wait_for_url(game_url)
    expect(keeper.locator(".messages")).to_contain_text("Hand 1 corrected.")
    news = viewer.locator(".table-news")
    expect(news).to_contain_text("Hand 1 corrected.")  # the poll or the stream brings it
    expect(news).to_contain_text("→")
    shot(viewer, "09b-viewer-reads-the-correction")
