"""Deleting a hand: later hands move up, totals follow; htmx gets the fresh scoreboard."""

import pytest
from django.test import Client
from django.urls import reverse

from .page_helpers import HTMX, csrf_from, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def delete_url(game_id, n):
    return reverse("hand_delete", args=[game_id, n])


def test_delete_removes_the_hand_and_updates_totals(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))  # Ann +22
    post_hand(client, game_id, knock_hand(1, 30, 2, 20))  # Bob +46
    response = client.post(delete_url(game_id, 1))
    assert response.status_code == 302
    after = state(game_id)
    assert [h["n"] for h in after["hands"]] == [1]
    assert after["totals"] == {"Ann": 0, "Bob": 46, "Cy": 0}
    assert "Hand 1 deleted." in client.get(response["Location"]).content.decode()


def test_htmx_delete_returns_the_scoreboard_fragment(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    response = client.post(delete_url(game_id, 1), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="scoreboard"')
    assert "Hand 1 deleted." in html
    assert "No hands yet." in html


def test_delete_that_ends_no_longer_over(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob"], options={"target": 10})
    post_hand(client, game_id, knock_hand(0, 0, 30))
    client.post(delete_url(game_id, 1))
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert "Game over" not in html
    assert "Enter hand 1" in html


def test_unknown_hand_is_404(client):
    game_id = start_game(client)
    assert client.post(delete_url(game_id, 1)).status_code == 404


def test_viewer_cannot_delete(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    assert Client().post(delete_url(game_id, 1)).status_code == 403
    # To htmx the refusal comes drawn in the page's <main> (an error answer would not be
    # swapped, and the tap would seem to do nothing); nothing is deleted either way.
    refused = Client().post(delete_url(game_id, 1), **HTMX)
    assert refused["HX-Retarget"] == "main" and "Watching only" in refused.content.decode()
    assert len(state(game_id)["hands"]) == 1


def test_get_asks_and_deletes_nothing(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    assert client.get(delete_url(game_id, 1)).status_code == 200
    assert client.put(delete_url(game_id, 1)).status_code == 405
    assert Client().get(delete_url(game_id, 1)).status_code == 403
    assert len(state(game_id)["hands"]) == 1


def test_htmx_delete_honours_csrf():
    phone = Client(enforce_csrf_checks=True)
    token = csrf_from(phone.get(reverse("game_start")).content.decode())
    data = {"variant": "knock-rummy", "seats": 2, "action": "create", "csrfmiddlewaretoken": token}
    data.update({"player-0": "Ann", "player-1": "Bob"})
    game_id = phone.post(reverse("game_start"), data)["Location"].split("/")[2]
    hand = knock_hand(0, 5, 12) | {"csrfmiddlewaretoken": token}
    assert post_hand(phone, game_id, hand).status_code == 302

    assert phone.post(delete_url(game_id, 1), **HTMX).status_code == 403
    assert len(state(game_id)["hands"]) == 1
    header = csrf_from(phone.get(reverse("game", args=[game_id])).content.decode())
    response = phone.post(delete_url(game_id, 1), HTTP_X_CSRFTOKEN=header, **HTMX)
    assert response.status_code == 200
    assert state(game_id)["hands"] == []


def test_a_tampered_one_time_key_is_refused_and_deletes_nothing(client):
    # Found by the page fuzz test: a NUL in the hidden key was a 500.
    from scorekeeper.games.models import Hand

    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    response = client.post(delete_url(game_id, 1), {"request_id": "000\x00"}, follow=True)
    assert response.status_code == 200
    assert "NUL" in response.content.decode()
    assert [h["n"] for h in state(game_id)["hands"]] == [1]
    assert not Hand.objects.filter(deleted_at__isnull=False).exists()
