"""Correcting an earlier hand: the form comes back filled in, totals follow, history stays."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from .page_helpers import knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def edit_url(game_id, n):
    return reverse("hand_edit", args=[game_id, n])


def update_url(game_id, n):
    return reverse("hand_update", args=[game_id, n])


def test_form_is_filled_in_with_the_hand_as_entered(client):
    game_id = start_game(client)
    entry = {"winner": "1", "p0-points": 5, "p1-points": 3, "p2-cards": "KH 2C 4S 5S 6S 7S 8S"}
    post_hand(client, game_id, entry)
    html = client.get(edit_url(game_id, 1)).content.decode()
    assert "Correct hand 1" in html
    assert re.search(r'id="winner-1"\s+class="winner-pick"\s+checked', html)
    assert '>KH 2C 4S 5S 6S 7S 8S</textarea>' in html
    assert f'action="{update_url(game_id, 1)}"' in html
    assert 'name="number" value="1"' in html


def test_correction_updates_totals_and_keeps_the_history(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))  # Ann +22
    post_hand(client, game_id, knock_hand(1, 30, 2, 20))  # Bob +46
    response = client.post(update_url(game_id, 1), knock_hand(0, 5, 15, 20))  # Ann +25
    assert response.status_code == 302
    assert state(game_id)["totals"] == {"Ann": 25, "Bob": 46, "Cy": 0}
    html = client.get(response["Location"]).content.decode()
    assert "Hand 1 corrected." in html
    assert ">corrected<" in html
    assert "Show the earlier version" in html
    assert "As first entered" in html
    assert "Bob counts 12" in html  # the earlier version's explanation
    assert "Bob counts 15" in html


def test_correction_can_end_the_game(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob"], options={"target": 50})
    post_hand(client, game_id, knock_hand(0, 5, 12))
    client.post(update_url(game_id, 1), knock_hand(0, 0, 40))
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert "Game over" in html and "Ann wins!" in html


def test_bad_correction_is_refused_inline_and_changes_nothing(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    data = {"winner": "0", "p0-points": 5, "p1-cards": "KX", "p2-points": 20}
    response = client.post(update_url(game_id, 1), data)
    assert response.status_code == 200
    assert "&#x27;KX&#x27; is not a card" in response.content.decode()
    assert state(game_id)["totals"]["Ann"] == 22


def test_unknown_hand_is_404(client):
    game_id = start_game(client)
    assert client.get(edit_url(game_id, 1)).status_code == 404
    assert client.post(update_url(game_id, 3), knock_hand(0, 5, 12, 20)).status_code == 404


def test_viewer_cannot_correct(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    viewer = Client()
    assert viewer.get(edit_url(game_id, 1)).status_code == 403
    assert viewer.post(update_url(game_id, 1), knock_hand(1, 5, 1, 20)).status_code == 403
    assert state(game_id)["totals"]["Ann"] == 22
