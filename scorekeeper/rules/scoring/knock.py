"""Knock Rummy: the knocker against the lowest deadwood, with undercut and rum bonuses."""

from __future__ import annotations

from .common import collect, finish, split_pool
from .context import HandContext
from .result import HandResult

UNDERCUT_BONUS = 10
RUM_BONUS = 25  # from each opponent, to a winner with no deadwood


def score_knock(hand: HandContext) -> HandResult:
    knocker = hand.player("knocker")
    counted = collect(hand, hand.players)
    count = {p: c.count for p, c in counted.items()}
    k = count[knocker]
    lines = [f"{knocker} knocked with {k}"]
    if counted[knocker].source != "points":  # typed points need no second line
        lines.append(counted[knocker].describe(knocker))
    lines += [c.describe(name) for name, c in counted.items() if name != knocker]
    others = hand.others(knocker)
    low = min(count[p] for p in others)
    rum = RUM_BONUS * (len(hand.players) - 1)

    if k < low or (k == 0 and low == 0):
        # The knocker wins: strictly lowest, or 0 against another 0 (the knocker keeps the win).
        pool = sum(count[p] - k for p in others)
        lines += [f"{p}: {count[p]} − {k} = {count[p] - k}" for p in others]
        if k == 0:
            lines.append(
                f"{knocker} has no deadwood: rum bonus {RUM_BONUS} × {len(others)} = {rum}"
            )
            pool += rum
        lines.append(f"{knocker} scores {pool}")
        return finish(hand, [knocker], {knocker: pool}, counted, lines)

    winners = [p for p in others if count[p] == low]
    losers = [p for p in hand.players if p not in winners]
    pool = sum(count[p] - low for p in losers)
    lines += [
        f"{p}: {count[p]} − {low} = {count[p] - low}" for p in losers if p != knocker or k != low
    ]
    deltas: dict[str, int] = {}
    if low == k:
        who = " and ".join(winners)
        verb = "ties the knocker and wins" if len(winners) == 1 else "tie the knocker and win"
        lines.append(f"{who} {verb} instead; {knocker} pays no penalty")
    else:
        who = " and ".join(winners)
        verb = "undercuts" if len(winners) == 1 else "undercut"
        lines.append(
            f"{who} {verb} {knocker}: bonus {UNDERCUT_BONUS}, and {knocker} loses {UNDERCUT_BONUS}"
        )
        pool += UNDERCUT_BONUS
        deltas[knocker] = -UNDERCUT_BONUS
    if low == 0:
        lines.append(f"No deadwood: rum bonus {RUM_BONUS} × {len(hand.players) - 1} = {rum}")
        pool += rum
    shares, share_lines = split_pool(winners, pool)
    deltas.update(shares)
    return finish(hand, winners, deltas, counted, lines + share_lines)
