"""Phỏm entries the table gets wrong: ù without its size, and móm over a hand with a meld."""

import re

import pytest

from .page_helpers import post_hand, start_game, state

pytestmark = pytest.mark.django_db


def errors(html):
    return re.findall(r'class="field-error"[^>]*>(.*?)</div>', html)


def test_u_without_choosing_its_size_is_asked_in_words(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    html = post_hand(client, game_id, {"winner": "0"}).content.decode()
    assert "expected a whole number" not in html
    found = errors(html)
    assert any("say how many cards the ù winner melded: 9 (and a discard) or 10" in e for e in found), found
    assert state(game_id)["hands"] == []
    # Chosen, it saves.
    assert post_hand(client, game_id, {"winner": "0", "u_cards": "10"}).status_code == 302


def test_mom_ticked_over_a_hand_with_a_meld_is_refused_naming_the_player(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    data = {
        "winner": "none",
        "p0-cards": "AS 2S 3S 5H 6D 8C 9C JD KH",  # A-2-3 of spades is a meld
        "p0-mom": "on",
        "p1-points": 10,
        "p2-points": 20,
    }
    response = post_hand(client, game_id, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ann&#x27;s cards say otherwise: the entry has a meld" in html
    assert state(game_id)["hands"] == []


def test_mom_ticked_over_a_hand_without_a_meld_is_kept(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    data = {
        "winner": "none",
        "p0-cards": "AS 3H 5S 7H 9D JC KS 2D 4C",
        "p0-mom": "on",
        "p1-points": 10,
        "p2-points": 20,
    }
    assert post_hand(client, game_id, data).status_code == 302
    hand = state(game_id)["hands"][0]
    assert hand["result"]["hands"]["Ann"]["mom"] is True
