"""A Continental winner's 15 cards entered as one hand on a 390x844 phone; the engine lays
them out (RULES.md 1)."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Ann", "Bob", "Cy", "Dan"]
# As dealt: no separators, in no order.
TAPPED = ["9C", "5H", "JS", "6H", "3D", "KS", "7H", "JK", "10C", "8H", "QS", "2D", "9H", "AS", "JC"]


def start(page, base):
    page.goto(f"{base}/games/new/?variant=continental-rum")
    for i, name in enumerate(PLAYERS):
        page.fill(f"#id_player-{i}", name)
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    page.click("text=Enter hand 1")


def test_a_continental_winner_picks_his_15_cards_as_one_hand(live_server, phone, shot):
    page = phone()
    assert page.viewport_size == {"width": 390, "height": 844}
    start(page, live_server.url)
    page.check("#winner-0")
    field = page.locator("#id_melds")
    page.click("#id_melds ~ .picker-toggle")
    for card in TAPPED:
        page.click(f"#id_melds-picker button[data-card='{card}']")
    expect(field).to_have_value(" ".join(TAPPED))
    page.click("#id_melds-picker button[data-action='done']")
    page.click(".sticky-actions button.secondary")  # Preview
    preview = page.locator("#preview")
    expect(preview).to_contain_text("The app laid out Ann's whole hand (5-4-3-3)")
    expect(preview).to_contain_text("Each player pays Ann 1 + 2 × 1 joker = 3")
    shot(page, "whole-hand-continental-preview")
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    expect(page.locator("body")).to_contain_text("109")  # Ann: 100 + 3 × 3
    expect(page.locator("body")).to_contain_text("97")


def test_melds_typed_as_the_app_prints_them_stay_melds_in_the_picker(live_server, phone):
    page = phone()
    start(page, live_server.url)
    field = page.locator("#id_melds")
    field.fill("5H 6H 7H 8H 9H · JS QS KS AS\n2D 3D JK|9C 10C")
    page.click("#id_melds ~ .picker-toggle")
    page.click("#id_melds-picker button[data-card='JC']")
    # The separators came from the page (the engine's list): each one still parts two melds.
    expect(field).to_have_value("5H 6H 7H 8H 9H / JS QS KS AS / 2D 3D JK / 9C 10C JC")
