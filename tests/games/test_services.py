import hashlib

import pytest
from django.forms.models import model_to_dict

from scorekeeper.games.models import Game, Hand, HandRevision
from scorekeeper.games.scoresheet.selectors import (
    deleted_hands,
    game_state,
    game_state_replayed,
    hand_histories,
    hand_history,
)
from scorekeeper.games.scoresheet.services import GameOver, game_create
from scorekeeper.games.scoresheet.tokens import token_valid
from scorekeeper.rules.errors import RulesError
from tests.writes import hand_correct, hand_delete, hand_record, hand_restore

pytestmark = pytest.mark.django_db

ABC = ["Ann", "Bob", "Cy"]


def out(winner: str, amount: int, players=ABC) -> dict:
    """A standard-style result: ``winner`` went out and the first other player held ``amount``."""
    others = [p for p in players if p != winner]
    return {
        "out": winner,
        "hands": {p: {"points": amount if i == 0 else 0} for i, p in enumerate(others)},
    }


def new_game(variant="standard-rummy", options=None, players=ABC, dealer=None) -> Game:
    game, _token = game_create(variant=variant, options=options, players=players, dealer=dealer)
    return game


def snapshot(game: Game) -> dict:
    """Everything a write could change, to show a rejected one changed nothing."""
    fresh = Game.objects.get(pk=game.pk)
    return {
        "game": model_to_dict(fresh, exclude=["id"]) | {"updated": fresh.updated},
        "hands": list(Hand.objects.filter(game=game).order_by("pk").values()),
        "revisions": list(HandRevision.objects.filter(hand__game=game).order_by("pk").values()),
    }


def deltas(game: Game) -> list[dict]:
    return [hand.result["deltas"] for hand in game.hands.filter(deleted_at=None)]


# -- creating a game --------------------------------------------------------------------------


def test_create_trims_names_seats_players_in_order_and_defaults_the_dealer():
    game, token = game_create(
        variant="standard-rummy", options=None, players=[" Ann ", "Bob", "Cy"], dealer=None
    )
    assert [s.name for s in game.seats.all()] == ABC
    assert [s.position for s in game.seats.all()] == [0, 1, 2]
    assert game.dealer == "Cy", "the last player deals, so the first listed plays first"
    assert game.options == {}
    assert game_state(game=game)["totals"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert game.next_dealer == "Cy" and game.next_deal == 7 and not game.over


def test_create_returns_the_token_once_and_stores_only_its_hash():
    game, token = game_create(variant="standard-rummy", options={}, players=ABC, dealer="Bob")
    assert len(token) >= 32
    assert game.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in str(model_to_dict(game))
    assert game.dealer == "Bob"


def test_token_valid_accepts_only_the_game_token():
    game, token = game_create(variant="standard-rummy", options={}, players=ABC, dealer=None)
    other, other_token = game_create(variant="standard-rummy", options={}, players=ABC, dealer=None)
    assert token_valid(game=game, token=token)
    assert not token_valid(game=game, token=other_token)
    assert not token_valid(game=game, token="")
    assert not token_valid(game=game, token=None)
    assert not token_valid(game=game, token=token + "x")


def test_create_keeps_options_as_given():
    game = new_game(options={"target": 50, "rummy-hidden": True})
    assert Game.objects.get(pk=game.pk).options == {"target": 50, "rummy-hidden": True}


def test_starting_totals_come_from_the_engine():
    game = new_game(variant="continental-rum", players=["Ann", "Bob", "Cy", "Dan"])
    assert game.totals == {"Ann": 100, "Bob": 100, "Cy": 100, "Dan": 100}


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"variant": "poker"}, "variant"),
        ({"players": ["Ann"]}, "players"),
        ({"players": ["Ann", "Ann"]}, "players[1]"),
        ({"players": ["Ann", ""]}, "players[1]"),
        ({"players": ["Ann", "x" * 41]}, "players[1]"),
        ({"options": {"target": -1}}, "options.target"),
        ({"options": {"no-such-option": True}}, "options.no-such-option"),
        ({"dealer": "Zed"}, "dealer"),
        ({"variant": "nowrang"}, "players"),  # exactly two players
    ],
)
def test_create_rejects_bad_input_naming_the_field_and_writes_nothing(kwargs, field):
    args = {"variant": "standard-rummy", "options": None, "players": ABC, "dealer": None}
    with pytest.raises(RulesError) as caught:
        game_create(**{**args, **kwargs})
    assert caught.value.field == field
    assert not Game.objects.exists()


