"""The pages' delete and correct forms (issue 11 bug 4): each carries the hand's etag and a
one-time key, so a double tap or a page opened before another phone changed the game never
changes a second or the wrong hand, and the page says what happened. Works without JavaScript
(plain form posts) and with htmx."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import HandRevision

from .page_helpers import HTMX, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def three_hands(client) -> str:
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))  # Ann wins hand 1
    post_hand(client, game_id, knock_hand(1, 30, 2, 20))  # Bob wins hand 2
    post_hand(client, game_id, knock_hand(2, 30, 20, 1))  # Cy wins hand 3
    return game_id


def delete_form(html: str, game_id: str, n: int) -> dict[str, str]:
    """The hidden fields of hand n's delete form, as its question page drew it."""
    action = reverse("hand_delete", args=[game_id, n])
    start = html.index(f'action="{action}"')
    form = html[start : html.index("</form>", start)]
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    assert fields.get("etag") and fields.get("request_id"), form
    return fields


def correct_form(html: str) -> dict[str, str]:
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', html))
    assert fields.get("etag") and fields.get("request_id")
    return fields


def winners(game_id):
    return [h["winners"] for h in state(game_id)["hands"]]


def question(client, game_id, n: int) -> str:
    """The page that asks before hand n is deleted (the game page's Delete leads there)."""
    return client.get(reverse("hand_delete", args=[game_id, n])).content.decode()


def page(client, game_id) -> str:
    return client.get(reverse("game", args=[game_id])).content.decode()


def test_a_double_tap_on_delete_deletes_one_hand_and_says_so(client):
    game_id = three_hands(client)
    fields = delete_form(question(client, game_id, 1), game_id, 1)
    url = reverse("hand_delete", args=[game_id, 1])
    first = client.post(url, fields)
    second = client.post(url, fields)
    assert first.status_code == second.status_code == 302
    assert winners(game_id) == [["Bob"], ["Cy"]]
    html = client.get(second["Location"]).content.decode()
    assert "Hand 1 deleted." in html
    assert "Hand 1 was already deleted (the button was pressed twice)" in html


def test_a_double_tap_with_htmx_deletes_one_hand(client):
    game_id = three_hands(client)
    fields = delete_form(question(client, game_id, 1), game_id, 1)
    url = reverse("hand_delete", args=[game_id, 1])
    assert client.post(url, fields, **HTMX).status_code == 200
    second = client.post(url, fields, **HTMX)
    assert second.status_code == 200
    assert "was already deleted" in second.content.decode()
    assert winners(game_id) == [["Bob"], ["Cy"]]


def test_a_stale_page_deletes_nothing(client):
    game_id = three_hands(client)
    stale = delete_form(question(client, game_id, 1), game_id, 1)
    other = Client()
    other.cookies = client.cookies  # the same person on a second tab
    fresh = delete_form(question(other, game_id, 1), game_id, 1)
    assert other.post(reverse("hand_delete", args=[game_id, 1]), fresh).status_code == 302
    # The first tab still shows Ann's hand as hand 1; Bob's hand is hand 1 now.
    response = client.post(reverse("hand_delete", args=[game_id, 1]), stale)
    assert winners(game_id) == [["Bob"], ["Cy"]]
    html = client.get(response["Location"]).content.decode()
    assert "Nothing was deleted: hand 1 was corrected, deleted or moved on another phone" in html


def test_a_stale_page_deletes_nothing_even_when_the_number_is_gone(client):
    game_id = three_hands(client)
    stale = delete_form(question(client, game_id, 3), game_id, 3)
    client.post(
        reverse("hand_delete", args=[game_id, 1]), delete_form(question(client, game_id, 1), game_id, 1)
    )
    response = client.post(reverse("hand_delete", args=[game_id, 3]), stale)
    assert response.status_code == 302
    assert winners(game_id) == [["Bob"], ["Cy"]]


def test_a_correction_opened_before_another_phone_deleted_hand_1_changes_nothing(client):
    game_id = three_hands(client)
    form = correct_form(client.get(reverse("hand_edit", args=[game_id, 2])).content.decode())
    client.post(
        reverse("hand_delete", args=[game_id, 1]), delete_form(question(client, game_id, 1), game_id, 1)
    )
    data = knock_hand(1, 30, 9, 20) | {"etag": form["etag"], "request_id": form["request_id"]}
    response = client.post(reverse("hand_update", args=[game_id, 2]), data)
    assert response.status_code == 302
    assert winners(game_id) == [["Bob"], ["Cy"]]  # Cy's hand (now hand 2) untouched
    assert state(game_id)["hands"][1]["result"]["knocker"] == "Cy"
    html = client.get(response["Location"]).content.decode()
    assert "Nothing was saved: hand 2 was corrected, deleted or moved on another phone" in html


def test_a_double_tap_on_save_correction_corrects_once(client):
    game_id = three_hands(client)
    form = correct_form(client.get(reverse("hand_edit", args=[game_id, 1])).content.decode())
    data = knock_hand(0, 5, 15, 20) | {"etag": form["etag"], "request_id": form["request_id"]}
    url = reverse("hand_update", args=[game_id, 1])
    assert client.post(url, data).status_code == 302
    second = client.post(url, data)
    assert second.status_code == 302
    assert HandRevision.objects.filter(action="corrected").count() == 1
    html = client.get(second["Location"]).content.decode()
    assert "Hand 1 was already corrected (the form was sent twice)" in html


def test_the_correct_form_keeps_its_etag_and_key_through_a_preview(client):
    game_id = three_hands(client)
    form = correct_form(client.get(reverse("hand_edit", args=[game_id, 2])).content.decode())
    data = knock_hand(1, 30, 9, 20) | {"number": 2, **form}
    html = client.post(reverse("hand_preview", args=[game_id]), data).content.decode()
    again = correct_form(html)
    assert (again["etag"], again["request_id"]) == (form["etag"], form["request_id"])


def test_posts_without_the_hidden_fields_still_work(client):
    game_id = three_hands(client)
    assert client.post(reverse("hand_delete", args=[game_id, 1])).status_code == 302
    assert winners(game_id) == [["Bob"], ["Cy"]]
