"""Knock Rummy: the knocker against the lowest deadwood, with undercut and rum bonuses."""

from __future__ import annotations

from ..messages import N_, NP_, define
from .common import SCORES, collect, finish, names_and, split_pool
from .context import HandContext
from .result import HandResult

UNDERCUT_BONUS = 10
RUM_BONUS = 25  # from each opponent, to a winner with no deadwood

KNOCKED = define("knock.knocked", N_("{knocker} knocked with {count}"))
DIFFERENCE = define("knock.difference", N_("{name}: {count} − {low} = {difference}"))
KNOCKER_RUM = define(
    "knock.knocker_rum",
    N_("{knocker} has no deadwood: rum bonus {bonus} × {others} = {total}"),
)
TIES = define(
    "knock.ties",
    NP_(
        "{names} ties the knocker and wins instead; {knocker} pays no penalty",
        "{names} tie the knocker and win instead; {knocker} pays no penalty",
    ),
    count="winners",
)
UNDERCUT = define(
    "knock.undercut",
    NP_(
        "{names} undercuts {knocker}: bonus {bonus}, and {knocker} loses {bonus}",
        "{names} undercut {knocker}: bonus {bonus}, and {knocker} loses {bonus}",
    ),
    count="winners",
)
RUM = define("knock.rum", N_("No deadwood: rum bonus {bonus} × {others} = {total}"))


def score_knock(hand: HandContext) -> HandResult:
    knocker = hand.player("knocker")
    counted = collect(hand, hand.players)
    count = {p: c.count for p, c in counted.items()}
    k = count[knocker]
    lines = [KNOCKED(knocker=knocker, count=k)]
    if counted[knocker].source != "points":  # typed points need no second line
        lines.append(counted[knocker].describe(knocker))
    lines += [c.describe(name) for name, c in counted.items() if name != knocker]
    others = hand.others(knocker)
    low = min(count[p] for p in others)
    rum = RUM_BONUS * (len(hand.players) - 1)

    if k < low or (k == 0 and low == 0):
        # The knocker wins: strictly lowest, or 0 against another 0 (the knocker keeps the win).
        pool = sum(count[p] - k for p in others)
        lines += [
            DIFFERENCE(name=p, count=count[p], low=k, difference=count[p] - k) for p in others
        ]
        if k == 0:
            lines.append(
                KNOCKER_RUM(knocker=knocker, bonus=RUM_BONUS, others=len(others), total=rum)
            )
            pool += rum
        lines.append(SCORES(name=knocker, points=pool))
        return finish(hand, [knocker], {knocker: pool}, counted, lines)

    winners = [p for p in others if count[p] == low]
    losers = [p for p in hand.players if p not in winners]
    pool = sum(count[p] - low for p in losers)
    lines += [
        DIFFERENCE(name=p, count=count[p], low=low, difference=count[p] - low)
        for p in losers
        if p != knocker or k != low
    ]
    deltas: dict[str, int] = {}
    who = names_and(winners)
    if low == k:
        lines.append(TIES(names=who, winners=len(winners), knocker=knocker))
    else:
        lines.append(
            UNDERCUT(names=who, winners=len(winners), knocker=knocker, bonus=UNDERCUT_BONUS)
        )
        pool += UNDERCUT_BONUS
        deltas[knocker] = -UNDERCUT_BONUS
    if low == 0:
        lines.append(RUM(bonus=RUM_BONUS, others=len(hand.players) - 1, total=rum))
        pool += rum
    shares, share_lines = split_pool(winners, pool)
    deltas.update(shares)
    return finish(hand, winners, deltas, counted, lines + share_lines)
