"""Issue 32 §6: Rummy 500's `aces_low` in the API (API.md, RULES.md 11's Decision, example 60)."""

import json

import pytest

ABC = ["Ann", "Bob", "Cy"]


def score(client, ann):
    result = {"out": "Ann", "hands": {"Ann": ann, "Bob": {"laid": 0, "left": 0},
                                      "Cy": {"laid": 0, "left": 0}}}
    body = {"variant": "rummy-500", "players": ABC, "result": result}
    return client.post("/api/v1/score", json.dumps(body), content_type="application/json")


def test_example_60_low_and_high(client):
    low = score(client, {"melds": ["KH KD KC"], "layoffs": "AS", "aces_low": "AS"})
    assert low.status_code == 200, low.content
    assert low.json()["deltas"]["Ann"] == 31
    high = score(client, {"melds": ["KH KD KC"], "layoffs": "AH"})
    assert high.json()["deltas"]["Ann"] == 45


@pytest.mark.parametrize("low", ["KS", "AH"])
def test_a_low_ace_that_was_not_laid_off_is_a_400_naming_the_field(client, low):
    response = score(client, {"melds": ["KH KD KC"], "layoffs": "AS", "aces_low": low})
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "result.hands.Ann.aces_low"


def test_aces_low_is_in_the_schema(client):
    schema = client.get("/api/v1/openapi.json").json()
    seat = schema["components"]["schemas"]["Rummy500Seat"]
    assert "aces_low" in seat["properties"]
    assert "low end of a run" in json.dumps(seat["properties"]["aces_low"])
