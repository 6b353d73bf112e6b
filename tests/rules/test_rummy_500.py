"""Rummy 500 (RULES.md 11): examples 54-55 are tests, with typed numbers, lay-offs, negative
scores and totals, and two packs from five players."""

import pytest

from scorekeeper.rules import RulesError, get_variant, replay, score_hand

ABC = ["Ann", "Bob", "Cy"]


def r500(result, players=ABC, options=None):
    return score_hand(variant="rummy-500", options=options, players=players, result=result)


def test_example_54():
    scored = r500(
        {
            "out": "Ann",
            "hands": {
                "Ann": {"melds": ["AS 2S 3S", "KH KD KC"]},
                "Bob": {"melds": ["QH JH 10H"], "cards": "AD 5C"},
                "Cy": {"cards": "9S 9D 4C"},
            },
        }
    )
    assert scored.deltas == {"Ann": 36, "Bob": 10, "Cy": -22}
    assert scored.winners == ("Ann",)


def test_example_55_an_ace_high_counts_15():
    scored = r500(
        {"out": "Ann", "hands": {"Ann": {"melds": ["QD KD AD"]}, "Bob": {"laid": 0, "left": 0}}},
        players=["Ann", "Bob"],
    )
    assert scored.deltas["Ann"] == 35


def test_typed_numbers_and_layoffs():
    scored = r500(
        {
            "out": "Bob",
            "hands": {
                "Ann": {"laid": 40, "left": 15},
                "Bob": {"melds": ["7C 8C 9C"], "layoffs": "10H AS"},
                "Cy": {"laid": 0, "left": 31},
            },
        }
    )
    assert scored.deltas == {"Ann": 25, "Bob": 24 + 10 + 15, "Cy": -31}


def test_negative_totals_through_a_game():
    hand = {"out": "Ann", "hands": {"Ann": {"laid": 20, "left": 0}, "Bob": {"laid": 0, "left": 30}}}
    played = replay(variant="rummy-500", players=["Ann", "Bob"], results=[hand, hand])
    assert played.state.totals == {"Ann": 40, "Bob": -60}
    assert not played.state.over


def test_the_player_out_holds_nothing():
    with pytest.raises(RulesError) as caught:
        r500(
            {
                "out": "Ann",
                "hands": {
                    "Ann": {"laid": 10, "left": 5},
                    "Bob": {"laid": 0, "left": 1},
                    "Cy": {"laid": 0, "left": 1},
                },
            }
        )
    assert caught.value.field == "result.hands.Ann.left"


def test_numbers_or_cards_not_both():
    with pytest.raises(RulesError) as caught:
        r500(
            {
                "out": "Ann",
                "hands": {
                    "Ann": {"laid": 10, "left": 0, "melds": ["7C 8C 9C"]},
                    "Bob": {"laid": 0, "left": 1},
                    "Cy": {"laid": 0, "left": 1},
                },
            }
        )
    assert caught.value.field == "result.hands.Ann.melds"
    with pytest.raises(RulesError) as caught:
        r500(
            {
                "out": "Ann",
                "hands": {
                    "Ann": {"laid": 10},
                    "Bob": {"laid": 0, "left": 1},
                    "Cy": {"laid": 0, "left": 1},
                },
            }
        )
    assert caught.value.field == "result.hands.Ann.left"


def test_a_bad_meld_and_a_bad_number_name_their_field():
    with pytest.raises(RulesError) as caught:
        r500(
            {
                "out": "Ann",
                "hands": {
                    "Ann": {"melds": ["KD AD 2D"]},
                    "Bob": {"laid": 0, "left": 1},
                    "Cy": {"laid": 0, "left": 1},
                },
            }
        )
    assert caught.value.field == "result.hands.Ann.melds[0]"
    with pytest.raises(RulesError) as caught:
        r500(
            {
                "out": "Ann",
                "hands": {
                    "Ann": {"laid": -3, "left": 0},
                    "Bob": {"laid": 0, "left": 1},
                    "Cy": {"laid": 0, "left": 1},
                },
            }
        )
    assert caught.value.field == "result.hands.Ann.laid"


def test_two_packs_from_five_players():
    five = ["Ann", "Bob", "Cy", "Dan", "Eve"]
    twice = {"out": "Ann", "hands": {p: {"laid": 0, "left": 0} for p in five}}
    twice["hands"]["Ann"] = {"melds": ["7C 8C 9C"]}
    twice["hands"]["Bob"] = {"melds": ["7C 8C 9C"]}
    assert r500(twice, players=five).deltas["Bob"] == 24
    with pytest.raises(RulesError):
        r500(
            {
                "out": "Ann",
                "hands": {
                    "Ann": {"melds": ["7C 8C 9C"]},
                    "Bob": {"melds": ["7C 8C 9C"]},
                    "Cy": {"laid": 0, "left": 0},
                },
            }
        )
    assert get_variant("rummy-500").deck(5).packs == 2
