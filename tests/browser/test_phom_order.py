"""Phỏm on a phone: the finishing order tapped player by player, at 390x844."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.games.models import Hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_tap_players_in_finishing_order_and_tap_again_to_undo(live_server, phone, shot):
    page = phone()
    page.goto(f"{live_server.url}/games/new/?variant=phom")
    for i, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
        page.fill(f"#id_player-{i}", name)
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    game_url = page.url
    page.click("text=Enter hand 1")

    tiles = page.locator(".order-tiles .order-tile")
    expect(tiles).to_have_count(4)
    expect(page.locator(".order-places")).to_be_hidden()  # the selects step back for the tiles
    for name in ["Cy", "Ann", "Bob"]:
        tiles.filter(has_text=name).click()
    cy = tiles.filter(has_text="Cy")
    expect(cy).to_have_attribute("aria-pressed", "true")
    expect(cy.locator(".order-badge")).to_have_text("1")
    # Tap Ann again: her place goes back and Bob moves up to 2.
    tiles.filter(has_text="Ann").click()
    expect(tiles.filter(has_text="Ann")).to_have_attribute("aria-pressed", "false")
    expect(tiles.filter(has_text="Bob").locator(".order-badge")).to_have_text("2")
    expect(page.locator("#id_p1-order")).to_have_value("2")
    tiles.filter(has_text="Dee").click()
    tiles.filter(has_text="Ann").click()
    expect(page.locator("#id_p0-order")).to_have_value("4")
    shot(page, "30-phom-order-tapped")

    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(game_url)
    hand = Hand.objects.get()
    assert hand.entry["order"] == ["Cy", "Bob", "Dee", "Ann"]
