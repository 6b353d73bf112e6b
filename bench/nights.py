"""Club nights' figures (issue 34): how long a ``spread`` draw takes, and how well it seats.

    .venv/bin/python bench/nights.py

1. Drawing a round: 40 players at 10 tables of 4, the spread search over 1,000 seeded tries,
   after three rounds already played (so the repeat cost has something to weigh): the median
   and worst of 30 draws, each from its own seed. The issue's bar: 200 ms or less.
2. Seating quality: 4 rounds of 16 players at tables of 4, each round drawn by ``spread``
   (1,000 tries, the night's earlier rounds as its history), over 20 nights (seeds). Compared
   with (a) the best of 1,000 random seatings of the whole night (4 rounds each, the one
   with the fewest repeats kept: the issue's bar) and (b) a stronger baseline, each round the
   best of 1,000 random seatings by repeats alone (what spread does with every repeat
   weighing 1). Reported per night: repeated pairs (a pair at one table k times over the
   night counts k - 1) and back-to-back repeats (a pair together in two consecutive rounds).

Pure engine code (scorekeeper.rules.nights): no server, no database.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.rules.nights import spread_draw, table_sizes  # noqa: E402


def draw_times(draws: int = 30) -> list[float]:
    players = list(range(40))
    sizes = table_sizes(40, 2, 4)
    history = []
    for r in range(3):
        order = players[:]
        random.Random(1000 + r).shuffle(order)
        history.append([order[i : i + 4] for i in range(0, 40, 4)])
    times = []
    for seed in range(draws):
        started = time.perf_counter()
        spread_draw(players, sizes, history, seed=seed, tries=1000)
        times.append((time.perf_counter() - started) * 1000)
    return times


def repeats(rounds: list[list[list[int]]]) -> int:
    """Extra meetings: a pair at one table k times over the night counts k - 1."""
    met: dict[tuple[int, int], int] = {}
    for seating in rounds:
        for table in seating:
            for pair in combinations(sorted(table), 2):
                met[pair] = met.get(pair, 0) + 1
    return sum(k - 1 for k in met.values())


def shuffled(players, sizes, rng: random.Random):
    """One random seating: the players shuffled, cut into tables of ``sizes``."""
    order = players[:]
    rng.shuffle(order)
    seating, start = [], 0
    for size in sizes:
        seating.append(order[start : start + size])
        start += size
    return seating


def best_random(players, sizes, history, rng: random.Random, tries: int = 1000):
    """Of ``tries`` random seatings, one making the fewest new repeated pairs (no weighting of
    the last round: what a careful organiser shuffling cards by hand could hope for)."""
    best, best_count = None, None
    for _ in range(tries):
        seating = shuffled(players, sizes, rng)
        count = repeats([*history, seating]) - repeats(history)
        if best_count is None or count < best_count:
            best, best_count = seating, count
    return best


def back_to_back(rounds) -> int:
    count = 0
    for before, after in zip(rounds, rounds[1:], strict=False):
        met = {pair for table in before for pair in combinations(sorted(table), 2)}
        count += sum(pair in met for table in after for pair in combinations(sorted(table), 2))
    return count


def random_night(players, sizes, rng: random.Random, rounds: int = 4):
    return [shuffled(players, sizes, rng) for _ in range(rounds)]


def quality(nights: int = 20) -> dict[str, list[tuple[int, int]]]:
    players = list(range(16))
    sizes = table_sizes(16, 2, 4)
    found: dict[str, list[tuple[int, int]]] = {"spread": [], "whole": [], "greedy": []}
    for night in range(nights):
        mine: list = []
        greedy: list = []
        rng = random.Random(night)
        for r in range(4):
            mine.append(spread_draw(players, sizes, mine, seed=night * 100 + r).tables)
            greedy.append(best_random(players, sizes, greedy, rng))
        whole = min(
            (random_night(players, sizes, rng) for _ in range(1000)),
            key=lambda n: (repeats(n), back_to_back(n)),
        )
        for name, seated in (("spread", mine), ("whole", whole), ("greedy", greedy)):
            found[name].append((repeats(seated), back_to_back(seated)))
    return found


def main() -> None:
    times = draw_times()
    print(
        f"draw 40 players / 10 tables / 1,000 tries: median {statistics.median(times):.1f} ms,"
        f" max {max(times):.1f} ms over {len(times)} draws"
    )
    found = quality()
    labels = {
        "spread": "spread (1,000 tries a round)",
        "whole": "best of 1,000 random whole nights",
        "greedy": "best of 1,000 random a round, repeats alone",
    }
    print("4 rounds of 16 at tables of 4, 20 nights: repeated pairs / back-to-back repeats")
    for name, rows in found.items():
        rep = [r for r, _ in rows]
        b2b = [b for _, b in rows]
        print(
            f"  {labels[name]:46} repeats mean {statistics.mean(rep):5.2f} max {max(rep):2}"
            f" | back-to-back mean {statistics.mean(b2b):4.2f} max {max(b2b)}"
        )
    wins = sum(a[0] <= b[0] for a, b in zip(found["spread"], found["whole"], strict=True))
    print(f"  spread repeats no more pairs than the best random whole night on {wins} of 20 nights")


if __name__ == "__main__":
    main()
