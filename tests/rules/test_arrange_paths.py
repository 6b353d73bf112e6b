"""The fast path for plain hands (no wild card, no card twice) agrees with the general solver."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import arrange_plain
from scorekeeper.rules.arrange import _Solver, arrange
from scorekeeper.rules.cards import JOKER, full_pack
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
