"""The fast path for plain hands (no wild card, no card twice) agrees with the general solver,
and its shortcuts (typed text read straight to a mask, melds laid without a search) change
nothing."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import arrange_plain, best_arrangement, get_variant
from scorekeeper.rules.arrange import _Solver, arrange
from scorekeeper.rules.cards import JOKER, format_cards, full_pack, parse_cards
from scorekeeper.rules.errors import InvalidCardError, TooManyCopiesError, UnknownVariantError
from scorekeeper.rules.melds import Ace, MeldRules, meld_error
from scorekeeper.rules.values import CardValues

RULES = st.builds(
    MeldRules,
    ace=st.sampled_from(list(Ace)),
    sets=st.booleans(),
    run_lengths=st.sampled_from([None, (3, 4)]),
)
VALUES = st.sampled_from([CardValues(), CardValues(ace=11), CardValues(jack=11, queen=12, king=13)])
HANDS = st.lists(st.sampled_from(full_pack()), min_size=0, max_size=13, unique=True)


@settings(max_examples=300, deadline=None)
@given(hand=HANDS, rules=RULES, values=VALUES)
def test_plain_path_matches_the_general_solver(hand, rules, values):
    plain = arrange_plain.solve(hand, rules, values)
    assert plain is not None
    melds, unmatched, count = plain
    general = _Solver(sorted(hand), [], rules, values).solve()
    assert (count, len(unmatched)) == (general.count, len(general.unmatched))
    for meld in melds:
        assert meld_error(list(meld), rules) is None
    assert sorted([c for m in melds for c in m] + list(unmatched)) == sorted(hand)
    assert count == values.total(unmatched)


def test_wild_cards_and_twins_take_the_general_path():
    rules = MeldRules()
    assert arrange_plain.solve([JOKER, *full_pack()[:3]], rules, CardValues()) is None
    twice = full_pack()[:2] * 2
    assert arrange_plain.solve(twice, rules, CardValues()) is None
    deuces = MeldRules(wild_deuces=True)
    assert arrange_plain.solve(full_pack()[:3], deuces, CardValues()) is None
    assert arrange(twice, rules, CardValues()).count == 2 * (1 + 2)


# -- the shortcuts of the fast path choose what the plain search chooses --------------------


def _reference(hand, rules, values):
    """The fast path's answer the long way: every meld of the pack tested against the hand in
    search order, then the memoised lowest-card-first search over all of them (no meld laid
    without searching, no card stepped over), as the fast path worked before its shortcuts."""
    plan = arrange_plain.plan_for(rules, values)
    held = arrange_plain.held_mask(hand)
    found = [m for m in sorted(plan.index, key=plan.index.__getitem__) if m & held == m]
    by_low = {}
    for meld in found:
        by_low.setdefault((meld & -meld).bit_length() - 1, []).append(meld)
    memo, choice = {0: (0, 0)}, {}

    def best(rem):
        if rem in memo:
            return memo[rem]
        low = (rem & -rem).bit_length() - 1
        value, count = best(rem & (rem - 1))
        top = (value + plan.worth[low], count + 1, 0)
        for meld in by_low.get(low, ()):
            if meld & rem == meld:
                value, count = best(rem ^ meld)
                if (value, count) < top[:2]:
                    top = (value, count, meld)
        memo[rem] = top[:2]
        choice[rem] = top[2]
        return memo[rem]

    meldable = 0
    for meld in found:
        meldable |= meld
    best(meldable)
    melds, rem, used = [], meldable, 0
    while rem:
        meld = choice[rem]
        if meld:
            melds.append(plan.laid[meld])
            rem ^= meld
            used |= meld
        else:
            rem &= rem - 1
    unmatched = tuple(c for c in arrange_plain.CARDS if arrange_plain.BIT[c] & held & ~used)
    return tuple(melds), unmatched, values.total(unmatched)


# Hands from a few ranks are full of melds that share cards: the case the search is for.
DENSE = st.integers(1, 9).flatmap(
    lambda low: st.lists(
        st.sampled_from([c for c in full_pack() if low <= c.rank < low + 5 or c.rank == 1]),
        min_size=0,
        max_size=14,
        unique=True,
    )
)


@settings(max_examples=400, deadline=None)
@given(hand=st.one_of(HANDS, DENSE), rules=RULES, values=VALUES)
def test_shortcuts_give_exactly_what_the_full_search_gives(hand, rules, values):
    assert arrange_plain.solve(hand, rules, values) == _reference(hand, rules, values)


TYPED = st.lists(st.sampled_from(full_pack()), min_size=0, max_size=12, unique=True)


@settings(max_examples=200, deadline=None)
@given(hand=TYPED, style=st.sampled_from(["canonical", "lower", "symbols", "commas", "ten as T"]))
def test_typed_text_gives_what_parsed_cards_give(hand, style):
    text = format_cards(hand)
    if style == "lower":
        text = text.lower()
    elif style == "symbols":
        text = text.translate(str.maketrans({"S": "♠", "H": "♥", "D": "♦", "C": "♣"}))
    elif style == "commas":
        text = text.replace(" ", ", ")
    elif style == "ten as T":
        text = text.replace("10", "T")
    for slug in ("knock-rummy", "continental-rum", "standard-rummy"):
        table = get_variant(slug).table()
        expected = arrange(parse_cards(text), table.meld_rules, table.values)
        assert best_arrangement(text, slug) == expected
        assert best_arrangement(text, table) == expected
        assert best_arrangement(parse_cards(text), slug) == expected


def test_typed_text_off_the_fast_path_still_explains_what_is_wrong():
    with pytest.raises(InvalidCardError) as bad:
        best_arrangement("AS 2S XS", "knock-rummy")
    assert bad.value.token == "XS"
    with pytest.raises(TooManyCopiesError):
        best_arrangement("AS 2S 3S AS", "knock-rummy")  # one pack: the ace twice is a typo
    twice = best_arrangement("AS 2S 3S AS 2S 3S", "double-rum")  # two packs
    assert twice.count == 0 and len(twice.melds) == 2
    assert best_arrangement("JK 2S 3S", "caloochi").count == 0  # a joker: the general path
    wild = best_arrangement("2S 5H 6H", "continental-rum", {"deuces-wild": True})
    assert wild.count == 0  # a wild 2 typed plainly still goes to the general path
    with pytest.raises(UnknownVariantError):
        best_arrangement("AS", "no-such-game")


def test_the_default_table_is_cached_but_options_still_count():
    plain = best_arrangement("KH AH 2H 9S", "standard-rummy")
    around = best_arrangement("KH AH 2H 9S", "standard-rummy", {"around-the-corner": True})
    assert plain.count != around.count
    assert best_arrangement("KH AH 2H 9S", "standard-rummy") == plain


@pytest.mark.parametrize(
    ("hand", "melds", "unmatched"),
    [
        # 10S-JS-QS or the queens: both leave 31; the search meets 10S first and leaves it.
        ("AD JS 10S QC QD QS 10D", ["QS QD QC"], "10S JS AD 10D"),
        # A-2-3 of spades or the three 2s leave the same 8: the 2s come first in search order.
        (
            "2D 4D AH 5S 4H 2S 3C 2C 5H 5C AS 4C 5D 3S",
            ["2S 2D 2C", "5S 5H 5D 5C", "4H 4D 4C"],
            "AS 3S AH 3C",
        ),
    ],
)
def test_ties_always_go_the_same_way(hand, melds, unmatched):
    for order in (hand, " ".join(reversed(hand.split()))):
        found = best_arrangement(order, "knock-rummy")
        assert (found.meld_texts, found.unmatched_text) == (melds, unmatched)
