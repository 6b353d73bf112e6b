"""Which melds a Gin knocker lays when several leave him the least deadwood (RULES.md 10).

**Decision:** when the knocker entered his whole hand and it has several least-deadwood
arrangements, the engine lays the one a knocker would choose: the one after which the
defender's best lay-offs leave the hand score best for the knocker; then the one with the
fewest leftover cards; then the one the arrangement search finds first (a fixed order).

Ann knocks with ``4S 4C 3D 4D 5D 10D JD QD KD 2H`` (deadwood 10 either way): laying 3-4-5♦
lets Bob lay off ``2D`` on it, laying 4-4-4 does not, so Ann lays 4-4-4.

:func:`knocker_layout` is the one place the Knock family asks; :func:`least_deadwood_layouts`
lists the candidates (every arrangement of a plain hand; for a hand with a wild card or a card
twice, which no Gin deck holds, only the one the search finds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from .. import arrange_plain
from ..arrange import Arrangement, arrange
from ..cards import Card
from ..errors import ResultError
from ..melds import MeldReading, MeldRules, read_meld
from ..messages import NP_, define
from ..scoring.entries import Counted
from ..values import CardValues

Answer = TypeVar("Answer")

LAID_SIZE = define(
    "gin.laid_size",
    NP_(
        "{name}'s melds and unmatched cards hold {count} card; a knocker lays out {size}",
        "{name}'s melds and unmatched cards hold {count} cards; a knocker lays out {size}",
    ),
    count="count",
)


def check_laid_size(name: str, knocker: Counted, size: int) -> None:
    """A knocker who gives his melds (and his unmatched cards) lays out his whole hand:
    ``size`` cards (10, or 11 for big gin). Typed points or deadwood alone are not checked.

    >>> check_laid_size("Ann", Counted(0, "melds", cards=tuple(range(9))), 10)
    Traceback (most recent call last):
      ...
    scorekeeper.rules.errors.ResultError: Ann's melds and unmatched cards hold 9 cards; a knocker lays out 10
    """
    if knocker.source == "melds" and len(knocker.cards) != size:
        count = len(knocker.cards)
        raise ResultError(LAID_SIZE(name=name, count=count, size=size), f"result.hands.{name}")


def least_deadwood_layouts(
    cards: Sequence[Card], rules: MeldRules, values: CardValues
) -> list[Arrangement]:
    """Every split of ``cards`` into disjoint melds that leaves the least deadwood, the one
    :func:`~scorekeeper.rules.arrange.arrange` shows first, the others in a fixed order.

    >>> from scorekeeper.rules.cards import parse_cards
    >>> from scorekeeper.rules.variants import get_variant
    >>> table = get_variant("gin-rummy").table()
    >>> hand = parse_cards("4S 4C 3D 4D 5D 10D JD QD KD 2H")
    >>> for layout in least_deadwood_layouts(hand, table.meld_rules, table.values):
    ...     print(layout)
    [3D 4D 5D] [10D JD QD KD] unmatched 4S 2H 4C = 10
    [4S 4D 4C] [10D JD QD KD] unmatched 2H 3D 5D = 10
    """
    first = arrange(list(cards), rules, values)
    held = arrange_plain.held_mask(list(cards))
    plan = arrange_plain.plan_for(rules, values)
    if held is None or (plan.deuces_wild and held & arrange_plain.DEUCES):
        return [first]
    melds = arrange_plain.held_melds(held, plan)
    worth = plan.worth
    found: list[tuple[int, ...]] = []

    def walk(start: int, used: int, chosen: tuple[int, ...]) -> None:
        found.append(chosen)
        for i in range(start, len(melds)):
            if not melds[i] & used:
                walk(i + 1, used | melds[i], (*chosen, melds[i]))

    walk(0, 0, ())

    def left_of(chosen: tuple[int, ...]) -> int:
        used = 0
        for meld in chosen:
            used |= meld
        return held & ~used

    least = min(_value(left_of(c), worth) for c in found)
    out = [first]
    shown = {_key(first.melds)}
    for chosen in found:
        left = left_of(chosen)
        if _value(left, worth) != least:
            continue
        layout = Arrangement(
            tuple(plan.laid[m] for m in chosen),
            tuple(card for code, card in enumerate(arrange_plain.CARDS) if left >> code & 1),
            least,
        )
        if _key(layout.melds) not in shown:
            shown.add(_key(layout.melds))
            out.append(layout)
    return out


def _value(mask: int, worth: tuple[int, ...]) -> int:
    total = 0
    while mask:
        bit = mask & -mask
        total += worth[bit.bit_length() - 1]
        mask ^= bit
    return total


def _key(melds) -> frozenset[frozenset[Card]]:
    return frozenset(frozenset(m) for m in melds)


def knocker_layout(
    knocker: Counted,
    defend: Callable[[tuple[MeldReading, ...]], tuple[Counted, Answer]],
    margin: Callable[[int, int], int],
    rules: MeldRules,
    values: CardValues,
) -> tuple[Counted, Counted, Answer]:
    """The knocker's entry as laid, and the defender's answer to it.

    ``defend(melds)`` is the defender's best answer (his entry recounted after his lay-offs,
    and what he laid off) to the knocker laying ``melds``; ``margin(k, d)`` is the hand score
    for the knocker (what he gains, or minus what the defender gains) when the knocker counts
    ``k`` and the defender ``d``. Melds the knocker gave himself are laid as given.
    """
    if knocker.source != "hand":
        return knocker, *defend(knocker.melds)
    best: tuple[tuple[int, int, int], Counted, Counted, Answer] | None = None
    for order, layout in enumerate(least_deadwood_layouts(knocker.cards, rules, values)):
        melds = tuple(read_meld(list(m), rules) for m in layout.melds)
        defender, answer = defend(melds)
        key = (-margin(layout.count, defender.count), len(layout.unmatched), order)
        if best is None or key < best[0]:
            laid = Counted(
                layout.count, "hand", melds, layout.unmatched, knocker.cards, mom=not melds
            )
            best = (key, laid, defender, answer)
    assert best is not None  # there is always at least the search's own arrangement
    return best[1], best[2], best[3]