# -- recording ----------------------------------------------------------------------------------


def test_record_numbers_hands_and_keeps_the_entry_exactly():
    game = new_game()
    entry = {"out": "Ann", "hands": {"Bob": {"cards": "kh 7s 2d"}, "Cy": {"points": 11}}}
    first = hand_record(game=game, entry=entry)
    second = hand_record(game=game, entry=out("Bob", 5))
    assert (first.number, second.number) == (1, 2)
    assert Hand.objects.get(pk=first.pk).entry == entry
    assert first.result["deltas"] == {"Ann": 30, "Bob": 0, "Cy": 0}
    assert first.result["dealer"] == "Cy" and second.result["dealer"] == "Ann"
    assert first.totals == {"Ann": 30, "Bob": 0, "Cy": 0}
    assert second.totals == {"Ann": 30, "Bob": 5, "Cy": 0}
    game.refresh_from_db()
    assert game.hand_count == 2 and game.totals == {"Ann": 30, "Bob": 5, "Cy": 0}
    assert game.next_dealer == "Bob"
    assert not first.repeated and not second.repeated


def test_record_writes_a_first_revision():
    game = new_game()
    hand = hand_record(game=game, entry=out("Ann", 10))
    (revision,) = hand.revisions.all()
    assert (revision.version, revision.action, revision.number) == (1, "recorded", 1)
    assert revision.entry == out("Ann", 10) and revision.result == hand.result


def test_record_updates_the_callers_game_object():
    game = new_game()
    hand_record(game=game, entry=out("Ann", 10))
    assert game.totals == {"Ann": 10, "Bob": 0, "Cy": 0} and game.hand_count == 1


@pytest.mark.parametrize(
    "entry, field",
    [
        ({"out": "Zed", "hands": {}}, "result.out"),
        ({"out": "Ann", "hands": {"Bob": {"points": 3}}}, "result.hands.Cy"),
        (
            {"out": "Ann", "hands": {"Bob": {"cards": "1H"}, "Cy": {"points": 1}}},
            "result.hands.Bob.cards",
        ),
        (
            {"out": "Ann", "hands": {"Bob": {"cards": "7H"}, "Cy": {"cards": "7H"}}},
            "result.hands",
        ),
    ],
)
def test_a_bad_entry_is_refused_and_nothing_is_written(entry, field):
    game = new_game()
    hand_record(game=game, entry=out("Ann", 10))
    before = snapshot(game)
    with pytest.raises(RulesError) as caught:
        hand_record(game=game, entry=entry, request_id="bad")
    assert caught.value.field.startswith(field)
    assert snapshot(game) == before


def test_a_repeated_request_id_returns_the_first_hand_and_records_nothing():
    game = new_game()
    first = hand_record(game=game, entry=out("Ann", 10), request_id="phone-1")
    before = snapshot(game)
    again = hand_record(game=game, entry=out("Ann", 10), request_id="phone-1")
    assert again.pk == first.pk and again.repeated
    assert snapshot(game) == before


def test_a_request_id_reused_for_another_hand_is_refused_and_records_nothing():
    # Issue 24: one idempotency policy for every write, page and API alike: the same key with
    # another body is refused (the API's 422), it no longer answers the first hand silently.
    from scorekeeper.games.scoresheet.idempotency import KeyReused

    game = new_game()
    hand_record(game=game, entry=out("Ann", 10), request_id="phone-1")
    before = snapshot(game)
    with pytest.raises(KeyReused) as refused:
        hand_record(game=game, entry=out("Bob", 99), request_id="phone-1")
    assert refused.value.key == "phone-1"
    assert snapshot(game) == before


def test_request_ids_are_per_game():
    one, two = new_game(), new_game()
    a = hand_record(game=one, entry=out("Ann", 10), request_id="same")
    b = hand_record(game=two, entry=out("Ann", 10), request_id="same")
    assert a.pk != b.pk and not b.repeated


