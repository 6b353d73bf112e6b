"""Saving a hand: recorded through the service, errors inline, only for scorekeepers."""

import pytest
from django.test import Client
from django.urls import reverse

from .page_helpers import HTMX, csrf_from, game, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def test_save_records_the_hand_and_returns_to_the_scores(client):
    game_id = start_game(client)
    response = post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game_id]) + "#scoreboard"
    hands = state(game_id)["hands"]
    assert len(hands) == 1
    assert hands[0]["result"] == {
        "knocker": "Ann",
        "hands": {"Ann": {"points": 5}, "Bob": {"points": 12}, "Cy": {"points": 20}},
    }
    assert "Hand 1 saved." in client.get(response["Location"]).content.decode()


def test_cards_become_a_whole_hand_for_deadwood_variants(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob"])
    data = {"winner": "0", "p0-cards": "AS 2S 3S 7H 7D 7C JH QH KH 4D"}
    data["p1-cards"] = "2C 3D 5H 6S 8C 9D 10H JS QC KD"
    assert post_hand(client, game_id, data).status_code == 302
    hand = state(game_id)["hands"][0]
    assert hand["result"]["hands"]["Ann"] == {"hand": "AS 2S 3S 7H 7D 7C JH QH KH 4D"}
    assert hand["deltas"]["Ann"] == 69  # RULES example 23


def test_bad_card_is_refused_inline_and_nothing_is_saved(client):
    game_id = start_game(client)
    data = {"winner": "0", "p0-points": 5, "p1-cards": "KH ZZ", "p2-points": 20}
    response = post_hand(client, game_id, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "&#x27;ZZ&#x27; is not a card (card 2)" in html
    assert '>KH ZZ</textarea>' in html
    assert state(game_id)["hands"] == []


def test_same_request_id_records_once(client):
    game_id = start_game(client)
    data = knock_hand(0, 5, 12, 20) | {"request_id": "tap-1"}
    post_hand(client, game_id, data)
    post_hand(client, game_id, data)
    assert len(state(game_id)["hands"]) == 1


def test_the_form_carries_a_fresh_request_id(client):
    game_id = start_game(client)
    html = client.get(reverse("hand_new", args=[game_id])).content.decode()
    assert 'name="request_id" value="' in html


def test_hand_on_a_finished_game_is_refused(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob"], options={"target": 10})
    post_hand(client, game_id, knock_hand(0, 0, 30))
    response = post_hand(client, game_id, knock_hand(0, 0, 30))
    assert response.status_code == 302
    assert len(state(game_id)["hands"]) == 1
    html = client.get(response["Location"]).content.decode()
    assert "This game is over" in html


def test_viewer_cannot_post_and_nothing_changes(client):
    game_id = start_game(client)
    before = game(game_id).updated
    response = post_hand(Client(), game_id, knock_hand(0, 5, 12, 20))
    assert response.status_code == 403
    assert state(game_id)["hands"] == []
    assert game(game_id).updated == before


def test_viewer_with_a_forged_request_id_changes_nothing(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20) | {"request_id": "r"})
    response = post_hand(Client(), game_id, knock_hand(1, 5, 1, 20) | {"request_id": "r2"})
    assert response.status_code == 403
    assert len(state(game_id)["hands"]) == 1


def test_get_is_not_allowed(client):
    game_id = start_game(client)
    assert client.get(reverse("hand_create", args=[game_id])).status_code == 405


def test_csrf_is_enforced_and_the_htmx_header_token_is_accepted():
    phone = Client(enforce_csrf_checks=True)
    page = phone.get(reverse("game_start"))
    token = csrf_from(page.content.decode())
    data = {"variant": "knock-rummy", "seats": 3, "action": "create", "csrfmiddlewaretoken": token}
    data.update({"player-0": "Ann", "player-1": "Bob", "player-2": "Cy"})
    game_id = phone.post(reverse("game_start"), data)["Location"].split("/")[2]

    # No token: refused, nothing recorded.
    refused = post_hand(phone, game_id, knock_hand(0, 5, 12, 20), **HTMX)
    assert refused.status_code == 403
    assert state(game_id)["hands"] == []

    # The token htmx sends from base.html's hx-headers: accepted.
    page = phone.get(reverse("hand_new", args=[game_id]))
    header = csrf_from(page.content.decode())
    accepted = post_hand(
        phone, game_id, knock_hand(0, 5, 12, 20), HTTP_X_CSRFTOKEN=header, **HTMX
    )
    assert accepted.status_code == 200  # the game page, in place of the form
    assert accepted["HX-Replace-Url"] == f"/games/{game_id}/"
    assert len(state(game_id)["hands"]) == 1
