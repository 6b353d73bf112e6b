"""Entering a hand on a phone: tiles, big numbers, steppers, and a refused Save in place."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.games.models import Hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(page, base, variant, players):
    page.goto(f"{base}/games/new/?variant={variant}")
    for i, name in enumerate(players):
        page.fill(f"#id_player-{i}", name)
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    game_url = page.url
    page.click("text=Enter hand 1")
    return game_url


def test_a_refused_save_shows_its_errors_in_place_and_focused(live_server, phone, shot):
    page = phone()
    start(page, live_server.url, "knock-rummy", ["Ann", "Bob", "Cy"])
    form_url = page.url
    page.click(".choices.tiles label:has-text('Ann')")  # the whole tile is the target
    expect(page.locator("#winner-0")).to_be_checked()
    page.fill("#id_p0-points", "4")
    page.fill("#id_p1-points", "10")
    page.fill("#id_p2-cards", "KH 7X")
    page.click(".sticky-actions button[name=save]")
    summary = page.locator("#error-summary")
    expect(summary).to_contain_text("Cy, cards: '7X' is not a card (card 2)")
    expect(page.locator("#id_p2-cards")).to_be_focused()  # the input in error, not the top
    assert page.url == form_url  # no reload: the form was answered in place
    expect(page.locator("#id_p2-cards")).to_have_value("KH 7X")
    shot(page, "18-save-refused-in-place")
    assert Hand.objects.count() == 0


def test_phone_entry_tiles_big_numbers_steppers_and_card_lines(live_server, phone, shot):
    page = phone()
    start(page, live_server.url, "phom", ["Ann", "Bob", "Cy", "Dan"])
    tile = page.locator(".choices.tiles .choice").first
    assert tile.bounding_box()["height"] >= 48
    points = page.locator("#id_p0-points")
    assert points.get_attribute("inputmode") == "tel"  # a keypad with + for sums
    assert "big-number" in points.get_attribute("class")
    cards = page.locator("#id_p1-cards")
    assert cards.evaluate("e => e.tagName") == "TEXTAREA"
    shot(page, "19-phom-entry")


def test_small_counts_have_steppers(live_server, phone, shot):
    page = phone()
    start(page, live_server.url, "continental-rum", ["Ann", "Bob", "Cy"])
    page.click(".choices.tiles label:has-text('Bob')")
    jokers = page.locator("input[name='jokers']")
    wrap = page.locator(".stepper-wrap:has(input[name='jokers'])")
    more, less = wrap.locator("button.more"), wrap.locator("button.less")
    expect(more).to_have_attribute("aria-label", "One more")
    more.click()
    more.click()
    expect(jokers).to_have_value("2")
    less.click()
    less.click()
    less.click()
    expect(jokers).to_have_value("0")  # never below its minimum
    more.click()
    shot(page, "20-continental-stepper")
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"), wait_until="commit")
    page.wait_for_load_state()
    assert Hand.objects.get().entry.get("jokers") == 1


def test_a_points_field_takes_a_sum_shown_with_its_result(live_server, phone, shot):
    page = phone()
    game_url = start(page, live_server.url, "knock-rummy", ["Ann", "Bob", "Cy"])
    page.click(".choices.tiles label:has-text('Ann')")
    page.fill("#id_p0-points", "0")
    page.fill("#id_p1-points", "12+11+7")
    page.fill("#id_p2-points", "5+x")
    page.click(".sticky-actions button[name=save]")
    expect(page.locator("#error-summary")).to_contain_text("“x” is not a number")
    expect(page.locator("#id_p1-points")).to_have_value("12+11+7")  # as typed
    expect(page.locator("output.points-sum[for=id_p1-points]")).to_have_text("12 + 11 + 7 = 30")
    assert Hand.objects.count() == 0
    page.fill("#id_p2-points", "5 + 4")
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(game_url)
    expect(page.locator("body")).to_contain_text("30")
    assert Hand.objects.get().entry["hands"]["Bob"] == {"points": 30}
    assert Hand.objects.get().entry["hands"]["Cy"] == {"points": 9}
    shot(page, "19b-points-sum-saved")


def test_gin_the_knocker_gives_his_melds_on_the_page(live_server, phone, shot):
    page = phone()
    game_url = start(page, live_server.url, "gin-rummy", ["Ann", "Bob"])
    page.click(".choices.tiles label:has-text('Ann')")
    melds = page.locator("#id_p0-melds")
    expect(melds).to_be_visible()
    expect(page.locator(".seat-entry[data-seat='0'] button:has-text('Pick cards')")).to_have_count(2)
    melds.fill("AH 2H 3H / 4S 5S 6S / 9C 9D 9H")
    page.fill("#id_p0-cards", "2C")
    page.fill("#id_p1-points", "30")
    shot(page, "19c-gin-knocker-melds")
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(game_url)
    ann = Hand.objects.get().entry["hands"]["Ann"]
    assert ann == {"cards": "2C", "melds": ["AH 2H 3H", "4S 5S 6S", "9C 9D 9H"]}
