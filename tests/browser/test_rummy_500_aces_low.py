"""Rummy 500 on a phone (RULES.md 11's Decision): the hand form asks about an ace among a
player's lay-offs before it saves, in place, and counts it 1 once said to have gone low."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.games.models import Hand

from .served import start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_ace_laid_off_is_asked_about_then_counts_1_low(live_server, phone, shot):
    page = phone()
    game_url = start(page, live_server.url, "rummy-500")
    page.click("text=Enter hand 1")
    page.click(".choices.tiles label:has-text('Ann')")
    page.fill("#id_p0-melds", "KH KD KC")
    page.fill("#id_p0-layoffs", "AS")  # example 60: onto Bob's 2S 3S 4S
    page.fill("#id_p1-melds", "2S 3S 4S")
    page.fill("#id_p1-cards", "7D")
    page.fill("#id_p2-laid", "0")
    page.fill("#id_p2-left", "10")
    page.click(".sticky-actions button[name=save]")
    asked = page.locator("#id_p0-aces_low-error")
    expect(asked).to_contain_text("if it went on the low end of a run (onto 2-3), it counts 1")
    expect(page.locator("input[name='p0-aces_low-asked']")).to_have_count(1)
    shot(page, "rummy-500-ace-asked")
    assert Hand.objects.count() == 0
    page.fill("#id_p0-aces_low", "AS")
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(re.compile(re.escape(game_url) + r"(#.*)?$"))
    hand = Hand.objects.get()
    assert hand.entry["hands"]["Ann"]["aces_low"] == "AS"
    expect(page.locator("body")).to_contain_text("31")
