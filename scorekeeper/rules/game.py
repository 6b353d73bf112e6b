"""A game is its hands: totals, the next dealer and the end of the game follow from them.

:func:`replay` scores every hand in order. Who dealt a hand is a fact of the table (RULES.md 1):
given with the hand, it is used as it is; a hand without one is dealt by the rotation's
suggestion (the deal passes left, or to the winner). Phỏm ties and play order depend on that
hand's dealer, and totals and the game's end on every hand before, so a correction to an early
hand is always replayed through to the last one; it never changes another hand's recorded dealer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import GameOverError, ResultError
from .families import family_of, score_at
from .families.base import STARTING_OPTIONS
from .scoring import HandResult, setup_table
from .scoring.result import Bonus
from .scoring.setup import NOT_SEATED, player_name
from .variants import Table, Variant


@dataclass(frozen=True)
class GameState:
    """Where a game stands after its hands: what the scoreboard and the next deal show."""

    totals: dict[str, int]
    running: list[dict[str, int]]  # totals after each hand
    dealer: str  # deals the next hand
    deal: int  # cards each player gets in the next hand
    over: bool
    winners: list[str]
    hands_played: int
    start: int = 0
    end: dict[str, Any] = field(default_factory=dict)  # what ends this game, for the page
    #: added to ``totals`` when the game ended (Gin Rummy's game, box and shutout bonuses)
    bonuses: tuple[Bonus, ...] = ()


@dataclass(frozen=True)
class Replay:
    """A replayed game: the table, the seating, every hand scored, and the state after them."""

    table: Table
    players: tuple[str, ...]
    hands: list[HandResult]
    state: GameState


def replay(
    *,
    variant: str | Variant,
    options: Mapping[str, Any] | None = None,
    players: Sequence[str],
    dealer: str | None = None,
    results: Sequence[Any] = (),
    dealers: Sequence[str | None] = (),
) -> Replay:
    """Score ``results`` in order from the first dealer; return every hand and the state.

    ``dealers``: who dealt each hand, as recorded at the table (None, or missing at the end,
    for the rotation's suggestion). ``state.dealer`` is the suggestion for the next hand: it
    follows from the last hand's dealer and result.

    >>> played = replay(variant="knock-rummy", players=["Ann", "Bob"], results=[
    ...     {"knocker": "Ann", "hands": {"Ann": {"points": 3}, "Bob": {"points": 20}}},
    ...     {"knocker": "Bob", "hands": {"Ann": {"points": 5}, "Bob": {"points": 9}}},
    ... ])
    >>> played.state.totals, played.state.dealer, played.state.over
    ({'Ann': 31, 'Bob': -10}, 'Bob', False)
    """
    table, names, dealer = setup_table(
        variant=variant, options=options, players=players, dealer=dealer
    )
    start = starting_total(table)
    totals = dict.fromkeys(names, start)
    running: list[dict[str, int]] = []
    hands: list[HandResult] = []
    over, winners = False, list[str]()
    for index, result in enumerate(results):
        if over:
            raise GameOverError(index).at(f"hands[{index}]")
        recorded = dealers[index] if index < len(dealers) else None
        if recorded is not None:
            dealer = seated_dealer(names, recorded)
        hand = score_at(table, names, dealer, result)
        hands.append(hand)
        for name, delta in hand.deltas.items():
            totals[name] += delta
        running.append(dict(totals))
        over, winners = _end(table, names, totals, len(hands), hand)
        dealer = _next_dealer(table, names, dealer, hand)
    bonuses: tuple[Bonus, ...] = ()
    if over:
        bonuses = final_bonuses(table, names, [h.winners for h in hands], totals, winners)
        for bonus in bonuses:
            totals[bonus.player] += bonus.points
    state = GameState(
        totals=totals,
        running=running,
        dealer=dealer,
        deal=table.variant.deal_for(len(names)),
        over=over,
        winners=winners,
        hands_played=len(hands),
        start=start,
        end=_end_rule(table),
        bonuses=bonuses,
    )
    return Replay(table, names, hands, state)


def play_on(
    *,
    variant: str | Variant,
    options: Mapping[str, Any] | None = None,
    players: Sequence[str],
    dealer: str | None = None,
    totals: Mapping[str, int],
    played: int,
    next_dealer: str,
    result: Any,
    recorded: str | None = None,
    earlier_winners: Callable[[], Sequence[Sequence[str]]] = tuple,
) -> Replay:
    """Score one more hand after ``played`` hands that left ``totals`` and ``next_dealer`` (the
    state a replay of them ends in, as a game stores it), without scoring them again: what
    :func:`replay` of every hand says about the new one, in constant time (issue 33 §6).

    ``dealer``: the game's first dealer (the seating check); ``recorded``: who dealt the new
    hand, if the table said (else ``next_dealer``, the rotation's suggestion);
    ``earlier_winners``: the winners of each earlier hand, asked only when the new hand ends a
    game whose end bonuses count hands won. The answer is a Replay of that one hand: its
    ``state.running`` holds the totals after it.

    >>> first = replay(variant="knock-rummy", players=["Ann", "Bob"], results=[
    ...     {"knocker": "Ann", "hands": {"Ann": {"points": 3}, "Bob": {"points": 20}}}])
    >>> more = play_on(variant="knock-rummy", players=["Ann", "Bob"],
    ...     totals=first.state.totals, played=1, next_dealer=first.state.dealer,
    ...     result={"knocker": "Bob", "hands": {"Ann": {"points": 5}, "Bob": {"points": 9}}})
    >>> more.state.totals, more.state.dealer
    ({'Ann': 31, 'Bob': -10}, 'Bob')
    """
    table, names, _first = setup_table(
        variant=variant, options=options, players=players, dealer=dealer
    )
    dealt = seated_dealer(names, recorded) if recorded is not None else next_dealer
    if dealt not in names:
        dealt = seated_dealer(names, dealt)  # a ResultError naming the dealer
    hand = score_at(table, names, dealt, result)
    running = {name: int(totals[name]) for name in names}
    for name, delta in hand.deltas.items():
        running[name] += delta
    over, winners = _end(table, names, running, played + 1, hand)
    final = dict(running)
    bonuses: tuple[Bonus, ...] = ()
    if over:
        won = [*earlier_winners(), hand.winners]
        bonuses = final_bonuses(table, names, won, running, winners)
        for bonus in bonuses:
            final[bonus.player] += bonus.points
    state = GameState(
        totals=final,
        running=[running],
        dealer=_next_dealer(table, names, dealt, hand),
        deal=table.variant.deal_for(len(names)),
        over=over,
        winners=winners,
        hands_played=played + 1,
        start=starting_total(table),
        end=_end_rule(table),
        bonuses=bonuses,
    )
    return Replay(table, names, [hand], state)


def seated_dealer(names: Sequence[str], dealer: Any) -> str:
    """``dealer`` read as a player's name, if one of ``names``; else a ResultError for the field
    ``dealer``."""
    try:
        name = player_name(dealer, "dealer")
    except ResultError:
        name = None
    if name is None or name not in names:
        raise ResultError(NOT_SEATED(dealer=repr(dealer)), "dealer")
    return name


def final_bonuses(
    table: Table,
    players: Sequence[str],
    hand_winners: Sequence[Sequence[str]],
    totals: Mapping[str, int],
    winners: Sequence[str],
) -> tuple[Bonus, ...]:
    """The end-of-game bonuses of a finished game, from each hand's winners and the totals of
    the hands (also what the games app asks, from the stored results, without a replay)."""
    won = {p: sum(1 for w in hand_winners if p in w) for p in players}
    return family_of(table.variant).final_bonuses(table, players, won, totals, winners)


def starting_total(table: Table) -> int:
    """What each player's total is before the first hand (Continental points, Phỏm chips)."""
    return next((table.options[o] for o in STARTING_OPTIONS if o in table.options), 0)


def _next_dealer(table: Table, names: tuple[str, ...], dealer: str, hand: HandResult) -> str:
    if hand.void:  # nobody won: the same player deals again
        return dealer
    winner_deals = table.variant.winner_deals or table.options.get("target") == 0
    if winner_deals and hand.winners:
        return hand.winners[0]
    return names[(names.index(dealer) + 1) % len(names)]  # the deal passes to the left


def _end(
    table: Table, names, totals: dict[str, int], played: int, hand: HandResult
) -> tuple[bool, list[str]]:
    rule = table.variant.end
    if rule.kind == "target":
        target = table.options["target"]
        if target == 0:  # every hand is its own game
            return True, list(hand.winners)
        top = max(totals.values())
        leaders = [p for p in names if totals[p] == top]
        # At or over the target with a single leader; a tie at the top plays on.
        return (True, leaders) if top >= target and len(leaders) == 1 else (False, [])
    limit = table.options["hands"] if rule.kind == "hands" else table.options["match-games"]
    if played < limit:
        return False, []
    best = max(totals.values()) if rule.highest_wins else min(totals.values())
    return True, [p for p in names if totals[p] == best]


def _end_rule(table: Table) -> dict[str, Any]:
    rule = table.variant.end
    if rule.kind == "target":
        return {"kind": "target", "target": table.options["target"]}
    key = "hands" if rule.kind == "hands" else "match-games"
    return {"kind": rule.kind, "hands": table.options[key], "highest_wins": rule.highest_wins}
