"""Going out with the whole hand (RULES.md 1): the engine lays out the winner's cards.

Every worked example of RULES.md 9 for the variants where the winner melds his whole hand at
once, entered as the whole hand (shuffled), gives the deltas of the melds declared; and the
meld splitter reads back what the app prints.
"""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import RulesError, all_variants, get_variant, score_hand
from scorekeeper.rules.cards import full_pack, parse_cards
from scorekeeper.rules.going_out import WholeHand, strays, ways_out
from scorekeeper.rules.melds import MELD_SEPARATORS, format_melds, split_melds
from scorekeeper.rules.messages import render

ABCD = ["Ann", "Bob", "Cy", "Dan"]
FIVE = ["Ann", "Bob", "Cy", "Dan", "Eve"]


def shuffled(melds: list[str], seed: int = 7) -> str:
    cards = " ".join(melds).split()
    random.Random(seed).shuffle(cards)
    return " ".join(cards)


def score(variant, players, winner_entry, options=None, **extra):
    return score_hand(
        variant=variant,
        options=options,
        players=players,
        result={"out": players[0], **extra, "hands": {players[0]: winner_entry}},
    )


def both(variant, players, melds, options=None, **extra):
    """The hand scored from the declared melds and from the whole hand."""
    declared = score(variant, players, {"melds": melds}, options, **extra)
    whole = score(variant, players, {"hand": shuffled(melds)}, options, **extra)
    return declared, whole


def refused(variant, players, entry, options=None, **extra) -> RulesError:
    with pytest.raises(RulesError) as caught:
        score(variant, players, entry, options, **extra)
    return caught.value


# -- the variants that have the rule ------------------------------------------------------------


def test_the_five_variants_where_the_winner_melds_everything_at_once_say_so():
    having = {v.slug for v in all_variants() if v.going_out is not None}
    assert having == {
        "continental-rum",
        "queen-city-rum",
        "nowrang",
        "rummy-complete",
        "boat-house-rum",
    }


# -- Continental (RULES.md 9, examples 29-33) ---------------------------------------------------

EX29 = ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D JK", "9C 10C JC"]


def test_example_29_as_a_whole_hand():
    declared, whole = both("continental-rum", ABCD, EX29)
    assert declared.deltas == whole.deltas == {"Ann": 9, "Bob": -3, "Cy": -3, "Dan": -3}
    assert whole.transfers == declared.transfers
    shown = whole.players["Ann"]
    assert sorted(len(parse_cards(m)) for m in shown.melds) == [3, 3, 4, 5]
    assert shown.source == "hand" and shown.unmatched == ""
    lines = [render(line) for line in whole.explanation]
    assert lines[0] == "The app laid out Ann's whole hand (5-4-3-3)"
    assert lines[1:] == [render(line) for line in declared.explanation]


def test_example_30_takes_the_reading_that_pays_most():
    melds = ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D JK", "5C 2S 7C"]
    options = {"deuces-wild": True}
    declared, whole = both("continental-rum", ABCD, melds, options)
    assert declared.deltas["Ann"] == 12  # as RULES.md lays it: one joker, one wild 2
    # Laid out by the engine, the 2D is wild too (3D 2S 2D read 3-4-5, the joker as 6C):
    # RULES.md 1 takes the reading that pays most.
    assert whole.deltas == {"Ann": 15, "Bob": -5, "Cy": -5, "Dan": -5}
    again = score("continental-rum", ABCD, {"melds": list(whole.players["Ann"].melds)}, options)
    assert again.deltas == whole.deltas  # exactly the found melds, declared


def test_example_31_special_bonuses():
    melds = ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D 4D", "9C 10C JC"]
    declared, whole = both("continental-rum", ABCD, melds, {"special-bonuses": True})
    assert declared.deltas["Ann"] == whole.deltas["Ann"] == 33


