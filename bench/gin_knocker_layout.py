"""Time Gin Rummy hands scored from two whole hands (the knocker's arrangement chosen against
the defender's lay-offs, RULES.md 10): median and 95th percentile per hand over seeded deals.

    .venv/bin/python bench/gin_knocker_layout.py [deals]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules import Card, score_hand  # noqa: E402

PACK = [Card(rank, suit) for suit in "SHDC" for rank in range(1, 14)]


def main(deals: int = 2000) -> None:
    rng = random.Random(23)
    times = []
    for _ in range(deals):
        narrow = rng.random() < 0.5  # half from ranks 1-7, where melds overlap
        pack = [c for c in PACK if c.rank <= 7] if narrow else PACK
        cards = rng.sample(pack, 20)
        hands = {
            "Ann": {"hand": " ".join(map(str, cards[:10]))},
            "Bob": {"hand": " ".join(map(str, cards[10:]))},
        }
        start = time.perf_counter()
        score_hand(
            variant="gin-rummy",
            players=["Ann", "Bob"],
            options={"knock-limit": 500},
            result={"knocker": "Ann", "hands": hands},
        )
        times.append(time.perf_counter() - start)
    times.sort()
    print(
        f"{deals} Gin hands from two whole hands: median {statistics.median(times) * 1000:.2f} ms,"
        f" p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
