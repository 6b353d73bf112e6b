"""Safe retries and concurrent phones (API.md; issue 11 bug 4): Idempotency-Key on every write,
If-Match on PUT and DELETE. A retried DELETE never removes a second hand; a write meant for a
hand another phone changed first changes nothing."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from scorekeeper.games.models import Game, Hand, HandRevision, IdempotencyKey, hash_token
from tests.api.helpers import send

pytestmark = pytest.mark.django_db

ABC = ["Ann", "Bob", "Cy"]
CREATION_KEY = "3f2b8c1e-6a4d-4e0f-9b7a-5c2d1e8f0a9b"  # a UUID: long enough for a creation


def out(winner: str, amount: int) -> dict:
    others = [p for p in ABC if p != winner]
    return {
        "out": winner,
        "hands": {p: {"points": amount if i == 0 else 0} for i, p in enumerate(others)},
    }


@pytest.fixture
def game(client):
    """A game with three hands won by Ann (10), Bob (20) and Cy (30): (id, token)."""
    created = send(client, "post", "/api/v1/games", {"variant": "standard-rummy", "players": ABC})
    game_id, token = created.json()["id"], created.json()["token"]
    for entry in [out("Ann", 10), out("Bob", 20), out("Cy", 30)]:
        assert send(client, "post", hands(game_id), {"result": entry}, token).status_code == 201
    return game_id, token


def hands(game_id, n=None):
    return f"/api/v1/games/{game_id}/hands" + (f"/{n}" if n else "")


def winners(client, game_id):
    return [h["winners"] for h in client.get(f"/api/v1/games/{game_id}").json()["hands"]]


def etag(client, game_id, n):
    return client.get(f"/api/v1/games/{game_id}").json()["hands"][n - 1]["etag"]


# -- Idempotency-Key ---------------------------------------------------------------------------


def test_a_retried_delete_removes_one_hand(client, game):
    game_id, token = game
    first = send(client, "delete", hands(game_id, 1), token=token, **{"Idempotency-Key": "d1"})
    again = send(client, "delete", hands(game_id, 1), token=token, **{"Idempotency-Key": "d1"})
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert winners(client, game_id) == [["Bob"], ["Cy"]]


def test_a_retried_hand_post_records_once_and_answers_the_first_answer(client, game):
    game_id, token = game
    body = {"result": out("Ann", 5)}
    first = send(client, "post", hands(game_id), body, token, **{"Idempotency-Key": "p1"})
    again = send(client, "post", hands(game_id), body, token, **{"Idempotency-Key": "p1"})
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert len(winners(client, game_id)) == 4


def test_a_retried_correction_changes_once(client, game):
    game_id, token = game
    body = {"result": out("Bob", 3)}
    first = send(client, "put", hands(game_id, 1), body, token, **{"Idempotency-Key": "c1"})
    versions = HandRevision.objects.count()
    again = send(client, "put", hands(game_id, 1), body, token, **{"Idempotency-Key": "c1"})
    assert again.json() == first.json()
    assert HandRevision.objects.count() == versions


def test_a_retried_game_creation_answers_the_same_game_and_a_working_token(client):
    body = {"variant": "knock-rummy", "players": ["Ann", "Bob"]}
    first = send(client, "post", "/api/v1/games", body, **{"Idempotency-Key": CREATION_KEY})
    again = send(client, "post", "/api/v1/games", body, **{"Idempotency-Key": CREATION_KEY})
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert Game.objects.count() == 1
    token = again.json()["token"]
    assert Game.objects.get().token_hash == hash_token(token)
    # The database keeps no token: not in the key's stored answer, not anywhere readable.
    assert token not in json.dumps(list(IdempotencyKey.objects.values("response")))


def test_the_same_key_with_another_request_is_refused_and_changes_nothing(client, game):
    game_id, token = game
    send(client, "delete", hands(game_id, 1), token=token, **{"Idempotency-Key": "k"})
    before = winners(client, game_id)
    other = send(client, "delete", hands(game_id, 2), token=token, **{"Idempotency-Key": "k"})
    assert other.status_code == 422
    assert other.json()["error"]["code"] == "idempotency_key_reused"
    assert other.json()["error"]["field"] == "Idempotency-Key"
    put = send(
        client,
        "put",
        hands(game_id, 1),
        {"result": out("Ann", 1)},
        token,
        **{"Idempotency-Key": "k"},
    )
    assert put.status_code == 422
    assert winners(client, game_id) == before


def test_keys_are_per_game(client, game):
    game_id, token = game
    created = send(client, "post", "/api/v1/games", {"variant": "standard-rummy", "players": ABC})
    other_id, other_token = created.json()["id"], created.json()["token"]
    send(client, "post", hands(other_id), {"result": out("Ann", 1)}, other_token)
    assert (
        send(
            client, "delete", hands(game_id, 1), token=token, **{"Idempotency-Key": "x"}
        ).status_code
        == 200
    )
    assert (
        send(
            client, "delete", hands(other_id, 1), token=other_token, **{"Idempotency-Key": "x"}
        ).status_code
        == 200
    )
    assert winners(client, other_id) == []


def test_a_failed_write_stores_no_key_and_a_fixed_retry_goes_through(client, game):
    game_id, token = game
    bad = send(
        client,
        "post",
        hands(game_id),
        {"result": {"out": "Zed"}},
        token,
        **{"Idempotency-Key": "f"},
    )
    assert bad.status_code == 400
    assert not IdempotencyKey.objects.exists()
    good = send(
        client, "post", hands(game_id), {"result": out("Ann", 1)}, token, **{"Idempotency-Key": "f"}
    )
    assert good.status_code == 201


def test_keys_expire_after_a_day(client, game):
    game_id, token = game
    send(client, "delete", hands(game_id, 1), token=token, **{"Idempotency-Key": "old"})
    IdempotencyKey.objects.update(created=timezone.now() - timedelta(hours=25))
    again = send(client, "delete", hands(game_id, 1), token=token, **{"Idempotency-Key": "old"})
    assert again.status_code == 200
    assert "Idempotent-Replayed" not in again
    assert winners(client, game_id) == [["Cy"]]
    assert IdempotencyKey.objects.count() == 1  # the expired one is gone


@pytest.mark.parametrize("key, status", [("", 400), (" ", 400), ("x" * 101, 422)])
def test_a_bad_key_is_refused(client, game, key, status):
    game_id, token = game
    response = send(client, "delete", hands(game_id, 1), token=token, **{"Idempotency-Key": key})
    assert response.status_code == status
    assert response.json()["error"]["field"] == "Idempotency-Key"
    assert len(winners(client, game_id)) == 3


def test_a_key_needs_the_token_first(client, game):
    game_id, _token = game
    response = send(client, "delete", hands(game_id, 1), token="wrong", **{"Idempotency-Key": "a"})
    assert response.status_code == 403
    assert not IdempotencyKey.objects.exists()


# -- If-Match ------------------------------------------------------------------------------------


def test_every_hand_carries_an_etag_that_changes_when_it_is_corrected(client, game):
    game_id, token = game
    tags = [h["etag"] for h in client.get(f"/api/v1/games/{game_id}").json()["hands"]]
    assert len(set(tags)) == 3
    send(client, "put", hands(game_id, 2), {"result": out("Bob", 21)}, token)
    after = [h["etag"] for h in client.get(f"/api/v1/games/{game_id}").json()["hands"]]
    assert after[0] == tags[0] and after[2] == tags[2]
    assert after[1] != tags[1]


def test_a_put_of_hand_2_after_another_phone_deleted_hand_1_changes_nothing(client, game):
    game_id, token = game
    seen = etag(client, game_id, 2)  # this phone saw Bob's hand as hand 2
    assert send(client, "delete", hands(game_id, 1), token=token).status_code == 200  # other phone
    response = send(
        client,
        "put",
        hands(game_id, 2),
        {"result": out("Bob", 99)},
        token,
        **{"If-Match": f'"{seen}"'},
    )
    assert response.status_code == 412
    body = response.json()
    assert body["error"]["code"] == "precondition_failed"
    assert [h["winners"] for h in body["hands"]] == [["Bob"], ["Cy"]]  # the current state
    assert winners(client, game_id) == [["Bob"], ["Cy"]]
    assert Hand.objects.get(number=2, deleted_at__isnull=True).entry == out("Cy", 30)


def test_a_stale_delete_changes_nothing(client, game):
    game_id, token = game
    seen = etag(client, game_id, 1)
    send(client, "put", hands(game_id, 1), {"result": out("Ann", 11)}, token)  # other phone
    response = send(client, "delete", hands(game_id, 1), token=token, **{"If-Match": seen})
    assert response.status_code == 412
    assert len(winners(client, game_id)) == 3


def test_a_matching_etag_goes_through(client, game):
    game_id, token = game
    seen = etag(client, game_id, 3)
    response = send(
        client, "delete", hands(game_id, 3), token=token, **{"If-Match": f'W/"{seen}", "other"'}
    )
    assert response.status_code == 200
    assert winners(client, game_id) == [["Ann"], ["Bob"]]


def test_if_match_for_a_hand_that_is_gone_is_412_not_404(client, game):
    game_id, token = game
    response = send(client, "delete", hands(game_id, 7), token=token, **{"If-Match": "abc"})
    assert response.status_code == 412
    assert send(client, "delete", hands(game_id, 7), token=token).status_code == 404


def test_if_match_star_means_any_current_hand(client, game):
    game_id, token = game
    assert (
        send(client, "delete", hands(game_id, 1), token=token, **{"If-Match": "*"}).status_code
        == 200
    )


def test_a_retried_delete_with_if_match_answers_the_first_answer_not_412(client, game):
    game_id, token = game
    headers = {"If-Match": etag(client, game_id, 1), "Idempotency-Key": "both"}
    first = send(client, "delete", hands(game_id, 1), token=token, **headers)
    again = send(client, "delete", hands(game_id, 1), token=token, **headers)
    assert first.status_code == again.status_code == 200
    assert winners(client, game_id) == [["Bob"], ["Cy"]]


def test_undo_of_a_delete_restores_and_changes_the_etag(client, game):
    from tests.writes import hand_restore

    game_id, token = game
    before = etag(client, game_id, 1)
    send(client, "delete", hands(game_id, 1), token=token)
    hand = Hand.objects.get(deleted_at__isnull=False)
    hand_restore(game=Game.objects.get(public_id=game_id), hand_id=hand.pk)
    assert etag(client, game_id, 1) != before


def test_expired_keys_of_any_game_are_cleared_by_the_command(client, game):
    from io import StringIO

    from django.core.management import call_command

    game_id, token = game
    send(client, "delete", hands(game_id, 1), token=token, **{"Idempotency-Key": "a"})
    send(client, "delete", hands(game_id, 1), token=token, **{"Idempotency-Key": "b"})
    IdempotencyKey.objects.filter(key="a").update(created=timezone.now() - timedelta(days=2))
    out = StringIO()
    call_command("clear_idempotency_keys", stdout=out)
    assert "1 expired" in out.getvalue()
    assert list(IdempotencyKey.objects.values_list("key", flat=True)) == ["b"]


# -- issue 16: creation keys are unguessable; a request_id names one hand ----------------------


@pytest.mark.parametrize("key", ["1", "g1", "x" * 21])
def test_a_short_creation_key_is_refused_and_creates_nothing(client, key):
    body = {"variant": "knock-rummy", "players": ["Ann", "Bob"]}
    answer = send(client, "post", "/api/v1/games", body, **{"Idempotency-Key": key})
    assert answer.status_code == 400, answer.content
    assert answer.json()["error"]["code"] == "bad_idempotency_key"
    assert answer.json()["error"]["field"] == "Idempotency-Key"
    assert Game.objects.count() == 0


def test_a_short_creation_key_is_told_why_in_the_app_s_words(client):
    """Issue 16 audit: the refusal said pydantic's English "String should have at least 22
    characters" in every language; it says why, through the app's catalogue."""
    body = {"variant": "knock-rummy", "players": ["Ann", "Bob"]}
    answer = send(client, "post", "/api/v1/games", body, **{"Idempotency-Key": "1"})
    error = answer.json()["error"]
    assert error["message"] == (
        "Idempotency-Key: a new game's key must be unguessable: at least 22 characters"
        " (a UUID will do)"
    )
    assert "String should" not in json.dumps(error)