def test_special_bonuses_with_wild_deuces_prefer_the_natural_reading_when_it_pays_more():
    # 2D 3D 4D: the 2D could be read wild (1 point) but no wild card pays 10.
    melds = ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D 4D", "9C 10C JC"]
    options = {"special-bonuses": True, "deuces-wild": True}
    declared, whole = both("continental-rum", ABCD, melds, options)
    assert declared.deltas["Ann"] == whole.deltas["Ann"] == 33


def test_example_32_quick_meld_bonus():
    declared, whole = both("continental-rum", ABCD, EX29, {"quick-meld-bonus": True}, draws=0)
    assert declared.deltas["Ann"] == whole.deltas["Ann"] == 39  # each pays 1 + 2 + 10


def test_one_suit_is_found_when_the_jokers_can_make_it():
    melds = ["AH 2H 3H 4H 5H", "6H 7H 8H 9H", "10H JH QH", "9H 10H JK"]
    declared, whole = both("continental-rum", ABCD, melds, {"special-bonuses": True})
    assert declared.deltas["Ann"] == whole.deltas["Ann"] == 3 * (1 + 2 + 10)


def test_example_33_no_way_out_says_why():
    hand = "3H 4H 5H 6H 7H 8H 9H 10H JS QS KS AS KD AD 2D"
    err = refused("continental-rum", ABCD, {"hand": hand})
    assert err.field == "result.hands.Ann.hand"
    assert err.message.code == "going_out.strays"
    assert render(err.message) == "Ann's hand does not go out: AD 2D KD fit in no meld"


def test_a_hand_whose_cards_all_fit_somewhere_but_not_in_a_pattern():
    # Two runs of 7: every card fits a run, yet 7-7-1 cards are no pattern.
    hand = "2H 3H 4H 5H 6H 7H 8H 2C 3C 4C 5C 6C 7C 8C KS"
    err = refused("continental-rum", ABCD, {"hand": hand})
    assert err.message.code in ("going_out.none_shapes", "going_out.strays")
    hand = "2H 3H 4H 5H 6H 7H 8H 2C 3C 4C 5C 6C 7C 8C JK"
    whole = score("continental-rum", ABCD, {"hand": hand})
    assert whole.deltas["Ann"] == 3 * 3


def test_a_whole_hand_of_the_wrong_size_is_refused_by_its_count():
    err = refused("continental-rum", ABCD, {"hand": "5H 6H 7H JS QS KS 2D 3D JK 9C 10C JC"})
    assert err.field == "result.hands.Ann.hand" and "15 cards" in str(err)


def test_a_hand_and_melds_together_are_refused():
    err = refused("continental-rum", ABCD, {"hand": shuffled(EX29), "melds": EX29})
    assert err.field == "result.hands.Ann" and err.message.code == "going_out.hand_or_melds"


def test_a_whole_hand_typed_as_the_app_prints_it_is_still_one_hand():
    whole = score("continental-rum", ABCD, {"hand": format_melds(EX29)})
    assert whole.deltas["Ann"] == 9


def test_four_packs_and_four_jokers_still_answer():
    hand = "JK JK JK JK 5H 6H 7H 8H 9S 10S JS 2D 3D 9C 10C"
    whole = score("continental-rum", ABCD + ["E", "F", "G", "H", "I"], {"hand": hand})
    assert whole.deltas["Ann"] == 8 * (1 + 2 * 4)


# -- Queen City (example 34), Nowrang (42, 43) ---------------------------------------------------


def test_example_34_queen_city():
    declared, whole = both("queen-city-rum", FIVE, ["KH QH JH", "7S 7D 7C 7H"])
    assert declared.deltas["Ann"] == whole.deltas["Ann"] == 232


