"""Shaping a game's state for the pages: leaders, the running-totals chart, the chip ledger.

Nothing here scores: every number shown comes from the engine's state (totals, running totals,
deltas, transfers). This module only arranges those numbers: finds the leaders in the variant's
direction, places points on a chart, and turns net balances into a short list of payments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import Variant

# Distinct on light and dark backgrounds, and in that order for common colour blindness.
PALETTE = (
    "#2f7fd1",
    "#d9622b",
    "#2e9e5b",
    "#c63d8a",
    "#8a6bd1",
    "#b58b00",
    "#1aa3a3",
    "#d14545",
    "#6b8e23",
    "#a0522d",
    "#4b6584",
    "#e67e22",
)


def colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def leaders(variant: Variant, state: Mapping[str, Any]) -> list[str]:
    """The winners once the game is over; before that whoever leads in the variant's direction."""
    if state["over"]:
        return list(state["winners"])
    if not state["hands"]:
        return []
    totals: Mapping[str, int] = state["totals"]
    pick = max if variant.end.highest_wins else min
    best = pick(totals.values())
    return [name for name, total in totals.items() if total == best]


@dataclass(frozen=True)
class Series:
    name: str
    colour: str
    points: str  # "x,y x,y" for an SVG polyline
    dots: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    series: tuple[Series, ...]
    y_ticks: tuple[tuple[float, int], ...]  # (y, label)
    x_ticks: tuple[tuple[float, int], ...]  # (x, hand number)
    zero: float | None  # y of the 0 line when it is inside the range
    target: float | None = None  # y of the target score's line, for games played to a target


def chart(
    players: Sequence[str],
    running: Sequence[Mapping[str, int]],
    start: int = 0,
    target: int | None = None,
) -> Chart | None:
    """Place each player's running total after every hand (hand 0 is the start).

    ``target``: the score that ends the game, drawn as a line so the table sees how close
    everyone is.
    """
    if not running:
        return None
    width, height = 360, 200
    left, right, top, bottom = 40, 350, 12, 176
    rows = [dict.fromkeys(players, start), *running]
    values = [row.get(p, start) for row in rows for p in players]
    if target:
        values.append(target)
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    step = _nice_step((high - low) / 4)
    low = (low // step) * step
    high = -((-high) // step) * step

    def x(i: int) -> float:
        return round(left + (right - left) * i / (len(rows) - 1), 1)

    def y(v: float) -> float:
        return round(bottom - (bottom - top) * (v - low) / (high - low), 1)

    series = []
    for index, name in enumerate(players):
        dots = tuple((x(i), y(row.get(name, start))) for i, row in enumerate(rows))
        series.append(
            Series(name, colour(index), " ".join(f"{a},{b}" for a, b in dots), dots[1:])
        )
    y_ticks = tuple((y(v), v) for v in range(int(low), int(high) + 1, int(step)))
    every = max(1, -(-(len(rows) - 1) // 8))
    x_ticks = tuple((x(i), i) for i in range(0, len(rows), every))
    zero = y(0) if low < 0 < high else None
    return Chart(
        width,
        height,
        left,
        right,
        top,
        bottom,
        tuple(series),
        y_ticks,
        x_ticks,
        zero,
        y(target) if target else None,
    )


def _nice_step(raw: float) -> int:
    """1, 2, 5, 10, 20, 50... at or above ``raw``."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor >= raw:
                return step * factor
        step *= 10


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: int


def settlement(players: Sequence[str], hands: Sequence[Mapping[str, Any]]) -> list[Payment]:
    """Who pays whom to settle every transfer of the game, in as few payments as this finds.

    Each player's balance is what they received minus what they paid over all the hands'
    transfers; the largest debtor pays the largest creditor until everyone is square.
    """
    balance = dict.fromkeys(players, 0)
    for hand in hands:
        for transfer in hand.get("transfers") or ():
            balance[transfer["from"]] -= transfer["amount"]
            balance[transfer["to"]] += transfer["amount"]
    order = {name: i for i, name in enumerate(players)}
    payments = []
    while True:
        debtors = sorted((p for p in players if balance[p] < 0), key=lambda p: (balance[p], order[p]))
        creditors = sorted(
            (p for p in players if balance[p] > 0), key=lambda p: (-balance[p], order[p])
        )
        if not debtors or not creditors:
            return payments
        payer, payee = debtors[0], creditors[0]
        amount = min(-balance[payer], balance[payee])
        payments.append(Payment(payer, payee, amount))
        balance[payer] += amount
        balance[payee] -= amount


def ledger(players: Sequence[str], hands: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per hand: its transfers, and each player's chips won or paid, in seat order."""
    return [
        {
            "n": hand["n"],
            "transfers": hand.get("transfers") or [],
            "deltas": [hand["deltas"].get(p, 0) for p in players],
            "totals": [hand["totals"].get(p, 0) for p in players],
        }
        for hand in hands
    ]
