"""The checker's engine: melds and first melds, going out for each variant, deadwood, the deal."""

import pytest

from scorekeeper.rules import InvalidCardError, TooManyCopiesError, get_variant
from scorekeeper.rules.errors import ResultError
from scorekeeper.rules.messages import render
from scorekeeper.rules.reference import (
    check_deadwood,
    check_going_out,
    check_meld,
    check_melds,
    deal_plan,
    reading_text,
)


def table(slug, **options):
    return get_variant(slug).table(options)


# -- melds and first melds ---------------------------------------------------------------------


def test_joker_reading_is_shown_in_rank_order_with_brackets():
    verdict = check_meld("JK 7H 8H", table("german-rummy"))
    assert verdict.valid and verdict.kind == "run"
    assert reading_text(verdict.reading) == "7H 8H [9H]"
    assert verdict.value == 24


def test_wrap_run_is_read_from_the_king():
    verdict = check_meld("2D AD KD QD", table("boat-house-rum"))
    assert reading_text(verdict.reading) == "QD KD AD 2D"


def test_wild_deuce_is_marked_and_a_natural_deuce_is_not():
    deuces = table("continental-rum", **{"deuces-wild": True})
    assert reading_text(check_meld("KD AD 2D", deuces).reading) == "QD KD AD".replace("QD", "[QD]")
    natural = check_meld("2D 3D 4D", deuces)
    assert reading_text(natural.reading) == "2D 3D 4D" and natural.wild_deuces == 0


def test_invalid_meld_gives_the_rule_it_breaks():
    verdict = check_meld("JK JK 5H", table("german-rummy"))
    assert not verdict.valid
    assert "more jokers than natural cards" in render(verdict.reason)
    assert verdict.section == "melds"


@pytest.mark.parametrize(
    ("melds", "total", "met"),
    [
        (["QH KH AH", "AS AH AD"], 64, True),
        (["AH 2H 3H", "10S JS QS"], 36, False),
        (["JK 5H 6H"], 18, False),
        (["JK=4H 5H 6H"], 15, False),
    ],
)
def test_german_opening(melds, total, met):
    report = check_melds(melds, table("german-rummy"))
    assert report.total == total
    assert report.opening.required == 40
    assert report.opening.met is met


def test_caloochi_opening_takes_the_best_joker_reading():
    report = check_melds(["JK QS KS", "10D JD QD KD", "9S 9H 9C"], table("caloochi"))
    assert report.melds[0].value == 31
    assert report.total == 98 and report.opening.met


def test_an_invalid_meld_never_meets_the_opening():
    report = check_melds(["QH KH AH", "AS AH AD", "KS AS 2S"], table("german-rummy"))
    assert not report.valid and not report.opening.met
    assert "Meld 3" in render(report.reason)


def test_no_opening_where_the_variant_has_none():
    assert check_melds(["7H 8H 9H"], table("standard-rummy")).opening is None


def test_meld_check_refuses_bad_cards_and_too_many_copies():
    with pytest.raises(InvalidCardError):
        check_melds(["1H 2H 3H"], table("standard-rummy"))
    with pytest.raises(TooManyCopiesError):
        check_melds(["7H 8H 9H", "7H 7S 7D"], table("standard-rummy"))
    with pytest.raises(ResultError):
        check_melds(["7H 8H 9H"] * 31, table("double-rum"))


# -- going out ---------------------------------------------------------------------------------

CONTINENTAL = {
    "5-4-3-3": "5H 6H 7H 8H 9H JS QS KS AS 2D 3D JK 9C 10C JC 4S",
    "4-4-4-3": "3H 4H 5H 6H 8H 9H 10H JH JS QS KS AS 5D 6D 7D 2C",
    "3-3-3-3-3": "3H 4H 5H 6H 7H 8H 9S 10S JS 5C 6C 7C 10D JD QD 2S",
}


@pytest.mark.parametrize(("shape", "hand"), CONTINENTAL.items())
def test_continental_patterns(shape, hand):
    verdict = check_going_out(hand, table("continental-rum"))
    assert verdict.valid, render(verdict.verdict)
    assert f"({shape})" in render(verdict.verdict)
    assert sum(len(m.reading) for m in verdict.melds) == 15


def test_continental_quick_meld_needs_no_discard():
    hand = "5H 6H 7H 8H 9H JS QS KS AS 2D 3D JK 9C 10C JC"
    verdict = check_going_out(hand, table("continental-rum"))
    assert verdict.valid and verdict.discard is None


