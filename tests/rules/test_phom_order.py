"""Phỏm: the finishing order entered directly instead of the trash totals."""

import pytest

from scorekeeper.rules import RulesError, score_hand

FOUR = ("Ann", "Bob", "Cy", "Dee")


def score(result, players=FOUR, options=None):
    return score_hand(variant="phom", options=options, players=players, dealer=None, result=result)


def refused(result, players=FOUR, options=None) -> RulesError:
    with pytest.raises(RulesError) as caught:
        score(result, players=players, options=options)
    return caught.value


def test_order_pays_places_like_totals_in_that_order():
    by_order = score({"order": ["Cy", "Ann", "Dee", "Bob"]})
    by_totals = score(
        {
            "hands": {
                "Cy": {"points": 3},
                "Ann": {"points": 10},
                "Dee": {"points": 20},
                "Bob": {"points": 31},
            }
        }
    )
    assert by_order.deltas == by_totals.deltas
    assert by_order.deltas == {"Cy": 6, "Ann": -1, "Dee": -2, "Bob": -3}
    assert by_order.winners == ("Cy",)
    codes = [line.code for line in by_order.explanation]
    assert codes == ["phom.order_first", "phom.order_place", "phom.order_place", "phom.order_place"]
    assert dict(by_order.explanation[3].params) == {"name": "Bob", "place": 4, "chips": 3}


def test_mom_players_finish_last_and_are_left_out():
    result = score({"order": ["Bob", "Dee"], "hands": {"Ann": {"mom": True}, "Cy": {"mom": True}}})
    totals = score(
        {
            "hands": {
                "Bob": {"points": 5},
                "Dee": {"points": 9},
                "Ann": {"points": 2, "mom": True},
                "Cy": {"points": 1, "mom": True},
            }
        }
    )
    assert result.deltas == totals.deltas == {"Bob": 9, "Dee": -1, "Ann": -4, "Cy": -4}
    assert result.explanation[-1].code == "phom.order_mom"


def test_two_players_and_a_mom_false_seat():
    result = score(
        {"order": ["Bob", "Ann"], "hands": {"Ann": {"mom": False}}}, players=("Ann", "Bob")
    )
    assert result.deltas == {"Ann": -1, "Bob": 1}


def test_u_needs_no_order_and_refuses_one():
    assert score({"u": "Ann", "u_cards": 9}).deltas["Ann"] == 18
    assert refused({"u": "Ann", "u_cards": 9, "order": FOUR}).field == "result.order"


def test_feeding_still_adds_with_an_order():
    result = score(
        {"order": ["Ann", "Bob", "Cy", "Dee"], "eats": [{"from": "Ann", "to": "Bob"}]},
        options={"feeding-penalties": True},
    )
    assert result.deltas == {"Ann": 5, "Bob": 0, "Cy": -2, "Dee": -3}


@pytest.mark.parametrize(
    ("result", "field", "code"),
    [
        ({"order": ["Ann", "Bob", "Cy", "Zed"]}, "result.order[3]", "result.not_a_player"),
        ({"order": ["Ann", "Bob", "Ann", "Dee"]}, "result.order[2]", "phom.order_twice"),
        ({"order": ["Ann", "Bob", "Cy"]}, "result.order", "phom.order_missing"),
        (
            {"order": ["Ann", "Bob", "Cy", "Dee"], "hands": {"Dee": {"mom": True}}},
            "result.order[3]",
            "phom.order_mom_listed",
        ),
        (
            {"order": ["Ann", "Bob", "Cy", "Dee"], "hands": {"Bob": {"points": 4}}},
            "result.hands.Bob.points",
            "phom.order_and_trash",
        ),
        ({"order": "Ann Bob"}, "result.order", "phom.expected_order"),
        ({"order": list(FOUR), "hands": {"Cy": 7}}, "result.hands.Cy", "phom.order_seat"),
        (
            {"order": [], "hands": {p: {"mom": True} for p in FOUR}},
            "result.order",
            "phom.order_all_mom",
        ),
        ({"order": ["Ann", "Bob", "Cy", "Dee", "Ann"]}, "result.order", "entry.too_many"),
    ],
)
def test_bad_orders_are_refused_with_the_field(result, field, code):
    err = refused(result)
    assert err.field == field
    assert err.message.code == code


def test_other_families_refuse_order():
    with pytest.raises(RulesError) as caught:
        score_hand(
            variant="knock-rummy",
            players=("Ann", "Bob"),
            dealer=None,
            options=None,
            result={"knocker": "Ann", "order": ["Ann", "Bob"]},
        )
    assert caught.value.field == "result.order"