def test_queen_city_eight_cards_with_a_discard_and_all_eight():
    with_discard = score("queen-city-rum", FIVE, {"hand": "KH QH JH 7S 7D 7C 7H 2C"})
    assert with_discard.deltas["Ann"] == 232
    assert with_discard.players["Ann"].unmatched == "2C"
    assert "2C is the discard" in render(with_discard.explanation[0])
    all_eight = score("queen-city-rum", FIVE, {"hand": "KH QH JH 10H 7S 7D 7C 7H"})
    assert all_eight.deltas["Ann"] == (58 + 10) * 4  # all melded pays more than 7 + a discard
    declared = score("queen-city-rum", FIVE, {"melds": ["10H JH QH KH", "7S 7D 7C 7H"]})
    assert declared.deltas == all_eight.deltas


def test_queen_city_seven_cards_must_all_meld():
    err = refused("queen-city-rum", FIVE, {"hand": "KH QH JH 7S 7D 7C 2C"})
    assert err.field == "result.hands.Ann.hand"
    assert err.message.code == "going_out.none"


def test_example_42_and_43_nowrang():
    melds = ["10S JS QS KS", "QH KH AH", "5D 6D 7D"]
    declared, whole = both("nowrang", ["Ann", "Bob"], melds)
    assert declared.deltas == whole.deltas == {"Ann": 1, "Bob": 0}
    err = refused("nowrang", ["Ann", "Bob"], {"hand": "AH 2H 3H 10S JS QS KS 5D 6D 7D"})
    assert err.field == "result.hands.Ann.hand" and "AH 2H 3H" in str(err)


def test_nowrang_needs_the_4_3_3_shape():
    err = refused("nowrang", ["Ann", "Bob"], {"hand": "9S 10S JS QS KS 5H 6H 7H 8H 9H"})
    assert err.message.code == "going_out.none_shapes" and "4-3-3" in str(err)


# -- Rummy Complete and Boat House: the others' cards score, the winner's are checked ----------

BOB_CY = {"Bob": {"cards": "KH 7S 2D"}, "Cy": {"cards": "AS AD 9C"}}


def test_rummy_complete_winner_whole_hand_is_checked_and_shown():
    players = ["Ann", "Bob", "Cy"]
    plain = score_hand(
        variant="rummy-complete", players=players, result={"out": "Ann", "hands": BOB_CY}
    )
    hand = {"out": "Ann", "hands": {"Ann": {"hand": "3H 4H 5H 8C 8D 8H 10S"}, **BOB_CY}}
    whole = score_hand(variant="rummy-complete", players=players, result=hand)
    assert whole.deltas == plain.deltas == {"Ann": 30, "Bob": 0, "Cy": 0}
    assert render(whole.explanation[0]) == (
        "Ann goes out with 3H 4H 5H · 8H 8D 8C and discards 10S"
    )
    assert whole.players["Ann"].unmatched == "10S"
    hand["hands"]["Ann"] = {"hand": "3H 4H 5H 8C 8D 7H 10S"}
    with pytest.raises(RulesError) as caught:
        score_hand(variant="rummy-complete", players=players, result=hand)
    assert caught.value.field == "result.hands.Ann.hand"


def test_the_winners_hand_shares_the_deck_with_the_others():
    hand = {"out": "Ann", "hands": {"Ann": {"hand": "QH KH AH 8C 8D 8H 10S"}, **BOB_CY}}
    hand["hands"]["Ann"] = {"hand": "JH QH KH 8C 8D 8H 10S"}  # Bob holds KH too
    with pytest.raises(RulesError) as caught:
        score_hand(variant="rummy-complete", players=["Ann", "Bob", "Cy"], result=hand)
    assert caught.value.field == "result.hands" and "KH" in str(caught.value)


def test_example_24_boat_house_with_the_winners_hand():
    players = ["Ann", "Bob", "Cy"]
    # the example's hands with a set added each, since a Boat House hand holds at least the deal
    others = {
        "Bob": {"hand": "AS 2S 3S KC 9C 7H 7D 7C"},
        "Cy": {"hand": "QD KD AD 2D 5C 8H 8S 8C"},
    }
    plain = score_hand(
        variant="boat-house-rum", players=players, result={"out": "Ann", "hands": others}
    )
    assert plain.deltas["Ann"] == 24
    winner = {"hand": "KH AH 2H 3H 6D 6C 6S"}  # a run around the corner and a set
    result = {"out": "Ann", "hands": {"Ann": winner, **others}}
    whole = score_hand(variant="boat-house-rum", players=players, result=result)
    assert whole.deltas == plain.deltas
    assert set(whole.players["Ann"].melds) == {"KH AH 2H 3H", "6S 6D 6C"}


