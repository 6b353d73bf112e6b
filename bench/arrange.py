"""Benchmark of the optimal-arrangement solver (``make bench``).

    .venv/bin/python bench/arrange.py            # the full run (about a minute)
    .venv/bin/python bench/arrange.py --n 500    # scaled down

Four sets of hands, dealt with a seeded RNG so every run times the same hands:

a. random 10-card hands from one pack, Knock Rummy rules (ace low; K, Q, J count 10);
b. meld-rich 10-card hands from a 20-card window (five consecutive ranks, all four suits),
   same rules;
c. Caloochi: 15 cards from two packs with 0-4 jokers (a fifth as many hands as a and b);
d. German Rummy: 14 cards from two packs with 0-6 jokers (a fifth as many hands as a and b);
e. Gin Rummy lay-offs: deals of 10 + 10 cards from one pack, both whole hands given, the knock
   limit raised so every deal is scored, through ``score_hand`` end to end (the knocker's
   arrangement, then the defender's melds and lay-offs onto the knocker's melds; a tenth as
   many deals as a and b).

Each hand is timed through ``arrange`` (the solver, on parsed cards) and, separately, through
the public entry point as every caller uses it: ``best_arrangement(text, slug)`` with the hand
as typed notation and the variant by its slug (parsing, the table's rules and the deck check
included). Where OpenSpiel's Python package imports, its
C++ ``GinRummyUtils.min_deadwood`` (same meld rules as Knock Rummy: sets of 3-4, runs of 3+,
ace low, K/Q/J 10) deals with sets a and b too: every hand's deadwood must agree, and the
script prints the ratio of the median times, for the solver and for the public entry point.
The three are timed interleaved, one hand at a time (ours, ours end to end, OpenSpiel's, then
the next hand), so a busy machine slows them alike and the ratios stay readable when the times
move. Only disagreements make the exit status non-zero; times are figures to read, never
pass/fail conditions.
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scorekeeper.rules import (  # noqa: E402
    JOKER,
    Card,
    best_arrangement,
    format_cards,
    get_variant,
    score_hand,
)
from scorekeeper.rules.arrange import arrange  # noqa: E402
from scorekeeper.rules.variants import Table  # noqa: E402

SEED = 20261129
TARGET_RATIO = 10  # our median within 10x of OpenSpiel's, end to end (issue 18)
TARGET_P99_MS = 10.0  # sets c, d and e


# -- dealing ----------------------------------------------------------------------------------


def naturals(table: Table) -> list[Card]:
    return [c for c in table.deck.cards() if not c.is_joker]


def deal_random(rng: random.Random, table: Table, n: int, size: int) -> list[list[Card]]:
    deck = table.deck.cards()
    return [rng.sample(deck, size) for _ in range(n)]


def deal_window(rng: random.Random, table: Table, n: int, size: int) -> list[list[Card]]:
    """Hands from five consecutive ranks (A-5 up to 9-K), all four suits: 20 cards a pack."""
    pack = naturals(table)
    hands = []
    for _ in range(n):
        low = rng.randint(1, 9)
        window = [c for c in pack if low <= c.rank < low + 5]
        hands.append(rng.sample(window, size))
    return hands


def deal_with_jokers(
    rng: random.Random, table: Table, n: int, size: int, max_jokers: int
) -> list[list[Card]]:
    """Hands of ``size`` cards holding 0 to ``max_jokers`` jokers (uniformly), shuffled."""
    pack = naturals(table)
    hands = []
    for _ in range(n):
        jokers = rng.randint(0, min(max_jokers, table.deck.jokers))
        hand = rng.sample(pack, size - jokers) + [JOKER] * jokers
        rng.shuffle(hand)
        hands.append(hand)
    return hands


def deal_gin(rng: random.Random, table: Table, n: int) -> list[tuple[str, str]]:
    """Two 10-card whole hands a deal, from one shuffled pack, as typed text."""
    pack = naturals(table)
    deals = []
    for _ in range(n):
        cards = rng.sample(pack, 20)
        deals.append((format_cards(cards[:10]), format_cards(cards[10:])))
    return deals


GIN_PLAYERS = ["Ann", "Bob"]
GIN_OPTIONS = {"knock-limit": 100}  # every deal may knock, so every deal is scored


def score_gin_deal(deal: tuple[str, str]):
    ann, bob = deal
    return score_hand(
        variant="gin-rummy",
        options=GIN_OPTIONS,
        players=GIN_PLAYERS,
        result={"knocker": "Ann", "hands": {"Ann": {"hand": ann}, "Bob": {"hand": bob}}},
    )


def run_gin(name: str, deals: list[tuple[str, str]], out) -> SetResult:
    """Set e: one timing (``score_hand``, text in), kept in both columns of the report."""
    (timing,), _ = time_interleaved([score_gin_deal], [deals])
    print(f"\n{name}: {len(deals)} deals", file=out)
    print(f"  score_hand        {timing.row()}  (both whole hands typed)", file=out)
    return SetResult(name, len(deals), timing, timing)


# -- OpenSpiel ---------------------------------------------------------------------------------


class OpenSpiel:
    """OpenSpiel's gin rummy utilities: 13 ranks, 4 suits, hands of 10."""

    RANK_CHARS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}

    def __init__(self, pyspiel_module):
        self.utils = pyspiel_module.gin_rummy.GinRummyUtils(13, 4, 10)
        # Let OpenSpiel's own parser give each card its int, and check the mapping both ways
        # (it is suit-major, suits in the order s c d h, ace first: As=0, Ks=12, Ac=13, ...).
        self.code: dict[Card, int] = {}
        for suit in "SHDC":
            for rank in range(1, 14):
                text = f"{self.RANK_CHARS.get(rank, str(rank))}{suit.lower()}"
                code = self.utils.card_int(text)
                if self.utils.card_string(code) != text:
                    raise RuntimeError(f"OpenSpiel card encoding mismatch for {text}")
                self.code[Card(rank, suit)] = code
        if sorted(self.code.values()) != list(range(52)):
            raise RuntimeError("OpenSpiel card encoding is not a permutation of 0-51")

    def encode(self, hand: Sequence[Card]) -> list[int]:
        return [self.code[c] for c in hand]

    def min_deadwood(self, codes: list[int]) -> int:
        # With 10 cards this is the plain minimum deadwood; with 11 OpenSpiel would first
        # discard the card that leaves the least, so every hand here has exactly 10.
        return self.utils.min_deadwood(codes)


