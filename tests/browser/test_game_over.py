"""Game over on a phone: standings, Rematch into the next game, the result to share."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.games.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_rematch_starts_the_next_game_with_the_same_settings(live_server, phone, shot):
    page = phone()
    page.goto(live_server.url + "/games/new/?variant=knock-rummy")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#id_player-{i}", name)
    page.check("input[name=dealer][value='1']")  # Bob deals first
    page.fill("#id_opt-target", "30")
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    first_url = page.url

    page.click("text=Enter hand 1")
    page.check("#winner-1")
    for i, points in enumerate([20, 2, 40]):
        page.fill(f"#id_p{i}-points", str(points))
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(first_url)
    expect(page.locator(".game-over .celebrate")).to_contain_text("Bob wins!")
    expect(page.locator(".standing").first).to_contain_text("Bob")
    expect(page.locator(".share-result")).to_be_visible()  # Chromium can copy, at least
    shot(page, "16-game-over-standings")

    page.click("text=Rematch")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    assert page.url != first_url
    expect(page.locator(".next-deal")).to_contain_text("Hand 1: Cy deals 7 cards")
    expect(page.locator("text=Playing to 30")).to_be_visible()
    expect(page.locator(".scoreboard")).to_contain_text("Ann")
    shot(page, "17-rematch")
    new = Game.objects.exclude(rematch_of=None).get()
    assert new.options == {"target": 30} and new.variant == "knock-rummy"
    assert [s.name for s in new.seats.order_by("position")] == ["Ann", "Bob", "Cy"]

    page.goto(first_url)
    page.click("text=Go to the rematch")
    assert page.url.endswith(f"/games/{new.public_id}/")
