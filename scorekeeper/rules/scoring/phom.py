"""Phỏm: chips for going ù, or by place on the trash totals, with optional feeding penalties."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..errors import ResultError
from .common import collect, finish, pay_winner, winner_melds
from .context import HandContext
from .result import HandResult, Transfer

U_CHIPS = {9: 6, 10: 12}  # cards melded by the ù winner -> chips from each other player
PLACE_CHIPS = (1, 2, 3)  # paid by 2nd, 3rd and 4th place
MOM_CHIPS = 4


def score_phom(hand: HandContext) -> HandResult:
    hand.forbid_unless("feeding-penalties", "fed_by", "eats")
    if hand.result.get("u") is not None:
        deltas, transfers, winners, counted, lines = _score_u(hand)
    else:
        deltas, transfers, winners, counted, lines = _score_places(hand)
    for eat in _eats(hand):
        deltas[eat.from_] -= eat.amount
        deltas[eat.to] += eat.amount
        transfers.append(eat)
        lines.append(
            f"{eat.to} took {eat.from_}'s discard{'s' if eat.amount > 1 else ''}: {eat.from_} pays {eat.amount}"
        )
    return finish(hand, winners, deltas, counted, lines, transfers)


def _score_u(hand: HandContext):
    winner = hand.player("u")
    melded = _u_cards(hand, winner)
    chips = U_CHIPS[melded]
    lines = [f"{winner} went ù with {melded} cards melded: {chips} from each player"]
    fed_by = hand.player("fed_by", required=False)
    if fed_by is not None:
        _check_feeder(hand, fed_by, winner, "result.fed_by")
        total = chips * (len(hand.players) - 1)
        lines.append(f"{fed_by} fed {winner} three discards and pays for everyone: {total}")
        deltas, transfers = pay_winner(hand, winner, {fed_by: total})
    else:
        deltas, transfers = pay_winner(hand, winner, dict.fromkeys(hand.others(winner), chips))
    return deltas, transfers, [winner], {}, lines


def _u_cards(hand: HandContext, winner: str) -> int:
    declared = winner_melds(hand, winner)
    if declared is not None:
        melds, _where = declared
        size = sum(len(m.cards) for m in melds)
        given = hand.number("u_cards")
        if given is not None and given != size:
            raise ResultError(f"the melds hold {size} cards, not {given}", "result.u_cards")
    else:
        size = hand.number("u_cards")
        if size is None:
            raise ResultError(
                "say how many cards the ù winner melded: 9 (and a discard) or 10", "result.u_cards"
            )
    if size not in U_CHIPS:
        raise ResultError(
            f"ù takes 9 melded cards (and a discard) or all 10, not {size}", "result.u_cards"
        )
    return size


def _score_places(hand: HandContext):
    counted = collect(hand, hand.players)
    entries = hand.entries()
    order = hand.play_order
    mom = {p: _mom(entries[p], counted[p], p) for p in hand.players}
    ranked = sorted(hand.players, key=lambda p: (mom[p], counted[p].count, order.index(p)))
    winner = ranked[0]
    amounts, lines = {}, []
    for place, p in enumerate(ranked[1:], start=2):
        amounts[p] = MOM_CHIPS if mom[p] else PLACE_CHIPS[place - 2]
        why = "móm (no meld)" if mom[p] else f"place {place}"
        lines.append(f"{p}: trash {counted[p].count}, {why}: pays {amounts[p]}")
    lines.insert(0, f"{winner} has the lowest trash ({counted[winner].count}) and wins")
    deltas, transfers = pay_winner(hand, winner, amounts)
    for name in counted:
        counted[name] = replace(counted[name], mom=mom[name])
    return deltas, transfers, [winner], counted, lines


def _mom(entry: Mapping, counted, name: str) -> bool:
    given = entry.get("mom") if isinstance(entry, Mapping) else None
    if given is not None and not isinstance(given, bool):
        raise ResultError(f"expected true or false, got {given!r}", f"result.hands.{name}.mom")
    if counted.source in ("hand", "melds"):
        derived = bool(counted.mom)
        if given is not None and given != derived:
            shown = "has no meld" if derived else "has a meld"
            raise ResultError(
                f"{name}'s cards say otherwise: the entry {shown}", f"result.hands.{name}.mom"
            )
        return derived
    return bool(given)


def _eats(hand: HandContext) -> list[Transfer]:
    eats = hand.result.get("eats")
    if not eats:
        return []
    if not isinstance(eats, list):
        raise ResultError('expected a list such as [{"from": "Ann", "to": "Bob"}]', "result.eats")
    tally: dict[tuple[str, str], int] = {}
    for i, eat in enumerate(eats):  # field paths count from 0, as in JSON
        where = f"result.eats[{i}]"
        if not isinstance(eat, Mapping):
            raise ResultError('expected {"from": ..., "to": ...}', where)
        giver, taker = eat.get("from"), eat.get("to")
        for key, value in (("from", giver), ("to", taker)):
            if not isinstance(value, str) or value not in hand.players:
                raise ResultError(f"{value!r} is not a player in this game", f"{where}.{key}")
        _check_feeder(hand, giver, taker, where)
        tally[(giver, taker)] = tally.get((giver, taker), 0) + 1
    return [Transfer(g, t, n) for (g, t), n in tally.items()]


def _check_feeder(hand: HandContext, giver: str, taker: str, where: str) -> None:
    order = hand.play_order
    if order[(order.index(giver) + 1) % len(order)] != taker:
        raise ResultError(
            f"{taker} can only take the discards of the player before him, not {giver}'s", where
        )
