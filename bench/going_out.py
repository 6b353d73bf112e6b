"""Going out with the whole hand: how long the engine takes to find a Continental winner's melds.

    .venv/bin/python bench/going_out.py            # 1,000 hands per set
    .venv/bin/python bench/going_out.py --n 200

Times ``score_hand`` end to end (parsing, the deck check, the search, scoring every way that
pays differently) on seeded 15-card Continental hands from two packs with both jokers:
a. hands that go out (built from a random 5-4-3-3, 4-4-4-3 or 3-3-3-3-3 layout, shuffled);
b. near misses: such a hand with one card swapped for a random one (mostly refused);
c. random hands holding both jokers (almost always refused);
each without and with ``deuces-wild`` (2s wild too: every reading of the 2s is tried).
Prints median, p99 and max per set. Figures, not tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules import (
    RulesError,  # noqa: E402
    score_hand,  # noqa: E402
)
from scorekeeper.rules.cards import JOKER, Card, format_cards  # noqa: E402

PATTERNS = ((5, 4, 3, 3), (4, 4, 4, 3), (3, 3, 3, 3, 3))
PLAYERS = ["Ann", "Bob", "Cy", "Dan"]


def deck() -> list[Card]:
    return [Card(r, s) for s in "SHDC" for r in range(1, 14)] * 2 + [JOKER, JOKER]


def going_out_hand(rng: random.Random) -> list[Card]:
    while True:
        pool = deck()
        hand: list[Card] = []
        for size in rng.choice(PATTERNS):
            suit = rng.choice("SHDC")
            start = rng.randint(1, 15 - size)  # 14 is the high ace
            run = [Card((p - 1) % 13 + 1, suit) for p in range(start, start + size)]
            if any(c not in pool for c in run):
                break
            for c in run:
                pool.remove(c)
            hand += run
        else:
            naturals = [i for i, c in enumerate(hand) if not c.is_joker]
            for i in rng.sample(naturals, 2):  # both jokers stand in somewhere
                hand[i] = JOKER
            rng.shuffle(hand)
            return hand


def near_miss(rng: random.Random) -> list[Card]:
    hand = going_out_hand(rng)
    pool = deck()
    for c in hand:
        pool.remove(c)
    i = rng.choice([i for i, c in enumerate(hand) if not c.is_joker])
    hand[i] = rng.choice([c for c in pool if not c.is_joker])
    return hand


def random_hand(rng: random.Random) -> list[Card]:
    pool = [c for c in deck() if not c.is_joker]
    return rng.sample(pool, 13) + [JOKER, JOKER]


def time_set(hands, options) -> tuple[list[float], int]:
    times, out = [], 0
    for hand in hands:
        result = {"out": "Ann", "hands": {"Ann": {"hand": format_cards(hand)}}}
        start = time.perf_counter()
        try:
            score_hand(variant="continental-rum", options=options, players=PLAYERS, result=result)
            out += 1
        except RulesError:
            pass
        times.append((time.perf_counter() - start) * 1000)
    return times, out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=20261201)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sets = {
        "a. goes out": [going_out_hand(rng) for _ in range(args.n)],
        "b. near miss": [near_miss(rng) for _ in range(args.n)],
        "c. random, 2 jokers": [random_hand(rng) for _ in range(args.n)],
    }
    print("| set | options | hands | go out | median | p99 | max |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for name, hands in sets.items():
        for label, options in (("", {}), ("deuces-wild", {"deuces-wild": True})):
            times, out = time_set(hands, options)
            times.sort()
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(
                f"| {name} | {label or '-'} | {len(hands)} | {out} | "
                f"{statistics.median(times):.2f} ms | {p99:.2f} ms | {times[-1]:.2f} ms |"
            )


if __name__ == "__main__":
    main()
