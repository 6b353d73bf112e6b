"""game_create_played (imports) stores exactly what recording the hands one by one stores."""

import pytest

from scorekeeper.games.models import Game, Hand, HandRevision
from scorekeeper.games.scoresheet.selectors import game_state, game_state_replayed
from scorekeeper.games.scoresheet.services import game_create, game_create_played
from scorekeeper.rules.errors import RulesError
from tests.writes import hand_record

pytestmark = pytest.mark.django_db

ABC = ["Ann", "Bob", "Cy"]
HANDS = [
    {"out": "Ann", "hands": {"Bob": {"points": 12}, "Cy": {"cards": "KH 7S"}}},
    {"out": "Cy", "hands": {"Ann": {"points": 3}, "Bob": {"points": 0}}},
    {"out": "Bob", "hands": {"Ann": {"points": 30}, "Cy": {"points": 1}}},
]
TABLE = {"variant": "german-rummy", "options": {"hands": 3}, "players": ABC, "dealer": None}


def test_same_as_one_by_one():
    bulk, _ = game_create_played(**TABLE, entries=HANDS)
    single, _ = game_create(**TABLE)
    for entry in HANDS:
        hand_record(game=single, entry=entry)
    single.refresh_from_db()
    one, other = game_state(game=bulk), game_state(game=single)
    # Each hand's etag names its own stored row, so two games' hands never share one.
    for state in (one, other):
        assert all(len(hand.pop("etag")) == 20 for hand in state["hands"])
    # Its id and join code are the game's own; its version counts the changes it went through.
    same = {"id": None, "code": None, "version": None}
    assert {**one, **same} == {**other, **same}
    assert game_state(game=bulk) == game_state_replayed(game=bulk)
    assert bulk.over and bulk.hand_count == 3
    assert list(
        HandRevision.objects.filter(hand__game=bulk).values_list("version", "action", "number")
    ) == [(1, "recorded", n) for n in (1, 2, 3)]


def test_a_bad_hand_writes_nothing():
    bad = [HANDS[0], {"out": "Ann", "hands": {"Bob": {"cards": "1X"}, "Cy": {"points": 0}}}]
    with pytest.raises(RulesError):
        game_create_played(**TABLE, entries=bad)
    with pytest.raises(RulesError):
        game_create_played(**TABLE, entries=[*HANDS, HANDS[0]])  # a hand after the end
    assert not Game.objects.exists() and not Hand.objects.exists()
