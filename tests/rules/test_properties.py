"""Property tests (hypothesis) for the notation, the meld validator and the arrangement solver.

The solver is checked against two things written here, independently of its own code:

* a reference meld validator (``reference_values``), which tries every card a wild card could
  stand for and checks the natural meld it gives with the plain rules of section 1;
* a brute-force search (``brute_force``): take the first card; it either stays unmatched or
  goes into a meld with any subset of the other cards that ``meld_error`` accepts; memoised on
  the cards left. Exponential, so only for hands of at most 8 cards.

Hands are dealt from the variant's real deck, so no hand holds more copies of a card than the
deck does; half of them come from a narrow window of ranks, where melds are plentiful.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    JOKER,
    Ace,
    Card,
    IllegalMeldError,
    InvalidCardError,
    MeldRules,
    RulesError,
    Table,
    best_arrangement,
    format_cards,
    get_variant,
    parse_cards,
    read_meld,
)
from scorekeeper.rules.arrange import arrange
from scorekeeper.rules.melds import meld_error

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PACK = [Card(rank, suit) for suit in "SHDC" for rank in range(1, 14)]

# (variant, options, most jokers to put in a hand)
SOLVER_CONFIGS = [
    ("knock-rummy", None, 0),
    ("boat-house-rum", None, 0),  # wrap, ace 11
    ("caloochi", None, 4),  # two packs and jokers
    ("double-rum", None, 4),  # identical cards in sets
    ("german-rummy", None, 4),  # jokers <= naturals
    ("standard-rummy", {"around-the-corner": True}, 0),
    ("phom", None, 0),
    ("continental-rum", {"deuces-wild": True}, 2),  # runs only, wild 2s
    ("nowrang", None, 0),  # runs of 3 or 4 only, ace high
]


def _config_id(config) -> str:
    slug, options, _ = config
    return slug + ("+" + "+".join(options) if options else "")


def table_of(slug: str, options: dict | None) -> Table:
    return get_variant(slug).table(options)


# -- dealing ----------------------------------------------------------------------------------


@st.composite
def hands(draw, table: Table, max_jokers: int, min_size: int, max_size: int) -> list[Card]:
    """A hand dealt from the table's deck: from the whole deck, or from a window of ranks."""
    naturals = [c for c in table.deck.cards() if not c.is_joker]
    if draw(st.booleans()):
        low = draw(st.integers(1, 13))
        width = draw(st.integers(1, 5))
        window = [c for c in naturals if (c.rank - low) % 13 < width]
        if len(window) >= min_size:
            naturals = window
    pool = naturals + [JOKER] * min(max_jokers, table.deck.jokers)
    size = draw(st.integers(min_size, min(max_size, len(pool))))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    return [pool[i] for i in picks]


# -- an independent reference for melds -------------------------------------------------------


def _consecutive(positions: set[int]) -> bool:
    return max(positions) - min(positions) + 1 == len(positions)


def _run_values(ranks: list[int], rules: MeldRules) -> list[int]:
    """Initial-meld values of every valid run reading of these ranks (one suit)."""
    n = len(ranks)
    allowed = rules.run_lengths if rules.run_lengths is not None else range(3, 14)
    distinct = set(ranks)
    if n not in allowed or len(distinct) != n:
        return []
    base = sum(min(r, 10) for r in ranks if r != 1)
    if 1 not in distinct:
        return [base] if _consecutive(distinct) else []
    high = {14 if r == 1 else r for r in distinct}
    low_ok = _consecutive(distinct)
    high_ok = _consecutive(high)
    if rules.ace is Ace.LOW:
        ok = {1: low_ok, 11: False}
    elif rules.ace is Ace.HIGH:
        ok = {1: False, 11: high_ok}
    elif rules.ace is Ace.HIGH_OR_LOW:
        ok = {1: low_ok, 11: high_ok}
    else:  # wrap: any cyclic interval; the ace counts 1 when the 2 follows it
        cyclic = n == 13 or any(
            {(start - 1 + k) % 13 + 1 for k in range(n)} == distinct for start in distinct
        )
        ok = {1: cyclic and 2 in distinct, 11: cyclic and (2 not in distinct or n == 13)}
    return [base + ace for ace, good in ok.items() if good]


