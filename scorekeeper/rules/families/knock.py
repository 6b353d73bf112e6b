"""The Knock family: Knock Rummy, and Gin Rummy's family (:class:`Gin`, a Knock with small
hooks). Nobody melds on the table; a knock ends the hand and the deadwood counts are compared.

Knock Rummy (RULES.md 4): the knocker against the lowest count of every other player; a tie
wins instead of the knocker, a lower count undercuts him (``undercut-bonus``), and a winner
with no deadwood earns ``rum-bonus`` from each opponent.

Gin Rummy (RULES.md 10, the family :class:`Gin`): two players; a knock needs deadwood of at
most ``knock-limit``; the defender lays off onto the knocker's melds (computed here when both
whole hands are given, a lay-off onto a lay-off included); a tie is an undercut; gin and big
gin earn their bonuses; a hand may be void; the game ends with the game, box and shutout
bonuses (:meth:`Gin.final_bonuses`). Its variants differ by parameters (RULES.md 10.1):
``upcard-limit`` (Oklahoma: the upcard sets the knock limit), ``spade-doubles`` (a spade
upcard doubles the hand) and ``gin-only`` (Straight Gin: nobody knocks).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from ..arrange import arrange
from ..cards import Card, format_cards, parse_cards
from ..errors import IllegalMeldError, ResultError
from ..melds import MeldReading, MeldRules, read_meld
from ..messages import N_, NP_, define
from ..scoring.common import SCORES, collect, finish, names_and, split_pool
from ..scoring.context import HandContext
from ..scoring.entries import Counted
from ..scoring.result import Bonus, HandResult
from ..values import CardValues
from ..variants import Table, Variant
from .base import EntryField, Family, SeatField
from .knock_layout import check_laid_size, knocker_layout

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

# Gin Rummy
OVER_LIMIT = define(
    "gin.over_limit", N_("{knocker} knocked with {count}, over the knock limit of {limit}")
)
BIG_GIN_DEADWOOD = define(
    "gin.big_gin_deadwood", N_("big gin melds every card: {knocker} has {count} deadwood")
)
VOID_AND_KNOCK = define(
    "gin.void_and_knock", N_("a void hand has no knocker: give either the knocker or void")
)
VOID = define("gin.void", N_("Void hand: nobody knocked; nobody scores and the same dealer deals"))
LAYS_OFF = define("gin.lays_off", N_("{name} lays off {cards} on {meld}"))
GIN_WINS = define("gin.gin", N_("{knocker} goes gin: {count} + gin bonus {bonus} = {total}"))
BIG_GIN_WINS = define(
    "gin.big_gin", N_("{knocker} goes big gin: {count} + big gin bonus {bonus} = {total}")
)
KNOCK_WINS = define("gin.knock_wins", N_("{knocker} wins: {count} − {low} = {total}"))
GIN_UNDERCUT = define(
    "gin.undercut",
    N_("{name} undercuts {knocker}: {count} − {low} + undercut bonus {bonus} = {total}"),
)
GIN_TIE_UNDERCUT = define(
    "gin.tie_undercut",
    N_(
        "{name} ties {knocker}, which is an undercut: {count} − {low} + undercut bonus {bonus} = {total}"
    ),
)
#: the lines that say a hand was an undercut (a player's record counts them)
UNDERCUT_CODES = frozenset({UNDERCUT.code, GIN_UNDERCUT.code, GIN_TIE_UNDERCUT.code})
SHUTOUT = define(
    "gin.shutout", N_("{name} shut out the other player: hand points {points} doubled, +{points}")
)
GAME_BONUS_LINE = define("gin.game_bonus", N_("{name}: game bonus +{bonus}"))
BOX_BONUS_LINE = define(
    "gin.box_bonus",
    NP_(
        "{name}: box bonus {bonus} × {hands} hand won = +{total}",
        "{name}: box bonus {bonus} × {hands} hands won = +{total}",
    ),
    count="hands",
)

UPCARD_MISSING = define(
    "gin.upcard_missing",
    N_("give the upcard: the first card turned up to start the discard pile"),
)
UPCARD_LIMIT = define("gin.upcard_limit", N_("The upcard {card} sets the knock limit: {limit}"))
UPCARD_ACE = define("gin.upcard_ace", N_("The upcard {card} is an ace: only gin ends the hand"))
OVER_UPCARD_LIMIT = define(
    "gin.over_upcard_limit",
    N_("{knocker} knocked with {count}, over the knock limit of {limit} set by the upcard {card}"),
)
SPADE_DOUBLES = define(
    "gin.spade_doubles", N_("The upcard {card} is a spade: {points} doubled = {total}")
)
GIN_ONLY = define(
    "gin.gin_only",
    N_("only gin ends a hand of {variant}: {knocker} has {count} deadwood"),
    translate=("variant",),
)

BIG_GIN = EntryField(
    "big_gin",
    "flag",
    N_("Big gin: all 11 cards melded, no discard"),
    option="big-gin",
    section="role",
)
UPCARD = EntryField(
    "upcard",
    "card",
    N_("The upcard: the first card turned up to start the discard pile"),
    param="upcard-limit",
    section="role",
    required=True,
)


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
    rum_bonus, undercut_bonus = hand.param("rum-bonus"), hand.param("undercut-bonus")
    rum = rum_bonus * (len(hand.players) - 1)

    if k < low or (k == 0 and low == 0):
        # The knocker wins: strictly lowest, or 0 against another 0 (the knocker keeps the win).
        pool = sum(count[p] - k for p in others)
        lines += [
            DIFFERENCE(name=p, count=count[p], low=k, difference=count[p] - k) for p in others
        ]
        if k == 0:
            lines.append(
                KNOCKER_RUM(knocker=knocker, bonus=rum_bonus, others=len(others), total=rum)
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
            UNDERCUT(names=who, winners=len(winners), knocker=knocker, bonus=undercut_bonus)
        )
        pool += undercut_bonus
        deltas[knocker] = -undercut_bonus
    if low == 0:
        lines.append(RUM(bonus=rum_bonus, others=len(hand.players) - 1, total=rum))
        pool += rum
    shares, share_lines = split_pool(winners, pool)
    deltas.update(shares)
    return finish(hand, winners, deltas, counted, lines + share_lines)


def score_gin(hand: HandContext) -> HandResult:
    """Gin Rummy: the knocker against the defender, after the defender's lay-offs. The
    variant's parameters say where the knock limit comes from, whether a spade upcard doubles
    the hand and whether only gin ends it."""
    if hand.flag("void"):
        if hand.entry.get("knocker") is not None:
            raise ResultError(VOID_AND_KNOCK(), "result.knocker")
        return replace(finish(hand, [], {}, {}, [VOID()]), void=True)
    knocker = hand.player("knocker")
    (defender,) = hand.others(knocker)
    counted = collect(hand, hand.players)
    k = counted[knocker].count
    big_gin = hand.flag("big_gin")
    where = f"result.hands.{knocker}"
    check_laid_size(knocker, counted[knocker], hand.variant.deal_for(len(hand.players)) + big_gin)
    if big_gin and k:
        raise ResultError(BIG_GIN_DEADWOOD(knocker=knocker, count=k), where)
    upcard = _upcard(hand)
    lines = []
    if hand.variant.param("gin-only"):
        if k:
            message = GIN_ONLY(variant=hand.variant.name, knocker=knocker, count=k)
            raise ResultError(message, where)
    elif upcard is not None:
        limit = _upcard_limit(upcard)
        if k > limit:
            message = OVER_UPCARD_LIMIT(knocker=knocker, count=k, limit=limit, card=str(upcard))
            raise ResultError(message, where)
        line = UPCARD_LIMIT(card=str(upcard), limit=limit) if limit else UPCARD_ACE(card=str(upcard))
        lines.append(line)
    else:
        limit = hand.param("knock-limit")
        if k > limit:
            raise ResultError(OVER_LIMIT(knocker=knocker, count=k, limit=limit), where)
    d_counted = counted[defender]
    laid: list[tuple[Any, tuple[Card, ...]]] = []
    if k and counted[knocker].source in ("hand", "melds") and d_counted.source == "hand":
        rules, values, under = hand.table.meld_rules, hand.table.values, hand.param("undercut-bonus")
        counted[knocker], d_counted, laid = knocker_layout(
            counted[knocker],
            lambda melds: lay_off(counted[defender], melds, rules, values),
            lambda mine, his: his - mine if mine < his else -(mine - his + under),
            rules,
            values,
        )
        counted[defender] = d_counted
    lines.append(KNOCKED(knocker=knocker, count=k))
    if counted[knocker].source != "points":
        lines.append(counted[knocker].describe(knocker))
    lines += [
        LAYS_OFF(name=defender, cards=format_cards(cards), meld=str(meld)) for meld, cards in laid
    ]
    lines.append(d_counted.describe(defender))
    d = d_counted.count

    def won(winner: str, points: int) -> HandResult:
        if upcard is not None and upcard.suit == "S" and hand.variant.param("spade-doubles"):
            lines.append(SPADE_DOUBLES(card=str(upcard), points=points, total=2 * points))
            points *= 2
        return finish(hand, [winner], {winner: points}, counted, lines)

    if big_gin or k == 0:
        bonus = hand.param("big-gin-bonus" if big_gin else "gin-bonus")
        wins = BIG_GIN_WINS if big_gin else GIN_WINS
        lines.append(wins(knocker=knocker, count=d, bonus=bonus, total=d + bonus))
        return won(knocker, d + bonus)
    if k < d:
        lines.append(KNOCK_WINS(knocker=knocker, count=d, low=k, total=d - k))
        return won(knocker, d - k)
    bonus = hand.param("undercut-bonus")
    total = k - d + bonus
    undercut = GIN_TIE_UNDERCUT if k == d else GIN_UNDERCUT
    lines.append(undercut(name=defender, knocker=knocker, count=k, low=d, bonus=bonus, total=total))
    return won(defender, total)


def _upcard(hand: HandContext) -> Card | None:
    """The hand's upcard where the variant reads one (the schema checked it is one card)."""
    if not hand.variant.param("upcard-limit"):
        return None
    value = hand.entry.get("upcard")
    if value is None:
        raise ResultError(UPCARD_MISSING(), "result.upcard")
    return parse_cards(value)[0]


