"""POST /api/v1/score: one hand, no game, nothing stored."""

import json

import pytest

from scorekeeper.games.models import Game

ABC = ["Ann", "Bob", "Cy"]
HAND = {"out": "Ann", "hands": {"Bob": {"cards": "KH 7S 2D"}, "Cy": {"cards": "AS AD 9C"}}}


def score(client, **body):
    return client.post("/api/v1/score", json.dumps(body), content_type="application/json")


def test_score_answers_the_documented_shape(client):
    response = score(client, variant="standard-rummy", players=ABC, result=HAND)
    assert response.status_code == 200
    body = response.json()
    assert set(body) >= {"variant", "winners", "deltas", "transfers", "players", "explanation"}
    assert body["variant"] == "standard-rummy" and body["winners"] == ["Ann"]
    assert body["deltas"] == {"Ann": 30, "Bob": 0, "Cy": 0}
    assert body["transfers"] == []
    assert body["players"]["Bob"]["count"] == 19 and body["players"]["Cy"]["count"] == 11
    assert body["explanation"] and all(isinstance(line, str) for line in body["explanation"])


def test_the_dealer_defaults_to_the_last_player(client):
    assert (
        score(client, variant="standard-rummy", players=ABC, result=HAND).json()["dealer"] == "Cy"
    )
    chosen = score(client, variant="standard-rummy", players=ABC, dealer="Bob", result=HAND)
    assert chosen.json()["dealer"] == "Bob"


@pytest.mark.django_db
def test_scoring_stores_nothing(client):
    score(client, variant="standard-rummy", players=ABC, result=HAND)
    assert not Game.objects.exists()


def test_a_bad_card_names_the_field_and_the_token(client):
    result = {"out": "Ann", "hands": {"Bob": {"cards": "KH 1H"}, "Cy": {"points": 0}}}
    response = score(client, variant="standard-rummy", players=ABC, result=result)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad_card"
    assert error["field"] == "result.hands.Bob.cards"
    assert error["message"].startswith("result.hands.Bob.cards: ") and "'1H'" in error["message"]


@pytest.mark.parametrize(
    "body, status, field",
    [
        ({"variant": "poker", "players": ABC, "result": HAND}, 400, "variant"),
        (
            {
                "variant": "standard-rummy",
                "players": ABC,
                "options": {"wild": True},
                "result": HAND,
            },
            400,
            "options.wild",
        ),
        (
            {
                "variant": "standard-rummy",
                "players": ABC,
                "options": {"target": True},
                "result": HAND,
            },
            400,
            "options.target",
        ),
        (
            {"variant": "standard-rummy", "players": ABC, "dealer": "Zed", "result": HAND},
            400,
            "dealer",
        ),
        ({"variant": "nowrang", "players": ABC, "result": HAND}, 400, "players"),
        (
            {"variant": "standard-rummy", "players": ["Ann", "Bob", "Ann"], "result": HAND},
            400,
            "players[2]",
        ),
        (
            {
                "variant": "standard-rummy",
                "players": ABC,
                "result": {"out": "Ann", "hands": {"Bob": {"cards": "7H"}, "Cy": {"cards": "7H"}}},
            },
            400,
            "result.hands",
        ),
        (
            {"variant": "standard-rummy", "players": ABC, "result": {"out": "Dan", "hands": {}}},
            400,
            "result.out",
        ),
        ({"variant": "standard-rummy", "players": ABC}, 422, "result"),
        ({"variant": "standard-rummy", "result": HAND}, 422, "players"),
        ({"players": ABC, "result": HAND}, 422, "variant"),
        ({"variant": "standard-rummy", "players": ABC, "result": "Ann out"}, 422, "result"),
        ({"variant": 7, "players": ABC, "result": HAND}, 422, "variant"),
    ],
)
def test_bad_input_is_400_or_422_naming_the_field(client, body, status, field):
    response = client.post("/api/v1/score", json.dumps(body), content_type="application/json")
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert error["field"] == field
    assert error["message"].startswith(f"{field}: ")


def test_score_is_in_the_openapi_schema(client):
    paths = client.get("/api/v1/openapi.json").json()["paths"]
    assert {"/api/v1/score", "/api/v1/games", "/api/v1/games/{public_id}"} <= set(paths)
    assert {"/api/v1/games/{public_id}/hands", "/api/v1/games/{public_id}/hands/{n}"} <= set(paths)
