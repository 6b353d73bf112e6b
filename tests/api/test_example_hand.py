"""``GET /games/{id}/hands/example`` and the OpenAPI links through it (issue 27, item 11): a
client that made a table of any variant and size gets a hand that table takes, and the links
of the served document fill the table without the client knowing its family."""


import pytest

from scorekeeper.rules import all_variants
from tests.api.helpers import send

pytestmark = pytest.mark.django_db


def tables():
    for variant in all_variants():
        low, high = variant.players
        for seats in sorted({low, min(high, 4), min(high, 3)}):
            if low <= seats <= high:
                yield variant.slug, seats


@pytest.mark.parametrize(("variant", "seats"), list(tables()))
def test_every_table_gets_an_example_it_takes_twice_over(client, variant, seats):
    names = ["Zoë Ann", "Bob 2", "ÿ", "李", "Eve", "Fay"][:seats]
    made = send(client, "post", "/api/v1/games", {"variant": variant, "players": names})
    assert made.status_code == 201, made.json()
    game, token = made.json()["id"], made.json()["token"]
    for _hand in range(2):
        example = send(client, "get", f"/api/v1/games/{game}/hands/example", token=token)
        if example.status_code == 409:  # the game ended with the hand before
            assert example.json()["error"]["code"] == "game_over"
            break
        assert example.status_code == 200, (variant, seats, example.json())
        written = send(
            client, "post", f"/api/v1/games/{game}/hands", {"result": example.json()["result"]}, token
        )
        assert written.status_code == 201, (variant, seats, written.json())


def test_the_example_needs_the_games_token(client):
    made = send(client, "post", "/api/v1/games", {"variant": "standard-rummy", "players": ["A", "B"]})
    game = made.json()["id"]
    assert send(client, "get", f"/api/v1/games/{game}/hands/example").status_code == 401
    assert send(client, "get", f"/api/v1/games/{game}/hands/example", token="x").status_code == 403
    assert send(client, "get", "/api/v1/games/nope/hands/example", token="x").status_code == 404


def test_the_document_links_a_new_game_to_its_example_and_the_example_to_a_hand(client):
    document = client.get("/api/v1/openapi.json").json()
    created = document["paths"]["/api/v1/games"]["post"]["responses"]["201"]["links"]
    assert created["GetExampleHand"]["parameters"]["path.public_id"] == "$response.body#/id"
    example = document["paths"]["/api/v1/games/{public_id}/hands/example"]["get"]
    then = example["responses"]["200"]["links"]["RecordExampleHand"]
    assert then["requestBody"] == {"result": "$response.body#/result"}
    assert then["parameters"]["header.Authorization"] == "$request.header.Authorization"
