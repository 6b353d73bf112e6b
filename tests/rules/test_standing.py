"""The engine ranks a finished game's players in each variant's own direction."""

import pytest

from scorekeeper.rules import all_variants
from scorekeeper.rules.errors import RulesError
from scorekeeper.rules.game import replay
from scorekeeper.rules.standing import final_places, highest_first, score_unit


def places(variant, totals, options=None):
    return {
        p.player: (p.place, p.score)
        for p in final_places(variant=variant, options=options, players=list(totals), totals=totals)
    }


def test_highest_first_with_shared_places():
    assert places("standard-rummy", {"Ann": 40, "Bob": 90, "Cy": 40, "Di": 10}) == {
        "Bob": (1, 90),
        "Ann": (2, 40),
        "Cy": (2, 40),
        "Di": (4, 10),
    }


def test_penalty_points_lowest_first():
    assert places("german-rummy", {"Ann": 40, "Bob": 90, "Cy": 5}) == {
        "Cy": (1, 5),
        "Ann": (2, 40),
        "Bob": (3, 90),
    }


def test_chips_count_from_the_starting_balance():
    totals = {"Ann": 14, "Bob": 6, "Cy": 10}
    assert places("phom", totals, {"starting-chips": 10}) == {
        "Ann": (1, 4),
        "Cy": (2, 0),
        "Bob": (3, -4),
    }
    assert places("continental-rum", {"Ann": 120, "Bob": 80}) == {"Ann": (1, 20), "Bob": (2, -20)}


def test_games_won():
    played = replay(
        variant="nowrang",
        options={"match-games": 3},
        players=["Ann", "Bob"],
        results=[{"out": "Bob"}, {"out": "Ann"}, {"out": "Bob"}],
    )
    assert places("nowrang", played.state.totals, {"match-games": 3}) == {
        "Bob": (1, 2),
        "Ann": (2, 1),
    }


def test_the_winner_of_every_variant_places_first():
    for variant in all_variants():
        low = variant.players[0]
        names = [f"P{i}" for i in range(low)]
        totals = {name: 10 * i for i, name in enumerate(names)}
        ranked = final_places(variant=variant, players=names, totals=totals)
        best = names[-1] if highest_first(variant) else names[0]
        assert ranked[0].player == best and ranked[0].won
        assert score_unit(variant) in {"points", "penalty points", "chips", "games won"}


def test_bad_table_is_refused():
    with pytest.raises(RulesError):
        final_places(variant="nope", players=["A", "B"], totals={"A": 1, "B": 2})
