"""Steps several scoring functions share."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import ResultError, RulesError
from ..melds import MeldReading
from ..messages import N_, Message, define
from .context import HandContext, check_deck
from .entries import GIVE_ENTRY, Counted, read_entry, read_melds
from .result import HandResult, Transfer

AND = define("names.and", N_("{first} and {last}"))
SCORES = define("score.scores", N_("{name} scores {points}"))
TIE_SHARE = define("score.tie_share", N_("{names} tie and share {pool}: {share} each"))
TIE_SHARE_REST = define(
    "score.tie_share_rest", N_("{names} tie and share {pool}: {share} each, {rest} to nobody")
)


def names_and(names) -> Message | str:
    """Several players as one param: 'Ann and Bob and Cy' (one name stays a plain string)."""
    names = list(names)
    if len(names) == 1:
        return names[0]
    return AND(first=names_and(names[:-1]), last=names[-1])


def collect(hand: HandContext, names, *, required: bool = True) -> dict[str, Counted]:
    """Read the entries of ``names`` (in seating order); check the deck across all of them."""
    entries = hand.entries()
    counted = {}
    for name in names:
        if name not in entries or entries[name] is None:
            if required:
                raise ResultError(GIVE_ENTRY(name=name), f"result.hands.{name}")
            continue
        counted[name] = read_entry(
            hand,
            name,
            entries[name],
            arrange_hand=hand.variant.deadwood,
            count_melds=hand.family.melds_count(hand.variant),
        )
    deck_check(hand, counted.values())
    return counted


def deck_check(hand: HandContext, counted, extra=()) -> None:
    cards = [card for c in counted for card in c.cards] + list(extra)
    try:
        check_deck(hand, cards)
    except RulesError as err:
        raise err.at("result.hands") from None


def winner_melds(hand: HandContext, name: str) -> tuple[list[MeldReading], str] | None:
    """The melds ``name`` declared in his entry, validated and deck-checked, with their field;
    None when his entry gives none."""
    entry = hand.entries().get(name)
    if not isinstance(entry, Mapping) or entry.get("melds") is None:
        return None
    where = f"result.hands.{name}.melds"
    melds = read_melds(entry["melds"], hand.table, where)
    deck_check(hand, [], extra=[mc.card for m in melds for mc in m.cards])
    return melds, where


def count_others(hand: HandContext, winner: str) -> dict[str, Counted]:
    return collect(hand, hand.others(winner))


def split_pool(winners: list[str], pool: int) -> tuple[dict[str, int], list[Message]]:
    """Share ``pool`` evenly; the indivisible remainder goes to nobody."""
    share = pool // len(winners)
    lines = []
    if len(winners) > 1:
        rest = pool - share * len(winners)
        names = names_and(winners)
        if rest:
            lines.append(TIE_SHARE_REST(names=names, pool=pool, share=share, rest=rest))
        else:
            lines.append(TIE_SHARE(names=names, pool=pool, share=share))
    else:
        lines.append(SCORES(name=winners[0], points=share))
    return dict.fromkeys(winners, share), lines


def finish(hand: HandContext, winners, deltas, counted, lines, transfers=()) -> HandResult:
    full = {p: deltas.get(p, 0) for p in hand.players}
    return HandResult(
        variant=hand.variant.slug,
        dealer=hand.dealer,
        winners=tuple(winners),
        deltas=full,
        transfers=tuple(transfers),
        players={
            name: c.detail(mom=c.mom if "mom" in hand.family.seat_keys else None)
            for name, c in counted.items()
        },
        explanation=tuple(lines),
    )


def pay_winner(
    hand: HandContext, winner: str, amounts: dict[str, int]
) -> tuple[dict[str, int], list[Transfer]]:
    """Zero-sum: each payer gives the winner his amount."""
    deltas = dict.fromkeys(hand.players, 0)
    transfers = []
    for payer, amount in amounts.items():
        if amount:
            deltas[payer] -= amount
            deltas[winner] += amount
            transfers.append(Transfer(payer, winner, amount))
    return deltas, transfers
