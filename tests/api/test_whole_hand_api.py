"""The API takes a winner's whole hand where he melds it all at once (API.md, RULES.md 1)."""


import pytest

from tests.api.helpers import post

ABCD = ["Ann", "Bob", "Cy", "Dan"]
HAND = "9C 5H JS 6H 3D KS 7H JK 10C 8H QS 2D 9H AS JC"
MELDS = ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D JK", "9C 10C JC"]


def score(client, entry, variant="continental-rum", players=ABCD, **options):
    return post(
        client,
        "/api/v1/score",
        {
            "variant": variant,
            "players": players,
            "options": options,
            "result": {"out": players[0], "hands": {players[0]: entry}},
        },
    )


def test_score_a_continental_whole_hand_as_its_melds(client):
    whole = score(client, {"hand": HAND})
    declared = score(client, {"melds": MELDS})
    assert whole.status_code == declared.status_code == 200
    body = whole.json()
    assert body["deltas"] == declared.json()["deltas"] == {"Ann": 9, "Bob": -3, "Cy": -3, "Dan": -3}
    assert body["transfers"] == declared.json()["transfers"]
    assert body["players"]["Ann"]["entry"] == "hand"
    assert sorted(body["players"]["Ann"]["melds"]) == sorted(MELDS)
    assert body["explanation"][0] == "The app laid out Ann's whole hand (5-4-3-3)"
    assert body["explanation_codes"][0]["code"] == "going_out.arranged"


def test_melds_in_one_string_with_any_separator(client):
    for text in (" · ".join(MELDS), " / ".join(MELDS), "|".join(MELDS), ";".join(MELDS), "\n".join(MELDS)):
        response = score(client, {"melds": [text]})
        assert response.status_code == 200, response.json()
        assert response.json()["deltas"]["Ann"] == 9


def test_a_hand_that_does_not_go_out_is_a_400_naming_the_field(client):
    response = score(client, {"hand": "3H 4H 5H 6H 7H 8H 9H 10H JS QS KS AS KD AD 2D"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "result.hands.Ann.hand"
    assert error["message_code"] == "going_out.strays"
    assert "KD" in error["message"] and "fit in no meld" in error["message"]


def test_queen_city_and_nowrang_and_rummy_complete(client):
    queen = score(client, {"hand": "KH QH JH 7S 7D 7C 7H 2C"}, "queen-city-rum", ABCD + ["Eve"])
    assert queen.status_code == 200 and queen.json()["deltas"]["Ann"] == 232
    assert queen.json()["players"]["Ann"]["unmatched"] == "2C"
    nowrang = score(client, {"hand": "10S JS QS KS QH KH AH 5D 6D 7D"}, "nowrang", ["Ann", "Bob"])
    assert nowrang.status_code == 200 and nowrang.json()["deltas"] == {"Ann": 1, "Bob": 0}
    body = {
        "variant": "rummy-complete",
        "players": ["Ann", "Bob", "Cy"],
        "result": {
            "out": "Ann",
            "hands": {
                "Ann": {"hand": "3H 4H 5H 8C 8D 8H 10S"},
                "Bob": {"cards": "KH 7S 2D"},
                "Cy": {"cards": "AS AD 9C"},
            },
        },
    }
    complete = post(client, "/api/v1/score", body)
    assert complete.status_code == 200 and complete.json()["deltas"]["Ann"] == 30
    assert complete.json()["explanation"][0].startswith("Ann goes out with")


def test_the_openapi_schema_offers_the_winners_hand(client):
    schema = client.get("/api/v1/openapi.json").json()["components"]["schemas"]
    assert "hand" in schema["ContinentalSeat"]["properties"]
    assert "hand" in schema["NowrangSeat"]["properties"]


@pytest.mark.django_db
def test_a_game_hand_posted_as_the_whole_hand(client):
    created = post(client, "/api/v1/games", {"variant": "continental-rum", "players": ABCD})
    assert created.status_code == 201
    game_id, token = created.json()["id"], created.json()["token"]
    path = f"/api/v1/games/{game_id}/hands"
    result = {"out": "Ann", "hands": {"Ann": {"hand": HAND}}}
    response = post(client, path, {"result": result}, token)
    assert response.status_code == 201, response.json()
    hand = response.json()["hands"][0]
    assert hand["result"] == result  # stored as sent; the melds are found again on replay
    assert hand["deltas"] == {"Ann": 9, "Bob": -3, "Cy": -3, "Dan": -3}
    assert response.json()["totals"] == {"Ann": 109, "Bob": 97, "Cy": 97, "Dan": 97}
    bad = {"out": "Ann", "hands": {"Ann": {"hand": HAND.replace("JC", "4C")}}}
    refused = post(client, path, {"result": bad}, token)
    assert refused.status_code == 400
    assert refused.json()["error"]["field"] == "result.hands.Ann.hand"
    assert len(client.get(f"/api/v1/games/{game_id}").json()["hands"]) == 1
