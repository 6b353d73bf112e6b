"""Oklahoma Gin and Straight Gin (RULES.md 10.1): examples 56-59 through the engine, the
variants derived from Gin Rummy by parameters, and Gin's shutout switch."""

import pytest

from scorekeeper.rules import RulesError, get_variant, replay, score_hand
from scorekeeper.rules.families import family_of
from scorekeeper.rules.reference import book

AB = ["Ann", "Bob"]


def counts(ann, bob, **more):
    return {"knocker": "Ann", "hands": {"Ann": {"points": ann}, "Bob": {"points": bob}}, **more}


def score(variant, result, options=None):
    return score_hand(variant=variant, options=options, players=AB, result=result)


@pytest.mark.parametrize(("upcard", "ann"), [("7H", 7), ("7S", 14)])
def test_example_56_the_upcard_sets_the_limit_and_a_spade_doubles(upcard, ann):
    scored = score("oklahoma-gin", counts(5, 12, upcard=upcard))
    assert scored.deltas == {"Ann": ann, "Bob": 0}
    assert scored.explanation[0].code == "gin.upcard_limit"
    assert ("gin.spade_doubles" in [line.code for line in scored.explanation]) == (ann == 14)


def test_example_57_a_knock_over_the_upcards_limit_is_refused_naming_both():
    with pytest.raises(RulesError) as refused:
        score("oklahoma-gin", counts(5, 12, upcard="4D"))
    assert refused.value.field == "result.hands.Ann"
    assert refused.value.message.code == "gin.over_upcard_limit"
    assert refused.value.message.params["limit"] == 4
    assert refused.value.message.params["card"] == "4D"


def test_example_58_an_ace_of_spades_means_gin_only_and_doubles_the_bonus():
    scored = score("oklahoma-gin", counts(0, 31, upcard="AS"))
    assert scored.deltas == {"Ann": 112, "Bob": 0}  # (31 + 25) x 2
    assert scored.explanation[0].code == "gin.upcard_ace"
    with pytest.raises(RulesError) as refused:
        score("oklahoma-gin", counts(1, 31, upcard="AH"))
    assert refused.value.message.params["limit"] == 0


def test_a_spade_doubles_an_undercut_too():
    assert score("oklahoma-gin", counts(9, 4, upcard="10S")).deltas == {"Ann": 0, "Bob": 60}


def test_example_59_straight_gin_takes_gin_only():
    assert score("straight-gin", counts(0, 20)).deltas == {"Ann": 45, "Bob": 0}
    with pytest.raises(RulesError) as refused:
        score("straight-gin", counts(3, 20))
    assert refused.value.field == "result.hands.Ann"
    assert refused.value.message.code == "gin.gin_only"
    assert score("straight-gin", {"void": True}).void


@pytest.mark.parametrize(
    ("result", "field", "code"),
    [
        (counts(5, 12), "result.upcard", "gin.upcard_missing"),
        (counts(5, 12, upcard="7S 8S"), "result.upcard", "entry.one_card"),
        (counts(5, 12, upcard="JK"), "result.upcard", "entry.one_card"),
        (counts(5, 12, upcard="7X"), "result.upcard", None),
    ],
)
def test_a_missing_or_bad_upcard_is_refused_on_its_field(result, field, code):
    with pytest.raises(RulesError) as refused:
        score("oklahoma-gin", result)
    assert refused.value.field == field
    if code:
        assert refused.value.message.code == code


def test_only_oklahoma_reads_an_upcard():
    for variant in ("gin-rummy", "straight-gin"):
        with pytest.raises(RulesError) as refused:
            score(variant, counts(0, 12, upcard="7S"))
        assert refused.value.field == "result.upcard"


def test_a_void_oklahoma_hand_needs_no_upcard():
    assert score("oklahoma-gin", {"void": True}).void


def test_the_two_variants_are_gin_rummy_by_parameters():
    gin = get_variant("gin-rummy")
    for slug, target in (("oklahoma-gin", 150), ("straight-gin", 100)):
        variant = get_variant(slug)
        assert variant.parent == "gin-rummy"
        assert family_of(variant) is family_of(gin)
        assert variant.deal == gin.deal and variant.meld_rules == gin.meld_rules
        assert variant.table().options["target"] == target
        assert variant.table().options["shutout"] is True
    assert get_variant("oklahoma-gin").option("knock-limit") is None
    assert get_variant("straight-gin").option("undercut-bonus") is None


def test_a_derived_variant_shares_its_parents_rule_texts_and_states_what_differs():
    gin, oklahoma = get_variant("gin-rummy"), get_variant("oklahoma-gin")
    shared = [h for h, text in oklahoma.rules if dict(gin.rules).get(h) == text]
    assert shared == ["Players and deal", "Melds", "Scoring", "End of the game"]
    # A shared text states its numbers from the table: Oklahoma's target is its own.
    end = book.fill_numbers(dict(oklahoma.rules)["End of the game"], oklahoma)
    assert "reach 150 wins" in str(end)
    play = next(s for s in book.sections(oklahoma) if s.anchor == "play")
    assert any(getattr(p.text, "code", "") == "rules.derived" for p in play.paras)


def test_straight_gin_states_no_knock_in_its_own_texts():
    """Straight Gin has no knock: none of its rule texts (its own or its parent's that it
    shares) says that a hand ends by knocking."""
    straight = get_variant("straight-gin")
    texts = {h: str(book.fill_numbers(text, straight)) for h, text in straight.rules}
    assert "until someone goes gin" in texts["Melds"]
    assert [h for h, text in texts.items() if "someone knocks" in text] == []


def test_the_worked_examples_of_the_derived_guides_are_the_rules_examples():
    worked = {w.example.title: w.result for w in book.worked_examples(get_variant("oklahoma-gin"))}
    assert [r.deltas["Ann"] for r in worked.values()] == [7, 14, 112]
    straight = book.worked_examples(get_variant("straight-gin"))
    assert straight[0].result.deltas == {"Ann": 45, "Bob": 0}


# -- the shutout switch (RULES.md 10.1: all three variants) --------------------------------


def _hands(*winners):
    out = []
    for who in winners:
        other = "Bob" if who == "Ann" else "Ann"
        out.append(
            {"knocker": who, "hands": {who: {"points": 0}, other: {"points": 30}}, "upcard": "KH"}
        )
    return out


@pytest.mark.parametrize("slug", ["gin-rummy", "oklahoma-gin", "straight-gin"])
@pytest.mark.parametrize("shutout", [True, False])
def test_shutout_switch(slug, shutout):
    hands = _hands("Ann", "Ann")  # 55 a hand: Ann reaches 110 (Oklahoma: 165 after three)
    if slug == "oklahoma-gin":
        hands = _hands("Ann", "Ann", "Ann")
    if slug != "oklahoma-gin":
        hands = [{k: v for k, v in h.items() if k != "upcard"} for h in hands]
    played = replay(
        variant=slug, players=AB, options={"shutout": shutout}, results=hands
    )
    codes = [b.line.code for b in played.state.bonuses]
    assert ("gin.shutout" in codes) is shutout
    points = 55 * len(hands)
    box = 25 * len(hands)
    assert played.state.totals["Ann"] == points * (2 if shutout else 1) + 100 + box