def test_example_44_a_hand_after_the_end_is_game_over():
    game = new_game(options={"target": 100})
    for entry in [out("Ann", 60), out("Bob", 45), out("Ann", 30)]:
        hand_record(game=game, entry=entry)
    assert game.totals == {"Ann": 90, "Bob": 45, "Cy": 0} and not game.over
    hand_record(game=game, entry=out("Bob", 50))
    assert game.totals["Bob"] == 95 and not game.over
    hand_record(game=game, entry=out("Ann", 12), request_id="last")
    assert game.totals["Ann"] == 102 and game.over and game.winners == ["Ann"]

    before = snapshot(game)
    with pytest.raises(GameOver, match="Ann won"):
        hand_record(game=game, entry=out("Cy", 5))
    assert snapshot(game) == before
    # A client retrying the game's last post still gets its hand, not an error.
    assert hand_record(game=game, entry=out("Ann", 12), request_id="last").repeated


# -- correcting ---------------------------------------------------------------------------------


def test_correcting_a_hand_recomputes_every_later_total():
    game = new_game(options={"target": 500})
    for entry in [out("Ann", 10), out("Bob", 20), out("Cy", 30)]:
        hand_record(game=game, entry=entry)
    hand = hand_correct(game=game, number=1, entry=out("Ann", 15))
    assert hand.number == 1 and hand.result["deltas"]["Ann"] == 15
    totals = [h.totals for h in game.hands.order_by("number")]
    assert totals == [
        {"Ann": 15, "Bob": 0, "Cy": 0},
        {"Ann": 15, "Bob": 20, "Cy": 0},
        {"Ann": 15, "Bob": 20, "Cy": 30},
    ]
    assert game.totals == {"Ann": 15, "Bob": 20, "Cy": 30}


def test_correcting_keeps_the_previous_version():
    game = new_game()
    hand_record(game=game, entry=out("Ann", 10))
    hand_correct(game=game, number=1, entry=out("Bob", 4))
    history = hand_history(game=game, number=1)
    assert [(r.version, r.action) for r in history] == [(1, "recorded"), (2, "corrected")]
    assert history[0].entry == out("Ann", 10) and history[0].result["deltas"]["Ann"] == 10
    assert history[1].entry == out("Bob", 4) and history[1].result["deltas"]["Bob"] == 4


def test_correcting_an_early_hand_keeps_every_later_dealer():
    # Continental: the winner deals the next hand. Hand 2 was dealt by Ann, who won hand 1; a
    # correction of hand 1's winner does not rewrite who dealt hand 2 (RULES.md 1).
    players = ["Ann", "Bob", "Cy", "Dan"]
    game = new_game(variant="continental-rum", players=players)
    hand_record(game=game, entry={"out": "Ann"})
    second = hand_record(game=game, entry={"out": "Bob"})
    assert second.result["dealer"] == "Ann" and second.dealer == "Ann"
    hand_correct(game=game, number=1, entry={"out": "Cy"})
    second.refresh_from_db()
    assert second.dealer == "Ann" and second.result["dealer"] == "Ann"
    assert second.totals == {"Ann": 98, "Bob": 102, "Cy": 102, "Dan": 98}
    assert game.next_dealer == "Bob"  # the suggestion follows the hands as they stand
    assert game_state(game=game) == game_state_replayed(game=game)


def test_a_hand_records_the_dealer_given_and_the_suggestion_follows_it():
    game = new_game()  # Ann, Bob, Cy; Cy deals first; the deal passes left
    first = hand_record(game=game, entry=out("Ann", 10), dealer="Bob")
    assert first.dealer == "Bob" and first.result["dealer"] == "Bob"
    assert game.next_dealer == "Cy"
    second = hand_record(game=game, entry=out("Bob", 5))
    assert second.dealer == "Cy"
    hand_correct(game=game, number=1, entry=out("Ann", 12), dealer="Ann")
    second.refresh_from_db()
    assert second.dealer == "Cy" and game.next_dealer == "Ann"
    assert [h["dealer"] for h in game_state(game=game)["hands"]] == ["Ann", "Cy"]
    assert game_state(game=game) == game_state_replayed(game=game)


def test_a_dealer_who_is_not_at_the_table_is_refused_and_nothing_changes():
    game = new_game()
    hand_record(game=game, entry=out("Ann", 10))
    before = snapshot(game)
    with pytest.raises(RulesError) as refused:
        hand_record(game=game, entry=out("Bob", 3), dealer="Zed")
    assert refused.value.field == "dealer" and "Zed" in str(refused.value)
    with pytest.raises(RulesError):
        hand_correct(game=game, number=1, entry=out("Ann", 10), dealer="Zed")
    assert snapshot(game) == before


