"""The winner's whole hand, where he melds it all at once: found, shown and scored as melds.

Where a variant has a :class:`~scorekeeper.rules.going_out.WholeHand` rule, the winner's entry
may be ``{"hand": "..."}``. :func:`score_whole_hand` finds how that hand goes out
(:func:`~scorekeeper.rules.going_out.ways_out`) and scores each way exactly as the same melds
declared would be (``{"melds": [...]}``), keeping the one that pays the winner most; the
explanation then says the app laid the hand out, and ``players[winner]`` shows the melds and
the discard. Where the family does not score the winner's cards (Rummy Complete, Boat House),
the hand is still checked (it must go out, and share the deck with the others' cards) and shown.

>>> from scorekeeper.rules import score_hand
>>> scored = score_hand(variant="queen-city-rum", players=["Ann", "Bob", "Cy", "Dan", "Eve"],
...     result={"out": "Ann", "hands": {"Ann": {"hand": "7C KH 7S JH 7H QH 7D"}}})
>>> scored.deltas["Ann"], scored.players["Ann"].melds
(232, ('7S 7H 7D 7C', 'JH QH KH'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..cards import format_cards, parse_cards
from ..deck import ACROSS_PLAYERS, IN_THIS_HAND
from ..errors import ResultError, RulesError
from ..going_out import MAX_CARDS, WayOut, WholeHand, strays, ways_out
from ..melds import parse_meld, whole_hand_text
from ..messages import N_, NP_, Message, define
from ..variants import Table
from .context import HandContext
from .result import HandResult, PlayerDetail

ARRANGED = define("going_out.arranged", N_("The app laid out {name}'s whole hand ({shape})"))
ARRANGED_DISCARD = define(
    "going_out.arranged_discard",
    N_("The app laid out {name}'s whole hand ({shape}); {card} is the discard"),
)
GOES_OUT = define("going_out.goes_out", N_("{name} goes out with {melds}"))
GOES_OUT_DISCARD = define(
    "going_out.goes_out_discard", N_("{name} goes out with {melds} and discards {card}")
)
NO_WAY = define(
    "going_out.none",
    N_("{name}'s {count} cards do not go out: they cannot all be laid in valid melds"),
)
NO_WAY_DISCARD = define(
    "going_out.none_discard",
    N_(
        "{name}'s {count} cards do not go out: neither all of them nor all but one can be laid"
        " in valid melds"
    ),
)
NO_WAY_SHAPES = define(
    "going_out.none_shapes",
    N_("{name}'s {count} cards do not go out: they cannot be laid as melds of {shapes} cards"),
)
STRAYS = define(
    "going_out.strays",
    NP_(
        "{name}'s hand does not go out: {cards} fits in no meld",
        "{name}'s hand does not go out: {cards} fit in no meld",
    ),
    count="n",
)
HAND_OR_MELDS = define(
    "going_out.hand_or_melds", N_("give {name}'s whole hand or his melds, not both")
)
TOO_MANY_CARDS = define(
    "going_out.too_many", N_("a whole hand here holds at most {limit} cards, not {count}")
)


def score_whole_hand(
    family: Any, table: Table, players: tuple[str, ...], dealer: str, entry: Mapping[str, Any]
) -> HandResult | None:
    """Score a hand whose winner entered his whole hand; None when the entry has none (the
    family then scores it as usual)."""
    rule = table.variant.going_out
    winner = entry.get(family.role)
    hands = entry.get("hands")
    if rule is None or not isinstance(winner, str) or not isinstance(hands, Mapping):
        return None
    mine = hands.get(winner)
    if winner not in players or not isinstance(mine, Mapping) or mine.get("hand") is None:
        return None
    where = f"result.hands.{winner}"
    if any(mine.get(key) is not None for key in mine if key != "hand"):
        raise ResultError(HAND_OR_MELDS(name=winner), where)
    if not isinstance(mine["hand"], str):
        return None  # the family's check names the shape
    try:
        cards = parse_cards(whole_hand_text(mine["hand"]))
        if len(cards) > MAX_CARDS:
            raise ResultError(TOO_MANY_CARDS(limit=MAX_CARDS, count=len(cards)))
        table.deck.check(cards, IN_THIS_HAND())
    except RulesError as err:
        raise err.at(f"{where}.hand") from None
    ways = ways_out(cards, rule, table.meld_rules)
    if not ways:
        raise ResultError(_why_not(winner, cards, rule, table), f"{where}.hand")

    if family.seats != "winner":
        # The family counts only the others' cards: score as usual, then check and show.
        result = family.score(HandContext(table, players, dealer, entry, family))
        way = ways[0]
        _deck_across(table, result, winner, cards)
        line = (
            GOES_OUT_DISCARD(name=winner, melds=way.text, card=str(way.discard))
            if way.discard is not None
            else GOES_OUT(name=winner, melds=way.text)
        )
        return _shown(result, winner, way, line)

    best: tuple[HandResult, WayOut] | None = None
    first_error: RulesError | None = None
    for way in ways:
        declared = {**hands, winner: {"melds": way.texts}}
        try:
            result = family.score(HandContext(table, players, dealer, {**entry, "hands": declared}, family))
        except RulesError as err:
            first_error = first_error or err
            continue
        if best is None or result.deltas.get(winner, 0) > best[0].deltas.get(winner, 0):
            best = (result, way)
    if best is None:
        assert first_error is not None
        raise first_error
    result, way = best
    line = (
        ARRANGED_DISCARD(name=winner, shape=way.shape, card=str(way.discard))
        if way.discard is not None
        else ARRANGED(name=winner, shape=way.shape)
    )
    return _shown(result, winner, way, line)


def _shown(result: HandResult, winner: str, way: WayOut, line: Message) -> HandResult:
    known = result.players.get(winner)
    detail = PlayerDetail(
        count=known.count if known is not None else None,
        melds=tuple(way.texts),
        unmatched=str(way.discard) if way.discard is not None else "",
        source="hand",
        mom=known.mom if known is not None else None,
    )
    players = {**result.players, winner: detail}
    return replace(result, players=players, explanation=(line, *result.explanation))


def _deck_across(table: Table, result: HandResult, winner: str, cards) -> None:
    """The winner's cards and every card the others were counted with share one deck."""
    named = list(cards)
    for name, detail in result.players.items():
        if name == winner:
            continue
        for meld in detail.melds:
            named += [mc.card for mc in parse_meld(meld)]
        if detail.unmatched:
            named += parse_cards(detail.unmatched)
    try:
        table.deck.check(named, ACROSS_PLAYERS())
    except RulesError as err:
        raise err.at("result.hands") from None


def _why_not(name: str, cards, rule: WholeHand, table: Table) -> Message:
    lost = strays(cards, table.meld_rules)
    if len(lost) > (1 if rule.discard else 0):
        return STRAYS(name=name, cards=format_cards(lost), n=len(lost))
    if rule.patterns is not None:
        return NO_WAY_SHAPES(name=name, count=len(cards), shapes=rule.shapes())
    if rule.discard and rule.melds_this_many(len(cards) - 1):
        return NO_WAY_DISCARD(name=name, count=len(cards))
    return NO_WAY(name=name, count=len(cards))