def load_openspiel() -> OpenSpiel | None:
    try:
        import pyspiel
    except ImportError:
        return None
    return OpenSpiel(pyspiel)


# -- timing ------------------------------------------------------------------------------------


@dataclass
class Timing:
    times_ns: list[int] = field(default_factory=list)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times_ns) / 1e6

    @property
    def p99_ms(self) -> float:
        ordered = sorted(self.times_ns)
        return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)] / 1e6

    @property
    def max_ms(self) -> float:
        return max(self.times_ns) / 1e6

    def row(self) -> str:
        return (
            f"median {self.median_ms:8.4f} ms  p99 {self.p99_ms:8.4f} ms  max {self.max_ms:8.4f} ms"
        )


def time_interleaved(
    funcs: Sequence[Callable], items: Sequence[Sequence]
) -> tuple[list[Timing], list[list]]:
    """Time ``funcs[k](items[k][i])`` for each hand ``i``, the functions one after the other
    on the same hand before the next hand: on a busy machine every function then meets the
    same load, so the ratios of their medians hold even when the times themselves move."""
    for func, its in zip(funcs, items, strict=True):
        for item in its[:20]:  # warm caches and the interpreter
            func(item)
    gc.collect()
    timings = [Timing() for _ in funcs]
    results: list[list] = [[] for _ in funcs]
    clock = time.perf_counter_ns
    for i in range(len(items[0])):
        for func, its, timing, out in zip(funcs, items, timings, results, strict=True):
            item = its[i]
            start = clock()
            result = func(item)
            timing.times_ns.append(clock() - start)
            out.append(result)
    return timings, results


@dataclass
class SetResult:
    name: str
    hands: int
    ours: Timing
    api: Timing
    openspiel: Timing | None = None
    disagreements: list[tuple[str, int, int]] = field(default_factory=list)

    @property
    def ratio(self) -> float | None:
        """The solver's median over OpenSpiel's."""
        if self.openspiel is None:
            return None
        return self.ours.median_ms / self.openspiel.median_ms

    @property
    def api_ratio(self) -> float | None:
        """The public entry point's median (text in, arrangement out) over OpenSpiel's."""
        if self.openspiel is None:
            return None
        return self.api.median_ms / self.openspiel.median_ms


