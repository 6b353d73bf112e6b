"""Phỏm: chips for going ù, or by place on the trash totals, with optional feeding penalties."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from ..errors import ResultError
from ..messages import N_, NP_, define
from ..scoring.common import collect, finish, names_and, pay_winner, winner_melds
from ..scoring.context import NOT_A_PLAYER, HandContext
from ..scoring.result import HandResult, Transfer
from ..variants import Table, Variant
from ..variants.base import EXPECTED_BOOL
from .base import EntryField, Family

U_SIZES = (9, 10)  # cards the ù winner melds: 9 and a discard, or all 10 (paid double)
PLACE_CHIPS = (1, 2, 3)  # paid by 2nd, 3rd and 4th place

ATE = define(
    "phom.ate",
    NP_(
        "{taker} took {giver}'s discard: {giver} pays {amount}",
        "{taker} took {giver}'s discards: {giver} pays {amount}",
    ),
    count="amount",
)
WENT_U = define("phom.u", N_("{name} went ù with {cards} cards melded: {chips} from each player"))
FED = define("phom.fed", N_("{feeder} fed {name} three discards and pays for everyone: {total}"))
U_CARDS_DIFFER = define("phom.u_cards_differ", N_("the melds hold {size} cards, not {given}"))
U_CARDS_MISSING = define(
    "phom.u_cards_missing", N_("say how many cards the ù winner melded: 9 (and a discard) or 10")
)
U_CARDS_WRONG = define(
    "phom.u_cards_wrong", N_("ù takes 9 melded cards (and a discard) or all 10, not {size}")
)
PLACE = define("phom.place", N_("{name}: trash {count}, place {place}: pays {chips}"))
MOM = define("phom.mom", N_("{name}: trash {count}, móm (no meld): pays {chips}"))
LOWEST = define("phom.lowest", N_("{name} has the lowest trash ({count}) and wins"))
LOWEST_TIE = define(
    "phom.lowest_tie",
    N_(
        "{name} ties {others} for the lowest trash ({count}) and wins the tie by playing "
        "earlier (nearer the dealer's left)"
    ),
)
SAYS_NO_MELD = define("phom.mom_no_meld", N_("{name}'s cards say otherwise: the entry has no meld"))
SAYS_MELD = define("phom.mom_meld", N_("{name}'s cards say otherwise: the entry has a meld"))
EXPECTED_EATS = define(
    "phom.expected_eats", N_('expected a list such as [{{"from": "Ann", "to": "Bob"}}]')
)
EXPECTED_EAT = define("phom.expected_eat", N_('expected {{"from": ..., "to": ...}}'))
ORDER_FIRST = define("phom.order_first", N_("{name} finishes first and wins"))
ORDER_PLACE = define("phom.order_place", N_("{name}: place {place}: pays {chips}"))
ORDER_MOM = define("phom.order_mom", N_("{name}: móm (no meld), last: pays {chips}"))
EXPECTED_ORDER = define(
    "phom.expected_order", N_('expected the players in finishing order, such as ["Ann", "Bob"]')
)
ORDER_TWICE = define("phom.order_twice", N_("{name} is in the order twice"))
ORDER_MOM_LISTED = define(
    "phom.order_mom_listed", N_("{name} is móm and finishes last: leave them out of the order")
)
ORDER_MISSING = define("phom.order_missing", N_("{name} has no place in the order"))
ORDER_AND_TRASH = define(
    "phom.order_and_trash",
    N_(
        "{name}'s trash is given as well as the finishing order: "
        "give either the order or every player's trash, not both"
    ),
)
ORDER_WITH_U = define("phom.order_with_u", N_("{name} went ù: leave out the finishing order"))
ORDER_SEAT = define(
    "phom.order_seat",
    N_('with a finishing order, a player\'s entry holds only {{"mom": true}} or {{"mom": false}}'),
)
ORDER_ALL_MOM = define(
    "phom.order_all_mom", N_("every player is móm: enter the trash totals to find the winner")
)
NOT_BEFORE = define(
    "phom.not_before",
    N_("{taker} can only take the discards of the player before him, not {giver}'s"),
)


def score_phom(hand: HandContext) -> HandResult:
    if hand.entry.get("u") is not None:
        if hand.entry.get("order") is not None:
            raise ResultError(ORDER_WITH_U(name=str(hand.entry["u"])), "result.order")
        deltas, transfers, winners, counted, lines = _score_u(hand)
    elif hand.entry.get("order") is not None:
        deltas, transfers, winners, counted, lines = _score_order(hand)
    else:
        deltas, transfers, winners, counted, lines = _score_places(hand)
    for eat in _eats(hand):
        deltas[eat.from_] -= eat.amount
        deltas[eat.to] += eat.amount
        transfers.append(eat)
        lines.append(ATE(taker=eat.to, giver=eat.from_, amount=eat.amount))
    return finish(hand, winners, deltas, counted, lines, transfers)


def _score_u(hand: HandContext):
    winner = hand.player("u")
    melded = _u_cards(hand, winner)
    chips = hand.param("u-chips") * (2 if melded == max(U_SIZES) else 1)
    lines = [WENT_U(name=winner, cards=melded, chips=chips)]
    fed_by = hand.player("fed_by", required=False)
    if fed_by is not None:
        _check_feeder(hand, fed_by, winner, "result.fed_by")
        total = chips * (len(hand.players) - 1)
        lines.append(FED(feeder=fed_by, name=winner, total=total))
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
            raise ResultError(U_CARDS_DIFFER(size=size, given=given), "result.u_cards")
    else:
        typed = hand.number("u_cards")
        if typed is None:
            raise ResultError(U_CARDS_MISSING(), "result.u_cards")
        size = typed
    if size not in U_SIZES:
        raise ResultError(U_CARDS_WRONG(size=size), "result.u_cards")
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
        amounts[p] = hand.param("mom-chips") if mom[p] else PLACE_CHIPS[place - 2]
        if mom[p]:
            lines.append(MOM(name=p, count=counted[p].count, chips=amounts[p]))
        else:
            lines.append(PLACE(name=p, count=counted[p].count, place=place, chips=amounts[p]))
    low = counted[winner].count
    tied = [p for p in ranked[1:] if mom[p] == mom[winner] and counted[p].count == low]
    if tied:
        lines.insert(0, LOWEST_TIE(name=winner, others=names_and(tied), count=low))
    else:
        lines.insert(0, LOWEST(name=winner, count=low))
    deltas, transfers = pay_winner(hand, winner, amounts)
    for name in counted:
        counted[name] = replace(counted[name], mom=mom[name])
    return deltas, transfers, [winner], counted, lines


def _score_order(hand: HandContext):
    """Places given directly, first place first; móm players (per seat) still finish last."""
    given = hand.entry["order"]
    if not isinstance(given, list):
        raise ResultError(EXPECTED_ORDER(), "result.order")
    entries = hand.entries()
    mom = {}
    for p in hand.players:
        entry = entries.get(p)
        if entry is None:
            mom[p] = False
            continue
        if not isinstance(entry, Mapping):
            raise ResultError(ORDER_SEAT(), f"result.hands.{p}")
        trash = [k for k in entry if k != "mom" and entry[k] is not None]
        if trash:
            raise ResultError(ORDER_AND_TRASH(name=p), f"result.hands.{p}.{trash[0]}")
        mom[p] = _mom(entry, None, p)
    seen: set[str] = set()
    for i, name in enumerate(given):
        where = f"result.order[{i}]"
        if not isinstance(name, str) or name not in hand.players:
            raise ResultError(NOT_A_PLAYER(name=repr(name)), where)
        if name in seen:
            raise ResultError(ORDER_TWICE(name=name), where)
        if mom[name]:
            raise ResultError(ORDER_MOM_LISTED(name=name), where)
        seen.add(name)
    for p in hand.players:
        if not mom[p] and p not in seen:
            raise ResultError(ORDER_MISSING(name=p), "result.order")
    if not given:
        raise ResultError(ORDER_ALL_MOM(), "result.order")
    order = hand.play_order
    last = sorted((p for p in hand.players if mom[p]), key=order.index)
    ranked = [*given, *last]
    winner = ranked[0]
    amounts, lines = {}, [ORDER_FIRST(name=winner)]
    for place, p in enumerate(ranked[1:], start=2):
        amounts[p] = hand.param("mom-chips") if mom[p] else PLACE_CHIPS[place - 2]
        if mom[p]:
            lines.append(ORDER_MOM(name=p, chips=amounts[p]))
        else:
            lines.append(ORDER_PLACE(name=p, place=place, chips=amounts[p]))
    deltas, transfers = pay_winner(hand, winner, amounts)
    return deltas, transfers, [winner], {}, lines


def _mom(entry: Mapping, counted, name: str) -> bool:
    given = entry.get("mom") if isinstance(entry, Mapping) else None
    if given is not None and not isinstance(given, bool):
        raise ResultError(EXPECTED_BOOL(value=repr(given)), f"result.hands.{name}.mom")
    if counted is not None and counted.source in ("hand", "melds"):
        derived = bool(counted.mom)
        if given is not None and given != derived:
            says = SAYS_NO_MELD if derived else SAYS_MELD
            raise ResultError(says(name=name), f"result.hands.{name}.mom")
        return derived
    return bool(given)


def _eats(hand: HandContext) -> list[Transfer]:
    eats = hand.entry.get("eats")
    if not eats:
        return []
    if not isinstance(eats, list):
        raise ResultError(EXPECTED_EATS(), "result.eats")
    tally: dict[tuple[str, str], int] = {}
    for i, eat in enumerate(eats):  # field paths count from 0, as in JSON
        where = f"result.eats[{i}]"
        if not isinstance(eat, Mapping):
            raise ResultError(EXPECTED_EAT(), where)
        giver, taker = (_eater(hand, eat.get(key), f"{where}.{key}") for key in ("from", "to"))
        _check_feeder(hand, giver, taker, where)
        tally[(giver, taker)] = tally.get((giver, taker), 0) + 1
    return [Transfer(g, t, n) for (g, t), n in tally.items()]


def _eater(hand: HandContext, value: Any, where: str) -> str:
    """A player named by an eaten discard's ``from`` or ``to``."""
    if not isinstance(value, str) or value not in hand.players:
        raise ResultError(NOT_A_PLAYER(name=repr(value)), where)
    return value


