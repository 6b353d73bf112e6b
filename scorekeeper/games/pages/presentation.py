"""A game's numbers and names arranged for the eye: no database, no request, no scoring.

Every number shown comes from the engine's state (totals, running totals, deltas, transfers,
winners). These functions only arrange them: seat colours and initials, the leaders and the
final standings in the variant's direction, the running-totals chart, the chip ledger and the
fewest payments that settle it, the result as text to share, which hands stay open, and a QR
code of a link. The pages' contexts are put together from them in :mod:`.pages`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import segno
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.i18n import render_message, translate_text
from scorekeeper.rules import Variant
from scorekeeper.rules.standing import highest_first, ranking

# Seat colours are CSS classes (static/css/app.css: .seat-0 ... .seat-11), so the colour of a
# player is the same on the scoreboard, the chart, the ledger and the avatars, and no page
# needs an inline style.
SEAT_COLOURS = 12

# How many of the latest hands a game page shows open; older ones fold away.
OPEN_HANDS = 3


def seat_class(index: int) -> str:
    return f"seat-{index % SEAT_COLOURS}"


def initials(name: str) -> str:
    """One or two letters for an avatar: the first letters of the first two words.

    >>> initials("Ann"), initials("Cyrano de Bergerac"), initials("  "), initials("émile zola")
    ('A', 'CD', '?', 'ÉZ')
    """
    words = [word for word in name.replace("-", " ").split() if word]
    if not words:
        return "?"
    letters = "".join(word[0] for word in words[:2])
    return letters.upper()


def initials_at_table(players: Sequence[str]) -> dict[str, str]:
    """Each player's avatar letters, told apart at this table: where two players' initials
    collide (Anna and Adam), each gets the first two letters of the name instead, and a number
    if even those collide.

    >>> initials_at_table(["Anna", "Adam", "Bob"])
    {'Anna': 'AN', 'Adam': 'AD', 'Bob': 'B'}
    >>> initials_at_table(["Ann", "Anna", "Cyrano de Bergerac"])
    {'Ann': 'A1', 'Anna': 'A2', 'Cyrano de Bergerac': 'CD'}
    """
    first = {name: initials(name) for name in players}
    out: dict[str, str] = {}
    for name in players:
        if list(first.values()).count(first[name]) == 1:
            out[name] = first[name]
            continue
        letters = "".join(ch for ch in name if ch.isalnum())[:2].upper() or "?"
        out[name] = letters
    two = dict(out)
    for name in players:
        twins = [other for other in players if two[other] == two[name]]
        if len(twins) > 1:
            out[name] = two[name][:1] + str(twins.index(name) + 1)
    return out


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    seat: int
    total: int
    winner: bool
    #: the points from the hands alone, when the game ended with bonuses (Gin Rummy): then
    #: ``total`` is these plus each of ``bonuses``
    hand_points: int | None = None
    #: the player's end-of-game bonus lines as the engine words them, in its order
    bonuses: tuple[str, ...] = field(default_factory=tuple)

    @property
    def css(self) -> str:
        return seat_class(self.seat)

    @property
    def itemised(self) -> bool:
        """Whether the standing shows its hand points, bonus lines and total apart."""
        return self.hand_points is not None

    @property
    def initials(self) -> str:
        return initials(self.name)


def standings(variant: Variant, state: Mapping[str, Any]) -> list[Standing]:
    """Everyone in finishing order (the variant's direction), ties sharing a rank (1, 1, 3).

    A game that ended with bonuses (``state["bonuses"]``, Gin Rummy's game, box and shutout)
    itemises every player's standing: the hand points (the running total after the last hand,
    before any bonus), each of the player's bonus lines, then the total that holds them."""
    players: Sequence[str] = state["players"]
    totals: Mapping[str, int] = state["totals"]
    winners = set(state.get("winners") or [])
    bonus_lines: dict[str, list[str]] = {name: [] for name in players}
    for bonus in state.get("bonuses") or ():
        bonus_lines.setdefault(bonus["player"], []).append(render_message(bonus["line"]))
    itemised = bool(state.get("bonuses")) and bool(state.get("running"))
    after_hands: Mapping[str, int] = state["running"][-1] if itemised else {}
    out: list[Standing] = []
    seat = {name: i for i, name in enumerate(players)}
    ranked = ranking(players, totals, highest_wins=highest_first(variant), winners=list(winners))
    for rank, name in ranked:
        i = seat[name]
        total = totals.get(name, 0)
        out.append(
            Standing(
                rank,
                name,
                i,
                total,
                name in winners,
                hand_points=after_hands.get(name, 0) if itemised else None,
                bonuses=tuple(bonus_lines.get(name, ())),
            )
        )
    return out


def result_text(
    variant: Variant, state: Mapping[str, Any], table: Sequence[Standing], url: str
) -> str:
    """The game's result as plain text for a chat: who won, the standings, the hands, a link."""
    winners = list(state.get("winners") or [])
    lines = [
        ngettext(
            "%(game)s: %(names)s won!",
            "%(game)s: %(names)s shared the win!",
            len(winners) or 1,
        )
        % {"game": translate_text(variant.name), "names": ", ".join(winners)}
    ]
    for s in table:
        lines.append(
            _("%(rank)s. %(name)s: %(total)s") % {"rank": s.rank, "name": s.name, "total": s.total}
        )
        if s.itemised:
            lines.append("   " + _("Hand points: %(points)s") % {"points": s.hand_points})
            lines += ["   " + line for line in s.bonuses]
    count = len(state["hands"])
    lines.append(ngettext("%(n)s hand played.", "%(n)s hands played.", count) % {"n": count})
    lines.append(url)
    return "\n".join(lines)


def fold_hands(hands: Sequence[Mapping[str, Any]], keep: int = OPEN_HANDS):
    """Newest first as given: the first ``keep`` stay open, the rest go under a fold."""
    return list(hands[:keep]), list(hands[keep:])

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
    ranked = ranking(list(totals), totals, highest_wins=highest_first(variant))
    return [name for place, name in ranked if place == 1]


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


MIN_CHART_SPAN = 20


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
    # Small moves must look small: the axis spans at least MIN_CHART_SPAN points and half the
    # largest total (Continental's ±3 around 100 is not drawn across the whole height).
    span = max(high - low, MIN_CHART_SPAN, max(abs(low), abs(high)) // 2)
    if span > high - low:
        pad = span - (high - low)
        floor = 0 if low >= 0 else None  # a game that never went below zero stays above it
        low, high = low - pad // 2, high + pad - pad // 2
        if floor is not None and low < floor:
            low, high = floor, high + (floor - low)
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


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as inline SVG (the share pages of games and leagues)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, border=2, dark="#000000", light="#ffffff", omitsize=True
    )
    return mark_safe(svg)  # noqa: S308 - segno's own SVG markup of a URL we built


@functools.lru_cache(maxsize=512)
def public_qr_svg(url: str) -> str:
    """:func:`qr_svg` of a public address (a game's view link, on every game page's printed
    score sheet), kept per address: the same address always draws the same code, and drawing
    it took several milliseconds of every game page (and of the keeper's every Save). Never
    for a link that holds a secret (an edit or handover link), which must not linger in the
    process's memory."""
    return qr_svg(url)
