"""Rummy 500 (RULES.md 11): examples 54, 55 and 60 are tests (and its Decision on aces laid
off), with typed numbers, lay-offs, negative scores and totals, and two packs from five
players."""

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


# -- RULES.md 11's Decision on aces laid off, example 60 (issue 32 §6) ------------------------


def _ann_lays_off(ace: str, low: bool):
    ann = {"melds": ["KH KD KC"], "layoffs": ace, **({"aces_low": ace} if low else {})}
    return r500(
        {"out": "Ann", "hands": {"Ann": ann, "Bob": {"laid": 0, "left": 0},
                                  "Cy": {"laid": 0, "left": 0}}}
    )


def test_example_60_an_ace_laid_off_low_counts_1():
    assert _ann_lays_off("AS", low=True).deltas["Ann"] == 31  # onto Bob's 2S 3S 4S


def test_example_60_an_ace_laid_off_high_counts_15():
    assert _ann_lays_off("AH", low=False).deltas["Ann"] == 45  # onto Cy's JH QH KH


def test_an_ace_laid_off_on_a_set_of_aces_counts_15():
    scored = r500({"out": "Bob", "hands": {
        "Ann": {"melds": ["AS AH AD"], "cards": "5C"},
        "Bob": {"melds": ["7C 8C 9C"], "layoffs": "AC"},
        "Cy": {"laid": 0, "left": 0}}})
    assert scored.deltas == {"Ann": 45 - 5, "Bob": 24 + 15, "Cy": 0}


def test_the_low_aces_are_said_in_the_explanation():
    lines = [str(line) for line in _ann_lays_off("AS", low=True).explanation]
    assert "Ann laid off AS = 1 (AS low, 1 each)" in lines


def test_two_aces_laid_off_one_low_one_high():
    scored = r500({"out": "Ann", "hands": {
        "Ann": {"melds": ["KH KD KC"], "layoffs": "AS AH", "aces_low": "AS"},
        "Bob": {"laid": 0, "left": 0}, "Cy": {"laid": 0, "left": 0}}})
    assert scored.deltas["Ann"] == 30 + 1 + 15


@pytest.mark.parametrize(
    ("layoffs", "low", "field_says"),
    [
        ("KS", "KS", "not an ace"),
        ("AH", "AS", "not among Ann's lay-offs"),
        ("AS", "AS AS", "not among Ann's lay-offs"),  # one ace laid off, listed twice
        ("AS", "XX", "XX"),
    ],
)
def test_aces_low_that_were_not_laid_off_are_refused(layoffs, low, field_says):
    with pytest.raises(RulesError) as caught:
        r500({"out": "Ann", "hands": {
            "Ann": {"melds": ["KH KD KC"], "layoffs": layoffs, "aces_low": low},
            "Bob": {"laid": 0, "left": 0}, "Cy": {"laid": 0, "left": 0}}})
    assert caught.value.field == "result.hands.Ann.aces_low"
    assert field_says in str(caught.value)


def test_aces_low_with_the_typed_numbers_is_refused():
    with pytest.raises(RulesError) as caught:
        r500({"out": "Ann", "hands": {
            "Ann": {"laid": 31, "left": 0, "aces_low": "AS"},
            "Bob": {"laid": 0, "left": 0}, "Cy": {"laid": 0, "left": 0}}})
    assert caught.value.field == "result.hands.Ann.aces_low"
