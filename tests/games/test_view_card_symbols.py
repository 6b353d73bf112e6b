"""Cards shown with suit symbols (issue 15 bug 8): explanations, errors and history print
"7♠ K♥" (hearts and diamonds red, each card named for screen readers), not "7S KH"; the engine
keeps its notation; the card field's hint says the symbols can be typed."""

import pytest
from django.urls import reverse

from .page_helpers import post_hand, start_game, state

pytestmark = pytest.mark.django_db

SEVEN_SPADES = '7<span class="suit">♠</span>'
KING_HEARTS = 'K<span class="suit suit-red">♥</span>'
HAND = "7S KH 2C 4D 9C JD 3H"  # a whole Knock hand of 7, no meld


def test_the_history_shows_suits_as_symbols_with_names_for_screen_readers(client):
    game_id = start_game(client)
    post_hand(client, game_id, {"winner": "0", "p0-points": 5, "p1-points": 12, "p2-cards": HAND})
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert SEVEN_SPADES in html and KING_HEARTS in html
    assert '<span class="visually-hidden">7 of spades</span>' in html
    assert " 7S " not in html and " KH " not in html
    # The engine and the API keep the notation.
    assert state(game_id)["hands"][0]["result"]["hands"]["Cy"] == {"hand": HAND}
    api = client.get(f"/api/v1/games/{game_id}").json()
    lines = " ".join(api["hands"][0]["explanation"])
    assert "7S" in lines and "KH" in lines and "♠" not in lines


def test_an_error_names_the_card_with_its_suit_symbol(client):
    game_id = start_game(client)
    response = post_hand(
        client, game_id, {"winner": "0", "p0-points": 5, "p1-points": 12, "p2-cards": "7S 7S 2C 4D 9C JD 3H"}
    )
    html = response.content.decode()
    assert response.status_code == 200 and state(game_id)["hands"] == []
    assert SEVEN_SPADES in html


def test_an_error_still_escapes_what_was_typed(client):
    game_id = start_game(client, players=["<b>Ann</b>", "Bob", "Cy"])
    response = post_hand(
        client, game_id, {"winner": "1", "p0-points": 5, "p2-cards": "7S <i>x</i>"}
    )
    html = response.content.decode()
    assert "<i>x</i>" not in html and "<b>Ann</b>" not in html


def test_the_hint_says_symbols_can_be_typed_and_they_are_read(client):
    game_id = start_game(client)
    html = client.get(reverse("hand_new", args=[game_id])).content.decode()
    assert "Suits can be typed as letters (S H D C) or as symbols (♠ ♥ ♦ ♣)." in html
    post_hand(client, game_id, {"winner": "0", "p0-points": 5, "p1-points": 12, "p2-cards": "7♠ K♥ 2♣ 4♦ 9♣ J♦ 3♥"})
    assert state(game_id)["hands"][0]["deltas"]["Ann"] > 0