def test_continental_refuses_sets_and_wrong_shapes():
    verdict = check_going_out(
        None,
        table("continental-rum"),
        melds=["3H 4H 5H 6H 7H 8H", "9S 10S JS", "5C 6C 7C", "10D JD QD"],
        discard="2S",
    )
    assert not verdict.valid
    assert "6-3-3-3" in render(verdict.verdict)
    bad = check_going_out(
        None,
        table("continental-rum"),
        melds=["3H 4H 5H 6H", "7H 8H 9H 10H", "JS QS KS AS", "KD AD 2D"],
    )
    assert not bad.valid and "Meld 4".lower() in render(bad.verdict).lower()


def test_nowrang_needs_4_3_3():
    assert check_going_out("10S JS QS KS QH KH AH 5D 6D 7D", table("nowrang")).valid
    assert not check_going_out("10S JS QS QH KH AH 5D 6D 7D 9C", table("nowrang")).valid


@pytest.mark.parametrize(
    ("melds", "discard", "valid"),
    [
        (["KH QH JH 10H", "7S 7D 7C 7H"], None, True),  # all 8
        (["KH QH JH", "7S 7D 7C 7H"], "2C", True),  # 7 and a discard
        (["KH QH JH", "7S 7D 7C"], "2C", False),  # 6 and a discard
        (["KH QH JH", "7S 7D 7C"], None, False),  # 6
        (["KH QH JH", "7S 7D 7C 7H"], None, False),  # 7 without the discard
    ],
)
def test_queen_city_seven_or_eight(melds, discard, valid):
    assert (
        check_going_out(None, table("queen-city-rum"), melds=melds, discard=discard).valid is valid
    )


@pytest.mark.parametrize(
    ("hand", "valid", "discard"),
    [
        ("AH 2H 3H 5S 5D 5C 9C 10C JC KD", True, "KD"),  # 9 and a discard
        ("AH 2H 3H 4H 5S 5D 5C 9C 10C JC", True, None),  # all 10
        ("AH 2H 3H 5S 5D 5C 9C 10C KD QS", False, None),
    ],
)
def test_phom_u(hand, valid, discard):
    verdict = check_going_out(hand, table("phom"))
    assert verdict.valid is valid
    if valid:
        assert (str(verdict.discard) if verdict.discard else None) == discard


def test_rummy_complete_whole_hand():
    ok = check_going_out("7H 8H 9H QS QD QC 4C", table("rummy-complete"))
    assert ok.valid and str(ok.discard) == "4C"
    assert not check_going_out("7H 8H 9H QS QD 4C 5D", table("rummy-complete")).valid


def test_knock_rummy_has_no_going_out():
    verdict = check_going_out("AS 2S 3S", table("knock-rummy"))
    assert not verdict.valid and "knock" in render(verdict.verdict)


def test_german_going_out_takes_a_discard():
    assert check_going_out(None, table("german-rummy"), melds=["7H 8H 9H"], discard="KS").valid
    assert not check_going_out(None, table("german-rummy"), melds=["7H 8H 9H"]).valid


def test_going_out_refuses_huge_hands():
    verdict = check_going_out(
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H", table("standard-rummy")
    )
    assert not verdict.valid and "at most 18" in render(verdict.verdict)


# -- deadwood and the deal --------------------------------------------------------------------


def test_deadwood_matches_rules_example_23():
    found = check_deadwood("2C 3D 5H 6S 8C 9D 10H JS QC KD", table("knock-rummy"))
    assert found.count == 73 and not found.melds


def test_deadwood_refuses_more_than_18_cards():
    with pytest.raises(ResultError):
        check_deadwood(
            " ".join(["JK"] * 4 + ["AS"] * 2 + ["2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2H"]),
            table("caloochi"),
        )


@pytest.mark.parametrize(
    ("slug", "players", "packs", "jokers", "each", "extra", "stock"),
    [
        ("standard-rummy", 2, 1, 0, 10, 0, 32),
        ("continental-rum", 9, 4, 4, 15, 0, 212 - 135),
        ("german-rummy", 4, 2, 6, 13, 0, 110 - 52),
        ("caloochi", 4, 2, 4, 15, 0, 108 - 60),
        ("phom", 4, 1, 0, 9, 1, 15),
        ("nowrang", 2, 1, 0, 10, 1, 31),
    ],
)
def test_deal_plan(slug, players, packs, jokers, each, extra, stock):
    plan = deal_plan(slug, players)
    assert (plan.packs, plan.jokers, plan.each, plan.extra, plan.stock) == (
        packs,
        jokers,
        each,
        extra,
        stock,
    )


def test_deal_plan_names_dealer_and_first_player():
    plan = deal_plan("knock-rummy", ["Ann", "Bob", "Cy"], dealer="Bob")
    assert (plan.dealer, plan.first) == ("Bob", "Cy")
    assert deal_plan("nowrang", ["Ann", "Bob"]).winner_deals


def test_deal_plan_refuses_a_wrong_player_count():
    with pytest.raises(Exception, match="2 to 4 players"):
        deal_plan("phom", 5)