def natural_values(cards: list[Card], rules: MeldRules) -> list[int]:
    """Values of the valid readings of a meld of natural cards (empty when it is no meld)."""
    if len(cards) < 3:
        return []
    ranks = [c.rank for c in cards]
    suits = [c.suit for c in cards]
    values = []
    if rules.sets and len(set(ranks)) == 1:
        distinct_ok = len(set(suits)) == len(suits) and len(cards) <= 4
        if rules.identical_in_sets or distinct_ok:
            values.append(len(cards) * (11 if ranks[0] == 1 else min(ranks[0], 10)))
    if len(set(suits)) == 1:
        values.extend(_run_values(ranks, rules))
    return values


def reference_values(meld: list[Card], rules: MeldRules, natural_deuces_only: bool = False):
    """Values of every valid reading of ``meld``, trying each wild card as every card."""
    deuces = [i for i, c in enumerate(meld) if rules.wild_deuces and c.rank == 2]
    values = []
    for wild_deuces in itertools.product((False, True), repeat=len(deuces)):
        if natural_deuces_only and any(wild_deuces):
            break
        wild = {i for i, c in enumerate(meld) if c.is_joker}
        wild |= {i for i, w in zip(deuces, wild_deuces, strict=True) if w}
        naturals = [c for i, c in enumerate(meld) if i not in wild]
        if not naturals:
            continue
        if rules.jokers_at_most_naturals and len(wild) > len(naturals):
            continue
        # A set shares the rank of every natural card and a run its suit, so a wild card
        # only ever stands for a card of the first natural card's rank or suit.
        first = naturals[0]
        candidates = [c for c in PACK if c.rank == first.rank or c.suit == first.suit]
        for stand_ins in itertools.combinations_with_replacement(candidates, len(wild)):
            values.extend(natural_values(naturals + list(stand_ins), rules))
    return values


MELD_CONFIGS = [
    *SOLVER_CONFIGS,
    ("standard-rummy", None, 0),
    ("continental-rum", None, 2),
]


@st.composite
def melds(draw, table: Table, max_wilds: int) -> list[Card]:
    """3 to 6 cards from a few ranks and suits of the deck, with at most 3 wild cards."""
    low = draw(st.integers(1, 13))
    width = draw(st.integers(1, 5))
    suits = draw(st.sets(st.sampled_from("SHDC"), min_size=1, max_size=4))
    window = [c for c in table.deck.cards() if not c.is_joker and (c.rank - low) % 13 < width]
    pool = [c for c in window if c.suit in suits]
    if len(pool) < 3:
        pool = window
    pool += [JOKER] * min(max_wilds, table.deck.jokers)
    size = draw(st.integers(3, min(6, len(pool))))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    meld = [pool[i] for i in picks]
    rules = table.meld_rules
    assume(sum(1 for c in meld if c.is_joker or (rules.wild_deuces and c.rank == 2)) <= 3)
    return meld


@pytest.mark.parametrize("config", MELD_CONFIGS, ids=[_config_id(c) for c in MELD_CONFIGS])
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_meld_validator_agrees_with_the_reference(config, data):
    slug, options, max_jokers = config
    table = table_of(slug, options)
    rules = table.meld_rules
    meld = data.draw(melds(table, max_jokers), label="meld")
    expected = reference_values(meld, rules)
    reason = meld_error(meld, rules)
    assert (reason is None) == bool(expected), (format_cards(meld), reason, expected)
    if reason is not None:
        with pytest.raises(IllegalMeldError):
            read_meld(meld, rules)
        return
    result = read_meld(meld, rules)
    reading = list(result.reading)
    assert len(reading) == len(meld)
    # Natural cards stand for themselves; the reading is a real meld.
    for card, read_as in zip(meld, reading, strict=True):
        if not card.is_joker and not (rules.wild_deuces and card.rank == 2):
            assert read_as == card
    assert not any(c.is_joker for c in reading)
    assert natural_values(reading, rules), format_cards(reading)
    assert result.kind == ("set" if len({c.rank for c in reading}) == 1 else "run")
    assert result.jokers == sum(1 for c in meld if c.is_joker)
    # A 2 counts as wild only where it stands for another card.
    assert result.wild_deuces == sum(
        1 for c, r in zip(meld, reading, strict=True) if not c.is_joker and c.rank == 2 and r != c
    )
    if not rules.wild_deuces:
        # The reading with the highest initial-meld value is the one reported.
        assert result.value == max(expected)
        assert result.value in natural_values(reading, rules)


