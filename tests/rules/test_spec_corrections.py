"""The corrections of issue 8 to the spec: Queen City's going out, count scoring beyond the
standard family, and the switches Rummy Complete does not offer."""

import pytest

from scorekeeper.rules import InvalidOptionError, get_variant, score_hand
from scorekeeper.rules.errors import ResultError

FIVE = ["Ann", "Bob", "Cy", "Dan", "Eve"]


def _queen_city(melds):
    return score_hand(
        variant="queen-city-rum",
        players=FIVE,
        result={"out": "Ann", "hands": {"Ann": {"melds": melds}}},
    )


def test_queen_city_accepts_all_eight_cards_melded():
    eight = _queen_city(["KH QH JH 10H", "7S 7D 7C 7H"])
    assert eight.deltas["Ann"] == (40 + 28) * 4


def test_queen_city_accepts_seven_cards_and_a_discard():
    # The discard is not entered: RULES.md example 34, 58 x 4 other players.
    assert _queen_city(["KH QH JH", "7S 7D 7C 7H"]).deltas["Ann"] == 232


def test_queen_city_refuses_six_melded_cards():
    with pytest.raises(ResultError) as err:
        _queen_city(["KH QH JH", "7S 7D 7C"])
    assert "8 cards" in str(err.value)
    assert err.value.field == "result.hands.Ann.melds"


def test_queen_city_refuses_nine_melded_cards():
    with pytest.raises(ResultError):
        _queen_city(["KH QH JH 10H 9H", "7S 7D 7C 7H"])


@pytest.mark.parametrize("slug", ["standard-rummy", "boat-house-rum", "caloochi", "double-rum"])
def test_count_scoring_is_offered_where_the_winner_collects_card_values(slug):
    table = get_variant(slug).table({"count-scoring": True})
    assert table.options["target"] == 25
    assert table.values.per_card == 1


def test_count_scoring_in_caloochi_counts_jokers_two():
    result = score_hand(
        variant="caloochi",
        options={"count-scoring": True},
        players=["Ann", "Bob", "Cy"],
        result={"out": "Ann", "hands": {"Bob": {"cards": "JK AS 5D"}, "Cy": {"cards": "KC 2H"}}},
    )
    assert result.deltas["Ann"] == 2 + 1 + 1 + 1 + 1


def test_count_scoring_in_boat_house_counts_unmatched_cards():
    result = score_hand(
        variant="boat-house-rum",
        options={"count-scoring": True},
        players=["Ann", "Bob"],
        result={"out": "Ann", "hands": {"Bob": {"hand": "AS 2S 3S KC 9C 7H 7D 7C 5D 5H 5S"}}},
    )
    assert result.deltas["Ann"] == 2


@pytest.mark.parametrize(
    "slug",
    [
        "call-rummy",
        "borrowing",
        "additional-borrowing",
        "one-meld-per-turn",
        "lay-off-restriction",
        "rummy-hidden",
    ],
)
def test_rummy_complete_refuses_the_laying_switches(slug):
    variant = get_variant("rummy-complete")
    assert variant.option(slug) is None
    with pytest.raises(InvalidOptionError) as err:
        variant.table({slug: True})
    assert slug in str(err.value)


def test_rummy_complete_keeps_the_other_switches():
    offered = {o.slug for o in get_variant("rummy-complete").options}
    assert offered == {"target", "around-the-corner", "count-scoring", "mandatory-discard"}


def test_marked_decisions_are_on_the_variants():
    phom = " ".join(get_variant("phom").decisions)
    assert "second pays 1, third pays 2" in phom
    assert "dealer's right" in phom
    assert "stock" in " ".join(get_variant("block-rummy").decisions)
    assert "deals the next" in " ".join(get_variant("nowrang").decisions)
    assert "KD AD 2D" in " ".join(get_variant("continental-rum").decisions)
    assert "commonly published" in " ".join(get_variant("standard-rummy").decisions)
    one_meld = get_variant("standard-rummy").option("one-meld-per-turn").summary
    assert "lay off instead" in one_meld
