"""The live table's endpoints (API.md "Seats", "Confirmations", "Rulings"): every status code,
and that a refused write changes nothing."""

import json
import re

import pytest

from scorekeeper.games.models import Game, Hand, Ruling, SeatClaim

pytestmark = pytest.mark.django_db

ABC = ["Ann", "Bob", "Cy"]


def out(winner: str, amount: int) -> dict:
    others = [p for p in ABC if p != winner]
    return {
        "out": winner,
        "hands": {p: {"points": amount if i == 0 else 0} for i, p in enumerate(others)},
    }


CHECK = re.compile(r"/api/v1/games/([^/]+)/hands/(\d+)/(confirm|dispute)$")


def send(client, method, path, body=None, auth=None, **headers):
    if auth:
        headers["HTTP_AUTHORIZATION"] = auth
    check = CHECK.search(path)
    if check and "HTTP_IF_MATCH" not in headers:
        # A phone confirms the hand it read: the etag of hand n as the state shows it now.
        headers["HTTP_IF_MATCH"] = read_etag(client, check.group(1), int(check.group(2)))
    data = json.dumps(body) if body is not None else ""
    return getattr(client, method)(path, data, content_type="application/json", **headers)


def read_etag(client, game_id, n):
    hands = client.get(f"/api/v1/games/{game_id}").json().get("hands", [])
    return hands[n - 1]["etag"] if 1 <= n <= len(hands) else "no-such-hand"


@pytest.fixture
def game(client):
    """A standard game with two hands: (id, edit token)."""
    response = send(client, "post", "/api/v1/games", {"variant": "standard-rummy", "players": ABC})
    game_id, token = response.json()["id"], response.json()["token"]
    for entry in [out("Ann", 10), out("Bob", 20)]:
        response = send(
            client, "post", f"/api/v1/games/{game_id}/hands", {"result": entry}, f"Bearer {token}"
        )
        assert response.status_code == 201
    return game_id, token


def seat(client, game_id, player, auth=None):
    return send(client, "post", f"/api/v1/games/{game_id}/seats", {"player": player}, auth)


def sit(client, game_id, player) -> str:
    response = seat(client, game_id, player)
    assert response.status_code == 201, response.json()
    assert response.json()["player"] == player
    return response.json()["seat_token"]


def state(client, game_id):
    return client.get(f"/api/v1/games/{game_id}").json()


# -- seats ---------------------------------------------------------------------------------


def test_a_phone_takes_a_seat_and_the_state_lists_it_without_its_token(client, game):
    game_id, _token = game
    assert state(client, game_id)["seats"] == []
    seat_token = sit(client, game_id, "Bob")
    body = state(client, game_id)
    assert body["seats"] == ["Bob"]
    assert seat_token not in json.dumps(body)
    # Only the hash is stored.
    assert not SeatClaim.objects.filter(token_hash=seat_token).exists()


def test_a_held_seat_is_409_for_another_phone_and_moves_with_the_edit_token(client, game):
    game_id, token = game
    first = sit(client, game_id, "Bob")
    response = seat(client, game_id, "Bob")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "seat_taken"
    assert response.json()["error"]["field"] == "player"
    moved = seat(client, game_id, "Bob", f"Bearer {token}")
    assert moved.status_code == 201
    second = moved.json()["seat_token"]
    # The first phone's token no longer works; the new one does.
    confirm = f"/api/v1/games/{game_id}/hands/1/confirm"
    assert send(client, "post", confirm, auth=f"Seat {first}").status_code == 403
    assert send(client, "post", confirm, auth=f"Seat {second}").status_code == 200


def test_a_seat_taken_again_with_its_own_token_gets_a_fresh_token(client, game):
    game_id, _token = game
    first = sit(client, game_id, "Bob")
    again = seat(client, game_id, "Bob", f"Seat {first}")
    assert again.status_code == 201 and again.json()["seat_token"] != first


def test_seat_errors(client, game):
    game_id, _token = game
    response = seat(client, game_id, "Dan")
    assert response.status_code == 400 and response.json()["error"]["field"] == "player"
    assert seat(client, game_id, "Bob", "Bearer wrong").status_code == 403
    assert seat(client, "nope", "Bob").status_code == 404
    assert SeatClaim.objects.count() == 0


