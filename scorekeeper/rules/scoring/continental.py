"""Continental Rum: every other player pays the winner; jokers and bonuses raise the payment."""

from __future__ import annotations

from ..errors import ResultError
from ..variants.continental import PATTERNS
from .common import finish, pay_winner, winner_melds
from .context import HandContext
from .result import HandResult

JOKER_FEE = 2
WILD_DEUCE_FEE = 1
QUICK_BONUS = {0: 10, 1: 7}  # cards drawn before going out -> bonus from each player
SPECIAL_BONUS = 10


def score_continental(hand: HandContext) -> HandResult:
    out = hand.player("out")
    table = hand.table
    hand.forbid_unless("deuces-wild", "wild_deuces")
    jokers, deuces, same_suit, lines = _winner_facts(hand, out)
    pay = 1
    parts = ["1"]
    if jokers:
        pay += JOKER_FEE * jokers
        parts.append(f"{JOKER_FEE} × {jokers} joker{'s' if jokers > 1 else ''}")
    if table.on("deuces-wild") and deuces:
        pay += WILD_DEUCE_FEE * deuces
        parts.append(f"{deuces} wild 2{'s' if deuces > 1 else ''}")
    if table.on("quick-meld-bonus"):
        draws = hand.number("draws")
        bonus = QUICK_BONUS.get(draws, 0) if draws is not None else 0
        if bonus:
            pay += bonus
            parts.append(f"{bonus} quick meld ({draws} drawn)")
    if table.on("special-bonuses"):
        if jokers == 0 and deuces == 0:
            pay += SPECIAL_BONUS
            parts.append(f"{SPECIAL_BONUS} for no wild card")
        if same_suit:
            pay += SPECIAL_BONUS
            parts.append(f"{SPECIAL_BONUS} for one suit")
    payers = hand.others(out)
    lines.append(
        f"Each player pays {out} {' + '.join(parts)} = {pay}"
        if len(parts) > 1
        else f"Each player pays {out} {pay}"
    )
    deltas, transfers = pay_winner(hand, out, dict.fromkeys(payers, pay))
    lines.append(f"{out} collects {pay * len(payers)}")
    return finish(hand, [out], deltas, {}, lines, transfers)


def _winner_facts(hand: HandContext, out: str) -> tuple[int, int, bool, list[str]]:
    """Jokers, wild 2s and one-suit from the winner's melds, or as typed in."""
    declared = winner_melds(hand, out)
    if declared is None:
        jokers = hand.number("jokers", default=0, high=hand.table.deck.jokers)
        deuces = hand.number("wild_deuces", default=0)
        same_suit = hand.flag("same_suit")
        return jokers, deuces, same_suit, [f"{out} went out using {jokers} joker(s)"]
    melds, where = declared
    lengths = tuple(sorted((len(m.cards) for m in melds), reverse=True))
    if lengths not in PATTERNS:
        shapes = "; ".join("-".join(map(str, p)) for p in PATTERNS)
        raise ResultError(
            f"the 15 cards must be sequences of {shapes}, not {'-'.join(map(str, lengths)) or 'nothing'}",
            where,
        )
    jokers = sum(m.jokers for m in melds)
    deuces = sum(m.wild_deuces for m in melds)
    suits = {card.suit for m in melds for card in m.reading}
    lines = [f"{out} melds {' · '.join(str(m) for m in melds)} ({'-'.join(map(str, lengths))})"]
    return jokers, deuces, len(suits) == 1, lines
