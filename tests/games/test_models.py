import re

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from scorekeeper.games.models import Game, Hand, HandRevision, Seat, hash_token, new_public_id

pytestmark = pytest.mark.django_db


def make_game(**fields) -> Game:
    defaults = {"variant": "standard-rummy", "dealer": "Cy", "token_hash": hash_token("t")}
    return Game.objects.create(**{**defaults, **fields})


def make_hand(game: Game, number: int, **fields) -> Hand:
    return Hand.objects.create(game=game, number=number, entry={"out": "Ann"}, **fields)


def test_public_ids_are_short_random_and_url_safe():
    ids = {new_public_id() for _ in range(200)}
    assert len(ids) == 200
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{11}", i) for i in ids)


def test_games_get_a_public_id_that_is_not_their_primary_key():
    first, second = make_game(), make_game()
    assert first.public_id != second.public_id
    assert str(first.pk) not in {first.public_id, second.public_id}


def test_token_hash_is_sha256_hex_and_not_the_token():
    digest = hash_token("secret")
    assert re.fullmatch(r"[0-9a-f]{64}", digest)
    assert digest != "secret" and hash_token("secret") == digest


def test_a_name_sits_once_per_game():
    game = make_game()
    Seat.objects.create(game=game, position=0, name="Ann")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=game, position=1, name="Ann")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=game, position=0, name="Bob")
    Seat.objects.create(game=make_game(), position=0, name="Ann")  # another game is fine


def test_live_hand_numbers_are_unique_but_deleted_hands_keep_theirs():
    game = make_game()
    make_hand(game, 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        make_hand(game, 1)
    make_hand(game, 1, deleted_at=timezone.now())
    make_hand(game, 1, deleted_at=timezone.now())
    assert game.hands.filter(number=1).count() == 3


def test_request_ids_are_unique_per_game_and_may_be_absent():
    game = make_game()
    make_hand(game, 1, request_id="r1")
    make_hand(game, 2)
    make_hand(game, 3)  # any number of hands without a request_id
    with pytest.raises(IntegrityError), transaction.atomic():
        make_hand(game, 4, request_id="r1")
    make_hand(make_game(), 1, request_id="r1")


def test_revision_versions_are_unique_per_hand():
    hand = make_hand(make_game(), 1)
    fields = {"action": "recorded", "number": 1, "entry": {}, "result": {}}
    HandRevision.objects.create(hand=hand, version=1, **fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        HandRevision.objects.create(hand=hand, version=1, **fields)


def test_deleting_a_game_takes_its_seats_hands_and_revisions():
    game = make_game()
    Seat.objects.create(game=game, position=0, name="Ann")
    hand = make_hand(game, 1)
    HandRevision.objects.create(
        hand=hand, version=1, action="recorded", number=1, entry={}, result={}
    )
    game.delete()
    assert not Seat.objects.exists() and not Hand.objects.exists()
    assert not HandRevision.objects.exists()


def test_str_forms_are_readable():
    game = make_game()
    hand = make_hand(game, 2)
    assert str(game) == f"standard-rummy {game.public_id}"
    assert str(hand) == f"{game.public_id} hand 2"
    assert not hand.deleted
