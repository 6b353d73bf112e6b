"""Two keepers on one "Enter hand" (issue 33 §1): the form posts the number of the hand it was
entering; when another phone saved that hand first, nothing is recorded and the page shows both
hands, offering "save mine as hand n+1" or "discard mine" (without JavaScript too)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from .page_helpers import HTMX, game, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def second_keeper(client: Client, game_id: str) -> Client:
    """Another phone with the same edit right (a shared handover)."""
    from scorekeeper.games.models import Grant
    from scorekeeper.games.rights import access

    other = Client()
    other.get("/")  # a session
    other.session.save()
    row = Grant.objects.filter(kind="game", public_id=game_id).first()
    Grant.objects.create(
        session_id=other.session.session_key,
        kind="game",
        public_id=game_id,
        grant=access.grant_for(game(game_id)),
        seen=row.seen,
    )
    return other


def entering(html: str) -> str:
    match = re.search(r'name="entering" value="(\d+)"', html)
    assert match, "the new hand's form posts no hand number"
    return match.group(1)


def test_the_new_hand_form_posts_the_number_it_enters(client):
    game_id = start_game(client)
    assert entering(client.get(reverse("hand_new", args=[game_id])).content.decode()) == "1"
    post_hand(client, game_id, knock_hand(0, 5, 12, 20) | {"entering": "1"})
    assert entering(client.get(reverse("hand_new", args=[game_id])).content.decode()) == "2"


def test_the_slower_phone_saves_nothing_and_sees_both_hands(client):
    game_id = start_game(client)
    other = second_keeper(client, game_id)
    assert (
        post_hand(client, game_id, knock_hand(0, 5, 12, 20) | {"entering": "1"}).status_code == 302
    )
    mine = knock_hand(1, 30, 4, 9) | {"entering": "1", "request_id": "phone-b"}
    response = post_hand(other, game_id, mine)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Hand 1 was saved on another phone first" in html
    assert "Save mine as hand 2" in html
    assert "Discard mine" in html
    assert entering(html) == "2"
    assert 'value="phone-b"' in html  # the same one-time key: a double tap still saves once
    assert len(state(game_id)["hands"]) == 1
    # "Save mine as hand 2": the form as drawn, sent again.
    again = post_hand(
        other, game_id, knock_hand(1, 30, 4, 9) | {"entering": "2", "request_id": "phone-b"}
    )
    assert again.status_code == 302
    hands = state(game_id)["hands"]
    assert [h["result"]["knocker"] for h in hands] == ["Ann", "Bob"]


def test_htmx_gets_the_form_back_with_both_hands(client):
    game_id = start_game(client)
    other = second_keeper(client, game_id)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20) | {"entering": "1"})
    response = post_hand(other, game_id, knock_hand(1, 30, 4, 9) | {"entering": "1"}, **HTMX)
    assert response.status_code == 200  # swapped in by htmx
    assert "hand-taken" in response.content.decode()
    assert len(state(game_id)["hands"]) == 1


def test_a_retried_save_of_the_same_form_is_no_conflict(client):
    game_id = start_game(client)
    data = knock_hand(0, 5, 12, 20) | {"entering": "1", "request_id": "tap-1"}
    assert post_hand(client, game_id, data).status_code == 302
    response = post_hand(client, game_id, data)
    assert response.status_code == 302
    assert "already saved as hand 1" in client.get(response["Location"]).content.decode()
    assert len(state(game_id)["hands"]) == 1


def test_a_preview_keeps_the_number_the_form_was_drawn_for(client):
    game_id = start_game(client)
    other = second_keeper(client, game_id)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20) | {"entering": "1"})
    preview = other.post(
        reverse("hand_preview", args=[game_id]), knock_hand(1, 30, 4, 9) | {"entering": "1"}
    )
    assert entering(preview.content.decode()) == "1"
