"""Back after Save (issue 15 bug 7): the form's one-time key tells whether it was saved."""

import pytest
from django.urls import reverse

from .page_helpers import knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def saved(client, game_id, key):
    response = client.get(reverse("hand_saved", args=[game_id]), {"request_id": key})
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    return response.json()["saved"]


def test_the_server_knows_a_saved_forms_key_and_no_other(client):
    game_id = start_game(client)
    assert saved(client, game_id, "first-form") is False
    post_hand(client, game_id, {**knock_hand(0, 5, 12, 20), "request_id": "first-form"})
    assert saved(client, game_id, "first-form") is True
    assert saved(client, game_id, "another-form") is False
    assert saved(client, game_id, "") is False


def test_a_saved_correction_is_known_too(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    data = {**knock_hand(0, 5, 14, 20), "request_id": "fix-1"}
    client.post(reverse("hand_update", args=[game_id, 1]), data)
    assert saved(client, game_id, "fix-1") is True


def test_only_editors_may_ask(client):
    game_id = start_game(client)
    client.cookies.clear()
    response = client.get(reverse("hand_saved", args=[game_id]), {"request_id": "x"})
    assert response.status_code == 403


def test_the_form_page_carries_the_notice_and_saving_again_says_already_saved(client):
    game_id = start_game(client)
    html = client.get(reverse("hand_new", args=[game_id])).content.decode()
    assert f'data-saved-url="{reverse("hand_saved", args=[game_id])}"' in html
    assert "js/saved.js" in html and "Already saved." in html
    form = {**knock_hand(0, 5, 12, 20), "request_id": "once"}
    post_hand(client, game_id, form)
    page = post_hand(client, game_id, form, follow=True).content.decode()
    assert "This form was already saved as hand 1; nothing more was recorded." in page
    assert len(state(game_id)["hands"]) == 1
