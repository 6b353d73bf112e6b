"""A club night's arithmetic, pure: how many tables and of which sizes, who sits where, and
what each table's result is worth on the night (API.md "Club nights").

Nothing here knows a database or a request: players are any hashable ids, a round's seating
is a list of tables (each a list of ids in seat order). The leagues app stores what this
module decides; a seed makes every draw reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from .errors import ResultError
from .messages import N_, define

# How many seatings a ``spread`` draw tries (API.md: 1,000), and what a repeat costs.
TRIES = 1000
COST_LAST_ROUND = 10  # the pair met in the round just played
COST_OLDER = 1  # per meeting in an earlier round of the night

NO_TABLE_FITS = define(
    "night.no_table_fits",
    N_("{count} players cannot sit at tables of {low} to {high} players"),
)

Player = Hashable
Seating = list[list[Player]]


def table_sizes(count: int, low: int, high: int) -> list[int]:
    """As few tables as tables of ``low``..``high`` players allow, their sizes as equal as
    possible (largest first, differing by at most one): 10 players at 2-4 sit 4+3+3.

    A count no such split fits (fewer than ``low``; 5 at tables of 3-4) is a
    :class:`ResultError` naming the range."""
    if low < 1 or high < low:
        raise ValueError(f"bad table range {low}..{high}")
    if count >= low:
        tables = -(-count // high)  # the fewest tables that hold everyone
        smallest = count // tables
        if smallest >= low:
            extra = count % tables
            return [smallest + 1] * extra + [smallest] * (tables - extra)
    raise ResultError(NO_TABLE_FITS(count=count, low=low, high=high), "players")


def meetings(rounds: Sequence[Seating]) -> tuple[set[frozenset], dict[frozenset, int]]:
    """The pairs who sat together in the last of ``rounds`` and how often each pair sat together
    in the earlier ones."""
    last: set[frozenset] = set()
    older: dict[frozenset, int] = {}
    for index, seating in enumerate(rounds):
        latest = index == len(rounds) - 1
        for table in seating:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    pair = frozenset((a, b))
                    if latest:
                        last.add(pair)
                    else:
                        older[pair] = older.get(pair, 0) + 1
    return last, older


def repeat_cost(seating: Seating, rounds: Sequence[Seating]) -> int:
    """What a seating costs in repeated opponents, given the night's earlier ``rounds``: each
    pair at one table who met in the round just played costs :data:`COST_LAST_ROUND`, and each
    earlier meeting of the pair :data:`COST_OLDER` more."""
    return _cost(seating, *meetings(rounds))


def _cost(seating: Seating, last: set[frozenset], older: Mapping[frozenset, int]) -> int:
    cost = 0
    for table in seating:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                pair = frozenset((a, b))
                if pair in last:
                    cost += COST_LAST_ROUND
                cost += older.get(pair, 0) * COST_OLDER
    return cost


def _cut(players: Sequence[Player], sizes: Sequence[int]) -> Seating:
    seating, start = [], 0
    for size in sizes:
        seating.append(list(players[start : start + size]))
        start += size
    return seating


@dataclass(frozen=True)
class Draw:
    """A drawn round: its tables (players in seat order), each table's first dealer (an index
    into its table) and the seating's repeat cost."""

    tables: Seating
    dealers: list[int]
    cost: int


def spread_draw(
    players: Sequence[Player],
    sizes: Sequence[int],
    rounds: Sequence[Seating],
    *,
    seed: int,
    tries: int = TRIES,
) -> Draw:
    """``tries`` seatings shuffled from ``seed``; the first with the fewest repeated opponents
    (:func:`repeat_cost`) is kept. Each table's first dealer is drawn from the same generator
    afterwards, so the seed reproduces the whole round."""
    if sum(sizes) != len(players):
        raise ValueError("the table sizes do not add up to the players")
    rng = random.Random(seed)
    last, older = meetings(rounds)
    pool = list(players)
    best: Seating | None = None
    best_cost = -1
    for _ in range(max(1, tries)):
        rng.shuffle(pool)
        seating = _cut(pool, sizes)
        cost = _cost(seating, last, older)
        if best is None or cost < best_cost:  # ties go to the first drawn
            best, best_cost = seating, cost
    assert best is not None
    return Draw(best, _dealers(rng, best), best_cost)


def standings_draw(ranked: Sequence[Player], sizes: Sequence[int], *, seed: int) -> Draw:
    """Players in order of the night's standings (best first), the best at table 1; the
    first dealers drawn from ``seed``."""
    seating = _cut(list(ranked), sizes)
    return Draw(seating, _dealers(random.Random(seed), seating), 0)


def _dealers(rng: random.Random, seating: Seating) -> list[int]:
    return [rng.randrange(len(table)) for table in seating]


def table_points(places: Mapping[Player, int]) -> dict[Player, int]:
    """A table's night points: +1 for each player a player finished ahead of, −1 for each who
    finished ahead of him; ties 0. ``places``: 1 is first, equal numbers are a tie."""
    return {
        p: sum((other > place) - (other < place) for q, other in places.items() if q != p)
        for p, place in places.items()
    }


@dataclass(frozen=True)
class NightLine:
    player: Player
    name: str
    points: int
    rating_change: float
    played: int


def night_order(lines: Sequence[NightLine]) -> list[NightLine]:
    """The night's standings: most points first, then the larger sum of rating changes, then
    the name (case ignored)."""
    return sorted(lines, key=lambda line: (-line.points, -line.rating_change, line.name.casefold()))
