"""Gin Rummy (RULES.md 10): examples 47-53 are tests, with the knock limit, big gin, void hands,
the defender's lay-offs and the end-of-game bonuses."""

import pytest

from scorekeeper.rules import RulesError, get_variant, replay, score_hand
from scorekeeper.rules.families import family_of

AB = ["Ann", "Bob"]
ANN = "AS 2S 3S 7H 7D 7C JH QH KH 4D"


def gin(result, options=None, dealer=None):
    return score_hand(
        variant="gin-rummy", options=options, players=AB, dealer=dealer, result=result
    )


def counts(ann, bob, knocker="Ann"):
    return {"knocker": knocker, "hands": {"Ann": {"points": ann}, "Bob": {"points": bob}}}


@pytest.mark.parametrize(
    ("example", "ann", "bob", "deltas"),
    [
        (47, 5, 12, {"Ann": 7, "Bob": 0}),
        (48, 8, 8, {"Ann": 0, "Bob": 25}),
        (49, 9, 4, {"Ann": 0, "Bob": 30}),
        (50, 0, 31, {"Ann": 56, "Bob": 0}),
    ],
)
def test_examples_47_to_50(example, ann, bob, deltas):
    assert gin(counts(ann, bob)).deltas == deltas


def test_example_48_says_the_tie_is_an_undercut():
    scored = gin(counts(8, 8))
    assert scored.winners == ("Bob",)
    assert scored.explanation[-1].code == "gin.tie_undercut"


def test_example_51_whole_hands_nothing_to_lay_off():
    scored = gin(
        {
            "knocker": "Ann",
            "hands": {"Ann": {"hand": ANN}, "Bob": {"hand": "8H 9H 5C 5D 2C 3D 6S 8C 9D 10S"}},
        }
    )
    assert scored.players["Ann"].count == 4
    assert scored.players["Bob"].count == 65
    assert scored.deltas == {"Ann": 61, "Bob": 0}
    assert not [line for line in scored.explanation if line.code == "gin.lays_off"]


def test_example_52_lays_off_onto_a_lay_off():
    scored = gin(
        {
            "knocker": "Ann",
            "hands": {"Ann": {"hand": ANN}, "Bob": {"hand": "10H 4S 5S 7S 9C 9D 9S 2D 3D 6C"}},
        }
    )
    assert scored.players["Bob"].count == 11
    assert scored.players["Bob"].unmatched == "2D 3D 6C"
    assert scored.deltas == {"Ann": 7, "Bob": 0}
    laid = {
        str(line.params["meld"]): line.params["cards"]
        for line in scored.explanation
        if line.code == "gin.lays_off"
    }
    assert laid == {"AS 2S 3S": "4S 5S", "7H 7D 7C": "7S", "JH QH KH": "10H"}


def test_the_knocker_may_give_his_melds_to_fix_what_was_laid():
    # Ann lays 7H 7D 7C and keeps AS 2S 3S as melds, JH QH KH too; the same as arranged.
    result = {
        "knocker": "Ann",
        "hands": {
            "Ann": {"melds": ["AS 2S 3S", "7H 7D 7C", "JH QH KH"], "cards": "4D"},
            "Bob": {"hand": "10H 4S 5S 7S 9C 9D 9S 2D 3D 6C"},
        },
    }
    assert gin(result).deltas == {"Ann": 7, "Bob": 0}


def test_no_lay_off_against_gin():
    result = {
        "knocker": "Ann",
        "hands": {
            "Ann": {"hand": "AS 2S 3S 4S 7H 7D 7C JH QH KH"},
            "Bob": {"hand": "5S 6S 8S 9C 9D 9S 2D 3D 6C 10C"},
        },
    }
    scored = gin(result)
    assert scored.players["Bob"].count == 5 + 6 + 8 + 2 + 3 + 6 + 10
    assert scored.deltas["Ann"] == 40 + 25


def test_knock_limit_and_its_house_rule():
    with pytest.raises(RulesError) as caught:
        gin(counts(11, 30))
    assert caught.value.field == "result.hands.Ann"
    assert "knock limit of 10" in str(caught.value)
    assert gin(counts(11, 30), options={"knock-limit": 11}).deltas["Ann"] == 19