def test_reference_agrees_with_the_worked_examples():
    # Guard the guard: the reference gives the specification's answers.
    german = table_of("german-rummy", None).meld_rules
    caloochi = table_of("caloochi", None).meld_rules
    assert max(reference_values(parse_cards("JK 5H 6H"), german)) == 18
    assert reference_values(parse_cards("JK JK 5H"), german) == []
    assert max(reference_values(parse_cards("JK QS KS"), caloochi)) == 31
    assert reference_values(parse_cards("KS AS 2S"), caloochi) == []
    assert reference_values(parse_cards("7H 7H 7S"), caloochi) == []
    assert reference_values(parse_cards("7H 7H 7S"), table_of("double-rum", None).meld_rules)
    boat = table_of("boat-house-rum", None).meld_rules
    assert reference_values(parse_cards("KD AD 2D 3D"), boat) == [16]


# -- brute force arrangement ------------------------------------------------------------------


def brute_force(hand: list[Card], rules: MeldRules, values) -> tuple[int, int]:
    """The least (unmatched value, unmatched cards) over every split of the hand into melds."""

    @cache
    def is_meld(cards: tuple[Card, ...]) -> bool:
        return meld_error(list(cards), rules) is None

    @cache
    def best(left: tuple[Card, ...]) -> tuple[int, int]:
        if not left:
            return 0, 0
        first, rest = left[0], left[1:]
        value, count = best(rest)
        found = (value + values.of(first), count + 1)
        positions = range(len(rest))
        for size in range(2, len(rest) + 1):
            for chosen in itertools.combinations(positions, size):
                if not is_meld((first, *(rest[i] for i in chosen))):
                    continue
                others = tuple(rest[i] for i in positions if i not in chosen)
                found = min(found, best(others))
        return found

    return best(tuple(sorted(hand)))


def check_arrangement(hand: list[Card], table: Table):
    """The invariants every arrangement keeps; returns it for further checks."""
    rules, values = table.meld_rules, table.values
    result = arrange(list(hand), rules, values)
    for meld in result.melds:
        assert meld_error(list(meld), rules) is None, format_cards(meld)
    laid_out = [c for meld in result.melds for c in meld] + list(result.unmatched)
    assert Counter(laid_out) == Counter(hand), "melds and unmatched must be the hand"
    assert result.count == values.total(result.unmatched)
    return result


@pytest.mark.parametrize("config", SOLVER_CONFIGS, ids=[_config_id(c) for c in SOLVER_CONFIGS])
@FAST
@given(data=st.data())
def test_arrangement_is_valid_complete_and_optimal(config, data):
    slug, options, max_jokers = config
    table = table_of(slug, options)
    hand = data.draw(hands(table, max_jokers, 0, 8), label="hand")
    result = check_arrangement(hand, table)
    best = brute_force(hand, table.meld_rules, table.values)
    assert (result.count, len(result.unmatched)) == best, str(result)


DEAL_SIZES = {
    "knock-rummy": 10,
    "boat-house-rum": 10,
    "caloochi": 15,
    "double-rum": 10,
    "german-rummy": 14,
    "standard-rummy": 10,
    "phom": 10,
    "continental-rum": 15,
    "nowrang": 11,
}


