"""The geometry of runs: where each rank may sit in a run, for each ace setting.

A run is read along a line of *positions*: 1 is the low ace, 2 to 13 the ranks 2 to K, and 14
the high ace. Which part of the line a table uses depends on its :class:`Ace` setting; with
around-the-corner (``WRAP``) the line is a circle of 13, K-A-2 included. The meld validator,
the general arrangement solver and the plain fast path all read runs through these functions.

>>> [rank_at(p) for p in next(windows(3, Ace.HIGH))]
[2, 3, 4]
>>> [[rank_at(p) for p in w] for w in windows(3, Ace.WRAP)][-2:]
[[12, 13, 1], [13, 1, 2]]
>>> positions(1, Ace.HIGH_OR_LOW)
(1, 14)
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum


class Ace(StrEnum):
    """Where an ace may sit in a run."""

    LOW = "low"  # A-2-3 only
    HIGH = "high"  # Q-K-A only
    HIGH_OR_LOW = "high-or-low"  # either end, never K-A-2
    WRAP = "wrap"  # around the corner: K-A-2 too


HIGH_ACE = 14
CIRCLE = 13  # ranks on the wrap-around circle

# The stretch of positions a run may use, for the settings where the line has ends.
_ENDS = {Ace.LOW: (1, 13), Ace.HIGH: (2, HIGH_ACE), Ace.HIGH_OR_LOW: (1, HIGH_ACE)}


def ends(ace: Ace) -> tuple[int, int]:
    """The lowest and highest position a run may reach (wrap: one turn of the circle)."""
    return _ENDS.get(ace, (1, CIRCLE))


def positions(rank: int, ace: Ace, *, unrolled: bool = False) -> tuple[int, ...]:
    """Where a card of ``rank`` may sit. ``unrolled`` (wrap only) also gives the position one
    turn further on, so a search walking upwards can continue a run past the king."""
    if ace is Ace.WRAP:
        return (rank, rank + CIRCLE) if unrolled else (rank,)
    if rank != 1:
        return (rank,)
    return {Ace.LOW: (1,), Ace.HIGH: (HIGH_ACE,), Ace.HIGH_OR_LOW: (1, HIGH_ACE)}[ace]


def windows(length: int, ace: Ace) -> Iterator[tuple[int, ...]]:
    """Each stretch of ``length`` consecutive positions a run may fill, lowest start first.
    Wrap windows are given on the circle (positions 1 to 13)."""
    if ace is Ace.WRAP:
        if length > CIRCLE:
            return
        for start in range(1, CIRCLE + 1):
            yield tuple((start - 1 + k) % CIRCLE + 1 for k in range(length))
        return
    low, high = ends(ace)
    for start in range(low, high - length + 2):
        yield tuple(range(start, start + length))


def rank_at(position: int) -> int:
    """The rank of the card at ``position`` (the high ace and unrolled positions fold back)."""
    return (position - 1) % CIRCLE + 1


__all__ = ["CIRCLE", "Ace", "HIGH_ACE", "ends", "positions", "rank_at", "windows"]
