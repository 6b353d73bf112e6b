"""Issue 32 §6, RULES.md 11's Decision: the hand form asks about each ace among a player's
lay-offs (low onto 2-3 counts 1; high or on a set of aces 15), and saves nothing until it has."""

import html as html_lib
import re

import pytest
from django.urls import reverse

from .page_helpers import post_hand, start_game, state

pytestmark = pytest.mark.django_db

# RULES.md 11, example 60: Ann laid KH KD KC and laid off AS on Bob's 2S 3S 4S
HAND = {
    "winner": "0",
    "p0-melds": "KH KD KC",
    "p0-layoffs": "AS",
    "p1-melds": "2S 3S 4S",
    "p1-cards": "7D",
    "p2-laid": 0,
    "p2-left": 10,
}


def text_of(response) -> str:
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def test_the_form_offers_the_low_aces_field(client):
    game_id = start_game(client, "rummy-500", ("Ann", "Bob", "Cy"))
    page = client.get(reverse("hand_new", args=[game_id])).content.decode()
    assert 'name="p0-aces_low"' in page
    assert "of those, the aces laid off low (onto 2-3)" in page


def test_an_ace_among_the_lay_offs_is_asked_about_before_saving(client):
    game_id = start_game(client, "rummy-500", ("Ann", "Bob", "Cy"))
    response = post_hand(client, game_id, HAND)
    assert response.status_code == 200  # asked, not saved
    assert state(game_id)["hands"] == []
    text = text_of(response)
    assert "Ann laid off AS: if it went on the low end of a run (onto 2-3), it counts 1" in text
    assert 'name="p0-aces_low-asked" value="on"' in response.content.decode()


def test_example_60_the_ace_said_low_counts_1(client):
    game_id = start_game(client, "rummy-500", ("Ann", "Bob", "Cy"))
    response = post_hand(client, game_id, {**HAND, "p0-aces_low": "AS"})
    assert response.status_code == 302, text_of(response)[:2000]
    hands = state(game_id)["hands"]
    assert hands[0]["result"]["hands"]["Ann"]["aces_low"] == "AS"
    assert state(game_id)["totals"]["Ann"] == 31


def test_example_60_left_empty_once_asked_the_ace_counts_15(client):
    game_id = start_game(client, "rummy-500", ("Ann", "Bob", "Cy"))
    response = post_hand(client, game_id, {**HAND, "p0-aces_low-asked": "on"})
    assert response.status_code == 302, text_of(response)[:2000]
    assert state(game_id)["totals"]["Ann"] == 45


def test_lay_offs_without_an_ace_are_not_asked_about(client):
    game_id = start_game(client, "rummy-500", ("Ann", "Bob", "Cy"))
    response = post_hand(client, game_id, {**HAND, "p0-layoffs": "5S"})
    assert response.status_code == 302
    assert state(game_id)["totals"]["Ann"] == 35


def test_a_low_ace_not_laid_off_is_refused_next_to_its_field(client):
    game_id = start_game(client, "rummy-500", ("Ann", "Bob", "Cy"))
    response = post_hand(client, game_id, {**HAND, "p0-aces_low": "AH"})
    assert response.status_code == 200
    error = re.search(r'id="id_p0-aces_low-error"[^>]*>(.*?)</', response.content.decode(), re.S)
    assert error and "is not among Ann&#x27;s lay-offs" in response.content.decode()
    assert state(game_id)["hands"] == []


def test_the_edit_form_shows_the_low_ace_back(client):
    game_id = start_game(client, "rummy-500", ("Ann", "Bob", "Cy"))
    assert post_hand(client, game_id, {**HAND, "p0-aces_low": "AS"}).status_code == 302
    page = client.get(reverse("hand_edit", args=[game_id, 1])).content.decode()
    assert re.search(r'<textarea name="p0-aces_low"[^>]*>AS</textarea>', page)
