"""Every variant's guide: the full section skeleton, five disputes, worked examples that the
engine computes without error, dispute checks that run, and the search."""

import pytest

from scorekeeper.rules import all_variants
from scorekeeper.rules.messages import render
from scorekeeper.rules.reference import (
    GUIDES,
    SECTIONS,
    check_deadwood,
    check_going_out,
    check_melds,
    comparison,
    deal_plan,
    fold,
    glossary,
    guide_for,
    search,
    sections,
    split_melds,
    worked_examples,
)
from scorekeeper.rules.reference.book import HEADING_SECTION
from scorekeeper.rules.reference.glossary import BY_KEY

VARIANTS = all_variants()
ids = [v.slug for v in VARIANTS]


def test_every_variant_has_one_guide():
    assert set(GUIDES) == {v.slug for v in VARIANTS}


@pytest.mark.parametrize("variant", VARIANTS, ids=ids)
def test_every_prose_section_of_the_skeleton_is_filled(variant):
    anchors = [s.anchor for s in sections(variant)]
    assert anchors == list(SECTIONS[1:7])
    for section in sections(variant):
        assert section.paras


@pytest.mark.parametrize("variant", VARIANTS, ids=ids)
def test_every_rule_text_lands_in_a_named_section(variant):
    for heading, _text in variant.rules:
        assert heading in HEADING_SECTION, f"{variant.slug}: heading {heading!r} has no section"


@pytest.mark.parametrize("variant", VARIANTS, ids=ids)
def test_five_disputes_with_a_rule_and_a_working_check(variant):
    guide = guide_for(variant)
    assert len(guide.disputes) == 5
    for dispute in guide.disputes:
        assert dispute.section in SECTIONS or dispute.section == "house-rules"
        check = dispute.check
        if check is None:
            continue
        table = variant.table(dict(check.options))
        if check.kind in ("meld", "opening"):
            report = check_melds(split_melds(check.cards), table)
            if check.kind == "opening":
                assert report.opening is not None
        elif check.kind == "going-out":
            melds = split_melds(check.cards)
            if len(melds) > 1 or check.discard:
                check_going_out(None, table, melds=melds, discard=check.discard or None)
            else:
                check_going_out(check.cards, table)
        elif check.kind == "deadwood":
            check_deadwood(check.cards, table)
        else:
            deal_plan(variant, check.players)


@pytest.mark.parametrize("variant", VARIANTS, ids=ids)
def test_at_least_two_worked_examples_all_computed(variant):
    worked = worked_examples(variant)
    assert len(worked) >= 2
    for w in worked:
        assert w.error is None, f"{variant.slug}: {w.example.title}: {w.error}"
        assert (w.result is not None) or (w.report is not None)


@pytest.mark.parametrize("variant", VARIANTS, ids=ids)
def test_glossary_terms_exist(variant):
    for key in guide_for(variant).terms:
        assert key in BY_KEY
    assert glossary(variant)


def test_knock_examples_cover_all_six_cases():
    deltas = [w.result.deltas for w in worked_examples(_v("knock-rummy"))]
    assert {"Ann": 22, "Bob": 0, "Cy": 0} in deltas  # knocker lowest
    assert {"Ann": 0, "Bob": 12, "Cy": 0} in deltas  # tie
    assert {"Ann": -10, "Bob": 31, "Cy": 0} in deltas  # undercut
    assert {"Ann": 82, "Bob": 0, "Cy": 0} in deltas  # rum bonus
    assert {"Ann": 65, "Bob": 0, "Cy": 0} in deltas  # both 0
    assert {"Ann": -10, "Bob": 7, "Cy": 7} in deltas  # shared undercut


def test_phom_examples_cover_places_mom_u_and_feeding():
    worked = worked_examples(_v("phom"))
    deltas = [w.result.deltas for w in worked]
    assert {"Bob": 7, "Ann": -1, "Cy": -2, "Dan": -4} in deltas  # places and móm
    assert {"Ann": -6, "Bob": -6, "Cy": 18, "Dan": -6} in deltas  # ù with 9
    assert {"Ann": -12, "Bob": -12, "Cy": 36, "Dan": -12} in deltas  # ù with 10
    assert {"Ann": 0, "Bob": -18, "Cy": 18, "Dan": 0} in deltas  # feeding, ù
    assert {"Ann": 4, "Bob": 1, "Cy": -2, "Dan": -3} in deltas  # feeding, eats


def test_continental_examples_cover_patterns_and_bonuses():
    worked = worked_examples(_v("continental-rum"))
    explanations = " ".join(line for w in worked for line in map(render, w.result.explanation))
    for shape in ("5-4-3-3", "4-4-4-3", "3-3-3-3-3"):
        assert f"({shape})" in explanations
    for bonus in ("wild 2", "quick meld", "no wild card", "one suit"):
        assert bonus in explanations


def test_block_examples_cover_ties():
    deltas = [w.result.deltas for w in worked_examples(_v("block-rummy"))]
    assert {"Ann": 9, "Bob": 9, "Cy": 0} in deltas
    assert {"Ann": 3, "Bob": 3, "Cy": 3, "Dan": 0} in deltas


def test_german_examples_cover_openings_met_and_not():
    reports = [w.report for w in worked_examples(_v("german-rummy")) if w.report]
    assert {r.opening.met for r in reports} == {True, False}


def test_fold_and_search_are_accent_insensitive():
    assert fold("Móm") == fold("mom") == "mom"
    assert any(h.title == "Móm" for h in search("mom"))
    assert any(h.title == "Móm" for h in search("MÓM"))
    assert any(h.variant and h.variant.slug == "german-rummy" for h in search("romme"))
    assert search("") == []
    assert search("   ") == []
    undercut = search("undercut")
    assert any(h.kind == "term" for h in undercut)
    assert any(h.kind == "question" and h.variant.slug == "knock-rummy" for h in undercut)


def test_search_needs_every_word():
    assert search("joker 25") and all("25" in h.text or "25" in h.title for h in search("joker 25"))
    assert search("zzzz nothing") == []


def test_comparison_has_every_variant():
    rows = comparison()
    assert [r.variant.slug for r in rows] == ids
    assert {r.opening for r in rows} == {None, 40, 51}


def _v(slug):
    return next(v for v in VARIANTS if v.slug == slug)