def run_set(
    name: str,
    slug: str,
    hands: list[list[Card]],
    openspiel: OpenSpiel | None,
    out,
) -> SetResult:
    table = get_variant(slug).table()
    rules, values = table.meld_rules, table.values
    typed = [format_cards(h) for h in hands]
    funcs: list[Callable] = [
        lambda h: arrange(h, rules, values),
        lambda text: best_arrangement(text, slug),
    ]
    items: list[Sequence] = [hands, typed]
    if openspiel is not None:
        funcs.append(openspiel.min_deadwood)
        items.append([openspiel.encode(h) for h in hands])
    timings, outputs = time_interleaved(funcs, items)
    ours, api = timings[0], timings[1]
    arrangements, via_api = outputs[0], outputs[1]
    for a, b in zip(arrangements, via_api, strict=True):
        if a != b:
            raise AssertionError(f"best_arrangement and arrange differ: {a} / {b}")
    result = SetResult(name, len(hands), ours, api)
    print(f"\n{name}: {len(hands)} hands", file=out)
    print(f"  arrange           {ours.row()}", file=out)
    print(f"  best_arrangement  {api.row()}  (typed text and slug in)", file=out)
    if openspiel is not None:
        result.openspiel, theirs = timings[2], outputs[2]
        for hand, mine, other in zip(hands, arrangements, theirs, strict=True):
            if mine.count != other:
                result.disagreements.append((format_cards(hand), mine.count, other))
        print(f"  OpenSpiel (C++)   {result.openspiel.row()}", file=out)
        print(
            f"  agreement with OpenSpiel: {len(hands) - len(result.disagreements)}/{len(hands)}"
            f" hands; median ratio ours/OpenSpiel: solver {result.ratio:.1f}x,"
            f" best_arrangement {result.api_ratio:.1f}x",
            file=out,
        )
        for text, mine, other in result.disagreements[:20]:
            print(f"    DISAGREE {text}: ours {mine}, OpenSpiel {other}", file=out)
    return result


# -- main --------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--n",
        type=int,
        default=10_000,
        help="hands in sets a and b (c and d get a fifth, e a tenth, at least 1); default 10000",
    )
    parser.add_argument("--seed", type=int, default=SEED, help=f"RNG seed (default {SEED})")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel comparison")
    return parser.parse_args(argv)


@dataclass
class Report:
    sets: dict[str, SetResult]  # by letter, "a" to "e"
    openspiel: bool  # did OpenSpiel run on sets a and b?

    @property
    def disagreements(self) -> int:
        return sum(len(r.disagreements) for r in self.sets.values())


def main(argv: Sequence[str] | None = None, out=None) -> Report:
    out = out or sys.stdout
    args = parse_args(argv)
    n_ab, n_cd, n_e = args.n, max(1, args.n // 5), max(1, args.n // 10)
    rng = random.Random(args.seed)
    openspiel = None if args.no_openspiel else load_openspiel()

    knock = get_variant("knock-rummy").table()
    caloochi = get_variant("caloochi").table()
    german = get_variant("german-rummy").table()
    gin = get_variant("gin-rummy").table()
    sets = [
        ("a. random 10-card hands, one pack", knock, deal_random(rng, knock, n_ab, 10), True),
        (
            "b. meld-rich 10-card hands, 20-card window of five ranks",
            knock,
            deal_window(rng, knock, n_ab, 10),
            True,
        ),
        (
            "c. Caloochi, 15 cards, two packs, 0-4 jokers",
            caloochi,
            deal_with_jokers(rng, caloochi, n_cd, 15, 4),
            False,
        ),
        (
            "d. German Rummy, 14 cards, two packs, 0-6 jokers",
            german,
            deal_with_jokers(rng, german, n_cd, 14, 6),
            False,
        ),
    ]
    print(
        f"Python {sys.version.split()[0]}, seed {args.seed}; OpenSpiel "
        + ("loaded" if openspiel else "not available"),
        file=out,
    )
    results = {}
    for name, table, hands, compare in sets:
        slug = table.variant.slug
        results[name[0]] = run_set(name, slug, hands, openspiel if compare else None, out)
    gin_name = "e. Gin Rummy lay-offs, 10 + 10 cards, one pack"
    results["e"] = run_gin(gin_name, deal_gin(rng, gin, n_e), out)

    print("\nTargets", file=out)
    for key in "ab":
        r = results[key]
        if r.openspiel is None:
            print(f"  {key}: OpenSpiel not available, no comparison", file=out)
            continue
        agree = "met" if not r.disagreements else "MISSED"
        speed = "met" if r.api_ratio <= TARGET_RATIO else "MISSED"
        print(
            f"  {key}: agreement 100% {agree} ({len(r.disagreements)} disagreements); "
            f"best_arrangement median within {TARGET_RATIO}x of OpenSpiel {speed} "
            f"({r.api_ratio:.1f}x; the solver alone {r.ratio:.1f}x)",
            file=out,
        )
    for key in "cde":
        r = results[key]
        p99 = r.api.p99_ms  # the public call's: what a table waits for
        ok = "met" if p99 < TARGET_P99_MS else "MISSED"
        print(f"  {key}: p99 under {TARGET_P99_MS:g} ms {ok} ({p99:.3f} ms)", file=out)
    return Report(results, openspiel is not None)


if __name__ == "__main__":
    sys.exit(1 if main().disagreements else 0)