def test_freeing_a_seat_needs_the_edit_token_or_that_seats_token(client, game):
    game_id, token = game
    bob, cy = sit(client, game_id, "Bob"), sit(client, game_id, "Cy")
    path = f"/api/v1/games/{game_id}/seats/Bob"
    assert send(client, "delete", path).status_code == 401
    assert send(client, "delete", path, auth=f"Seat {cy}").status_code == 403
    assert send(client, "delete", path, auth="Bearer wrong").status_code == 403
    assert state(client, game_id)["seats"] == ["Bob", "Cy"]
    response = send(client, "delete", path, auth=f"Seat {bob}")
    assert response.status_code == 200 and response.json()["seats"] == ["Cy"]
    response = send(client, "delete", f"/api/v1/games/{game_id}/seats/Cy", auth=f"Bearer {token}")
    assert response.status_code == 200 and response.json()["seats"] == []
    assert (
        send(
            client, "delete", f"/api/v1/games/{game_id}/seats/Dan", auth=f"Bearer {token}"
        ).status_code
        == 404
    )
    # A freed seat can be taken by anyone again.
    assert seat(client, game_id, "Bob").status_code == 201


# -- confirmations -------------------------------------------------------------------------


def test_confirm_and_dispute_show_in_every_hand_of_the_state(client, game):
    game_id, _token = game
    bob, cy = sit(client, game_id, "Bob"), sit(client, game_id, "Cy")
    response = send(client, "post", f"/api/v1/games/{game_id}/hands/1/confirm", auth=f"Seat {bob}")
    assert response.status_code == 200
    assert response.json()["hands"][0]["confirmed"] == ["Bob"]
    response = send(
        client,
        "post",
        f"/api/v1/games/{game_id}/hands/1/dispute",
        {"reason": "Ann had a 7 left"},
        f"Seat {cy}",
    )
    assert response.status_code == 200
    hand = response.json()["hands"][0]
    assert hand["confirmed"] == ["Bob"]
    assert hand["disputed"] == [{"player": "Cy", "reason": "Ann had a 7 left"}]
    assert (
        response.json()["hands"][1]["confirmed"] == []
        and response.json()["hands"][1]["disputed"] == []
    )
    # Confirming clears one's own dispute.
    response = send(client, "post", f"/api/v1/games/{game_id}/hands/1/confirm", auth=f"Seat {cy}")
    assert response.json()["hands"][0]["confirmed"] == ["Bob", "Cy"]
    assert response.json()["hands"][0]["disputed"] == []


def test_confirmations_need_a_seat_token(client, game):
    game_id, token = game
    path = f"/api/v1/games/{game_id}/hands/1/confirm"
    assert send(client, "post", path).status_code == 401
    assert send(client, "post", path, auth=f"Bearer {token}").status_code == 401
    assert send(client, "post", path, auth="Seat not-a-seat").status_code == 403
    dispute = f"/api/v1/games/{game_id}/hands/1/dispute"
    assert send(client, "post", dispute, {"reason": "x"}).status_code == 401
    assert send(client, "post", dispute, {"reason": "x"}, "Seat nope").status_code == 403
    assert Hand.objects.exclude(checks={}).count() == 0


def test_a_seat_token_of_another_game_is_refused(client, game):
    game_id, _token = game
    other = send(client, "post", "/api/v1/games", {"variant": "standard-rummy", "players": ABC})
    elsewhere = sit(client, other.json()["id"], "Bob")
    path = f"/api/v1/games/{game_id}/hands/1/confirm"
    assert send(client, "post", path, auth=f"Seat {elsewhere}").status_code == 403


def test_a_long_reason_is_a_400_naming_the_field_and_changes_nothing(client, game):
    game_id, _token = game
    bob = sit(client, game_id, "Bob")
    path = f"/api/v1/games/{game_id}/hands/2/dispute"
    response = send(client, "post", path, {"reason": "x" * 201}, f"Seat {bob}")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "reason"
    assert "200" in response.json()["error"]["message"]
    assert send(client, "post", path, {"reason": 5}, f"Seat {bob}").status_code == 400
    assert Hand.objects.exclude(checks={}).count() == 0
    assert send(client, "post", path, {"reason": "y" * 200}, f"Seat {bob}").status_code == 200


