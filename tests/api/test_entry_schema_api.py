"""The API refuses what a variant's entry schema does not take, and documents the schema."""

import json

import pytest

from scorekeeper.rules import all_variants
from scorekeeper.rules.families import FAMILIES

ABC = ["Ann", "Bob", "Cy"]


def post(client, url, body, **headers):
    return client.post(url, json.dumps(body), content_type="application/json", **headers)


def score(client, **body):
    return post(client, "/api/v1/score", body)


def test_an_unused_field_is_a_400_naming_it(client):
    response = score(
        client, variant="nowrang", players=["Ann", "Bob"], result={"out": "Ann", "eats": True}
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "result.eats"
    assert "does not use 'eats'" in error["message"]


@pytest.mark.django_db
def test_a_game_stores_no_hand_with_an_unused_field(client):
    created = post(client, "/api/v1/games", {"variant": "nowrang", "players": ["Ann", "Bob"]})
    game = created.json()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {game['token']}"}
    url = f"/api/v1/games/{game['id']}/hands"
    response = post(client, url, {"result": {"out": "Ann", "eats": True}}, **auth)
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "result.eats"
    assert client.get(f"/api/v1/games/{game['id']}").json()["hands"] == []


def test_a_whole_hand_of_the_wrong_size_is_a_400_naming_the_player_and_the_count(client):
    result = {
        "knocker": "Ann",
        "hands": {"Ann": {"points": 5}, "Bob": {"hand": "AS 2S 3S"}, "Cy": {"points": 9}},
    }
    response = score(client, variant="knock-rummy", players=ABC, result=result)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "result.hands.Bob.hand"
    assert "Bob" in error["message"] and "7 cards" in error["message"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (
            {"options": {"target": 10**400}, "result": {"out": "Ann"}},
            "options.target",
        ),
        (
            {"result": {"out": "Ann", "hands": {"Bob": {"points": 10**400}, "Cy": {"points": 1}}}},
            "result.hands.Bob.points",
        ),
    ],
)
def test_huge_numbers_are_a_400(client, body, field):
    response = score(client, variant="standard-rummy", players=ABC, **body)
    assert response.status_code == 400
    assert response.json()["error"]["field"] == field


def _openapi(client) -> dict:
    return client.get("/api/v1/openapi.json").json()


def test_openapi_has_a_result_per_family(client):
    schemas = _openapi(client)["components"]["schemas"]
    for family in FAMILIES.values():
        model = schemas[f"{type(family).__name__}Result"]
        assert model["additionalProperties"] is False
        assert family.role in model["properties"]
        seat = schemas[f"{type(family).__name__}Seat"]
        assert set(seat["properties"]) == set(family.seat_keys)
        assert seat["additionalProperties"] is False
    hand = schemas["HandIn"]["properties"]["result"]
    # One object with every family's fields (issue 16: an anyOf made generated clients drop
    # fields); tests/api/test_hand_result_schema.py checks it field by field.
    assert "anyOf" not in hand
    for family in FAMILIES.values():
        assert family.role in hand["properties"]


def test_openapi_score_body_is_a_union_discriminated_by_variant(client):
    schemas = _openapi(client)["components"]["schemas"]
    score_in = schemas["ScoreIn"]
    mapping = score_in["discriminator"]["mapping"]
    assert set(mapping) == {v.slug for v in all_variants()}
    knock = schemas["KnockRummyScoreIn"]
    assert knock["properties"]["result"]["$ref"].endswith("/KnockResult")
    assert "knocker" in schemas["KnockResult"]["required"]
    points = schemas["KnockSeat"]["properties"]["points"]["anyOf"][0]
    assert points == {"maximum": 10_000, "minimum": 0, "type": "integer"}
    target = schemas["KnockRummyOptions"]["properties"]["target"]
    assert (target["type"], target["maximum"]) == ("integer", 100_000)  # never null
    assert set(schemas["TableIn"]["discriminator"]["mapping"]) == set(mapping)


def test_openapi_shows_the_option_that_switches_a_field_on(client):
    schemas = _openapi(client)["components"]["schemas"]
    draws = schemas["ContinentalResult"]["properties"]["draws"]
    assert "quick-meld-bonus" in draws["description"]
    u_cards = schemas["PhomResult"]["properties"]["u_cards"]["anyOf"][0]
    assert u_cards["enum"] == [9, 10]
