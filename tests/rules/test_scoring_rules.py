"""The Decision items of RULES.md and every error case of a hand result, through the engine."""

import pytest

from scorekeeper.rules import score_hand
from scorekeeper.rules.errors import RulesError
from scorekeeper.rules.game import replay

ABC = ["Ann", "Bob", "Cy"]
ABCD = ["Ann", "Bob", "Cy", "Dan"]


def pts(**counts):
    return {name: {"points": n} for name, n in counts.items()}


def score(variant, result, players=ABC, options=None, dealer=None):
    return score_hand(
        variant=variant, options=options, players=players, dealer=dealer, result=result
    )


def out(winner, amount, players=ABC):
    losers = [p for p in players if p != winner]
    return {
        "out": winner,
        "hands": {p: {"points": amount if i == 0 else 0} for i, p in enumerate(losers)},
    }


# -- decisions ----------------------------------------------------------------------------


def test_a_tie_at_the_top_over_the_target_plays_on():
    # Only a shared win can tie two players over the target: Block Rummy's blocked hand.
    hands = [out("Ann", 90), out("Bob", 90), {"blocked": True, "hands": pts(Ann=5, Bob=5, Cy=25)}]
    state = replay(variant="block-rummy", players=ABC, results=hands).state
    assert state.totals == {"Ann": 100, "Bob": 100, "Cy": 0}
    assert not state.over and state.winners == []
    state = replay(variant="block-rummy", players=ABC, results=hands + [out("Bob", 1)]).state
    assert state.over and state.winners == ["Bob"]


def test_count_scoring_makes_the_default_target_25_but_a_set_target_wins():
    state = replay(
        variant="standard-rummy", options={"count-scoring": True}, players=ABC, results=[]
    ).state
    assert state.end == {"kind": "target", "target": 25}
    state = replay(
        variant="standard-rummy",
        options={"count-scoring": True, "target": 40},
        players=ABC,
        results=[],
    ).state
    assert state.end["target"] == 40


def test_rummy_complete_counts_an_opponents_unlaid_melds_too():
    scored = score(
        "rummy-complete",
        {
            "out": "Ann",
            "hands": {"Bob": {"melds": ["7H 8H 9H"], "cards": "KD"}, "Cy": {"points": 0}},
        },
    )
    assert scored.deltas["Ann"] == 34


def test_standard_rummy_counts_only_what_is_left_beside_laid_melds():
    scored = score(
        "standard-rummy",
        {
            "out": "Ann",
            "hands": {"Bob": {"melds": ["7H 8H 9H"], "cards": "KD"}, "Cy": {"points": 0}},
        },
    )
    assert scored.deltas["Ann"] == 10


def test_knock_two_opponents_at_zero_undercutting_share_bonus_and_rum():
    scored = score("knock-rummy", {"knocker": "Ann", "hands": pts(Ann=5, Bob=0, Cy=0)})
    # pool = (5 - 0) + 10 undercut + 25 x 2 rum = 65, shared by two: 32 each, 1 to nobody
    assert scored.deltas == {"Ann": -10, "Bob": 32, "Cy": 32}
    assert set(scored.winners) == {"Bob", "Cy"}


def test_knock_five_players_deal_and_range():
    with pytest.raises(RulesError) as caught:
        score("knock-rummy", {"knocker": "A"}, players=["A", "B", "C", "D", "E", "F"])
    assert caught.value.field == "players"


def test_phom_tie_goes_to_the_earlier_player_from_the_dealers_left():
    scored = score("phom", {"hands": pts(Ann=9, Bob=9, Cy=20, Dan=25)}, players=ABCD, dealer="Ann")
    assert scored.winners == ("Bob",), "play order is Bob, Cy, Dan, Ann"
    assert scored.deltas["Ann"] == -1


def test_phom_mom_ranks_after_every_player_with_a_meld():
    result = {
        "hands": {
            "Ann": {"points": 3, "mom": True},
            "Bob": {"points": 20},
            "Cy": {"points": 25},
            "Dan": {"points": 30},
        }
    }
    scored = score("phom", result, players=ABCD, dealer="Dan")
    assert scored.winners == ("Bob",)
    assert scored.deltas == {"Bob": 1 + 2 + 4, "Cy": -1, "Dan": -2, "Ann": -4}


def test_phom_everyone_mom_lowest_wins_and_all_pay_four():
    result = {
        "hands": {
            p: {"points": n, "mom": True} for p, n in zip(ABCD, (30, 12, 25, 40), strict=True)
        }
    }
    scored = score("phom", result, players=ABCD, dealer="Dan")
    assert scored.deltas == {"Bob": 12, "Ann": -4, "Cy": -4, "Dan": -4}


