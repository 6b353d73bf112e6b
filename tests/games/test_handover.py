"""A handover hands over (API.md "Handover" Decision, issue 33 §2): once the new phone takes the
role, the phone that handed over watches (seated if it was) and its open hand form saves
nothing and says why; "share" makes a second keeper instead; the game's token keeps every right.
A rematch keeps the seats and the keeper."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Game, SeatGrant

from .page_helpers import HTMX, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def editable(phone: Client, game_id: str) -> bool:
    return phone.get(reverse("hand_new", args=[game_id])).status_code == 200


def hand_over(keeper: Client, game_id: str, *, share: bool = False) -> Client:
    """The keeper makes a handover link; a new phone opens it."""
    data = {"share": "1"} if share else {}
    page = keeper.post(reverse("game_handover", args=[game_id]), data).content.decode()
    link = re.search(r'id="handover-link" href="([^"]+)"', page).group(1)
    phone = Client()
    assert phone.post(reverse("game_take", args=[game_id]), {"token": link}).status_code == 302
    return phone


def test_the_old_phones_open_form_cannot_save_and_says_why(client):
    game_id = start_game(client)
    form = client.get(reverse("hand_new", args=[game_id])).content.decode()
    assert 'name="entering" value="1"' in form  # the old phone's form is open
    new = hand_over(client, game_id)
    response = post_hand(client, game_id, knock_hand(0, 5, 12, 20) | {"entering": "1"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "handed the keeping of the score to another phone" in html
    assert "Nothing from a form still open here was saved" in html
    assert state(game_id)["hands"] == []
    # The new keeper saves as usual; the old phone watches the game.
    assert post_hand(new, game_id, knock_hand(0, 5, 12, 20)).status_code == 302
    page = client.get(reverse("game", args=[game_id])).content.decode()
    assert reverse("hand_new", args=[game_id]) not in page
    assert not editable(client, game_id)


def test_an_htmx_save_from_the_old_phone_is_answered_in_place(client):
    game_id = start_game(client)
    hand_over(client, game_id)
    response = post_hand(client, game_id, knock_hand(0, 5, 12, 20), **HTMX)
    assert response.status_code == 200 and response["HX-Retarget"] == "main"
    assert "handed the keeping of the score" in response.content.decode()
    assert state(game_id)["hands"] == []


def test_the_old_phone_keeps_its_seat(client):
    game_id = start_game(client)
    client.post(reverse("seat_take", args=[game_id]), {"player": "Ann"})
    hand_over(client, game_id)
    assert state(game_id)["seats"] == ["Ann"]
    page = client.get(reverse("game", args=[game_id])).content.decode()
    assert "This phone is Ann" in page


def test_share_makes_a_second_keeper(client):
    game_id = start_game(client)
    page = client.post(reverse("game_handover", args=[game_id]), {"share": "1"}).content.decode()
    assert "both phones can enter hands" in page
    assert "only watches" not in page
    second = hand_over(client, game_id, share=True)
    assert editable(client, game_id) and editable(second, game_id)


def test_a_handover_page_never_says_this_phone_can_still_keep_score(client):
    game_id = start_game(client)
    html = client.post(reverse("game_handover", args=[game_id])).content.decode()
    assert "keeps its right to keep score" not in html
    assert "this phone only watches" in html


def test_the_api_hands_over_or_shares_and_the_token_keeps_its_rights(client):
    created = client.post(
        "/api/v1/games",
        json.dumps({"variant": "knock-rummy", "players": ["Ann", "Bob", "Cy"]}),
        content_type="application/json",
    ).json()
    game_id, token = created["id"], created["token"]
    keeper = Client()
    keeper.get(reverse("game_join", args=[game_id]))
    keeper.post(reverse("game_join", args=[game_id]), {"token": token})
    assert editable(keeper, game_id)

    def link(share=None):
        body = {} if share is None else {"share": share}
        response = client.post(
            f"/api/v1/games/{game_id}/handover",
            json.dumps(body),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        assert response.status_code == 201
        return response.json()["url"]

    second = Client()
    second.post(reverse("game_take", args=[game_id]), {"token": link(share=True)})
    assert editable(keeper, game_id) and editable(second, game_id)
    third = Client()
    third.post(reverse("game_take", args=[game_id]), {"token": link()})
    assert editable(third, game_id)
    assert not editable(keeper, game_id) and not editable(second, game_id)
    # The game's token keeps every right.
    hand = {
        "knocker": "Ann",
        "hands": {"Ann": {"points": 0}, "Bob": {"points": 9}, "Cy": {"points": 4}},
    }
    response = client.post(
        f"/api/v1/games/{game_id}/hands",
        json.dumps({"result": hand}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 201
    # The old keeper may take the role back with the edit token (the edit link).
    keeper.post(reverse("game_join", args=[game_id]), {"token": token})
    assert editable(keeper, game_id)


def test_a_rematch_keeps_the_seats_and_the_keeper(client):
    game_id = start_game(
        client, "knock-rummy", ["Ann", "Bob", "Cy"], options={"target": 30}, dealer="Bob"
    )
    bob = Client()
    bob.post(reverse("seat_take", args=[game_id]), {"player": "Bob"})
    post_hand(client, game_id, knock_hand(1, 20, 2, 40))  # Bob knocks: +56, over
    assert state(game_id)["over"]
    response = client.post(reverse("game_rematch", args=[game_id]))
    new_id = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert new_id != game_id
    assert editable(client, new_id)
    assert state(new_id)["seats"] == ["Bob"]
    page = bob.get(reverse("game", args=[new_id])).content.decode()
    assert "This phone is Bob" in page
    assert SeatGrant.objects.filter(game=Game.objects.get(public_id=new_id)).count() == 1
