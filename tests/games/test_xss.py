"""A player named <script>alert(1)</script> is shown escaped on every page and fragment."""

import pytest
from django.test import Client
from django.urls import reverse

from .page_helpers import EVIL, HTMX, post_hand, start_game

pytestmark = pytest.mark.django_db
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


def assert_escaped(response):
    html = response.content.decode()
    assert EVIL not in html
    assert ESCAPED in html


def test_evil_name_is_escaped_everywhere(client):
    game_id = start_game(client, "knock-rummy", ["Ann", EVIL, "Cy"], dealer=EVIL)
    data = {"winner": "1", "p0-points": 5, "p1-points": 2, "p2-points": 20}
    post_hand(client, game_id, data)

    assert_escaped(client.get(reverse("game", args=[game_id])))
    assert_escaped(client.get(reverse("game", args=[game_id]), **HTMX))
    assert_escaped(Client().get(reverse("game", args=[game_id])))
    assert_escaped(client.get(reverse("hand_new", args=[game_id])))
    assert_escaped(client.get(reverse("hand_edit", args=[game_id, 1])))
    assert_escaped(client.post(reverse("hand_preview", args=[game_id]), data))
    assert_escaped(client.post(reverse("hand_preview", args=[game_id]), {"winner": "0"}))
    assert_escaped(client.get(reverse("my_games")))
    assert_escaped(client.get(reverse("game_start")))  # offered as a recent name
    assert_escaped(client.post(reverse("hand_delete", args=[game_id, 1]), **HTMX))


def test_evil_name_in_a_refused_start_form_is_escaped(client):
    data = {"variant": "nowrang", "seats": 3, "action": "create"}
    data.update({"player-0": EVIL, "player-1": "B", "player-2": "C"})
    assert_escaped(client.post(reverse("game_start"), data))


def test_evil_card_text_is_escaped_in_the_error(client):
    game_id = start_game(client)
    data = {"winner": "0", "p0-points": 1, "p1-cards": EVIL, "p2-points": 3}
    html = client.post(reverse("hand_preview", args=[game_id]), data).content.decode()
    assert EVIL not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_evil_name_in_the_ledger_and_settlement_is_escaped(client):
    game_id = start_game(client, "phom", ["Ann", EVIL, "Cy"], dealer="Cy")
    data = {"winner": "none", "p0-points": 1, "p1-points": 9, "p2-points": 20}
    post_hand(client, game_id, data)
    response = client.get(reverse("game", args=[game_id]))
    assert_escaped(response)
    assert f"{ESCAPED} pays Ann" in response.content.decode()