def test_a_too_long_key_is_told_its_limit_in_the_app_s_words(client, game):
    game_id, token = game
    answer = send(
        client, "delete", hands(game_id, 1), token=token, **{"Idempotency-Key": "k" * 101}
    )
    error = answer.json()["error"]
    assert error["field"] == "Idempotency-Key", error
    assert error["message"] == "Idempotency-Key: expected at most 100 characters"


def test_a_creation_key_replays_only_for_the_same_body(client):
    body = {"variant": "knock-rummy", "players": ["Ann", "Bob"]}
    first = send(client, "post", "/api/v1/games", body, **{"Idempotency-Key": CREATION_KEY})
    other = {"variant": "knock-rummy", "players": ["Ann", "Eve"]}
    stolen = send(client, "post", "/api/v1/games", other, **{"Idempotency-Key": CREATION_KEY})
    assert first.status_code == 201
    assert stolen.status_code == 422
    assert first.json()["token"] not in stolen.content.decode()
    assert Game.objects.count() == 1


def test_the_creation_key_limits_are_in_the_schema(client):
    schema = client.get("/api/v1/openapi.json").json()
    params = schema["paths"]["/api/v1/games"]["post"]["parameters"]
    key = next(p for p in params if p["name"] == "Idempotency-Key")
    text = next(b for b in key["schema"].get("anyOf", [key["schema"]]) if b.get("type") == "string")
    assert (text["minLength"], text["maxLength"]) == (22, 100)