def _upcard_limit(card: Card) -> int:
    """The knock limit an upcard sets (RULES.md 10.1): its value, an ace meaning gin only.

    >>> [_upcard_limit(c) for c in parse_cards("AS 4D 10H KC")]
    [0, 4, 10, 10]
    """
    return 0 if card.rank == 1 else min(card.rank, 10)


# -- the defender's lay-offs ------------------------------------------------------------------


def lay_off(
    defender: Counted, melds: Sequence[MeldReading], rules: MeldRules, values: CardValues
) -> tuple[Counted, list[tuple[MeldReading, tuple[Card, ...]]]]:
    """The defender's whole hand split into his own melds and lay-offs onto ``melds`` (the
    knocker's), leaving the least deadwood (then the fewest cards, then the first found).

    Each meld may take a chain of cards at either end (a run) or the missing suits (a set), so
    ``4S`` then ``5S`` go onto ``AS 2S 3S``. Returns the recounted entry and, per meld that
    took cards, the cards laid off on it.

    >>> from scorekeeper.rules.cards import parse_cards
    >>> from scorekeeper.rules.variants import get_variant
    >>> table = get_variant("gin-rummy").table()
    >>> knocker = [read_meld(m, table.meld_rules) for m in ("AS 2S 3S", "JH QH KH")]
    >>> hand = Counted(0, "hand", cards=tuple(parse_cards("4S 5S 10H 9C 9D 9S 2D 3D 6C 8C")))
    >>> counted, laid = lay_off(hand, knocker, table.meld_rules, table.values)
    >>> counted.count, [(str(m), format_cards(c)) for m, c in laid]
    (19, [('AS 2S 3S', '4S 5S'), ('JH QH KH', '10H')])
    """
    cards = list(defender.cards)
    options = [_extensions(meld, cards, rules) for meld in melds]
    best: tuple | None = None
    for choice in itertools.product(*options):
        used = [card for ext in choice for card in ext]
        if len(set(used)) != len(used):
            continue  # one card laid off twice
        rest = list(cards)
        for card in used:
            rest.remove(card)
        found = arrange(rest, rules, values)
        key = (found.count, len(found.unmatched))
        if best is None or key < best[0]:
            best = (key, found, choice)
    assert best is not None  # the empty choice is always there
    _key, found, choice = best
    readings = tuple(read_meld(list(m), rules) for m in found.melds)
    counted = Counted(
        found.count, "hand", readings, found.unmatched, defender.cards, mom=not found.melds
    )
    laid = [(meld, ext) for meld, ext in zip(melds, choice, strict=True) if ext]
    return counted, laid