def test_an_unknown_hand_is_412_and_changes_nothing(client, game):
    """A confirmation names the hand it read by its etag; no live hand has it (RFC 9110: a
    failed precondition, as for a hand deleted since)."""
    game_id, _token = game
    bob = sit(client, game_id, "Bob")
    response = send(client, "post", f"/api/v1/games/{game_id}/hands/3/confirm", auth=f"Seat {bob}")
    assert response.status_code == 412
    response = send(client, "post", f"/api/v1/games/{game_id}/hands/0/dispute", {}, f"Seat {bob}")
    assert response.status_code == 412
    assert Hand.objects.exclude(checks={}).count() == 0


# -- confirmations bound to the hand read (issue 33 §3) ----------------------------------


def test_a_confirmation_without_if_match_is_428_and_changes_nothing(client, game):
    game_id, _token = game
    bob = sit(client, game_id, "Bob")
    for path, body in (("confirm", None), ("dispute", {"reason": "no"})):
        response = client.post(
            f"/api/v1/games/{game_id}/hands/1/{path}",
            json.dumps(body) if body else "",
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Seat {bob}",
        )
        assert response.status_code == 428
        assert response.json()["error"]["field"] == "If-Match"
        assert response.json()["error"]["code"] == "precondition_required"
    assert Hand.objects.exclude(checks={}).count() == 0


def test_deleting_hand_2_while_bob_reads_it_is_412_not_a_confirmation_of_hand_3(client, game):
    game_id, token = game
    send(
        client,
        "post",
        f"/api/v1/games/{game_id}/hands",
        {"result": out("Cy", 30)},
        f"Bearer {token}",
    )
    bob = sit(client, game_id, "Bob")
    seen = read_etag(client, game_id, 2)  # Bob's phone shows hand 2
    send(client, "delete", f"/api/v1/games/{game_id}/hands/2", auth=f"Bearer {token}")
    path = f"/api/v1/games/{game_id}/hands/2/confirm"
    response = send(client, "post", path, auth=f"Seat {bob}", HTTP_IF_MATCH=seen)
    assert response.status_code == 412
    body = response.json()
    assert body["error"]["field"] == "If-Match"
    assert [h["confirmed"] for h in body["hands"]] == [[], []]  # the state as it is now
    assert Hand.objects.exclude(checks={}).count() == 0


def test_a_corrected_hand_is_412_for_the_old_etag_and_200_for_the_new(client, game):
    game_id, token = game
    bob = sit(client, game_id, "Bob")
    seen = read_etag(client, game_id, 1)
    send(
        client,
        "put",
        f"/api/v1/games/{game_id}/hands/1",
        {"result": out("Ann", 15)},
        f"Bearer {token}",
    )
    path = f"/api/v1/games/{game_id}/hands/1/dispute"
    old = send(client, "post", path, {"reason": "x"}, f"Seat {bob}", HTTP_IF_MATCH=seen)
    assert old.status_code == 412
    fresh = send(client, "post", path, {"reason": "x"}, f"Seat {bob}")
    assert fresh.status_code == 200
    assert fresh.json()["hands"][0]["disputed"] == [{"player": "Bob", "reason": "x"}]


def test_a_confirmation_stops_counting_when_the_hand_is_rescored(client, game):
    """What a player confirmed is the hand's result as it stood: when the stored result moves
    (a renumbering that rescores a later hand keeps its etag), the confirmation is no longer
    listed and a league that requires confirmation no longer counts it."""
    from scorekeeper.games.table.seats import confirmation_status

    game_id, _token = game
    bob = sit(client, game_id, "Bob")
    for n in (1, 2):
        assert (
            send(
                client, "post", f"/api/v1/games/{game_id}/hands/{n}/confirm", auth=f"Seat {bob}"
            ).status_code
            == 200
        )
    stored = Game.objects.get(public_id=game_id)
    assert confirmation_status(game=stored) == (True, False)
    hand = Hand.objects.get(game=stored, number=2)
    hand.result = {**hand.result, "deltas": {"Ann": 0, "Bob": 21, "Cy": 0}}
    hand.save()
    assert confirmation_status(game=stored) == (False, False)
    assert state(client, game_id)["hands"][1]["confirmed"] == []
    assert state(client, game_id)["hands"][0]["confirmed"] == ["Bob"]


