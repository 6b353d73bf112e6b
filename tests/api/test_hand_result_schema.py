"""A game's hand has ONE result schema (issue 16 item 7): every family's fields in one object.

An anyOf of the families' results is ambiguous, and a client generated from it (e.g.
openapi-python-client) keeps only the first branch that fits, dropping Knock's knocker, Phỏm's
u, u_cards and order and Continental's jokers. These checks walk the families the engine has
today or gains tomorrow (FAMILIES), so a new family is covered without editing this file.
"""

from __future__ import annotations

import pytest

from scorekeeper.api.results import result_model
from scorekeeper.rules.families import FAMILIES


@pytest.fixture(scope="module")
def schema():
    from scorekeeper.api.api import api

    return api.get_openapi_schema()


def hand_result(schema, body: str) -> dict:
    return schema["components"]["schemas"][body]["properties"]["result"]


def non_null(part: dict) -> dict:
    branches = [b for b in part.get("anyOf", [part]) if b.get("type") != "null"]
    assert len(branches) == 1, part
    return branches[0]


@pytest.mark.parametrize("body", ["HandIn", "CorrectionIn"])
def test_a_hands_result_is_one_unambiguous_object(schema, body):
    result = hand_result(schema, body)
    assert "anyOf" not in result and "oneOf" not in result
    assert result["type"] == "object"
    assert result["additionalProperties"] is False


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_field_of_every_family_is_in_the_hands_result(schema, family):
    result = hand_result(schema, "HandIn")
    model = result_model(family)
    assert set(model.model_fields) <= set(result["properties"]), family
    seat = non_null(result["properties"]["hands"])["additionalProperties"]
    assert "anyOf" not in seat
    seat_model = model.model_fields["hands"].annotation.__args__[0].__args__[1]
    assert set(seat_model.model_fields) <= set(seat["properties"]), family


def test_the_limits_the_server_enforces_are_in_the_schema(schema, client):
    components = schema["components"]["schemas"]
    for body in ("ArrangeIn", "MeldsCheckIn"):
        assert components[body]["properties"]["variant"]["minLength"] == 1
    tables = [name for name in components if name.endswith(("ScoreIn", "TableIn")) and name not in ("ScoreIn", "TableIn")]
    assert tables
    for name in tables:
        assert components[name]["properties"]["players"]["uniqueItems"] is True, name
    refused = client.post("/api/v1/arrange", {"variant": "", "cards": "AS"}, content_type="application/json")
    assert 400 <= refused.status_code < 500