def test_a_bad_correction_changes_nothing():
    game = new_game()
    hand_record(game=game, entry=out("Ann", 10))
    before = snapshot(game)
    with pytest.raises(RulesError):
        hand_correct(game=game, number=1, entry={"out": "Nobody"})
    assert snapshot(game) == before


@pytest.mark.parametrize("number", [0, 2, -1])
def test_correcting_a_missing_hand_is_does_not_exist(number):
    game = new_game()
    hand_record(game=game, entry=out("Ann", 10))
    with pytest.raises(Hand.DoesNotExist):
        hand_correct(game=game, number=number, entry=out("Ann", 1))


def test_a_correction_can_reopen_a_finished_game():
    game = new_game(options={"target": 50})
    hand_record(game=game, entry=out("Ann", 60))
    assert game.over
    hand_correct(game=game, number=1, entry=out("Ann", 40))
    assert not game.over and game.winners == []
    hand_record(game=game, entry=out("Bob", 5))
    assert game.hand_count == 2


def test_a_correction_that_would_end_the_game_before_later_hands_is_refused():
    game = new_game(options={"target": 50})
    hand_record(game=game, entry=out("Ann", 10))
    hand_record(game=game, entry=out("Bob", 10))
    before = snapshot(game)
    with pytest.raises(RulesError) as caught:
        hand_correct(game=game, number=1, entry=out("Ann", 60))
    assert caught.value.field == "result"
    assert "ends after hand 1" in str(caught.value) and "delete it first" in str(caught.value)
    assert snapshot(game) == before


# -- deleting -----------------------------------------------------------------------------------


def test_deleting_renumbers_later_hands_and_keeps_the_deleted_one():
    game = new_game(options={"target": 500})
    recorded = [
        hand_record(game=game, entry=out(p, n))
        for p, n in [("Ann", 1), ("Bob", 2), ("Cy", 3), ("Ann", 4)]
    ]
    hand_delete(game=game, number=2)
    live = list(game.hands.filter(deleted_at=None).order_by("number"))
    assert [(h.number, h.pk) for h in live] == [
        (1, recorded[0].pk),
        (2, recorded[2].pk),
        (3, recorded[3].pk),
    ]
    gone = Hand.objects.get(pk=recorded[1].pk)
    assert gone.deleted and gone.number == 2 and gone.entry == out("Bob", 2)
    assert [r.action for r in gone.revisions.all()] == ["recorded", "deleted"]
    assert game.totals == {"Ann": 5, "Bob": 0, "Cy": 3} and game.hand_count == 3
    # Every hand keeps who dealt it (RULES.md 1); only the next suggestion follows.
    assert [h.result["dealer"] for h in live] == ["Cy", "Bob", "Cy"]
    assert [h.dealer for h in live] == ["Cy", "Bob", "Cy"] and game.next_dealer == "Ann"
    assert game_state(game=game) == game_state_replayed(game=game)


def test_restoring_puts_a_deleted_hand_back_in_its_place():
    game = new_game(options={"target": 500})
    recorded = [
        hand_record(game=game, entry=out(p, n)) for p, n in [("Ann", 1), ("Bob", 2), ("Cy", 3)]
    ]
    gone = hand_delete(game=game, number=2)
    assert [h.pk for h in deleted_hands(game=game)] == [gone.pk]
    back = hand_restore(game=game, hand_id=gone.pk)
    live = list(game.hands.filter(deleted_at=None).order_by("number"))
    assert [(h.number, h.pk) for h in live] == [(n, h.pk) for n, h in enumerate(recorded, 1)]
    assert back.number == 2 and not back.deleted
    assert [r.action for r in back.revisions.order_by("version")] == [
        "recorded",
        "deleted",
        "restored",
    ]
    assert game.totals == {"Ann": 1, "Bob": 2, "Cy": 3} and game.hand_count == 3
    assert deleted_hands(game=game) == []
    assert game_state(game=game) == game_state_replayed(game=game)
    assert sorted(hand_histories(game=game)) == [1, 2, 3]