def _check_feeder(hand: HandContext, giver: str, taker: str, where: str) -> None:
    order = hand.play_order
    if order[(order.index(giver) + 1) % len(order)] != taker:
        raise ResultError(NOT_BEFORE(taker=taker, giver=giver), where)


U_CARDS = EntryField(
    "u_cards",
    "choice",
    N_("Cards melded"),
    minimum=min(U_SIZES),
    maximum=max(U_SIZES),
    choices=((9, N_("9 cards and a discard")), (10, N_("All 10 cards"))),
    winner_only=True,
)
FED_BY = EntryField(
    "fed_by",
    "feeder",
    N_("The player before the winner fed three discards"),
    option="feeding-penalties",
    help=N_("That player then pays the ù chips for everyone."),
    winner_only=True,
    name="fed",
)
ORDER = EntryField(
    "order",
    "order",
    N_("The finishing order, instead of each player's trash"),
    help=N_("First place first. Móm players finish last and are left out."),
    section="order",
)
EATS = EntryField(
    "eats",
    "eats",
    N_("{name} took from {previous}"),
    option="feeding-penalties",
    maximum=4,  # times one player takes from the one before (the page's count per seat)
    section="eats",
)


class Phom(Family):
    slug = "phom"
    scorer = staticmethod(score_phom)
    role = "u"
    role_label = N_("Did anyone go ù?")
    role_required = N_("Choose who went out.")
    role_optional = True
    nobody_label = N_("Nobody went ù: count the trash")
    seats = "all"
    seat_keys = ("points", "cards", "hand", "melds", "mom")
    extras: ClassVar[tuple[EntryField, ...]] = (U_CARDS, FED_BY, ORDER, EATS)
    zero_sum = True
    winner_hides_seats = True
    chips = True
    tallies = ("hands", "won", "u", "mom", "left", "chips_won", "chips_lost")
    winner_legend = N_("The ù")
    seat_heading = N_("Each player's trash")
    deadwood_heading = N_("Each player's trash")
    ledger_heading = N_("Chip ledger")
    parameters = ("u-chips", "mom-chips")

    def laid_in_play(self, variant: Variant) -> bool:
        return False  # melds go down only when the hand ends

    def tally(self, entry: Mapping, result: Mapping) -> dict[str, dict[str, int]]:
        """Going out is going ù here; a móm player (no meld at all) is counted too."""
        out = super().tally(entry, result)
        details = result.get("players") or {}
        for name, line in out.items():
            line["u"] = line.pop("went_out")
            line["mom"] = int((details.get(name) or {}).get("mom") is True)
        return out

    def hand_size(self, table: Table, players: int, name: str, result: Mapping) -> tuple[int, int]:
        deal = table.variant.deal_for(players)
        if result.get("u") == name:  # the ù winner may hold all 10 cards (no discard)
            melded = result.get("u_cards")
            if melded == deal + 1:
                return deal + 1, deal + 1
            if melded == deal:
                return deal, deal
            return deal, deal + 1
        return deal, deal
