"""Oklahoma Gin and Straight Gin through the JSON API (RULES.md 10.1, examples 56-59): the
score tool, a game's hands, the catalogue and the generated schema."""


import pytest

from tests.api.helpers import post

AB = ["Ann", "Bob"]


def counts(ann, bob, **more):
    return {"knocker": "Ann", "hands": {"Ann": {"points": ann}, "Bob": {"points": bob}}, **more}


def score(client, variant, result, options=None):
    body = {"variant": variant, "players": AB, "result": result}
    if options is not None:
        body["options"] = options
    return post(client, "/api/v1/score", body)


@pytest.mark.parametrize(
    ("example", "variant", "result", "ann"),
    [
        (56, "oklahoma-gin", counts(5, 12, upcard="7H"), 7),
        (56, "oklahoma-gin", counts(5, 12, upcard="7S"), 14),
        (58, "oklahoma-gin", counts(0, 31, upcard="AS"), 112),
        (59, "straight-gin", counts(0, 20), 45),
    ],
)
def test_examples_through_score(client, example, variant, result, ann):
    response = score(client, variant, result)
    assert response.status_code == 200, response.content
    assert response.json()["deltas"] == {"Ann": ann, "Bob": 0}


@pytest.mark.parametrize(
    ("example", "variant", "result", "field", "words"),
    [
        (57, "oklahoma-gin", counts(5, 12, upcard="4D"), "result.hands.Ann", "limit of 4"),
        (59, "straight-gin", counts(3, 20), "result.hands.Ann", "only gin"),
        (None, "oklahoma-gin", counts(5, 12), "result.upcard", "upcard"),
        (None, "oklahoma-gin", counts(5, 12, upcard="7S 8S"), "result.upcard", "one card"),
        (None, "gin-rummy", counts(5, 12, upcard="7S"), "result.upcard", "upcard"),
    ],
)
def test_refusals_name_the_field(client, example, variant, result, field, words):
    response = score(client, variant, result)
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["field"] == field
    assert words in error["message"]


@pytest.mark.django_db
def test_an_oklahoma_game_through_the_api_with_the_shutout_off(client):
    response = post(
        client,
        "/api/v1/games",
        {"variant": "oklahoma-gin", "players": AB, "options": {"shutout": False}},
    )
    assert response.status_code == 201, response.json()
    game_id, token = response.json()["id"], response.json()["token"]
    hands = f"/api/v1/games/{game_id}/hands"
    refused = post(client, hands, {"result": counts(5, 12, upcard="4D")}, token)
    assert refused.status_code == 400 and refused.json()["error"]["field"] == "result.hands.Ann"
    assert post(client, hands, {"result": counts(5, 12, upcard="7S")}, token).status_code == 201
    for _ in range(2):  # gin with a spade upcard: (40 + 25) x 2 = 130 a hand: 14, 144, 274
        assert post(client, hands, {"result": counts(0, 40, upcard="9S")}, token).status_code == 201
    state = client.get(f"/api/v1/games/{game_id}").json()
    assert state["over"] is True
    codes = [bonus["line"]["code"] for bonus in state["bonuses"]]
    assert "gin.shutout" not in codes and "gin.game_bonus" in codes
    assert state["hands"][0]["result"]["upcard"] == "7S"


def test_catalogue_lists_both_with_their_options_and_rules(client):
    listed = {v["slug"]: v for v in client.get("/api/v1/variants").json()}
    oklahoma, straight = listed["oklahoma-gin"], listed["straight-gin"]
    assert {o["slug"] for o in oklahoma["options"]} >= {"target", "shutout", "gin-bonus"}
    assert "knock-limit" not in {o["slug"] for o in oklahoma["options"]}
    assert "undercut-bonus" not in {o["slug"] for o in straight["options"]}
    detail = client.get("/api/v1/variants/oklahoma-gin").json()
    texts = " ".join(rule["text"] for rule in detail["rules"])
    assert "upcard" in texts and "150" in texts


def test_the_schema_describes_the_upcard_for_oklahoma_only(client):
    schemas = client.get("/api/v1/openapi.json").json()["components"]["schemas"]
    oklahoma = schemas["OklahomaGinScoreIn"]["properties"]["result"]
    name = oklahoma["$ref"].rsplit("/", 1)[-1]
    assert "upcard" in schemas[name]["properties"]
    gin = schemas["GinRummyScoreIn"]["properties"]["result"]["$ref"].rsplit("/", 1)[-1]
    assert "upcard" not in schemas[gin]["properties"]
    assert "upcard" in schemas["HandIn"]["properties"]["result"]["properties"]


@pytest.mark.django_db
def test_an_oklahoma_league_game_counts_in_the_standings_by_variant(client):
    response = post(client, "/api/v1/leagues", {"name": "Okies", "variants": ["oklahoma-gin"]})
    assert response.status_code == 201, response.json()
    league, token = response.json()["id"], response.json()["token"]
    body = {"variant": "oklahoma-gin", "players": AB, "league": league}
    response = post(client, "/api/v1/games", body, token)
    assert response.status_code == 201, response.json()
    game_id, game_token = response.json()["id"], response.json()["token"]
    for _ in range(1):  # (50 + 25) x 2 = 150: the target, over after one hand
        entry = counts(0, 50, upcard="QS")
        response = post(client, f"/api/v1/games/{game_id}/hands", {"result": entry}, game_token)
        assert response.status_code == 201, response.json()
    rows = client.get(f"/api/v1/leagues/{league}/standings?variant=oklahoma-gin").json()
    ann = next(row for row in rows if row["player"] == "Ann")
    assert ann["games"] == 1 and ann["wins"] == 1
