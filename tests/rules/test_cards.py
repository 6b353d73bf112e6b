"""Card notation (specification section 1) and deck limits.

Notation facts copied from the specification: ranks ``A 2-10 J Q K`` with ``T`` for 10; suits
``S H D C`` or the symbols ``♠ ♥ ♦ ♣``; case does not matter; a joker is ``JK``, ``*`` or
``🃏``; cards are separated by spaces and/or commas; canonical output is like ``AS 10H KD JK``;
anything else is an error naming the bad token and its position.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    JOKER,
    Card,
    InvalidCardError,
    RulesError,
    TooManyCopiesError,
    best_arrangement,
    format_cards,
    get_variant,
    parse_cards,
)

RANKS = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
}
SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}


@pytest.mark.parametrize("rank_text", sorted(RANKS))
@pytest.mark.parametrize("suit_text", sorted(SUITS))
def test_every_rank_and_suit_spelling(rank_text, suit_text):
    expected = Card(RANKS[rank_text], SUITS[suit_text])
    assert Card.parse(rank_text + suit_text) == expected
    assert Card.parse((rank_text + suit_text).lower()) == expected


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("as", "AS"),
        ("aS", "AS"),
        ("10h", "10H"),
        ("t♣", "10C"),
        ("T♥", "10H"),
        ("q♦", "QD"),
        ("kc", "KC"),
        ("Jd", "JD"),
        ("2♠", "2S"),
    ],
)
def test_case_does_not_matter_and_canonical_is_upper(text, canonical):
    card = Card.parse(text)
    assert str(card) == canonical
    assert Card.parse(canonical) == card


@pytest.mark.parametrize("spelling", ["JK", "jk", "Jk", "*", "🃏"])
def test_joker_spellings(spelling):
    card = Card.parse(spelling)
    assert card == JOKER
    assert card.is_joker
    assert str(card) == "JK"


def test_jh_is_the_jack_of_hearts_not_a_joker():
    card = Card.parse("JH")
    assert not card.is_joker
    assert card == Card(11, "H")


@pytest.mark.parametrize(
    "text",
    [
        "AS 10H KD JK",
        "AS,10H,KD,JK",
        "AS, 10H, KD, JK",
        "AS ,10H , KD,JK",
        "  AS   10H\tKD\nJK  ",
        "as 10h kd jk",
        "a♠ t♥ k♦ *",
        "A♠,T♥,K♦,🃏",
        ",AS,,10H KD JK,",
    ],
)
def test_separators_and_spellings_give_the_canonical_list(text):
    cards = parse_cards(text)
    assert format_cards(cards) == "AS 10H KD JK"


@pytest.mark.parametrize("text", ["", "   ", ",", " , ,, "])
def test_empty_input_is_an_empty_list(text):
    assert parse_cards(text) == []
    assert format_cards([]) == ""


def test_parse_cards_accepts_cards_and_strings_mixed():
    assert parse_cards([Card(1, "S"), "10h", "jk"]) == [Card(1, "S"), Card(10, "H"), JOKER]


def test_canonical_output_keeps_the_given_order():
    assert format_cards(parse_cards("KD 2C AS JK 10H")) == "KD 2C AS JK 10H"


# -- errors -----------------------------------------------------------------------------------

BAD_TOKENS = [
    "1H",  # no rank 1
    "KX",  # no suit X
    "11S",  # no rank 11
    "0H",
    "14S",
    "A",  # rank only
    "H",  # suit only
    "10",
    "AHH",
    "HA",  # suit first
    "♠A",
    "J♤K",
    "7=H",
    "JKR",
    "**",
    "K?",
    "Ⅻ♠",
]


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_bad_token_raises_invalid_card_error_naming_it(token):
    with pytest.raises(InvalidCardError) as caught:
        Card.parse(token)
    err = caught.value
    assert err.token == token
    assert f"'{token}'" in str(err)
    assert isinstance(err, RulesError)
    assert isinstance(err, ValueError)  # callers may catch the broad ValueError too
    assert err.code == "bad_card"


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("KX", "KX", 1),
        ("AS KX", "KX", 2),
        ("AS, 10H, 1H, KD", "1H", 3),
        ("AS 10H KD JK 11S", "11S", 5),
        ("as,,, kx", "kx", 2),  # empty pieces between commas are not positions
        ("AS KX 1H", "KX", 2),  # the first bad token is reported
    ],
)
def test_error_names_token_and_one_based_position(text, token, position):
    with pytest.raises(InvalidCardError) as caught:
        parse_cards(text)
    err = caught.value
    assert (err.token, err.position) == (token, position)
    assert str(err) == f"'{token}' is not a card (card {position})"


def test_single_card_parse_has_no_position_unless_given():
    with pytest.raises(InvalidCardError) as caught:
        Card.parse("KX")
    assert caught.value.position is None
    assert str(caught.value) == "'KX' is not a card"
    with pytest.raises(InvalidCardError) as caught:
        Card.parse("KX", position=4)
    assert caught.value.position == 4


# -- card objects -----------------------------------------------------------------------------


def test_cards_are_values_hashable_and_comparable():
    a, b = Card.parse("10h"), Card.parse("TH")
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, JOKER, Card.parse("*")}) == 2
    assert sorted([Card.parse("KS"), Card.parse("AS"), JOKER])[0] == JOKER
    with pytest.raises(AttributeError):
        a.rank = 3  # frozen


def test_repr_is_readable():
    assert repr(Card.parse("10h")) == "Card(10H)"


# -- deck limits (section 1, "Decks") ---------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "packs", "jokers"),
    [
        ("standard-rummy", 1, 0),
        ("knock-rummy", 1, 0),
        ("boat-house-rum", 1, 0),
        ("phom", 1, 0),
        ("nowrang", 1, 0),
        ("queen-city-rum", 1, 0),
        ("caloochi", 2, 4),
        ("double-rum", 2, 4),
        ("german-rummy", 2, 6),
    ],
)
def test_deck_sizes(slug, packs, jokers):
    deck = get_variant(slug).table().deck
    assert (deck.packs, deck.jokers) == (packs, jokers)
    assert deck.size == 52 * packs + jokers
    assert len(deck.cards()) == deck.size
    deck.check(deck.cards())  # the whole deck is within its own limits


@pytest.mark.parametrize(("players", "packs"), [(2, 2), (5, 2), (6, 3), (8, 3), (9, 4), (12, 4)])
def test_continental_packs_and_jokers_by_players(players, packs):
    deck = get_variant("continental-rum").table(players=players).deck
    assert (deck.packs, deck.jokers) == (packs, packs)


@pytest.mark.parametrize(
    ("slug", "hand", "card", "count", "allowed"),
    [
        ("standard-rummy", "7H 7H 8C", "7H", 2, 1),
        ("standard-rummy", "AS JK", "JK", 1, 0),
        ("knock-rummy", "KD 2C KD", "KD", 2, 1),
        ("caloochi", "7H 7H 7H", "7H", 3, 2),
        ("caloochi", "JK JK JK JK JK", "JK", 5, 4),
        ("double-rum", "AS AS AS", "AS", 3, 2),
        ("german-rummy", "JK JK JK JK JK JK JK", "JK", 7, 6),
    ],
)
def test_too_many_copies(slug, hand, card, count, allowed):
    table = get_variant(slug).table()
    with pytest.raises(TooManyCopiesError) as caught:
        table.deck.check(parse_cards(hand))
    err = caught.value
    assert (err.card, err.count, err.allowed) == (card, count, allowed)
    assert card in str(err)
    with pytest.raises(TooManyCopiesError):
        best_arrangement(hand, slug)


def test_too_many_copies_messages():
    deck = get_variant("standard-rummy").table().deck
    with pytest.raises(TooManyCopiesError, match="'JK' is not in this deck"):
        deck.check(parse_cards("JK"))
    with pytest.raises(TooManyCopiesError, match="'7H' appears 2 times but the deck holds it once"):
        deck.check(parse_cards("7H 7H"))
    deck2 = get_variant("caloochi").table().deck
    with pytest.raises(TooManyCopiesError, match="holds it 2 times"):
        deck2.check(parse_cards("7H 7H 7H"))


@pytest.mark.parametrize(
    ("slug", "hand"),
    [
        ("caloochi", "7H 7H JK JK JK JK"),
        ("double-rum", "AS AS KD KD JK JK JK JK"),
        ("german-rummy", "JK JK JK JK JK JK QS QS"),
    ],
)
def test_copies_up_to_the_limit_are_fine(slug, hand):
    get_variant(slug).table().deck.check(parse_cards(hand))