def test_a_correction_or_deletion_clears_that_hands_confirmations_only(client, game):
    game_id, token = game
    bob, cy = sit(client, game_id, "Bob"), sit(client, game_id, "Cy")
    for n in (1, 2):
        send(client, "post", f"/api/v1/games/{game_id}/hands/{n}/confirm", auth=f"Seat {bob}")
    send(client, "post", f"/api/v1/games/{game_id}/hands/2/dispute", {"reason": "no"}, f"Seat {cy}")
    response = send(
        client,
        "put",
        f"/api/v1/games/{game_id}/hands/2",
        {"result": out("Bob", 25)},
        f"Bearer {token}",
    )
    hands = response.json()["hands"]
    assert hands[0]["confirmed"] == ["Bob"]
    assert hands[1]["confirmed"] == [] and hands[1]["disputed"] == []
    send(client, "post", f"/api/v1/games/{game_id}/hands/2/confirm", auth=f"Seat {cy}")
    response = send(client, "delete", f"/api/v1/games/{game_id}/hands/1", auth=f"Bearer {token}")
    # Hand 2 moved up to 1 and keeps what was said of it; the deleted hand's are gone.
    assert response.json()["hands"][0]["confirmed"] == ["Cy"]
    deleted = Hand.objects.get(deleted_at__isnull=False)
    assert deleted.checks == {}


def test_a_correction_that_scores_the_same_still_clears(client, game):
    game_id, token = game
    bob = sit(client, game_id, "Bob")
    send(client, "post", f"/api/v1/games/{game_id}/hands/1/confirm", auth=f"Seat {bob}")
    response = send(
        client,
        "put",
        f"/api/v1/games/{game_id}/hands/1",
        {"result": out("Ann", 10)},
        f"Bearer {token}",
    )
    assert response.json()["hands"][0]["confirmed"] == []


def test_every_change_moves_the_games_version(client, game):
    """The pages' ETag (and the live version) follow ``updated``: each change moves it."""
    game_id, token = game
    seen = [Game.objects.get(public_id=game_id).updated]

    def moved():
        now = Game.objects.get(public_id=game_id).updated
        assert now > seen[-1]
        seen.append(now)

    bob = sit(client, game_id, "Bob")
    moved()
    send(client, "post", f"/api/v1/games/{game_id}/hands/1/confirm", auth=f"Seat {bob}")
    moved()
    send(client, "post", f"/api/v1/games/{game_id}/hands/1/dispute", {"reason": "r"}, f"Seat {bob}")
    moved()
    body = {"question": "q", "rule": "melds"}
    send(client, "post", f"/api/v1/games/{game_id}/rulings", body, f"Bearer {token}")
    moved()
    send(client, "delete", f"/api/v1/games/{game_id}/seats/Bob", auth=f"Bearer {token}")
    moved()


def test_the_state_agrees_with_its_replay(client, game):
    from scorekeeper.games.scoresheet.selectors import game_state, game_state_replayed

    game_id, _token = game
    bob = sit(client, game_id, "Bob")
    send(client, "post", f"/api/v1/games/{game_id}/hands/1/confirm", auth=f"Seat {bob}")
    stored = Game.objects.get(public_id=game_id)
    assert game_state(game=stored) == game_state_replayed(game=stored)


# -- rulings -------------------------------------------------------------------------------


def test_a_ruling_is_kept_with_the_game_by_the_keeper_or_a_seat(client, game):
    game_id, token = game
    body = {
        "question": "Can I lay off on my first turn?",
        "variant": "standard-rummy",
        "rule": "melds",
        "note": "we play it this way tonight",
    }
    response = send(client, "post", f"/api/v1/games/{game_id}/rulings", body, f"Bearer {token}")
    assert response.status_code == 201, response.json()
    [ruling] = response.json()["rulings"]
    assert ruling["question"] == body["question"] and ruling["rule"] == "melds"
    assert ruling["note"] == body["note"] and ruling["by"] is None
    assert ruling["text"] and ruling["at"]
    bob = sit(client, game_id, "Bob")
    response = send(
        client,
        "post",
        f"/api/v1/games/{game_id}/rulings",
        {"question": "Who deals?", "rule": "deal"},
        f"Seat {bob}",
    )
    assert response.status_code == 201
    assert [r["by"] for r in response.json()["rulings"]] == [None, "Bob"]
    assert response.json()["rulings"][1]["variant"] == "standard-rummy"