def _extensions(meld: MeldReading, cards: list[Card], rules: MeldRules) -> list[tuple[Card, ...]]:
    """Every group of ``cards`` that ``meld`` can take as lay-offs (the empty group first):
    for a run, an unbroken chain below it and one above it; for a set, its missing suits.
    Each candidate is checked as the whole meld it would make."""
    found: list[tuple[Card, ...]] = [()]
    base = [mc.card for mc in meld.cards]
    if meld.kind == "set":
        rank = meld.reading[0].rank
        fits = sorted(
            {c for c in cards if c.rank == rank and c not in base}, key=lambda c: c.suit
        )
        groups = [g for n in range(1, len(fits) + 1) for g in itertools.combinations(fits, n)]
    else:
        suit = meld.reading[0].suit
        held = {c.rank: c for c in cards if c.suit == suit and not c.is_joker}
        ranks = sorted(c.rank for c in meld.reading)
        below = _chain(held, ranks[0], -1)
        above = _chain(held, ranks[-1], +1)
        groups = [
            tuple(below[:b]) + tuple(above[:a])
            for b in range(len(below) + 1)
            for a in range(len(above) + 1)
            if a or b
        ]
    for group in groups:
        try:
            read_meld([*base, *group], rules)
        except IllegalMeldError:
            continue
        found.append(group)
    return found


