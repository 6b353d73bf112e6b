"""The hand a phone meant (API.md "Games", issue 33 §1): a hand posted with the number the
phone was entering is refused with 409 hand_taken when another phone saved that hand first;
nothing is recorded, and a retry of the phone's own save still answers its first answer."""

import json

import pytest

from scorekeeper.games.models import Hand

pytestmark = pytest.mark.django_db

ABC = ["Ann", "Bob", "Cy"]


def out(winner: str, amount: int) -> dict:
    others = [p for p in ABC if p != winner]
    return {
        "out": winner,
        "hands": {p: {"points": amount if i == 0 else 0} for i, p in enumerate(others)},
    }


def post(client, game_id, token, body, **headers):
    extra = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()}
    return client.post(
        f"/api/v1/games/{game_id}/hands",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        **extra,
    )


@pytest.fixture
def game(client):
    created = client.post(
        "/api/v1/games",
        json.dumps({"variant": "standard-rummy", "players": ABC}),
        content_type="application/json",
    ).json()
    return created["id"], created["token"]


def test_second_phone_on_the_same_hand_gets_409_and_nothing_is_recorded(client, game):
    game_id, token = game
    first = post(client, game_id, token, {"result": out("Ann", 10), "number": 1})
    assert first.status_code == 201
    second = post(client, game_id, token, {"result": out("Bob", 20), "number": 1})
    assert second.status_code == 409
    body = second.json()
    assert body["code"] == "hand_taken"
    assert body["error"]["field"] == "number"
    assert body["hand"]["n"] == 1
    assert body["hand"]["winners"] == ["Ann"]
    assert body["hand"]["saved_by"] is None
    assert body["hand"]["saved_at"]
    assert body["hand"]["etag"] == first.json()["hands"][0]["etag"]
    assert Hand.objects.filter(game__public_id=game_id).count() == 1
    # "Save mine as hand 2": the same hand sent as the next number is recorded.
    again = post(client, game_id, token, {"result": out("Bob", 20), "number": 2})
    assert again.status_code == 201
    assert [h["winners"] for h in again.json()["hands"]] == [["Ann"], ["Bob"]]


def test_a_retry_of_the_phones_own_save_replays_not_409(client, game):
    game_id, token = game
    body = {"result": out("Ann", 10), "number": 1, "request_id": "phone-a-1"}
    first = post(client, game_id, token, body)
    assert first.status_code == 201
    retried = post(client, game_id, token, body)
    assert retried.status_code == 201
    assert retried["Idempotent-Replayed"] == "true"
    assert retried.json() == first.json()
    keyed = {"result": out("Bob", 5), "number": 2}
    assert post(client, game_id, token, keyed, **{"Idempotency-Key": "k-2"}).status_code == 201
    replay = post(client, game_id, token, keyed, **{"Idempotency-Key": "k-2"})
    assert replay.status_code == 201 and replay["Idempotent-Replayed"] == "true"
    assert Hand.objects.filter(game__public_id=game_id).count() == 2


def test_without_number_a_hand_is_appended(client, game):
    game_id, token = game
    assert post(client, game_id, token, {"result": out("Ann", 10)}).status_code == 201
    assert post(client, game_id, token, {"result": out("Ann", 10)}).status_code == 201
    assert Hand.objects.filter(game__public_id=game_id).count() == 2


def test_number_past_the_end_is_appended_at_the_next_number(client, game):
    game_id, token = game
    response = post(client, game_id, token, {"result": out("Cy", 10), "number": 4})
    assert response.status_code == 201
    assert [h["n"] for h in response.json()["hands"]] == [1]


@pytest.mark.parametrize("number", [0, -1, "two"])
def test_a_bad_number_is_refused(client, game, number):
    game_id, token = game
    response = post(client, game_id, token, {"result": out("Cy", 10), "number": number})
    assert response.status_code in (400, 422)
    assert not Hand.objects.filter(game__public_id=game_id).exists()