def test_the_keeper_removes_a_ruling_kept_by_mistake(client, game):
    game_id, token = game
    path = f"/api/v1/games/{game_id}/rulings"
    send(client, "post", path, {"question": "Who deals?", "rule": "deal"}, f"Bearer {token}")
    bob = sit(client, game_id, "Bob")
    response = send(client, "post", path, {"question": "Wrong one", "rule": "melds"}, f"Seat {bob}")
    wrong = response.json()["rulings"][1]
    assert wrong["question"] == "Wrong one" and isinstance(wrong["id"], int)
    gone = f"{path}/{wrong['id']}"
    # Only the game's token removes a ruling: not a seat, not another token.
    assert send(client, "delete", gone).status_code == 401
    assert send(client, "delete", gone, auth=f"Seat {bob}").status_code == 401
    assert send(client, "delete", gone, auth="Bearer wrong").status_code == 403
    version = Game.objects.get(public_id=game_id).version
    response = send(client, "delete", gone, auth=f"Bearer {token}", HTTP_IDEMPOTENCY_KEY="rm-1")
    assert response.status_code == 200, response.json()
    assert [r["question"] for r in response.json()["rulings"]] == ["Who deals?"]
    game_row = Game.objects.get(public_id=game_id)
    assert game_row.ruling_count == 1 and game_row.version > version  # every phone hears of it
    # A retry with its key gets the same answer; without a key, the ruling is gone: a 404.
    again = send(client, "delete", gone, auth=f"Bearer {token}", HTTP_IDEMPOTENCY_KEY="rm-1")
    assert again.status_code == 200 and again.json()["rulings"] == response.json()["rulings"]
    assert send(client, "delete", gone, auth=f"Bearer {token}").status_code == 404
    assert send(client, "delete", f"{path}/0", auth=f"Bearer {token}").status_code == 404
    assert Ruling.objects.count() == 1


def test_ruling_errors_name_their_field_and_change_nothing(client, game):
    game_id, token = game
    path = f"/api/v1/games/{game_id}/rulings"
    good = {"question": "q", "rule": "melds"}
    assert send(client, "post", path, good).status_code == 401
    assert send(client, "post", path, good, "Bearer wrong").status_code == 403
    assert send(client, "post", path, good, "Seat wrong").status_code == 403
    for body, field in [
        ({"question": "", "rule": "melds"}, "question"),
        ({"question": "q" * 301, "rule": "melds"}, "question"),
        ({"question": "q", "rule": "no-such-rule"}, "rule"),
        ({"question": "q", "rule": "melds", "variant": "no-such-game"}, "variant"),
        ({"question": "q", "rule": "melds", "note": "n" * 201}, "note"),
        ({"question": ["q"], "rule": "melds"}, "question"),
    ]:
        response = send(client, "post", path, body, f"Bearer {token}")
        assert response.status_code == 400, (body, response.json())
        assert response.json()["error"]["field"] == field
    assert Ruling.objects.count() == 0


def test_rulings_are_in_the_games_export(client, game):
    game_id, token = game
    bob = sit(client, game_id, "Bob")
    send(client, "post", f"/api/v1/games/{game_id}/hands/1/confirm", auth=f"Seat {bob}")
    body = {"question": "Is K-A-2 a run?", "rule": "melds", "note": "no"}
    send(client, "post", f"/api/v1/games/{game_id}/rulings", body, f"Bearer {token}")
    data = client.get(f"/games/{game_id}/export.json").json()
    assert data["rulings"][0]["question"] == "Is K-A-2 a run?"
    assert data["hands"][0]["confirmed"] == ["Bob"]
    csv = client.get(f"/games/{game_id}/export.csv").content.decode()
    assert "Is K-A-2 a run?" in csv and "Rulings at this table" in csv


def test_a_repeated_idempotency_key_keeps_one_ruling(client, game):
    game_id, token = game
    body = {"question": "q", "rule": "melds"}
    for _ in range(2):
        response = send(
            client,
            "post",
            f"/api/v1/games/{game_id}/rulings",
            body,
            f"Bearer {token}",
            HTTP_IDEMPOTENCY_KEY="ruling-1",
        )
        assert response.status_code == 201
    assert Ruling.objects.count() == 1
