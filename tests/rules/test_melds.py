"""Meld rules (specification section 1) beyond the worked examples.

Facts copied from the specification:

* a set is 3 or 4 cards of one rank, all of different suits; Double Rum allows identical cards,
  so its sets are 3 or more of one rank, any suits; Continental and Nowrang have no sets;
* a run is 3 or more cards of one suit in consecutive order; where the ace may sit:

  ======================  ====================  =====================
  ace setting             valid                 invalid
  ======================  ====================  =====================
  low                     A-2-3                 Q-K-A, K-A-2
  high                    Q-K-A                 A-2-3, K-A-2
  high-or-low             A-2-3, Q-K-A          K-A-2
  wrap                    A-2-3, Q-K-A, K-A-2-3 a run longer than 13
  ======================  ====================  =====================

* a joker (and a 2 in Continental with deuces wild) stands for any card; every meld holds at
  least one natural card; German Rummy: never more jokers than natural cards; a 2 in its own
  place in a run is natural, not wild;
* a joker may be designated ``JK=7H``;
* Nowrang scores one 4-card and two 3-card sequences, so its sequences have 3 or 4 cards.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    Ace,
    Card,
    IllegalMeldError,
    InvalidCardError,
    MeldRules,
    RulesError,
    format_cards,
    get_variant,
    read_meld,
)
from scorekeeper.rules.melds import meld_error, parse_meld


def rules_of(slug: str, options: dict | None = None) -> MeldRules:
    return get_variant(slug).table(options).meld_rules


def valid(meld, rules) -> bool:
    return meld_error(meld, rules) is None


# -- the ace table ----------------------------------------------------------------------------

ACE_TABLE = {
    Ace.LOW: (["AS 2S 3S"], ["QS KS AS", "KS AS 2S"]),
    Ace.HIGH: (["QS KS AS"], ["AS 2S 3S", "KS AS 2S"]),
    Ace.HIGH_OR_LOW: (["AS 2S 3S", "QS KS AS"], ["KS AS 2S"]),
    Ace.WRAP: (["AS 2S 3S", "QS KS AS", "KS AS 2S 3S"], []),
}
ACE_REASONS = {
    Ace.LOW: "meld.why.ace_low",
    Ace.HIGH: "meld.why.ace_high",
    Ace.HIGH_OR_LOW: "meld.why.ace_ends",
}


def _ace_cases():
    for ace, (good, bad) in ACE_TABLE.items():
        for meld in good:
            yield pytest.param(ace, meld, True, id=f"{ace}-{meld.replace(' ', '_')}-valid")
        for meld in bad:
            yield pytest.param(ace, meld, False, id=f"{ace}-{meld.replace(' ', '_')}-invalid")


@pytest.mark.parametrize(("ace", "meld", "ok"), list(_ace_cases()))
def test_ace_table(ace, meld, ok):
    rules = MeldRules(ace=ace)
    assert valid(meld, rules) is ok
    if not ok:
        assert meld_error(meld, rules).code == ACE_REASONS[ace]


@pytest.mark.parametrize(("ace", "meld", "ok"), list(_ace_cases()))
def test_ace_table_with_the_cards_in_any_order(ace, meld, ok):
    assert valid(" ".join(reversed(meld.split())), MeldRules(ace=ace)) is ok


@pytest.mark.parametrize(
    ("slug", "options", "ace"),
    [
        ("standard-rummy", None, Ace.LOW),
        ("rummy-complete", None, Ace.LOW),
        ("block-rummy", None, Ace.LOW),
        ("throw-down-rummy", None, Ace.LOW),
        ("knock-rummy", None, Ace.LOW),
        ("queen-city-rum", None, Ace.LOW),
        ("phom", None, Ace.LOW),
        ("nowrang", None, Ace.HIGH),
        ("caloochi", None, Ace.HIGH_OR_LOW),
        ("double-rum", None, Ace.HIGH_OR_LOW),
        ("german-rummy", None, Ace.HIGH_OR_LOW),
        ("continental-rum", None, Ace.HIGH_OR_LOW),
        ("boat-house-rum", None, Ace.WRAP),
        ("standard-rummy", {"around-the-corner": True}, Ace.WRAP),
        ("block-rummy", {"around-the-corner": True}, Ace.WRAP),
    ],
)
def test_variant_ace_settings_follow_the_table(slug, options, ace):
    rules = rules_of(slug, options)
    assert rules.ace == ace
    good, bad = ACE_TABLE[ace]
    for meld in good:
        assert valid(meld, rules), meld
    for meld in bad:
        assert not valid(meld, rules), meld


def test_wrap_runs_may_turn_the_corner_anywhere_but_not_exceed_13():
    rules = MeldRules(ace=Ace.WRAP)
    assert valid("KS AS 2S", rules)
    assert valid("JS QS KS AS 2S 3S 4S", rules)
    everything = " ".join(f"{r}S" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
    assert valid(everything, rules)  # 13 cards
    assert meld_error(everything + " JK", rules).code == "meld.why.run_size"


def test_runs_never_exceed_13_cards_with_two_packs():
    rules = rules_of("double-rum")
    thirteen = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    assert valid(thirteen, rules)
    assert not valid(thirteen + " AS", rules)  # both aces: A-2-...-K-A is 14 cards
    assert not valid(thirteen + " JK", rules)


@pytest.mark.parametrize(
    ("ace", "meld", "value"),
    [
        (Ace.HIGH_OR_LOW, "AS 2S 3S", 6),
        (Ace.HIGH_OR_LOW, "QS KS AS", 31),
        (Ace.HIGH_OR_LOW, "AS AH AD", 33),
        (Ace.LOW, "AS 2S 3S 4S", 10),
        (Ace.HIGH, "JS QS KS AS", 41),
        (Ace.WRAP, "KS AS 2S", 13),  # the ace sits below the 2
        (Ace.WRAP, "QS KS AS", 31),
    ],
)
def test_initial_values_count_the_ace_1_below_the_2_and_11_otherwise(ace, meld, value):
    assert read_meld(meld, MeldRules(ace=ace)).value == value


def test_runs_need_one_suit_and_consecutive_ranks():
    rules = MeldRules()
    assert meld_error("7S 8H 9D", rules).code == "meld.why.shape"
    assert meld_error("7S 9S 10S", rules).code == "meld.why.gaps"
    assert meld_error("5H 5H 6H", rules_of("double-rum")).code == "meld.why.gaps"
    assert valid("7H 8H 9H 10H JH", rules)


def test_melds_need_three_cards():
    for slug in ("standard-rummy", "double-rum", "caloochi", "nowrang"):
        rules = rules_of(slug)
        assert meld_error("AS 2S", rules).code == "meld.why.short"
        assert not valid("AS", rules)
        assert not valid("QH KH", rules)
        assert not valid("7S 7H", rules)


# -- sets -------------------------------------------------------------------------------------


def test_sets_of_three_and_four_with_different_suits():
    rules = MeldRules()
    assert read_meld("7S 7H 7D", rules).kind == "set"
    assert valid("7S 7H 7D 7C", rules)
    assert meld_error("7S 7S 7D", rules_of("caloochi")).code == "meld.why.set_suits"


def test_sets_hold_at_most_four_cards():
    rules = rules_of("caloochi")
    assert valid("7H 7S 7D JK", rules)
    assert meld_error("7H 7S 7D 7C JK", rules).code == "meld.why.set_size"
    assert meld_error("7H 7S JK JK JK", rules).code == "meld.why.set_size"


def test_a_joker_in_a_set_takes_a_missing_suit():
    reading = read_meld("7H 7S JK", rules_of("caloochi"))
    assert reading.kind == "set"
    assert reading.reading[2].rank == 7
    assert reading.reading[2].suit in {"D", "C"}


@pytest.mark.parametrize(
    "meld", ["7H 7H 7S", "7H 7H 7H", "7H 7H 7S 7S 7D", "7H 7H 7S 7S 7D 7C 7C", "JK 7H 7H"]
)
def test_double_rum_sets_may_hold_identical_cards_and_any_number(meld):
    rules = rules_of("double-rum")
    assert rules.identical_in_sets
    result = read_meld(meld, rules)
    assert result.kind == "set"
    assert {c.rank for c in result.reading} == {7}


@pytest.mark.parametrize("slug", ["caloochi", "german-rummy", "standard-rummy", "phom"])
def test_other_variants_refuse_identical_cards_in_a_set(slug):
    assert meld_error("7H 7H 7S", rules_of(slug)).code == "meld.why.set_suits"


@pytest.mark.parametrize("slug", ["continental-rum", "nowrang"])
def test_continental_and_nowrang_have_no_sets(slug):
    rules = rules_of(slug)
    assert not rules.sets
    assert meld_error("7S 7H 7D", rules).code == "meld.why.no_sets"
    assert meld_error("QS QH QD QC", rules).code == "meld.why.no_sets"


# -- Nowrang: sequences of 3 or 4 -------------------------------------------------------------


def test_nowrang_sequences_are_three_or_four_cards():
    rules = rules_of("nowrang")
    assert valid("QH KH AH", rules)
    assert valid("JH QH KH AH", rules)
    assert valid("5D 6D 7D", rules)
    assert valid("10S JS QS KS", rules)
    assert meld_error("10H JH QH KH AH", rules).code == "meld.why.run_lengths"
    assert meld_error("2H 3H 4H 5H 6H", rules).code == "meld.why.run_lengths"
    assert meld_error("AH 2H 3H", rules).code == "meld.why.ace_high"


# -- jokers and wild cards --------------------------------------------------------------------


def test_jokers_fill_gaps_and_ends():
    rules = rules_of("caloochi")
    assert format_cards(read_meld("7S 9S JK", rules).reading) == "7S 9S 8S"
    assert format_cards(read_meld("JK 5H 6H", rules).reading) == "7H 5H 6H"
    assert format_cards(read_meld("JK JK 5H", rules).reading) == "6H 7H 5H"
    assert meld_error("5H JK 9H", rules).code == "meld.why.gaps"


@pytest.mark.parametrize("slug", ["caloochi", "double-rum", "german-rummy", "continental-rum"])
def test_every_meld_needs_a_natural_card(slug):
    rules = rules_of(slug)
    for meld in ("JK JK JK", "JK JK JK JK"):
        assert meld_error(meld, rules).code == "meld.why.all_wild"


def test_caloochi_allows_more_jokers_than_naturals():
    rules = rules_of("caloochi")
    assert valid("JK JK 5H", rules)
    assert read_meld("JK JK 5H", rules).jokers == 2


def test_german_never_more_jokers_than_naturals():
    rules = rules_of("german-rummy")
    assert rules.jokers_at_most_naturals
    assert valid("JK 5H 6H", rules)
    assert valid("JK JK 5H 6H", rules)  # 2 jokers, 2 naturals
    assert valid("JK JK 7S 7H", rules)
    reason = "meld.why.too_many_jokers"
    assert meld_error("JK JK 5H", rules).code == reason
    assert meld_error("JK JK JK 5H 6H", rules).code == reason
    assert meld_error("JK JK 7S", rules).code == reason


def test_reading_reports_jokers_and_naturals():
    result = read_meld("JK 5H JK 7H", rules_of("double-rum"))
    assert result.jokers == 2
    assert result.wild_deuces == 0
    assert result.wilds == 2
    assert result.naturals == 2
    # 5-6-7-8 is worth more than 4-5-6-7; each joker is reported in its own place.
    assert format_cards(result.reading) == "6H 5H 8H 7H"
    assert result.value == 26


def test_undesignated_joker_takes_the_highest_value():
    # Q-K + joker: J-Q-K (30) or Q-K-A (31) where the ace may be high.
    assert read_meld("JK QS KS", rules_of("german-rummy")).value == 31
    # Ace low only: the joker can only be the jack.
    assert format_cards(read_meld("JK QS KS", MeldRules(ace=Ace.LOW)).reading) == "JS QS KS"


# -- wild deuces (Continental option deuces-wild) ---------------------------------------------


@pytest.fixture
def deuces():
    rules = rules_of("continental-rum", {"deuces-wild": True})
    assert rules.wild_deuces
    return rules


@pytest.mark.parametrize(
    ("meld", "wild", "reading"),
    [
        ("2D 3D 4D", 0, "2D 3D 4D"),  # the 2 in its own place is natural
        ("AD 2D 3D", 0, "AD 2D 3D"),
        ("5C 2S 7C", 1, "5C 6C 7C"),  # example 30
        ("2D 2S 4D", 1, "2D 3D 4D"),  # 2D natural, 2S wild
        ("2C 3C 2D 5C", 1, "2C 3C 4C 5C"),
        ("5C 2C=6C 7C", 1, "5C 6C 7C"),  # a designated 2 is wild even in its own suit
        ("2S 2H 2D", 2, None),  # one 2 natural, the other two wild
    ],
)
def test_wild_deuces(deuces, meld, wild, reading):
    result = read_meld(meld, deuces)
    assert result.wild_deuces == wild
    assert result.jokers == 0
    if reading is not None:
        assert format_cards(result.reading) == reading


def test_deuces_are_natural_without_the_option():
    rules = rules_of("continental-rum")
    assert not rules.wild_deuces
    assert meld_error("5C 2S 7C", rules).code == "meld.why.one_suit"
    assert read_meld("2D 3D 4D", rules).wild_deuces == 0


def test_jokers_and_wild_deuces_are_counted_apart(deuces):
    result = read_meld("5C JK 2S 8C", deuces)
    assert (result.jokers, result.wild_deuces) == (1, 1)
    assert result.wilds == 2


# -- designated jokers ------------------------------------------------------------------------


def test_designated_joker_must_match_the_meld():
    rules = rules_of("german-rummy")
    assert format_cards(read_meld("JK=7H 5H 6H", rules).reading) == "7H 5H 6H"
    assert format_cards(read_meld("JK=4H 5H 6H", rules).reading) == "4H 5H 6H"
    assert meld_error("JK=8H 5H 6H", rules).code == "meld.why.gaps"
    assert not valid("JK=7S 5H 6H", rules)
    assert not valid("JK=9H 5H 6H", rules)


def test_designated_joker_in_a_set():
    rules = rules_of("caloochi")
    assert format_cards(read_meld("7H 7S JK=7D", rules).reading) == "7H 7S 7D"
    assert not valid("7H 7S JK=7H", rules)  # the suit is already there
    assert not valid("7H 7S JK=8H", rules)


def test_only_a_wild_card_may_be_designated():
    rules = rules_of("german-rummy")
    assert meld_error("5H=4H 5H 6H", rules).code == "meld.why.not_wild"
    # Without deuces wild a 2 is an ordinary card.
    assert meld_error("2C=6C 5C 7C", rules_of("continental-rum")).code == "meld.why.not_wild"


def test_a_joker_cannot_stand_for_a_joker():
    with pytest.raises(InvalidCardError) as caught:
        read_meld("JK=JK 2S 3S", MeldRules())
    assert caught.value.position == 1


def test_designations_print_back():
    assert [str(mc) for mc in parse_meld("jk=7h 5H, 6h")] == ["JK=7H", "5H", "6H"]
    assert str(read_meld("JK=7H 5H 6H", MeldRules())) == "JK=7H 5H 6H"


# -- inputs and errors ------------------------------------------------------------------------


def test_read_meld_accepts_text_cards_and_strings():
    rules = rules_of("caloochi")
    expected = read_meld("JK 5H 6H", rules)
    assert read_meld(["JK", Card(5, "H"), "6h"], rules) == expected
    assert read_meld([Card(0, "*"), Card(5, "H"), Card(6, "H")], rules).value == expected.value
    assert read_meld("JK, 5H, 6H", rules) == expected


def test_bad_card_in_a_meld_is_a_card_error_with_position():
    with pytest.raises(InvalidCardError) as caught:
        read_meld("AS 2S XX", MeldRules())
    assert caught.value.token == "XX"
    assert caught.value.position == 3
    assert isinstance(caught.value, RulesError)


def test_illegal_meld_error_carries_cards_and_reason():
    with pytest.raises(IllegalMeldError) as caught:
        read_meld("qd kd ad", MeldRules())
    err = caught.value
    assert err.cards == "QD KD AD"
    assert err.reason.code == "meld.why.ace_low"
    assert err.message.code == "meld.illegal"
    assert err.message.params == {"cards": "QD KD AD", "reason": err.reason}
    assert str(err) == f"'QD KD AD' is not a valid meld: {err.reason}"
    assert err.code == "illegal_meld"
    assert isinstance(err, RulesError)


@pytest.mark.parametrize(
    ("slug", "meld", "reason"),
    [
        ("standard-rummy", "AS 2S", "a meld needs at least 3 cards"),
        ("caloochi", "JK JK JK", "every meld must hold at least one natural card"),
        ("german-rummy", "JK JK 5H", "a meld may not hold more jokers than natural cards"),
        (
            "continental-rum",
            "7S 7H 7D",
            "only sequences count in this variant, not sets of one rank",
        ),
        ("caloochi", "7H 7H 7S", "the cards of a set must all be of different suits"),
        ("caloochi", "7H 7S 7D 7C JK", "a set has at most 4 cards"),
        ("nowrang", "2H 3H 4H 5H 6H", "a sequence here has 3 or 4 cards"),
        ("standard-rummy", "7S 8H 9D", "a meld is a set of one rank or a run of one suit"),
        ("continental-rum", "7S 8H 9D", "a sequence must be of one suit"),
        ("phom", "QH KH AH", "the ace is low only here (A-2-3 is a run, Q-K-A is not)"),
        ("nowrang", "AH 2H 3H", "the ace is high only here (Q-K-A is a run, A-2-3 is not)"),
        (
            "caloochi",
            "KS AS 2S",
            "the ace may end a run high or start it low, but a run never turns the corner (K-A-2)",
        ),
    ],
)
def test_reason_texts(slug, meld, reason):
    # The English reads as it always has.
    assert str(meld_error(meld, rules_of(slug))) == reason


def test_a_designated_joker_is_judged_as_the_card_it_stands_for():
    rules = get_variant("caloochi").table().meld_rules
    with pytest.raises(IllegalMeldError) as caught:
        read_meld("7H 7S JK=7H", rules)
    assert caught.value.reason.code == "meld.why.set_suits"
