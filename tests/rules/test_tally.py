"""What each family tells a player's record from one scored hand (Family.tally): the same
counts from the stored result as from the engine's own, void hands counting for nobody, and
every figure a family tallies named on the page."""

from __future__ import annotations

import pytest

from scorekeeper.rules import all_variants, replay, score_hand
from scorekeeper.rules.families import family_of

AB = ["Ann", "Bob"]


def counts(ann, bob, knocker="Ann"):
    return {"knocker": knocker, "hands": {"Ann": {"points": ann}, "Bob": {"points": bob}}}


def tally(variant, entry, players=AB):
    scored = score_hand(variant=variant, players=players, result=entry)
    return family_of(variant).tally(entry, scored.as_dict())


@pytest.mark.parametrize(
    ("ann", "bob", "made", "suffered"),
    [
        (5, 12, 0, 0),  # the knocker wins
        (8, 8, 1, 1),  # a tie in Gin is an undercut (RULES.md example 48)
        (9, 4, 1, 1),  # a lower count undercuts
    ],
)
def test_gin_undercuts(ann, bob, made, suffered):
    lines = tally("gin-rummy", counts(ann, bob))
    assert lines["Bob"]["undercuts_made"] == made
    assert lines["Ann"]["undercuts_suffered"] == suffered
    assert lines["Ann"]["undercuts_made"] == 0 and lines["Bob"]["undercuts_suffered"] == 0
    assert lines["Ann"]["went_out"] == 1 and lines["Bob"]["went_out"] == 0


def test_knock_rummy_tie_is_no_undercut():
    lines = tally("knock-rummy", counts(6, 6), players=AB)
    assert lines["Bob"]["won"] == 1
    assert lines["Bob"]["undercuts_made"] == 0 and lines["Ann"]["undercuts_suffered"] == 0


def test_a_void_gin_hand_counts_for_nobody():
    played = replay(variant="gin-rummy", players=AB, results=[{"void": True}])
    assert family_of("gin-rummy").tally({"void": True}, played.hands[0].as_dict()) == {}


def test_phom_mom_u_and_chips():
    players = ["Ann", "Bob", "Cy"]
    entry = {
        "hands": {"Ann": {"points": 12}, "Bob": {"points": 5}, "Cy": {"points": 30, "mom": True}}
    }
    lines = tally("phom", entry, players)
    assert lines["Cy"]["mom"] == 1 and lines["Ann"]["mom"] == 0
    assert lines["Bob"]["won"] == 1 and "left" not in lines["Bob"]
    assert lines["Ann"]["left"] == 12 and lines["Ann"]["left_hands"] == 1
    assert sum(line["chips_won"] - line["chips_lost"] for line in lines.values()) == 0
    flows = family_of("phom").chip_flows(
        score_hand(variant="phom", players=players, result=entry).as_dict()
    )
    assert sorted(flows) == [("Ann", "Bob", 1), ("Cy", "Bob", 4)]
    went_u = tally("phom", {"u": "Ann", "u_cards": 9}, players)
    assert went_u["Ann"]["u"] == 1 and went_u["Ann"]["won"] == 1 and went_u["Bob"]["u"] == 0
    assert "went_out" not in went_u["Ann"]


def test_no_chips_outside_chip_families():
    scored = score_hand(variant="knock-rummy", players=AB, result=counts(3, 9))
    assert family_of("knock-rummy").chip_flows(scored.as_dict()) == []


@pytest.mark.parametrize("variant", [v.slug for v in all_variants()], ids=str)
def test_every_tallied_figure_has_a_page_label(variant):
    family = family_of(variant)
    shown = {k for k in family.tallies if k != "left"} | {"avg_left"}
    if "went_out" in family.tallies:
        shown.add("going_out_rate")
    assert shown <= set(family.tally_labels)
