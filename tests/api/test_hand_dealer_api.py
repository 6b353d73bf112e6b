"""The hand's `dealer` in the API (API.md; RULES.md 1: the dealer of a hand is a fact of the
table): given on POST/PUT, recorded, never rewritten by a correction or deletion of another."""

import pytest

from tests.api.helpers import send
from tests.api.test_games_api import assert_error, create, out, state, stored

pytestmark = pytest.mark.django_db


def post(client, game_id, token, body):
    return send(client, "post", f"/api/v1/games/{game_id}/hands", body, token)


def test_a_posted_dealer_is_recorded_and_the_suggestion_follows_it(client):
    game_id, token = create(client)  # Ann, Bob, Cy; Cy deals first
    got = post(client, game_id, token, {"result": out("Ann", 10), "dealer": "Bob"}).json()
    assert got["hands"][0]["dealer"] == "Bob" and got["dealer"] == "Cy"
    got = post(client, game_id, token, {"result": out("Bob", 5)}).json()
    assert [h["dealer"] for h in got["hands"]] == ["Bob", "Cy"] and got["dealer"] == "Ann"


def test_deleting_a_hand_changes_no_other_hands_dealer(client):
    game_id, token = create(client)
    for winner in ("Ann", "Bob", "Cy"):
        post(client, game_id, token, {"result": out(winner, 3)})
    assert [h["dealer"] for h in state(client, game_id)["hands"]] == ["Cy", "Ann", "Bob"]
    got = send(client, "delete", f"/api/v1/games/{game_id}/hands/1", token=token).json()
    assert [h["dealer"] for h in got["hands"]] == ["Ann", "Bob"]
    assert got["dealer"] == "Cy"  # the next suggestion: after Bob


def test_a_correction_may_change_its_own_dealer_only(client):
    game_id, token = create(client)
    for winner in ("Ann", "Bob"):
        post(client, game_id, token, {"result": out(winner, 3)})
    path = f"/api/v1/games/{game_id}/hands/1"
    got = send(client, "put", path, {"result": out("Ann", 4), "dealer": "Ann"}, token).json()
    assert [h["dealer"] for h in got["hands"]] == ["Ann", "Ann"]
    got = send(client, "put", path, {"result": out("Ann", 5)}, token).json()
    assert got["hands"][0]["dealer"] == "Ann"  # left out: the recorded one stays


@pytest.mark.parametrize("dealer, status", [("Zed", 400), ("", 400), (7, 422)])
def test_a_dealer_not_at_the_table_is_refused_naming_the_field(client, dealer, status):
    game_id, token = create(client)
    before = stored()
    response = post(client, game_id, token, {"result": out("Ann", 10), "dealer": dealer})
    assert_error(response, status, field="dealer")
    assert stored() == before


def test_the_openapi_schema_documents_the_dealer(client):
    schema = client.get("/api/v1/openapi.json").json()["components"]["schemas"]
    for name in ("HandIn", "CorrectionIn"):
        assert "dealer" in schema[name]["properties"]
