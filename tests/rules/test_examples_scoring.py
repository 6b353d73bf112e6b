"""RULES.md section 9, examples 9-40 and 42-46, through the engine (copied here as data)."""

import pytest

from scorekeeper.rules import score_hand
from scorekeeper.rules.errors import RulesError
from scorekeeper.rules.game import replay

ABC = ["Ann", "Bob", "Cy"]
ABCD = ["Ann", "Bob", "Cy", "Dan"]
STD_CARDS = {"Bob": {"cards": "KH 7S 2D"}, "Cy": {"cards": "AS AD 9C"}}
BOB_CY = {"Bob": {"cards": "JK AS 5D"}, "Cy": {"cards": "KC 2H"}}
CONT_BASE = ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D JK", "9C 10C JC"]


def pts(**counts):
    return {name: {"points": n} for name, n in counts.items()}


# (example, variant, options, players, dealer, result, expected deltas (only non-zero shown))
EXAMPLES = [
    (9, "standard-rummy", {}, ABC, None, {"out": "Ann", "hands": STD_CARDS}, {"Ann": 30}),
    (
        10,
        "standard-rummy",
        {"around-the-corner": True},
        ABC,
        None,
        {"out": "Ann", "hands": STD_CARDS},
        {"Ann": 50},
    ),
    (
        11,
        "standard-rummy",
        {"rummy-hidden": True},
        ABC,
        None,
        {"out": "Ann", "rummy": True, "hands": STD_CARDS},
        {"Ann": 60},
    ),
    (
        12,
        "standard-rummy",
        {"count-scoring": True},
        ABC,
        None,
        {"out": "Ann", "hands": STD_CARDS},
        {"Ann": 6},
    ),
    (13, "standard-rummy", {}, ABC, None, {"out": "Ann", "hands": pts(Bob=19, Cy=11)}, {"Ann": 30}),
    (
        14,
        "block-rummy",
        {},
        ABC,
        None,
        {"blocked": True, "hands": pts(Ann=5, Bob=12, Cy=30)},
        {"Ann": 32},
    ),
    (
        15,
        "block-rummy",
        {},
        ABC,
        None,
        {"blocked": True, "hands": pts(Ann=12, Bob=12, Cy=30)},
        {"Ann": 9, "Bob": 9},
    ),
    (
        16,
        "block-rummy",
        {},
        ABCD,
        None,
        {"blocked": True, "hands": pts(Ann=10, Bob=10, Cy=10, Dan=21)},
        {"Ann": 3, "Bob": 3, "Cy": 3},
    ),
    (
        17,
        "knock-rummy",
        {},
        ABC,
        None,
        {"knocker": "Ann", "hands": pts(Ann=5, Bob=12, Cy=20)},
        {"Ann": 22},
    ),
    (
        18,
        "knock-rummy",
        {},
        ABC,
        None,
        {"knocker": "Ann", "hands": pts(Ann=0, Bob=12, Cy=20)},
        {"Ann": 82},
    ),
    (
        19,
        "knock-rummy",
        {},
        ABC,
        None,
        {"knocker": "Ann", "hands": pts(Ann=8, Bob=8, Cy=20)},
        {"Bob": 12},
    ),
    (
        20,
        "knock-rummy",
        {},
        ABC,
        None,
        {"knocker": "Ann", "hands": pts(Ann=9, Bob=4, Cy=20)},
        {"Bob": 31, "Ann": -10},
    ),
    (
        21,
        "knock-rummy",
        {},
        ABC,
        None,
        {"knocker": "Ann", "hands": pts(Ann=0, Bob=0, Cy=15)},
        {"Ann": 65},
    ),
    (
        22,
        "knock-rummy",
        {},
        ABC,
        None,
        {"knocker": "Ann", "hands": pts(Ann=9, Bob=4, Cy=4)},
        {"Bob": 7, "Cy": 7, "Ann": -10},
    ),
    (
        23,
        "knock-rummy",
        {},
        ["Ann", "Bob"],
        None,
        {
            "knocker": "Ann",
            "hands": {
                "Ann": {"hand": "AS 2S 3S 7H 7D 7C JH QH KH 4D"},
                "Bob": {"hand": "2C 3D 5H 6S 8C 9D 10H JS QC KD"},
            },
        },
        {"Ann": 69},
    ),
    (
        24,
        "boat-house-rum",
        {},
        ABC,
        None,
        {
            "out": "Ann",
            "hands": {
                "Bob": {"hand": "AS 2S 3S KC 9C 7H 7D 7C"},
                "Cy": {"hand": "QD KD AD 2D 5C 8H 8S 8C"},
            },
        },
        {"Ann": 24},
    ),
    (
        25,
        "boat-house-rum",
        {},
        ABC,
        None,
        {"out": "Ann", "hands": {"Bob": {"points": 0}, "Cy": {"hand": "AH 7C 9S 9H 9D JC QC KC"}}},
        {"Ann": 18},
    ),
    (26, "caloochi", {}, ABC, None, {"out": "Ann", "hands": BOB_CY}, {"Ann": 57}),
    (27, "double-rum", {}, ABC, None, {"out": "Ann", "hands": BOB_CY}, {"Ann": 43}),
    (28, "german-rummy", {}, ABC, None, {"out": "Ann", "hands": BOB_CY}, {"Bob": 46, "Cy": 12}),
    (
        29,
        "continental-rum",
        {},
        ABCD,
        None,
        {"out": "Ann", "hands": {"Ann": {"melds": CONT_BASE}}},
        {"Ann": 9, "Bob": -3, "Cy": -3, "Dan": -3},
    ),
    (
        30,
        "continental-rum",
        {"deuces-wild": True},
        ABCD,
        None,
        {"out": "Ann", "hands": {"Ann": {"melds": CONT_BASE[:3] + ["5C 2S 7C"]}}},
        {"Ann": 12, "Bob": -4, "Cy": -4, "Dan": -4},
    ),
    (
        31,
        "continental-rum",
        {"special-bonuses": True},
        ABCD,
        None,
        {
            "out": "Ann",
            "hands": {"Ann": {"melds": ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D 4D", "9C 10C JC"]}},
        },
        {"Ann": 33, "Bob": -11, "Cy": -11, "Dan": -11},
    ),
    (
        32,
        "continental-rum",
        {"quick-meld-bonus": True},
        ABCD,
        None,
        {"out": "Ann", "draws": 0, "jokers": 1},
        {"Ann": 39, "Bob": -13, "Cy": -13, "Dan": -13},
    ),
    (
        34,
        "queen-city-rum",
        {},
        ABCD + ["Eve"],
        None,
        {"out": "Ann", "hands": {"Ann": {"melds": ["KH QH JH", "7S 7D 7C 7H"]}}},
        {"Ann": 232},
    ),
    (
        35,
        "phom",
        {},
        ABCD,
        "Dan",
        {
            "hands": {
                "Ann": {"points": 15},
                "Bob": {"points": 9},
                "Cy": {"points": 22},
                "Dan": {"points": 30, "mom": True},
            }
        },
        {"Bob": 7, "Ann": -1, "Cy": -2, "Dan": -4},
    ),
    (
        36,
        "phom",
        {},
        ABCD,
        "Dan",
        {"hands": pts(Ann=9, Bob=9, Cy=22, Dan=30)},
        {"Ann": 6, "Bob": -1, "Cy": -2, "Dan": -3},
    ),
    (
        37,
        "phom",
        {},
        ABCD,
        "Dan",
        {"u": "Cy", "u_cards": 9},
        {"Cy": 18, "Ann": -6, "Bob": -6, "Dan": -6},
    ),
    (
        38,
        "phom",
        {},
        ABCD,
        "Dan",
        {"u": "Cy", "u_cards": 10},
        {"Cy": 36, "Ann": -12, "Bob": -12, "Dan": -12},
    ),
    (
        39,
        "phom",
        {"feeding-penalties": True},
        ABCD,
        "Dan",
        {"u": "Cy", "u_cards": 9, "fed_by": "Bob"},
        {"Cy": 18, "Bob": -18},
    ),
    (
        40,
        "phom",
        {"feeding-penalties": True},
        ABCD,
        "Dan",
        {
            "hands": pts(Ann=9, Bob=9, Cy=22, Dan=30),
            "eats": [{"from": "Ann", "to": "Bob"}, {"from": "Ann", "to": "Bob"}],
        },
        {"Ann": 4, "Bob": 1, "Cy": -2, "Dan": -3},
    ),
    (
        42,
        "nowrang",
        {},
        ["Ann", "Bob"],
        None,
        {"out": "Ann", "hands": {"Ann": {"melds": ["10S JS QS KS", "QH KH AH", "5D 6D 7D"]}}},
        {"Ann": 1},
    ),
]


@pytest.mark.parametrize(
    "variant, options, players, dealer, result, expected",
    [pytest.param(*row[1:], id=f"example-{row[0]}") for row in EXAMPLES],
)
def test_example(variant, options, players, dealer, result, expected):
    scored = score_hand(
        variant=variant, options=options, players=players, dealer=dealer, result=result
    )
    assert scored.deltas == {p: expected.get(p, 0) for p in players}
    assert scored.explanation, "every result explains itself"


def test_example_20_knocker_loses_ten_and_bob_wins():
    scored = score_hand(
        variant="knock-rummy",
        players=ABC,
        result={"knocker": "Ann", "hands": pts(Ann=9, Bob=4, Cy=20)},
    )
    assert scored.winners == ("Bob",)


def test_example_23_counts_come_from_the_arrangement():
    result = EXAMPLES[14][5]
    scored = score_hand(variant="knock-rummy", players=["Ann", "Bob"], result=result)
    assert scored.players["Ann"].count == 4
    assert scored.players["Ann"].unmatched == "4D"
    assert scored.players["Bob"].count == 73


def test_example_24_shows_the_wrap_run():
    scored = score_hand(variant="boat-house-rum", players=ABC, result=EXAMPLES[15][5])
    assert "QD KD AD 2D" in scored.players["Cy"].melds
    assert scored.players["Cy"].unmatched == "5C"
    assert scored.players["Bob"].count == 19


@pytest.mark.parametrize(
    "example, melds",
    [
        (33, ["3H 4H 5H 6H", "7H 8H 9H 10H", "JS QS KS AS", "KD AD 2D"]),
    ],
)
def test_example_33_wrapping_run_is_refused(example, melds):
    with pytest.raises(RulesError) as caught:
        score_hand(
            variant="continental-rum",
            players=ABCD,
            result={"out": "Ann", "hands": {"Ann": {"melds": melds}}},
        )
    assert caught.value.field == "result.hands.Ann.melds[3]"
    assert caught.value.message.code == "meld.illegal"
    assert caught.value.reason.code == "meld.why.ace_ends"


def test_example_43_low_ace_is_refused_in_nowrang():
    melds = ["AH 2H 3H", "10S JS QS KS", "5D 6D 7D"]
    with pytest.raises(RulesError) as caught:
        score_hand(
            variant="nowrang",
            players=["Ann", "Bob"],
            result={"out": "Ann", "hands": {"Ann": {"melds": melds}}},
        )
    assert caught.value.field == "result.hands.Ann.melds[0]"


def test_example_39_feeder_pays_everything_and_the_others_nothing():
    scored = score_hand(
        variant="phom",
        options={"feeding-penalties": True},
        players=ABCD,
        dealer="Dan",
        result={"u": "Cy", "u_cards": 9, "fed_by": "Bob"},
    )
    assert [t.as_dict() for t in scored.transfers] == [{"from": "Bob", "to": "Cy", "amount": 18}]


def out(winner, amount, players=ABC):
    losers = [p for p in players if p != winner]
    return {
        "out": winner,
        "hands": {p: {"points": amount if i == 0 else 0} for i, p in enumerate(losers)},
    }


def test_example_44_target_game():
    hands = [out("Ann", 60), out("Bob", 45), out("Ann", 30)]
    state = replay(variant="standard-rummy", players=ABC, results=hands).state
    assert state.totals == {"Ann": 90, "Bob": 45, "Cy": 0} and not state.over
    hands.append(out("Bob", 50))
    state = replay(variant="standard-rummy", players=ABC, results=hands).state
    assert state.totals["Bob"] == 95 and not state.over
    hands.append(out("Ann", 12))
    state = replay(variant="standard-rummy", players=ABC, results=hands).state
    assert state.totals["Ann"] == 102 and state.over and state.winners == ["Ann"]


def test_example_45_target_zero_makes_every_hand_a_game():
    state = replay(
        variant="standard-rummy", options={"target": 0}, players=ABC, results=[out("Bob", 7)]
    ).state
    assert state.over and state.winners == ["Bob"]
    assert state.dealer == "Bob", "the winner deals the next game"


def test_example_46_german_lowest_total_wins_after_the_set_hands():
    hands = [out("Ann", 10), out("Bob", 40), out("Cy", 30)]
    partial = replay(
        variant="german-rummy", options={"hands": 3}, players=ABC, results=hands[:2]
    ).state
    assert not partial.over
    state = replay(variant="german-rummy", options={"hands": 3}, players=ABC, results=hands).state
    assert state.over
    assert state.totals == {"Ann": 70, "Bob": 10, "Cy": 0}
    assert state.winners == ["Cy"]
