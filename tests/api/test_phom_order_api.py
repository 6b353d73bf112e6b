"""The Phỏm finishing order through the API: documented in the schema, scored, refused."""


import pytest

from tests.api.helpers import post as send

pytestmark = pytest.mark.django_db

ABCD = ["Ann", "Bob", "Cy", "Dee"]


def test_the_phom_result_schema_documents_order(client):
    schemas = client.get("/api/v1/openapi.json").json()["components"]["schemas"]
    order = schemas["PhomResult"]["properties"]["order"]
    assert "first place first" in order["description"]
    assert "order" not in schemas["KnockResult"]["properties"]


def test_a_game_hand_posted_with_an_order(client):
    created = send(client, "/api/v1/games", {"variant": "phom", "players": ABCD})
    assert created.status_code == 201, created.json()
    game_id, token = created.json()["id"], created.json()["token"]
    result = {"order": ["Cy", "Ann", "Bob"], "hands": {"Dee": {"mom": True}}}
    posted = send(client, f"/api/v1/games/{game_id}/hands", {"result": result}, token)
    assert posted.status_code == 201, posted.json()
    state = client.get(f"/api/v1/games/{game_id}").json()
    hand = state["hands"][-1]
    assert hand["result"] == result
    assert hand["deltas"] == {"Cy": 7, "Ann": -1, "Bob": -2, "Dee": -4}


def test_score_refuses_a_player_twice_naming_the_place(client):
    body = {"variant": "phom", "players": ABCD, "result": {"order": ["Ann", "Bob", "Ann", "Dee"]}}
    response = send(client, "/api/v1/score", body)
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["field"] == "result.order[2]"
    assert response.json()["error"]["message_code"] == "phom.order_twice"
