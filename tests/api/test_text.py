"""Text in the API: a lone surrogate anywhere is a 400 naming the field, never a 500; names are
read as the engine reads them (NFC, no invisible characters, no two alike but for case)."""

import json

import pytest

from scorekeeper.games.models import Game, Hand
from tests.api.helpers import post

pytestmark = pytest.mark.django_db

LONE = "\\ud800"  # as JSON text: a lone high surrogate
ABC = ["Ann", "Bob", "Cy"]


def new_game(client) -> tuple[str, str]:
    body = {"variant": "standard-rummy", "players": ABC}
    response = post(client, "/api/v1/games", json.dumps(body))
    assert response.status_code == 201
    return response.json()["id"], response.json()["token"]


@pytest.mark.parametrize("path", ["/api/v1/games", "/api/v1/score"])
def test_a_lone_surrogate_in_a_name_is_a_400(client, path):
    raw = '{"variant": "standard-rummy", "players": ["Ann", "B' + LONE + '"], "result": {}}'
    response = post(client, path, raw)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "players[1]"
    assert "lone surrogate" in error["message"]
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    "result, field",
    [
        ('{"out": "Ann", "hands": {"Bob": {"cards": "KH' + LONE + '"}}}', "result.hands.Bob.cards"),
        ('{"out": "Ann", "note": "x' + LONE + '"}', "result.note"),
        ('{"out": "Ann", "hands": {"B' + LONE + '": {"points": 1}}}', "result.hands"),
        ('{"out": "Ann", "melds": ["7H 8H' + LONE + '"]}', "result.melds[0]"),
    ],
)
def test_a_lone_surrogate_anywhere_in_a_hand_is_a_400_and_stores_nothing(client, result, field):
    game_id, token = new_game(client)
    for method in ("post", "put"):
        path = f"/api/v1/games/{game_id}/hands" + ("/1" if method == "put" else "")
        raw = '{"result": ' + result + "}"
        response = getattr(client, method)(
            path, raw, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}"
        )
        assert response.status_code == 400, response.content
        assert response.json()["error"]["field"] == field
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    "path", ["/api/v1/arrange", "/api/v1/melds/check", "/api/v1/score", "/api/v1/games"]
)
def test_a_lone_surrogate_in_any_tool_is_a_400(client, path):
    raw = '{"variant": "knock-rummy", "cards": "KH' + LONE + '", "melds": ["x"], "players": []}'
    assert post(client, path, raw).status_code == 400


@pytest.mark.parametrize(
    "players, field",
    [
        (["Ann", "ann", "Cy"], "players[1]"),
        (["Ann", "Ann\u200b", "Cy"], "players[1]"),
        (["Ann", "Bob", "Cy\u202e"], "players[2]"),
    ],
)
def test_names_alike_or_with_invisible_characters_are_a_400(client, players, field):
    body = {"variant": "standard-rummy", "players": players}
    response = post(client, "/api/v1/games", json.dumps(body))
    assert response.status_code == 400
    assert response.json()["error"]["field"] == field
    assert not Game.objects.exists()


def test_names_come_back_nfc_normalised_and_hands_may_use_either_form(client):
    body = {"variant": "standard-rummy", "players": ["Zoe\u0301", "Bob"]}
    response = post(client, "/api/v1/games", json.dumps(body))
    assert response.status_code == 201
    created = response.json()
    assert created["state"]["players"] == ["Zo\u00e9", "Bob"]
    hand = {"result": {"out": "Zoe\u0301", "hands": {"Bob": {"points": 7}}}}
    path = f"/api/v1/games/{created['id']}/hands"
    response = post(client, path, json.dumps(hand), created["token"])
    assert response.status_code == 201
    assert response.json()["totals"] == {"Zo\u00e9": 7, "Bob": 0}


def test_the_text_reader_examples_hold():
    import doctest

    import scorekeeper.api.text

    failures, tried = doctest.testmod(scorekeeper.api.text)
    assert tried and not failures