def test_phom_mom_is_derived_from_a_whole_hand():
    result = {
        "hands": {
            "Ann": {"hand": "KH QS 9D 7C 5H 3S 2D AC 10C"},
            "Bob": {"points": 20},
            "Cy": {"points": 25},
        }
    }
    scored = score("phom", result, players=ABC, dealer="Cy")
    assert scored.players["Ann"].mom is True
    assert scored.deltas["Ann"] == -4


def test_phom_contradicting_mom_flag_is_refused():
    result = {
        "hands": {
            "Ann": {"hand": "AH 2H 3H 9D 5C 7S JD QC KS", "mom": True},
            "Bob": {"points": 20},
            "Cy": {"points": 25},
        }
    }
    with pytest.raises(RulesError) as caught:
        score("phom", result, players=ABC, dealer="Cy")
    assert caught.value.field == "result.hands.Ann.mom"


def test_phom_only_the_next_player_can_eat_a_discard():
    result = {"hands": pts(Ann=9, Bob=9, Cy=22, Dan=30), "eats": [{"from": "Cy", "to": "Ann"}]}
    with pytest.raises(RulesError) as caught:
        score("phom", result, players=ABCD, dealer="Dan", options={"feeding-penalties": True})
    assert caught.value.field == "result.eats[0]"


def test_phom_feeding_fields_need_the_option():
    with pytest.raises(RulesError) as caught:
        score("phom", {"u": "Cy", "u_cards": 9, "fed_by": "Bob"}, players=ABCD, dealer="Dan")
    assert caught.value.field == "result.fed_by"


def test_phom_u_cards_derived_from_melds():
    melds = ["AH 2H 3H", "5S 5D 5C", "9C 10C JC"]
    scored = score(
        "phom", {"u": "Cy", "hands": {"Cy": {"melds": melds}}}, players=ABCD, dealer="Dan"
    )
    assert scored.deltas["Cy"] == 18


def test_phom_session_defaults_to_twice_the_players_and_starting_chips():
    state = replay(variant="phom", options={"starting-chips": 50}, players=ABC, results=[]).state
    assert state.end["hands"] == 6
    assert state.totals == dict.fromkeys(ABC, 50)


def test_continental_defaults_and_winner_deals():
    hands = [{"out": "Bob", "jokers": 0}]
    state = replay(variant="continental-rum", players=ABC, results=hands).state
    assert state.end["hands"] == 3
    assert state.totals == {"Ann": 99, "Bob": 102, "Cy": 99}
    assert state.dealer == "Bob"


def test_continental_transfers_sum_to_zero():
    scored = score(
        "continental-rum",
        {"out": "Cy", "jokers": 2, "same_suit": True},
        options={"special-bonuses": True},
    )
    assert sum(scored.deltas.values()) == 0
    assert scored.deltas["Cy"] == 2 * (1 + 4 + 10)


def test_continental_pattern_is_checked():
    melds = ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D 4D"]
    with pytest.raises(RulesError) as caught:
        score("continental-rum", {"out": "Ann", "hands": {"Ann": {"melds": melds}}})
    assert caught.value.field == "result.hands.Ann.melds"


def test_continental_has_no_sets():
    melds = ["5H 6H 7H 8H 9H", "JS QS KS AS", "4D 4H 4C", "9C 10C JC"]
    with pytest.raises(RulesError) as caught:
        score("continental-rum", {"out": "Ann", "hands": {"Ann": {"melds": melds}}})
    assert caught.value.reason.code == "meld.why.no_sets"


def test_double_rum_default_players_and_deal():
    state = replay(variant="double-rum", players=["A", "B", "C", "D", "E", "F"], results=[]).state
    assert state.deal == 6


def test_queen_city_default_target_500():
    state = replay(variant="queen-city-rum", players=ABC, results=[]).state
    assert state.end == {"kind": "target", "target": 500}


def test_nowrang_match_of_three():
    hands = [{"out": "Ann"}, {"out": "Bob"}, {"out": "Ann"}]
    state = replay(
        variant="nowrang", options={"match-games": 3}, players=["Ann", "Bob"], results=hands
    ).state
    assert state.over and state.winners == ["Ann"] and state.totals == {"Ann": 2, "Bob": 1}


def test_deal_passes_left_after_each_hand():
    hands = [out("Ann", 5), out("Ann", 5)]
    state = replay(variant="standard-rummy", players=ABC, dealer="Ann", results=hands).state
    assert state.dealer == "Cy"


