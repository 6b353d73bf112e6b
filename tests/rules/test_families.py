"""Each scoring family owns its entry: the schema, the checks it makes and the facts it holds."""

import pytest

from scorekeeper.rules import RulesError, all_variants, get_variant, score_hand
from scorekeeper.rules.families import FAMILIES, MAX_POINTS, family_of
from scorekeeper.rules.families.base import MAX_HAND
from scorekeeper.rules.reference.guides import guide_for
from scorekeeper.rules.variants.base import MAX_OPTION

ABC = ["Ann", "Bob", "Cy"]


def cards(n: int) -> str:
    """``n`` different cards, none of them a joker, spread over the suits."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    every = [f"{r}{s}" for s in "CDHS" for r in ranks]
    # Take every third card so the hand holds few melds; the count is what is checked.
    picked = (every[::3] + every[1::3] + every[2::3])[:n]
    return " ".join(picked)


def score(variant, result, players=ABC, options=None, dealer=None):
    return score_hand(
        variant=variant, options=options, players=players, dealer=dealer, result=result
    )


def refused(variant, result, players=ABC, options=None) -> RulesError:
    with pytest.raises(RulesError) as caught:
        score(variant, result, players=players, options=options)
    return caught.value


# -- the registry and the facts ------------------------------------------------------------


def test_every_variant_has_a_family():
    for variant in all_variants():
        assert family_of(variant).slug == variant.family


def test_facts_the_pages_and_api_ask_about():
    assert family_of("german-rummy").initial_meld(get_variant("german-rummy")) == 40
    assert family_of("caloochi").initial_meld(get_variant("caloochi")) == 51
    assert family_of("standard-rummy").initial_meld(get_variant("standard-rummy")) is None
    assert family_of("rummy-complete").melds_count(get_variant("rummy-complete"))
    assert not family_of("standard-rummy").melds_count(get_variant("standard-rummy"))
    assert family_of("nowrang").goal_option(get_variant("nowrang")) == "match-games"
    assert family_of("phom").goal_option(get_variant("phom")) == "hands"
    assert family_of("knock-rummy").goal_option(get_variant("knock-rummy")) == "target"
    assert get_variant("knock-rummy").option("rum-bonus").default == 25
    assert get_variant("knock-rummy").option("undercut-bonus").default == 10


def _worked_examples(family_slug: str):
    for variant in all_variants():
        if variant.family == family_slug:
            for example in guide_for(variant).examples:
                if example.check is None:
                    yield score(
                        variant.slug, example.result, list(example.players), example.options,
                        example.dealer,
                    )


@pytest.mark.parametrize("slug", list(FAMILIES))
def test_zero_sum_says_what_the_family_scores(slug):
    """Derived, not listed: a family that calls itself zero-sum pays between players in every
    worked example of its guides; one that does not has an example where the deltas do not
    cancel (a scoring family whose hands all cancelled would be zero-sum in fact)."""
    sums = [sum(scored.deltas.values()) for scored in _worked_examples(slug)]
    assert sums, f"{slug}: no worked example to score"
    if FAMILIES[slug].zero_sum:
        assert set(sums) == {0}, sums
    else:
        assert set(sums) != {0}, sums


def test_every_family_module_is_registered_by_itself():
    """The registry finds each family class; nothing lists them by hand (issue 36)."""
    import pkgutil

    import scorekeeper.rules.families as package
    from scorekeeper.rules.families.base import Family

    classes = set()
    for module in pkgutil.iter_modules(package.__path__):
        loaded = __import__(f"{package.__name__}.{module.name}", fromlist=["_"])
        classes |= {
            c for c in vars(loaded).values()
            if isinstance(c, type) and issubclass(c, Family) and "slug" in vars(c)
        }
    assert {type(f) for f in FAMILIES.values()} == classes
    assert list(FAMILIES) == list(dict.fromkeys(v.family for v in all_variants()))


def test_every_goal_option_is_an_option_of_its_variant():
    for variant in all_variants():
        assert variant.option(family_of(variant).goal_option(variant)) is not None, variant.slug


# -- unknown fields ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "result", "field"),
    [
        ("nowrang", {"out": "Ann", "eats": True}, "result.eats"),
        ("standard-rummy", {"out": "Ann", "knocker": "Bob"}, "result.knocker"),
        ("knock-rummy", {"knocker": "Ann", "out": "Ann"}, "result.out"),
        ("continental-rum", {"out": "Ann", "u_cards": 9}, "result.u_cards"),
        ("phom", {"u": "Ann", "u_cards": 9, "draws": 1}, "result.draws"),
        ("queen-city-rum", {"out": "Ann", "blocked": True}, "result.blocked"),
        (
            "german-rummy",
            {"out": "Ann", "hands": {"Bob": {"points": 3, "mom": True}}},
            "result.hands.Bob.mom",
        ),
        (
            "standard-rummy",
            {"out": "Ann", "hands": {"Bob": {"points": 3, "note": "x"}}},
            "result.hands.Bob.note",
        ),
        (
            "block-rummy",
            {"out": "Ann", "hands": {"Bob": {"points": 3}, "Cy": {"pts": 1}}},
            "result.hands.Cy.pts",
        ),
    ],
)
def test_fields_a_family_does_not_use_are_refused(variant, result, field):
    players = ["Ann", "Bob"] if variant == "nowrang" else ABC
    err = refused(variant, result, players=players)
    assert err.field == field
    key = field.rsplit(".", 1)[-1]
    assert f"does not use '{key}'" in str(err)


def test_only_the_winners_entry_is_taken_where_only_the_winner_counts():
    err = refused(
        "continental-rum",
        {"out": "Ann", "jokers": 0, "hands": {"Bob": {"melds": ["7H 8H 9H"]}}},
    )
    assert err.field == "result.hands.Bob"
    assert "leave out Bob's entry" in str(err)


def test_an_eaten_discard_has_only_from_and_to():
    err = refused(
        "phom",
        {
            "hands": {"Ann": {"points": 1}, "Bob": {"points": 2}, "Cy": {"points": 3}},
            "eats": [{"from": "Cy", "to": "Ann", "chips": 5}],
        },
        options={"feeding-penalties": True},
    )
    assert err.field == "result.eats[0].chips"


# -- the size of a whole hand -------------------------------------------------------------------


NAMES = ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal")


def _seated(variant) -> list[str]:
    """The fewest players the variant seats, but at least 3 where it takes 3 (names as
    above): Bob is always at the table, and the tests do not assume a seat count."""
    low, high = get_variant(variant).players
    return list(NAMES[: max(low, min(3, high))])


def _whole_hand_result(variant, n: int) -> tuple[dict, str]:
    """A result where Bob (or the winner Ann, where only the winner counts) gives a whole hand;
    every other seat types points."""
    family = family_of(variant)
    if family.seats == "winner":
        return {"out": "Ann", "hands": {"Ann": {"hand": cards(n)}}}, "Ann"
    hands = {name: {"points": 5} for name in _seated(variant)}
    hands["Ann"] = {"points": 0}  # the winner ends the hand whatever it takes (Straight Gin: gin)
    hands["Bob"] = {"hand": cards(n)}
    if family.seats == "others":
        del hands["Ann"]
    result = {family.role: "Ann", "hands": hands} if family.role != "u" else {"hands": hands}
    return {**result, **required_extras(variant)}, "Bob"


# A value of each kind of hand-level field, for the fields a variant requires (Oklahoma's upcard).
SAMPLES = {"card": "7H", "flag": True, "number": 1}


def required_extras(variant) -> dict:
    table = get_variant(variant).table(players=len(_seated(variant)))
    return {f.key: SAMPLES[f.kind] for f in family_of(variant).fields(table) if f.required}


HAND_VARIANTS = [v.slug for v in all_variants() if "hand" in family_of(v).seat_keys]


@pytest.mark.parametrize("slug", HAND_VARIANTS)
def test_a_whole_hand_holds_what_the_deal_allows(slug):
    variant = get_variant(slug)
    family = family_of(variant)
    players = _seated(variant)
    deal = variant.deal_for(len(players))
    low, high = family.hand_size(variant.table(players=len(players)), len(players), "Bob", {})
    if variant.hand_grows:
        assert (low, high) == (deal, MAX_HAND), "a hand only grows: at least the deal"
    elif family.laid_in_play(variant):
        assert (low, high) == (0, deal + 1), "melds laid in play: at most the deal and a draw"
    elif family.seats == "winner" and high == deal + 1:
        assert low == deal, "going out: all melded, or all but a discard"
    else:
        assert (low, high) == (deal, deal), "nothing laid before the end: exactly the deal"
    for n in (low, min(high, deal + 4)):
        result, _who = _whole_hand_result(slug, n)
        try:
            score(slug, result, players=players)  # accepted
        except RulesError as err:
            # Where the winner lays his whole hand down at once, these cards (picked to hold
            # few melds) are refused for not going out, never for their number.
            assert variant.going_out is not None and "go out" in str(err), err
    for n in (low - 1,) if high == MAX_HAND else (high + 1, low - 1) if low else (high + 1,):
        result, who = _whole_hand_result(slug, n)
        err = refused(slug, result, players=players)
        assert err.field == f"result.hands.{who}.hand"
        shown = low if high == MAX_HAND else high
        assert who in str(err) and str(shown) in str(err) and f"not {n}" in str(err)


def test_boat_house_refuses_a_hand_smaller_than_the_deal_and_takes_a_bigger_one():
    """RULES.md 1: taking the top discard takes two, so a Boat House hand only grows."""
    err = refused(
        "boat-house-rum", {"out": "Ann", "hands": {"Bob": {"hand": cards(3)}, "Cy": {"points": 1}}}
    )
    assert str(err) == "Bob's whole hand holds at least 7 cards at the end of this hand, not 3"
    score(
        "boat-house-rum", {"out": "Ann", "hands": {"Bob": {"hand": cards(9)}, "Cy": {"points": 1}}}
    )


def test_knock_refuses_three_cards_as_a_whole_hand():
    # Once accepted as 0 deadwood and a rum bonus.
    err = refused(
        "knock-rummy",
        {
            "knocker": "Ann",
            "hands": {"Ann": {"points": 5}, "Bob": {"hand": "AS 2S 3S"}, "Cy": {"points": 9}},
        },
    )
    assert str(err) == "Bob's whole hand holds 7 cards at the end of this hand, not 3"


def test_phom_u_winner_holds_ten_without_a_discard():
    result = {"u": "Ann", "u_cards": 10, "hands": {"Ann": {"hand": cards(9)}}}
    err = refused("phom", result)
    assert "holds 10 cards" in str(err)
    result["hands"]["Ann"]["hand"] = cards(10)
    score("phom", result)


def test_leftover_cards_stay_free():
    score(
        "knock-rummy",
        {
            "knocker": "Ann",
            "hands": {"Ann": {"points": 5}, "Bob": {"cards": "AS 2S 3S"}, "Cy": {"points": 9}},
        },
    )


# -- bounds -------------------------------------------------------------------------------------


def test_points_are_bounded():
    result = {"out": "Ann", "hands": {"Bob": {"points": MAX_POINTS + 1}, "Cy": {"points": 1}}}
    err = refused("standard-rummy", result)
    assert err.field == "result.hands.Bob.points"
    result["hands"]["Bob"]["points"] = 10**400
    assert refused("standard-rummy", result).field == "result.hands.Bob.points"
    result["hands"]["Bob"]["points"] = MAX_POINTS
    assert score("standard-rummy", result).deltas["Ann"] == MAX_POINTS + 1


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"target": 100_001}, "options.target"),
        ({"target": 10**400}, "options.target"),
        ({"hands": 1001}, "options.hands"),
    ],
)
def test_number_options_are_bounded(options, field):
    variant = "standard-rummy" if "target" in options else "german-rummy"
    err = refused(variant, {"out": "Ann"}, options=options)
    assert err.field == field


def test_every_number_option_has_an_upper_bound():
    for variant in all_variants():
        for option in variant.options:
            if option.type == "int":
                assert option.high <= MAX_OPTION
                with pytest.raises(RulesError):
                    option.coerce(option.high + 1)
                with pytest.raises(RulesError):
                    option.coerce(10**400)


@pytest.mark.parametrize(
    ("variant", "options", "result", "field"),
    [
        (
            "continental-rum",
            {"quick-meld-bonus": True},
            {"out": "Ann", "draws": 10**400},
            "result.draws",
        ),
        ("continental-rum", {}, {"out": "Ann", "jokers": 10**400}, "result.jokers"),
        ("phom", {}, {"u": "Ann", "u_cards": 10**400}, "result.u_cards"),
        (
            "standard-rummy",
            {},
            {"out": "Ann", "hands": {"Bob": {"cards": "KH " * 200}}},
            "result.hands.Bob.cards",
        ),
        (
            "standard-rummy",
            {},
            {"out": "Ann", "hands": {"Bob": {"melds": ["7H 8H 9H"] * 31}}},
            "result.hands.Bob.melds",
        ),
    ],
)
def test_entry_numbers_and_texts_are_bounded(variant, options, result, field):
    assert refused(variant, result, options=options).field == field


def test_eats_are_bounded():
    eats = [{"from": "Cy", "to": "Ann"}] * 41
    result = {
        "hands": {"Ann": {"points": 1}, "Bob": {"points": 2}, "Cy": {"points": 3}},
        "eats": eats,
    }
    assert refused("phom", result, options={"feeding-penalties": True}).field == "result.eats"


# -- house-rule numbers ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.slug)
def test_every_parameter_a_family_reads_is_a_house_rule_of_its_variants(variant):
    """RULES.md 1: whole numbers from 0 to 500, the default as the variant gives it."""
    for slug in family_of(variant).parameters_for(variant):
        option = variant.option(slug)
        assert option is not None, slug
        assert (option.type, option.low, option.high) == ("int", 0, 500)
        assert variant.table({slug: 0}).options[slug] == 0


def test_a_house_rule_number_changes_the_score():
    knock = {"knocker": "Ann", "hands": {"Ann": {"points": 9}, "Bob": {"points": 4}}}
    assert score("knock-rummy", knock, players=["Ann", "Bob"]).deltas == {"Ann": -10, "Bob": 15}
    changed = score("knock-rummy", knock, players=["Ann", "Bob"], options={"undercut-bonus": 25})
    assert changed.deltas == {"Ann": -25, "Bob": 30}
    phom = {"u": "Ann", "u_cards": 10, "hands": {}}
    assert score("phom", phom, options={"u-chips": 5}).deltas == {"Ann": 20, "Bob": -10, "Cy": -10}


def test_phom_tie_reads_as_won_by_playing_earlier():
    """Issue 15 bug 6: a tie for the lowest trash is won by the player nearer the dealer's
    left, and the explanation says so (not a plain win)."""
    result = {"hands": {"Ann": {"points": 9}, "Bob": {"points": 9}, "Cy": {"points": 22}}}
    scored = score("phom", result, dealer="Cy")
    assert scored.winners == ("Ann",)
    first = scored.explanation[0]
    assert first.code == "phom.lowest_tie" and first.params["others"] == "Bob"
    assert "by playing earlier" in str(first)
    scored = score("phom", result, dealer="Ann")
    assert scored.winners == ("Bob",) and scored.explanation[0].params["others"] == "Ann"
    untied = {"hands": {"Ann": {"points": 8}, "Bob": {"points": 9}, "Cy": {"points": 22}}}
    assert score("phom", untied).explanation[0].code == "phom.lowest"
