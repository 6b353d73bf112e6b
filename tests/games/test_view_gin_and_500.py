"""Gin Rummy and Rummy 500 on the pages: started, a hand entered from the form, shown."""

import pytest
from django.urls import reverse

from scorekeeper.i18n import cards_html

from .page_helpers import post_hand, start_game, state

pytestmark = pytest.mark.django_db


def test_rummy_500_hand_from_the_form_with_laid_left_and_cards(client):
    game_id = start_game(client, "rummy-500", ("Ann", "Bob", "Cy"))
    page = client.get(reverse("hand_new", args=[game_id])).content.decode()
    assert 'name="p1-laid"' in page and 'name="p2-layoffs"' in page
    data = {
        "winner": "0",
        "p0-melds": "AS 2S 3S / KH KD KC",
        "p1-melds": "QH JH 10H",
        "p1-cards": "AD 5C",
        "p2-laid": 0,
        "p2-left": 22,
    }
    response = post_hand(client, game_id, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert state(game_id)["totals"] == {"Ann": 36, "Bob": 10, "Cy": -22}


def test_rummy_500_refusal_lands_on_its_field(client):
    game_id = start_game(client, "rummy-500", ("Ann", "Bob"))
    data = {"winner": "0", "p0-laid": 10, "p0-left": 4, "p1-laid": 0, "p1-left": 3}
    html = post_hand(client, game_id, data).content.decode()
    assert "no card is left in his hand" in html
    assert state(game_id)["hands"] == []


def test_gin_void_hand_and_the_defenders_lay_offs_on_the_page(client):
    game_id = start_game(client, "gin-rummy", ("Ann", "Bob"))
    page = client.get(reverse("hand_new", args=[game_id])).content.decode()
    assert 'value="blocked"' in page  # the void choice
    assert post_hand(client, game_id, {"winner": "blocked"}).status_code == 302
    hand = {
        "winner": "0",
        "p0-cards": "AS 2S 3S 7H 7D 7C JH QH KH 4D",
        "p1-cards": "10H 4S 5S 7S 9C 9D 9S 2D 3D 6C",
    }
    assert post_hand(client, game_id, hand).status_code == 302
    now = state(game_id)
    assert now["totals"] == {"Ann": 7, "Bob": 0}
    assert now["hands"][0]["result"] == {"void": True}
    game_page = client.get(reverse("game", args=[game_id])).content.decode()
    # cards as the page shows them (suits as symbols, read aloud by name)
    assert f"Bob lays off {cards_html('4S 5S')} on {cards_html('AS 2S 3S')}" in game_page
