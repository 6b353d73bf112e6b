"""The edit link: a valid token lets this browser keep score; anything else is refused."""

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games import access

from .page_helpers import knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def edit_token(client, game_id):
    return client.session[access.GAMES][game_id]["token"]


def test_edit_link_lets_another_phone_enter_hands(client):
    game_id = start_game(client)
    phone = Client()
    response = phone.get(reverse("game_join", args=[game_id, edit_token(client, game_id)]))
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game_id])
    html = phone.get(response["Location"]).content.decode()
    assert "You can now enter and correct hands on this phone." in html
    assert post_hand(phone, game_id, knock_hand(0, 5, 12, 20)).status_code == 302
    assert len(state(game_id)["hands"]) == 1


def test_wrong_token_is_refused_and_grants_nothing(client):
    game_id = start_game(client)
    phone = Client()
    response = phone.get(reverse("game_join", args=[game_id, "not-the-token"]))
    assert response.status_code == 403
    assert "not valid" in response.content.decode()
    assert post_hand(phone, game_id, knock_hand(0, 5, 12, 20)).status_code == 403
    assert state(game_id)["hands"] == []


def test_token_of_another_game_is_refused(client):
    first = start_game(client)
    second = start_game(client)
    phone = Client()
    response = phone.get(reverse("game_join", args=[second, edit_token(client, first)]))
    assert response.status_code == 403


def test_unknown_game_is_404(client):
    assert client.get(reverse("game_join", args=["nope", "x"])).status_code == 404
