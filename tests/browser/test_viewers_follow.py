"""Viewers follow the table (issue 25 §4): the keeper taps Rematch and the viewer following the
old game is taken to the new one, in the view it was in; the keeper corrects a hand and every
viewer reads what it changed."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.games.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_viewer_is_taken_to_the_rematch_the_keeper_started(live_server, phone, shot):
    keeper = phone()
    keeper.goto(live_server.url + "/games/new/?variant=knock-rummy")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        keeper.fill(f"#id_player-{i}", name)
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

    viewer = phone()  # another phone: no edit rights, just the game's link
    viewer.goto(first_url)
    expect(viewer.locator(".game-over .celebrate")).to_contain_text("Bob wins!")
    expect(viewer.locator("[data-rematch-follow]")).to_have_count(0)

    keeper.click("text=Rematch")
    keeper.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    assert keeper.url != first_url
    new = Game.objects.exclude(rematch_of=None).get()
    viewer.wait_for_url(re.compile(rf"/games/{new.public_id}/$"))
    expect(viewer.locator(".scoreboard")).to_contain_text("Ann")
    expect(viewer.locator(".enter-hand")).to_have_count(0)  # still a viewer
    shot(viewer, "17b-viewer-followed-rematch")

    # A phone that opens the old game afterwards is not sent on: it sees the news and the link.
    later = phone()
    later.goto(first_url)
    expect(later.locator(".rematch-news")).to_contain_text("The table started a rematch.")
    expect(later.locator("[data-rematch-follow]")).to_be_visible()
    assert later.url == first_url


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