# -- the search itself ----------------------------------------------------------------------------


def test_every_way_found_is_valid_and_uses_the_whole_hand():
    table = get_variant("continental-rum").table({"deuces-wild": True})
    rule = table.variant.going_out
    rng = random.Random(3)
    deck = full_pack() * 2
    for _ in range(30):
        cards = rng.sample(deck, 12) + parse_cards("JK JK 2C")
        for way in ways_out(cards, rule, table.meld_rules):
            declared = score("continental-rum", ABCD, {"melds": way.texts}, {"deuces-wild": True})
            assert declared.deltas["Ann"] > 0
            used = sorted(str(mc.card) for meld in way.melds for mc in meld)
            assert used == sorted(str(c) for c in cards)


def test_strays_name_the_cards_that_fit_nowhere():
    rules = get_variant("queen-city-rum").meld_rules
    assert [str(c) for c in strays(parse_cards("7S 7D 7C KH 2C"), rules)] == ["KH", "2C"]


def test_a_rule_without_patterns_takes_any_valid_melds():
    rules = get_variant("rummy-complete").meld_rules
    ways = ways_out(parse_cards("AS 2S 3S 4S 9H 9D 9C"), WholeHand(), rules)
    assert ways and ways[0].discard is None


# -- the meld splitter ----------------------------------------------------------------------------


@pytest.mark.parametrize("separator", [" / ", "|", " · ", "; ", "\n", "\r\n", "/\n"])
def test_each_separator_splits_melds(separator):
    assert split_melds(separator.join(EX29)) == EX29


def test_the_separators_are_the_documented_ones():
    assert set(MELD_SEPARATORS) == {"/", "|", "·", ";", "\n"}


MELD = st.lists(
    st.sampled_from([str(c) for c in full_pack()] + ["JK", "JK=7H"]), min_size=1, max_size=6
)


@given(st.lists(MELD, min_size=1, max_size=6))
def test_printing_melds_then_splitting_gives_them_back(melds):
    texts = [" ".join(m) for m in melds]
    assert split_melds(format_melds(texts)) == texts


def test_declared_melds_may_share_one_text():
    one = score(
        "continental-rum", ABCD, {"melds": ["5H 6H 7H 8H 9H · JS QS KS AS", "2D 3D JK\n9C 10C JC"]}
    )
    assert one.deltas["Ann"] == 9


# -- completeness: a hand laid out as a pattern is always found ---------------------------------

PATTERNS = ((5, 4, 3, 3), (4, 4, 4, 3), (3, 3, 3, 3, 3))


@given(st.randoms(use_true_random=False), st.integers(0, 2), st.booleans())
def test_a_hand_built_from_a_pattern_always_goes_out(rng, jokers, deuces):
    pool = full_pack() * 2
    hand = []
    for size in rng.choice(PATTERNS):
        suit = rng.choice("SHDC")
        start = rng.randint(1, 15 - size)  # position 14 is the high ace
        run = [card for card in full_pack() if card.suit == suit]
        run = [run[(p - 1) % 13] for p in range(start, start + size)]
        if any(card not in pool for card in run):
            return  # not enough copies for this layout: nothing to check
        for card in run:
            pool.remove(card)
        hand += run
    for i in rng.sample(range(len(hand)), jokers):
        hand[i] = parse_cards("JK")[0]  # a joker stands in for a natural card
    options = {"deuces-wild": True} if deuces else {}
    table = get_variant("continental-rum").table(options)
    ways = ways_out(hand, table.variant.going_out, table.meld_rules)
    assert ways, " ".join(map(str, hand))
