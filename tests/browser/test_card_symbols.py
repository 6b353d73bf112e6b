"""Suits as symbols on a phone (issue 15 bug 8): the game page's explanation shows 7♠ K♥, the
heart in red and the spade not, and each card has its name for screen readers."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_explanations_show_suit_symbols_in_colour(live_server, phone, shot):
    page = phone()
    page.goto(f"{live_server.url}/games/new/?variant=knock-rummy")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#id_player-{i}", name)
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    game_url = page.url
    page.click("text=Enter hand 1")
    expect(page.locator(".suit-hint")).to_contain_text("♠ ♥ ♦ ♣")
    page.click(".choices.tiles label:has-text('Ann')")
    page.fill("#id_p0-points", "4")
    page.fill("#id_p1-points", "10")
    page.fill("#id_p2-cards", "7S KH 2C 4D 9C JD 3H")
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(game_url)
    hand = page.locator("#hand-1")
    heart = hand.locator(".card-name .suit-red", has_text="♥").first
    spade = hand.locator(".card-name .suit", has_text="♠").first
    expect(heart).to_be_visible()
    red = heart.evaluate("e => getComputedStyle(e).color")
    black = spade.evaluate("e => getComputedStyle(e).color")
    assert red != black and red.startswith("rgb(")
    assert int(red[4:].split(",")[0]) > 150  # a red
    expect(hand.locator(".card-name .visually-hidden", has_text="K of hearts")).to_have_count(1)
    expect(hand).not_to_contain_text("KH")
    shot(page, "suits-as-symbols")
