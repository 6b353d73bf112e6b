"""The card picker knows the deck: cards in other players' hands are greyed out."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(page, base, variant, players):
    page.goto(f"{base}/games/new/?variant={variant}")
    for i, name in enumerate(players):
        page.fill(f"#id_player-{i}", name)
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    page.click("text=Enter hand 1")
    page.wait_for_url(re.compile(r"/hands/new/"))
    page.wait_for_load_state("load")
    # Every card field has its picker (cardpicker.js ran) before anything is typed.
    expect(page.locator("input[data-cards]:not([data-picker-ready]), "
                        "textarea[data-cards]:not([data-picker-ready])")).to_have_count(0)


def test_cards_other_players_hold_are_greyed_out(live_server, phone, shot):
    page = phone()
    start(page, live_server.url, "knock-rummy", ["Ann", "Bob", "Cy"])
    page.fill("#id_p1-cards", "KH 7s")  # typed: canonical or not, Bob holds them
    page.click("#id_p2-cards ~ .picker-toggle")
    kh = page.locator("#id_p2-cards-picker button[data-card='KH']")
    expect(kh).to_have_attribute("aria-disabled", "true")
    expect(kh).to_have_class(re.compile(r"\bexhausted\b"))
    expect(kh).to_have_attribute("title", "Already in the hand of: Bob")
    kh.click(force=True)  # one pack: the only king of hearts is Bob's
    expect(page.locator("#id_p2-cards")).to_have_value("")
    page.click("#id_p2-cards-picker button[data-card='QH']")
    expect(page.locator("#id_p2-cards")).to_have_value("QH")
    # Picking in Cy's field greys the card in Ann's picker at once.
    page.click("#id_p0-cards ~ .picker-toggle")
    expect(page.locator("#id_p0-cards-picker button[data-card='QH']")).to_have_attribute(
        "aria-disabled", "true"
    )
    shot(page, "15-picker-used-cards")
    # Bob gives the king back: it is free again.
    page.fill("#id_p1-cards", "7S")
    expect(page.locator("#id_p0-cards-picker button[data-card='KH']")).to_have_attribute(
        "aria-disabled", "false"
    )


def test_two_packs_allow_a_second_copy(live_server, phone):
    page = phone()
    start(page, live_server.url, "german-rummy", ["Ann", "Bob", "Cy"])
    packs = page.locator("script[src*=cardpicker]").get_attribute("data-packs")
    assert packs == "2"  # from the engine's deck for this variant
    fields = page.locator("[data-cards]")
    first, second = fields.nth(0), fields.nth(1)
    first.fill("KH KH")
    second_id = second.get_attribute("id")
    page.click(f"#{second_id} ~ .picker-toggle")
    expect(page.locator(f"#{second_id}-picker button[data-card='KH']")).to_have_attribute(
        "aria-disabled", "true"
    )
    first.fill("KH")
    kh = page.locator(f"#{second_id}-picker button[data-card='KH']")
    expect(kh).to_have_attribute("aria-disabled", "false")
    expect(kh).to_have_class(re.compile(r"\bused\b"))
    kh.click()
    expect(second).to_have_value("KH")
