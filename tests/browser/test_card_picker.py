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


def test_typing_before_the_picker_arrives_keeps_the_field_and_its_cursor(live_server, chromium):
    """On a slow phone the hand form shows before its scripts run, and the table starts typing.
    The picker then wraps the field, and moving a field in the page takes its focus: the
    keyboard closed, and what was typed next went nowhere (a test typing at that moment lost
    the whole meld list, once in a full run). The picker puts the focus and cursor back."""
    from .conftest import BROWSER_TIMEOUT_MS, VIEWPORT

    # No service worker: it would serve the script itself, past the hold below.
    context = chromium.new_context(viewport=VIEWPORT, service_workers="block")
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/games/new/?variant=continental-rum")
        for i, name in enumerate(["Ann", "Bob", "Cy"]):
            page.fill(f"#id_player-{i}", name)
        page.click(".sticky-actions button")
        page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
        held = []
        page.route(re.compile(r".*/js/cardpicker\.js"), lambda route: held.append(route))
        page.click("text=Enter hand 1")
        field = page.locator("#id_melds")
        field.click()
        page.keyboard.type("5H 6H 7H / 9C")
        expect(field).not_to_have_attribute("data-picker-ready", "1")
        # The page asked for the script before it drew the field: each Playwright call since
        # took in the events before its own answer, the route's among them.
        assert len(held) == 1
        field.evaluate("el => el.setSelectionRange(8, 8)")  # the cursor after "7H"
        held[0].continue_()
        expect(field).to_have_attribute("data-picker-ready", "1")
        assert field.evaluate("el => el === document.activeElement")
        page.keyboard.type(" 8H")  # typing goes on where the cursor was
        expect(field).to_have_value("5H 6H 7H 8H / 9C")
    finally:
        context.close()