def test_a_request_id_reused_for_another_hand_is_a_422_and_records_nothing(client, game):
    game_id, token = game
    first = send(
        client, "post", hands(game_id), {"result": out("Ann", 4), "request_id": "r"}, token
    )
    assert first.status_code == 201
    again = send(
        client, "post", hands(game_id), {"result": out("Ann", 4), "request_id": "r"}, token
    )
    assert again.status_code == 201  # a retry: the first answer, nothing recorded twice
    assert again["Idempotent-Replayed"] == "true"
    other = send(
        client, "post", hands(game_id), {"result": out("Bob", 9), "request_id": "r"}, token
    )
    assert other.status_code == 422, other.content
    assert other.json()["error"]["code"] == "request_id_reused"
    assert other.json()["error"]["field"] == "request_id"
    assert Hand.objects.filter(game__public_id=game_id).count() == 4


def test_a_retry_of_a_hand_corrected_since_still_replays(client, game):
    game_id, token = game
    send(client, "post", hands(game_id), {"result": out("Ann", 4), "request_id": "r2"}, token)
    assert (
        send(client, "put", hands(game_id, 4), {"result": out("Cy", 7)}, token).status_code == 200
    )
    again = send(
        client, "post", hands(game_id), {"result": out("Ann", 4), "request_id": "r2"}, token
    )
    assert again.status_code == 201  # the first answer again (issue 24: one policy)
    assert len(again.json()["hands"]) == 4