def test_bonuses_are_house_rules():
    assert gin(counts(9, 4), options={"undercut-bonus": 10}).deltas["Bob"] == 15
    assert gin(counts(0, 31), options={"gin-bonus": 20}).deltas["Ann"] == 51
    with pytest.raises(RulesError):
        gin(counts(0, 31), options={"gin-bonus": 501})


def test_big_gin_takes_eleven_cards_and_its_option():
    eleven = "AS 2S 3S 4S 7H 7D 7C JH QH KH 10H"
    result = {
        "knocker": "Ann",
        "big_gin": True,
        "hands": {"Ann": {"hand": eleven}, "Bob": {"points": 20}},
    }
    with pytest.raises(RulesError) as caught:
        gin(result)
    assert caught.value.field == "result.big_gin"
    assert gin(result, options={"big-gin": True}).deltas["Ann"] == 20 + 31


def test_a_void_hand_scores_nothing_and_the_same_player_deals_again():
    played = replay(variant="gin-rummy", players=AB, results=[{"void": True}, counts(5, 12)])
    assert played.hands[0].void and played.hands[0].deltas == {"Ann": 0, "Bob": 0}
    assert played.hands[0].dealer == played.hands[1].dealer == "Bob"
    assert played.state.dealer == "Ann"  # after a scored hand the deal alternates
    with pytest.raises(RulesError):
        gin({"void": True, "knocker": "Ann"})


def test_void_is_not_knock_rummy_entry():
    with pytest.raises(RulesError) as caught:
        score_hand(variant="knock-rummy", players=AB, result={"void": True})
    assert caught.value.field == "result.void"


def _hands_to(total_ann, won_ann, total_bob, won_bob):
    """Hands that take Ann to ``total_ann`` over ``won_ann`` wins, Bob likewise."""
    results = []
    for total, won, knocker in ((total_ann, won_ann, "Ann"), (total_bob, won_bob, "Bob")):
        each = [total // won] * won if won else []
        if won:
            each[-1] += total - sum(each)
        for points in each:
            results.append(
                {
                    "knocker": knocker,
                    "hands": {"Ann": {"points": 0}, "Bob": {"points": 0}, knocker: {"points": 0}},
                }
            )
            other = "Bob" if knocker == "Ann" else "Ann"
            results[-1]["hands"][other] = {"points": points}
    # Bob's hands first so the game ends on Ann's last hand
    return results[won_ann:] + results[:won_ann]


def test_example_53_game_and_box_bonuses():
    hands = _hands_to(104, 5, 61, 2)
    # gin hands score points + 25: use knock counts instead (knocker 1, other points + 1)
    for h in hands:
        for e in h["hands"].values():
            e["points"] += 1
    played = replay(variant="gin-rummy", players=AB, results=hands)
    assert played.state.over and played.state.winners == ["Ann"]
    assert played.state.running[-1] == {"Ann": 104, "Bob": 61}  # before the bonuses
    assert played.state.totals == {"Ann": 329, "Bob": 111}
    codes = [(b.player, b.line.code, b.points) for b in played.state.bonuses]
    assert codes == [
        ("Ann", "gin.game_bonus", 100),
        ("Ann", "gin.box_bonus", 125),
        ("Bob", "gin.box_bonus", 50),
    ]


def test_example_53_shutout():
    hands = _hands_to(104, 4, 0, 0)
    for h in hands:
        for e in h["hands"].values():
            e["points"] += 1
    played = replay(variant="gin-rummy", players=AB, results=hands)
    assert played.state.totals == {"Ann": 408, "Bob": 0}
    assert [b.line.code for b in played.state.bonuses] == [
        "gin.shutout",
        "gin.game_bonus",
        "gin.box_bonus",
    ]


def test_gin_is_a_knock_family_with_small_hooks_and_its_parameters():
    variant = get_variant("gin-rummy")
    family = family_of(variant)
    assert isinstance(family, type(family_of("knock-rummy")))
    assert family.role == family_of("knock-rummy").role
    for slug in family.parameters:
        option = variant.option(slug)
        assert option is not None and option.type == "int" and option.high == 500