def test_restoring_a_live_hand_is_does_not_exist():
    game = new_game()
    hand = hand_record(game=game, entry=out("Ann", 1))
    with pytest.raises(Hand.DoesNotExist):
        hand_restore(game=game, hand_id=hand.pk)


def test_a_restore_that_the_game_cannot_take_changes_nothing():
    game = new_game(options={"target": 50})
    hand_record(game=game, entry=out("Ann", 60))
    gone = hand_delete(game=game, number=1)
    hand_record(game=game, entry=out("Bob", 10))
    before = snapshot(game)
    with pytest.raises(RulesError):
        hand_restore(game=game, hand_id=gone.pk)  # Ann's 60 would end the game before Bob's hand
    assert snapshot(game) == before


def test_deleted_hands_have_no_live_history():
    game = new_game()
    hand_record(game=game, entry=out("Ann", 1))
    hand_record(game=game, entry=out("Bob", 2))
    hand_delete(game=game, number=1)
    history = hand_history(game=game, number=1)
    assert [r.entry for r in history] == [out("Bob", 2)]
    assert [r.number for r in history] == [2], "the revision keeps the number it was recorded as"
    with pytest.raises(Hand.DoesNotExist):
        hand_history(game=game, number=2)


def test_deleting_every_hand_returns_to_the_start():
    game = new_game()
    hand_record(game=game, entry=out("Ann", 1))
    hand_delete(game=game, number=1)
    assert game.hand_count == 0 and game.totals == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert game.next_dealer == "Cy"
    state = game_state(game=game)
    assert state["hands"] == [] and state["running"] == []


def test_deleting_the_last_hand_reopens_a_finished_game():
    game = new_game(options={"target": 0})
    hand_record(game=game, entry=out("Bob", 3))
    assert game.over and game.winners == ["Bob"]
    hand_delete(game=game, number=1)
    assert not game.over
    hand_record(game=game, entry=out("Cy", 3))
    assert game.winners == ["Cy"]


@pytest.mark.parametrize("number", [0, 2])
def test_deleting_a_missing_hand_is_does_not_exist_and_changes_nothing(number):
    game = new_game()
    hand_record(game=game, entry=out("Ann", 1))
    before = snapshot(game)
    with pytest.raises(Hand.DoesNotExist):
        hand_delete(game=game, number=number)
    assert snapshot(game) == before


def test_a_deleted_hands_request_id_is_not_recorded_again():
    game = new_game()
    hand_record(game=game, entry=out("Ann", 1), request_id="r")
    hand_delete(game=game, number=1)
    again = hand_record(game=game, entry=out("Ann", 1), request_id="r")
    assert again.repeated and again.deleted
    assert game.hand_count == 0


# -- the state ----------------------------------------------------------------------------------


def test_state_has_the_api_shape():
    game = new_game(options={"target": 100})
    hand_record(game=game, entry=out("Ann", 60))
    state = game_state(game=game)
    assert state["id"] == game.public_id
    assert state["variant"] == "standard-rummy" and state["options"] == {"target": 100}
    assert state["players"] == ABC
    (hand,) = state["hands"]
    assert hand["n"] == 1 and hand["result"] == out("Ann", 60)
    assert hand["deltas"] == {"Ann": 60, "Bob": 0, "Cy": 0} and hand["transfers"] == []
    assert hand["dealer"] == "Cy" and hand["explanation"]
    assert state["totals"] == {"Ann": 60, "Bob": 0, "Cy": 0}
    assert state["running"] == [{"Ann": 60, "Bob": 0, "Cy": 0}]
    assert (state["dealer"], state["deal"], state["over"], state["winners"]) == (
        "Ann",
        7,
        False,
        [],
    )
    assert list(state["totals"]) == ABC, "scores are listed in seating order"


@pytest.mark.parametrize("hands", [1, 12])
def test_state_takes_two_queries_however_many_hands(hands, django_assert_num_queries):
    """Seats (with the phones holding them) and hands (with their confirmations); a game that
    kept no ruling reads none (a ruling takes a third, see tests/api/test_table_api.py)."""
    game = new_game(options={"target": 10_000})
    for i in range(hands):
        hand_record(game=game, entry=out(ABC[i % 3], i))
    game = Game.objects.get(pk=game.pk)
    with django_assert_num_queries(2):
        state = game_state(game=game)
    assert len(state["hands"]) == hands