@pytest.mark.parametrize("config", SOLVER_CONFIGS, ids=[_config_id(c) for c in SOLVER_CONFIGS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_full_hands_arrange_validly_and_the_same_in_any_order(config, data):
    slug, options, max_jokers = config
    table = table_of(slug, options)
    size = DEAL_SIZES[slug]
    hand = data.draw(hands(table, max_jokers, size, size), label="hand")
    result = check_arrangement(hand, table)
    shuffled = data.draw(st.permutations(hand), label="shuffled")
    assert arrange(list(shuffled), table.meld_rules, table.values) == result
    assert best_arrangement(format_cards(shuffled), table) == result


@pytest.mark.parametrize("config", SOLVER_CONFIGS, ids=[_config_id(c) for c in SOLVER_CONFIGS])
@FAST
@given(data=st.data())
def test_same_hand_in_any_order_gives_the_same_arrangement(config, data):
    slug, options, max_jokers = config
    table = table_of(slug, options)
    hand = data.draw(hands(table, max_jokers, 0, 12), label="hand")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    shuffled = list(hand)
    random.Random(seed).shuffle(shuffled)
    first = arrange(hand, table.meld_rules, table.values)
    assert arrange(shuffled, table.meld_rules, table.values) == first
    assert str(best_arrangement(shuffled, slug, options)) == str(first)


def test_brute_force_agrees_with_worked_examples():
    # Guard the guard: examples 23-25 of the specification.
    knock = table_of("knock-rummy", None)
    hand = parse_cards("AS 2S 3S 7H 7D 7C JH QH KH 4D")
    assert brute_force(hand, knock.meld_rules, knock.values) == (4, 1)
    boat = table_of("boat-house-rum", None)
    assert brute_force(parse_cards("QD KD AD 2D 5C"), boat.meld_rules, boat.values) == (5, 1)
    assert brute_force(parse_cards("AH 7C"), boat.meld_rules, boat.values) == (18, 2)


# -- notation ---------------------------------------------------------------------------------

RANK_SPELLINGS = {
    1: ["A", "a"],
    10: ["10", "T", "t"],
    11: ["J", "j"],
    12: ["Q", "q"],
    13: ["K", "k"],
}
SUIT_SPELLINGS = {
    "S": ["S", "s", "♠"],
    "H": ["H", "h", "♥"],
    "D": ["D", "d", "♦"],
    "C": ["C", "c", "♣"],
}
JOKER_SPELLINGS = ["JK", "jk", "jK", "*", "🃏"]
ALL_CARDS = [*PACK, JOKER]


@st.composite
def spelled(draw, card: Card) -> str:
    if card.is_joker:
        return draw(st.sampled_from(JOKER_SPELLINGS))
    rank = draw(st.sampled_from(RANK_SPELLINGS.get(card.rank, [str(card.rank)])))
    return rank + draw(st.sampled_from(SUIT_SPELLINGS[card.suit]))


@st.composite
def notations(draw) -> tuple[list[Card], str]:
    cards = draw(st.lists(st.sampled_from(ALL_CARDS), max_size=20))
    separators = st.sampled_from([" ", ",", ", ", " ,", "  ", ",,", "\t", "\n", " , "])
    text = draw(st.sampled_from(["", " ", ","]))
    for i, card in enumerate(cards):
        if i:
            text += draw(separators)
        text += draw(spelled(card))
    text += draw(st.sampled_from(["", " ", ",", " \n"]))
    return cards, text


@settings(max_examples=300, deadline=None)
@given(notations())
def test_notation_round_trip(case):
    cards, text = case
    parsed = parse_cards(text)
    assert parsed == cards
    canonical = format_cards(parsed)
    assert parse_cards(canonical) == cards
    assert format_cards(parse_cards(canonical)) == canonical  # a fixed point
    assert canonical == " ".join(str(c) for c in cards)
    for card in parsed:
        assert Card.parse(str(card)) == card


NEAR_MISS = st.text(alphabet="AaJjQqKkTt0123456789SHDCshdcXx♠♥♦♣♤*🃏=,. \t\n-+", max_size=30)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), NEAR_MISS))
def test_garbage_text_raises_only_invalid_card_error(text):
    try:
        cards = parse_cards(text)
    except InvalidCardError as err:
        assert err.token
        assert f"'{err.token}'" in str(err)
        assert err.position is not None and err.position >= 1
    else:
        assert all(isinstance(c, Card) for c in cards)
        assert parse_cards(format_cards(cards)) == cards


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=12), NEAR_MISS))
def test_garbage_single_card_raises_only_invalid_card_error(text):
    try:
        card = Card.parse(text)
    except InvalidCardError as err:
        assert err.token == text.strip()
    else:
        assert Card.parse(str(card)) == card


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=30), NEAR_MISS))
def test_garbage_melds_and_hands_raise_only_rules_errors(text):
    for call in (
        lambda: read_meld(text, MeldRules()),
        lambda: best_arrangement(text, "knock-rummy"),
        lambda: best_arrangement(text, "caloochi"),
    ):
        try:
            call()
        except RulesError:
            pass