def test_no_hand_after_the_game_is_over():
    with pytest.raises(RulesError) as caught:
        replay(
            variant="standard-rummy",
            options={"target": 0},
            players=ABC,
            results=[out("Ann", 1), out("Bob", 1)],
        )
    assert caught.value.field == "hands[1]"


# -- errors: each names its field and changes nothing ------------------------------------

ERRORS = [
    ("unknown variant", {"variant": "gin"}, "variant"),
    ("unknown option", {"options": {"wild-twos": True}}, "options.wild-twos"),
    ("option type", {"options": {"target": "high"}}, "options.target"),
    ("negative target", {"options": {"target": -5}}, "options.target"),
    ("duplicate player", {"players": ["Ann", "Ann", "Cy"]}, "players[1]"),
    ("empty name", {"players": ["Ann", " ", "Cy"]}, "players[1]"),
    ("too few players", {"players": ["Ann"]}, "players"),
    ("unknown dealer", {"dealer": "Zed"}, "dealer"),
    ("result not an object", {"result": ["Ann"]}, "result"),
    ("missing out", {"result": {"hands": pts(Bob=1, Cy=2)}}, "result.out"),
    ("out not a player", {"result": {"out": "Zed", "hands": pts(Bob=1, Cy=2)}}, "result.out"),
    (
        "entry for a stranger",
        {"result": {"out": "Ann", "hands": pts(Bob=1, Cy=2, Zed=3)}},
        "result.hands.Zed",
    ),
    ("missing entry", {"result": {"out": "Ann", "hands": pts(Bob=1)}}, "result.hands.Cy"),
    (
        "bad card",
        {"result": {"out": "Ann", "hands": {"Bob": {"cards": "KH 1H"}, "Cy": {"points": 2}}}},
        "result.hands.Bob.cards",
    ),
    (
        "two of a card",
        {"result": {"out": "Ann", "hands": {"Bob": {"cards": "KH"}, "Cy": {"cards": "KH"}}}},
        "result.hands",
    ),
    (
        "joker without jokers",
        {"result": {"out": "Ann", "hands": {"Bob": {"cards": "JK"}, "Cy": {"points": 2}}}},
        "result.hands",
    ),
    (
        "points and cards",
        {
            "result": {
                "out": "Ann",
                "hands": {"Bob": {"points": 3, "cards": "3H"}, "Cy": {"points": 2}},
            }
        },
        "result.hands.Bob",
    ),
    (
        "negative points",
        {"result": {"out": "Ann", "hands": pts(Bob=-1, Cy=2)}},
        "result.hands.Bob.points",
    ),
    (
        "points as text",
        {"result": {"out": "Ann", "hands": {"Bob": {"points": "7"}, "Cy": {"points": 2}}}},
        "result.hands.Bob.points",
    ),
    (
        "rummy without option",
        {"result": {"out": "Ann", "rummy": True, "hands": pts(Bob=1, Cy=2)}},
        "result.rummy",
    ),
    (
        "bad meld",
        {"result": {"out": "Ann", "hands": {"Bob": {"melds": ["7H 8H 10H"]}, "Cy": {"points": 2}}}},
        "result.hands.Bob.melds[0]",
    ),
]


@pytest.mark.parametrize("change, field", [pytest.param(c, f, id=name) for name, c, f in ERRORS])
def test_bad_input_names_its_field(change, field):
    call = {
        "variant": "standard-rummy",
        "options": {},
        "players": ABC,
        "dealer": None,
        "result": {"out": "Ann", "hands": pts(Bob=1, Cy=2)},
    }
    call.update(change)
    with pytest.raises(RulesError) as caught:
        score_hand(**call)
    assert caught.value.field == field
    # The message is the problem only: the field is never repeated inside it.
    assert not str(caught.value).startswith(f"{field}:")


def test_bad_card_message_names_the_token():
    with pytest.raises(RulesError) as caught:
        score(
            "standard-rummy",
            {"out": "Ann", "hands": {"Bob": {"cards": "KH 1H"}, "Cy": {"points": 2}}},
        )
    assert caught.value.message.code == "card.not_a_card_at"
    assert caught.value.message.params == {"token": "1H", "position": 2}
    assert caught.value.field == "result.hands.Bob.cards"


def test_block_rummy_blocked_needs_every_player_and_no_out():
    with pytest.raises(RulesError) as caught:
        score("block-rummy", {"blocked": True, "hands": pts(Ann=1, Bob=2)})
    assert caught.value.field == "result.hands.Cy"
    with pytest.raises(RulesError) as caught:
        score("block-rummy", {"blocked": True, "out": "Ann", "hands": pts(Ann=1, Bob=2, Cy=3)})
    assert caught.value.field == "result.out"
