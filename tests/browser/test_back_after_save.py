"""Back after Save on a phone (issue 15 bug 7): the filled form says it is already saved and
links the game, instead of looking unsaved; Save cannot record it twice.

Since the game page comes in place of the form after a save (issue 25 §1, its address
replacing the form's in the history), Back from there leads to the game page the form was
opened from, never to the saved form; the form opened again from the browser's history
(static/js/saved.js) keeps its server side tested in tests/games/test_view_back_after_save.py."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.games.models import Hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_back_after_save_goes_to_the_game_never_the_saved_form(live_server, phone, shot):
    page = phone()
    page.goto(f"{live_server.url}/games/new/?variant=knock-rummy")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#id_player-{i}", name)
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    game_url = page.url
    page.click("text=Enter hand 1")
    page.wait_for_url(re.compile(r"/hands/new/$"))
    notice = page.locator(".already-saved")
    expect(notice).to_be_hidden()  # a fresh form is not saved
    page.click(".choices.tiles label:has-text('Ann')")
    page.fill("#id_p0-points", "4")
    page.fill("#id_p1-points", "10")
    page.fill("#id_p2-points", "12")
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(game_url)
    expect(page.locator("#hand-1")).to_be_visible()
    # The game page came in place of the form: its own scripts' parts work as on a full load.
    expect(page.locator(".print-sheet")).to_be_visible()

    page.go_back()  # to the game page the form was opened from, now showing hand 1
    page.wait_for_url(game_url)
    expect(page.locator("#hand-1")).to_be_visible()
    assert Hand.objects.count() == 1
    page.go_forward()  # the entry of the saved form is the game page now
    page.wait_for_url(game_url)
    expect(page.locator("#hand-1")).to_be_visible()
    shot(page, "back-after-save")
