"""The page helpers that arrange the engine's numbers: leaders, chart, settlement."""

from scorekeeper.games.pages.presentation import Payment, chart, leaders, settlement
from scorekeeper.rules import get_variant


def state(totals, over=False, winners=()):
    return {"totals": totals, "over": over, "winners": list(winners), "hands": [{}]}


def test_leaders_follow_the_variants_direction():
    assert leaders(get_variant("knock-rummy"), state({"A": 5, "B": 9})) == ["B"]
    assert leaders(get_variant("german-rummy"), state({"A": 5, "B": 9})) == ["A"]
    assert leaders(get_variant("knock-rummy"), state({"A": 9, "B": 9})) == ["A", "B"]
    done = state({"A": 5, "B": 9}, over=True, winners=["A"])
    assert leaders(get_variant("knock-rummy"), done) == ["A"]
    assert leaders(get_variant("knock-rummy"), {**state({"A": 0}), "hands": []}) == []


def test_chart_places_every_hand_and_the_target():
    drawn = chart(["A", "B"], [{"A": 10, "B": 0}, {"A": 30, "B": -10}], target=100)
    assert drawn is not None
    assert [len(s.dots) for s in drawn.series] == [2, 2]
    assert drawn.series[0].points.count(",") == 3  # the start and two hands
    ys = [y for _, y in drawn.series[0].dots]
    assert ys[0] > ys[1]  # higher totals sit higher on the chart
    assert drawn.target is not None and drawn.target < min(ys)
    assert drawn.zero is not None
    assert chart(["A"], []) is None


def test_settlement_squares_every_transfer_in_few_payments():
    hands = [
        {"transfers": [{"from": "B", "to": "A", "amount": 3}, {"from": "C", "to": "A", "amount": 3}]},
        {"transfers": [{"from": "A", "to": "C", "amount": 4}]},
    ]
    # A +2, B -3, C +1
    assert settlement(["A", "B", "C"], hands) == [Payment("B", "A", 2), Payment("B", "C", 1)]
    assert settlement(["A", "B"], [{"transfers": []}]) == []
