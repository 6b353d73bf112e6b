"""bench/arrange.py runs end to end on a handful of hands (figures only, no timing checks)."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "arrange.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_arrange", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


def _has_pyspiel() -> bool:
    return importlib.util.find_spec("pyspiel") is not None


def test_bench_runs_and_agrees_with_openspiel(bench):
    out = io.StringIO()
    report = bench.main(["--n", "20"], out=out)
    text = out.getvalue()
    assert set(report.sets) == {"a", "b", "c", "d", "e"}
    assert [r.hands for r in report.sets.values()] == [20, 20, 4, 4, 2]
    for result in report.sets.values():
        assert len(result.ours.times_ns) == result.hands
        assert result.ours.median_ms <= result.ours.p99_ms <= result.ours.max_ms
    assert "median" in text and "p99" in text and "Targets" in text
    assert "e. Gin Rummy lay-offs" in text and "e: p99 under" in text
    if _has_pyspiel():
        assert report.openspiel
        assert report.disagreements == 0, text
        assert "agreement with OpenSpiel: 20/20 hands" in text
        assert report.sets["a"].ratio is not None
        assert report.sets["a"].api_ratio is not None
        assert "best_arrangement median within" in text
    else:  # open-spiel is in requirements-dev.txt; without it the script still runs
        assert "OpenSpiel not available" in text


def test_bench_without_openspiel(bench):
    out = io.StringIO()
    report = bench.main(["--n", "5", "--no-openspiel", "--seed", "7"], out=out)
    assert not report.openspiel
    assert report.disagreements == 0
    assert all(r.openspiel is None for r in report.sets.values())


def test_openspiel_card_codes_match_its_own_names(bench):
    pyspiel = pytest.importorskip("pyspiel")
    openspiel = bench.OpenSpiel(pyspiel)
    from scorekeeper.rules import parse_cards

    hand = parse_cards("AS 2S 3S 7H 7D 7C JH QH KH 4D")  # worked example 23: deadwood 4
    assert openspiel.min_deadwood(openspiel.encode(hand)) == 4
    assert openspiel.code[parse_cards("AS")[0]] == 0
    assert openspiel.utils.card_string(openspiel.code[parse_cards("10D")[0]]) == "Td"


def test_same_seed_deals_the_same_hands(bench):
    import random

    from scorekeeper.rules import get_variant

    table = get_variant("german-rummy").table()
    first = bench.deal_with_jokers(random.Random(1), table, 10, 14, 6)
    again = bench.deal_with_jokers(random.Random(1), table, 10, 14, 6)
    assert first == again
    for hand in first:
        assert len(hand) == 14
        table.deck.check(hand)  # never more copies than the deck holds
        assert sum(c.is_joker for c in hand) <= 6