def _chain(held: Mapping[int, Card], end: int, step: int) -> list[Card]:
    """The cards of ``held`` that follow ``end`` without a gap (the ace may follow the king
    and precede the 2: the meld check decides where it may sit)."""
    chain = []
    rank = end
    for _ in range(13):
        rank = (rank - 1 + step) % 13 + 1
        if rank not in held:
            break
        chain.append(held[rank])
    return chain


KNOCKER_MELDS_LABEL = N_("or the melds he laid out (the cards above are then his unmatched cards)")


class Knock(Family):
    slug = "knock"
    scorer = staticmethod(score_knock)
    role = "knocker"
    role_label = N_("Who knocked?")
    role_required = N_("Choose who knocked.")
    seats = "all"
    parameters: ClassVar[tuple[str, ...]] = ("undercut-bonus", "rum-bonus")
    blocked_label = N_("Nobody: the hand is void (no knock, two cards left in the stock)")
    tallies = ("hands", "won", "went_out", "left", "undercuts_made", "undercuts_suffered")
    tally_labels: ClassVar[Mapping[str, str]] = {
        **Family.tally_labels,
        "went_out": N_("Knocked"),
        "going_out_rate": N_("Knock rate"),
    }

    def tally(self, entry: Mapping, result: Mapping) -> dict[str, dict[str, int]]:
        """Going out is knocking; an undercut (a lower count than the knocker's, or in Gin a
        tie) is made by the winners and suffered by the knocker."""
        out = super().tally(entry, result)
        codes = {line.get("code") for line in result.get("explanation") or ()}
        undercut = bool(codes & UNDERCUT_CODES)
        knocker = entry.get("knocker")
        winners = set(result.get("winners") or ())
        for name, line in out.items():
            line["undercuts_made"] = int(undercut and name in winners and name != knocker)
            line["undercuts_suffered"] = int(undercut and name == knocker)
        return out

    def laid_in_play(self, variant: Variant) -> bool:
        return False  # nothing goes down before the knock

    def seat_map(self, variant: Variant) -> tuple[SeatField, ...]:
        """The usual points and whole hand, and the melds a knocker laid out (RULES.md 10):
        with them, the cards typed are his unmatched cards."""
        fields = []
        for field in super().seat_map(variant):
            if field.kind == "cards":
                field = replace(field, with_melds="cards")
            fields.append(field)
        fields.append(SeatField("melds", "melds", "melds", KNOCKER_MELDS_LABEL))
        return tuple(fields)

    def hand_size(self, table: Table, players: int, name: str, result: Mapping) -> tuple[int, int]:
        deal = table.variant.deal_for(players)
        if result.get("big_gin") is True and result.get("knocker") == name:
            return deal + 1, deal + 1  # big gin: all 11 cards after the draw, no discard
        return deal, deal


class Gin(Knock):
    """Gin Rummy's family: a Knock of two players whose hooks differ (the scorer, the void
    hand, the upcard, the end-of-game bonuses). Its variants differ by parameters."""

    slug = "gin"
    scorer = staticmethod(score_gin)
    parameters = (
        "knock-limit",
        "gin-bonus",
        "big-gin-bonus",
        "undercut-bonus",
        "box-bonus",
        "game-bonus",
    )
    blocked_key = "void"
    extras: ClassVar[tuple[EntryField, ...]] = (BIG_GIN, UPCARD)

    def parameters_for(self, variant: Variant) -> tuple[str, ...]:
        """The numbers ``variant`` reads: the upcard replaces the knock limit, and where only
        gin ends a hand nobody is undercut."""
        unread = {
            "knock-limit": variant.param("upcard-limit") or variant.param("gin-only"),
            "undercut-bonus": variant.param("gin-only"),
        }
        return tuple(p for p in self.parameters if not unread.get(p))

    def final_bonuses(
        self,
        table: Table,
        players: Sequence[str],
        won: Mapping[str, int],
        totals: Mapping[str, int],
        winners: Sequence[str],
    ) -> tuple[Bonus, ...]:
        """Gin Rummy's end of game: shutout (the winner's hand points doubled when the loser
        won no hand, option ``shutout``), then the game bonus to the winner and the box bonus
        per hand won."""
        if len(winners) != 1:
            return ()
        (winner,) = winners
        bonuses: list[Bonus] = []
        if table.on("shutout") and all(not won.get(p) for p in players if p != winner):
            points = totals[winner]
            bonuses.append(Bonus(winner, points, SHUTOUT(name=winner, points=points)))
        game = table.options["game-bonus"]
        bonuses.append(Bonus(winner, game, GAME_BONUS_LINE(name=winner, bonus=game)))
        box = table.options["box-bonus"]
        for p in players:
            if won.get(p):
                total = box * won[p]
                line = BOX_BONUS_LINE(name=p, bonus=box, hands=won[p], total=total)
                bonuses.append(Bonus(p, total, line))
        return tuple(bonuses)
