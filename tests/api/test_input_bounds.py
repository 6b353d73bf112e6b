"""Input that used to reach a 500 (issue 27, items 4 and 5): JSON nested hundreds of levels
deep in any body, and integer query parameters past what a database integer holds."""

import json

import pytest

from scorekeeper.jsondepth import MAX_DEPTH, too_deep
from tests.api.helpers import post

pytestmark = pytest.mark.django_db

QUICK = {"variant": "german-rummy", "options": {"hands": 1}}


def nested(levels: int) -> dict:
    value: dict = {}
    for _ in range(levels - 1):
        value = {"a": value}
    return value


def new_game(client):
    response = post(client, "/api/v1/games", {**QUICK, "players": ["Ann", "Bob"]})
    assert response.status_code == 201, response.content
    body = response.json()
    return body["id"], body["token"]


def test_depth_counts_levels():
    assert not too_deep(nested(MAX_DEPTH))
    assert too_deep(nested(MAX_DEPTH + 1))
    assert too_deep([nested(MAX_DEPTH)])
    assert not too_deep({"a": [1, 2, {"b": "c"}]})


@pytest.mark.parametrize("levels", [MAX_DEPTH + 2, 300, 900])
def test_deep_options_on_game_creation_are_a_json_error(client, levels):
    response = post(client, "/api/v1/games", {**QUICK, "players": ["A", "B"], "options": nested(levels)})
    assert response.status_code == 400, response.content[:300]
    error = response.json()["error"]
    assert error["code"] == "bad_json"
    # Deep enough, Python's own parser gives out first: then the whole body is named.
    assert error["field"].startswith("options") or error["field"] == "body"
    if error["field"] != "body":
        assert str(MAX_DEPTH) in error["message"]


@pytest.mark.parametrize("levels", [300, 900])
def test_deep_results_on_hand_post_and_put_are_a_json_error(client, levels):
    game_id, token = new_game(client)
    path = f"/api/v1/games/{game_id}/hands"
    response = post(client, path, {"result": nested(levels)}, token)
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"]["code"] == "bad_json"
    ok = post(client, path, {"result": {"out": "Ann", "hands": {"Bob": {"points": 3}}}}, token)
    assert ok.status_code == 201, ok.content
    response = client.put(
        f"{path}/1",
        json.dumps({"result": nested(levels)}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"]["code"] == "bad_json"


def test_a_body_nested_within_the_bound_still_reaches_validation(client):
    response = post(client, "/api/v1/games", {**QUICK, "players": ["A", "B"], "options": nested(5)})
    assert response.status_code in (400, 422)
    assert response.json()["error"]["code"] != "bad_json"


HUGE = [2**31, 2**63 - 1, 2**63, 2**64, 10**30, -(2**63) - 1]


def league_with_a_game(client):
    response = post(client, "/api/v1/leagues", {"name": "Bounds club", "min_games": 0})
    assert response.status_code == 201, response.content
    league, token = response.json()["id"], response.json()["token"]
    body = {**QUICK, "players": ["Ann", "Bob"], "league": league}
    game = post(client, "/api/v1/games", body, token)
    assert game.status_code == 201, game.content
    return league, token, game.json()["id"], game.json()["token"]


@pytest.mark.parametrize("number", HUGE)
def test_integer_query_and_path_parameters_past_the_database_are_refused(client, number):
    league, token, game_id, game_token = league_with_a_game(client)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    game_auth = {"HTTP_AUTHORIZATION": f"Bearer {game_token}"}
    answers = [
        client.get(f"/api/v1/leagues/{league}/games", {"offset": number}),
        client.get(f"/api/v1/leagues/{league}/games", {"limit": number}),
        client.get(f"/api/v1/leagues/{league}/players/{number}"),
        client.patch(
            f"/api/v1/leagues/{league}/players/{number}",
            json.dumps({"name": "Rob"}),
            content_type="application/json",
            **auth,
        ),
        client.post(
            f"/api/v1/leagues/{league}/players/{number}/merge",
            json.dumps({"into": 1}),
            content_type="application/json",
            **auth,
        ),
        client.get(f"/api/v1/games/{game_id}/hands/{number}/history"),
        client.put(
            f"/api/v1/games/{game_id}/hands/{number}",
            json.dumps({"result": {"out": "Ann", "hands": {"Bob": {"points": 1}}}}),
            content_type="application/json",
            **game_auth,
        ),
        client.delete(f"/api/v1/games/{game_id}/hands/{number}", **game_auth),
    ]
    for response in answers:
        assert response.status_code in (400, 404, 422), (response.request["PATH_INFO"], response.status_code, response.content[:200])
        assert "error" in response.json()


@pytest.mark.parametrize("number", HUGE)
def test_a_merge_into_a_player_id_past_the_database_is_refused(client, number):
    league, token, _game, _game_token = league_with_a_game(client)
    player = client.get(f"/api/v1/leagues/{league}/players").json()
    pid = player[0]["id"] if isinstance(player, list) and player else 1
    response = client.post(
        f"/api/v1/leagues/{league}/players/{pid}/merge",
        json.dumps({"into": number}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code in (400, 404, 422), response.content
