"""A scoring family: how a hand of its variants is entered, checked and scored.

Modelled on python-chess's variants: :class:`Family` holds the defaults and small hooks, and
each family (standard, knock, Phỏm...) is one subclass in its own module. A family owns

* ``score(hand)``: its scoring function, in the family's own module;
* its **parameters**: the house-rule numbers it reads from the table (:attr:`Family.parameters`,
  offered by each of its variants with its default, see :mod:`..variants.parameters`);
* its **entry schema**: the hand-level role (who went out, knocked, went ù), what each seat may
  enter (:attr:`Family.seat_keys`), the extra fields and the option that switches each one on
  (:attr:`Family.extras`), and the limits (numbers, the size of a whole hand);
* the facts the pages and the API ask about: zero-sum or not, the starting and goal options,
  whether declared melds still count, the initial-meld requirement.

:meth:`Family.check_entry` validates an entry against the schema before it is scored, so an
unknown field, a number out of bounds or a whole hand of the wrong size is refused by the
engine, whichever edge (page or API) sent it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import parse_cards
from ..errors import ResultError, RulesError
from ..melds import MeldReading, whole_hand_text
from ..messages import N_, NP_, define
from ..variants import Table, Variant

# Bounds of every number and text an entry takes (API.md "Limits").
MAX_POINTS = 10_000  # typed points of one player in one hand
MAX_COUNT = 1_000  # any other count in an entry (draws, jokers used, eats...)
MAX_TEXT = 500  # characters in one card list or one meld
MAX_MELDS = 30  # melds declared by one player
MAX_EATS = 40  # eaten discards in one hand: more than a 52-card pack allows
MAX_HAND = 108  # cards in one whole hand: two packs and their jokers

# The options that set each player's starting total.
STARTING_OPTIONS = ("starting-points", "starting-chips")
# The option that sets how long a game lasts, by the kind of its end rule.
GOAL_OPTIONS = {"target": "target", "hands": "hands", "match": "match-games"}

UNKNOWN_FIELD = define(
    "entry.unknown_field",
    N_("{variant} does not use '{key}': leave it out"),
    translate=("variant",),
)
OPTION_OFF = define("entry.option_off", N_("only used with the '{option}' option, which is off"))
EAT_KEYS = define("entry.eat_keys", N_("an eaten discard has only 'from' and 'to', not '{key}'"))
NOT_A_NUMBER = define("entry.not_number", N_("expected a whole number, got {got}"))
OUT_OF_BOUNDS = define("entry.out_of_bounds", N_("must be from {low} to {high}, got {got}"))
NOT_A_FLAG = define("entry.not_flag", N_("expected true or false, got {got}"))
NOT_A_PLAYER = define("entry.not_player", N_("{got} is not a player in this game"))
NOT_TEXT = define("entry.not_text", N_("expected text such as 'KH 7S 2D', got {got}"))
ONE_CARD = define("entry.one_card", N_("expected one card such as '7S', got {got}"))
TOO_LONG = define(
    "entry.too_long",
    NP_("at most {limit} character, got {count}", "at most {limit} characters, got {count}"),
    count="limit",
)
TOO_MANY = define(
    "entry.too_many",
    NP_("at most {limit} item, got {count}", "at most {limit} items, got {count}"),
    count="limit",
)
WINNER_ONLY = define(
    "entry.winner_only",
    N_("{variant} counts only the winner's cards: leave out {name}'s entry"),
    translate=("variant",),
)
OTHERS_ONLY = define(
    "entry.others_only",
    N_("{variant} counts only the other players' cards, not {name}'s: leave out {name}'s entry"),
    translate=("variant",),
)
HAND_SIZE_EXACT = define(
    "entry.hand_size_exact",
    NP_(
        "{name}'s whole hand holds {expected} card at the end of this hand, not {count}",
        "{name}'s whole hand holds {expected} cards at the end of this hand, not {count}",
    ),
    count="expected",
)
HAND_SIZE_RANGE = define(
    "entry.hand_size_range",
    N_("{name}'s whole hand holds {low} or {expected} cards at the end of this hand, not {count}"),
)
HAND_SIZE_MIN = define(
    "entry.hand_size_min",
    NP_(
        "{name}'s whole hand holds at least {low} card at the end of this hand, not {count}",
        "{name}'s whole hand holds at least {low} cards at the end of this hand, not {count}",
    ),
    count="low",
)
HAND_SIZE_MAX = define(
    "entry.hand_size_max",
    NP_(
        "{name}'s whole hand holds at most {expected} card at the end of this hand, not {count}",
        "{name}'s whole hand holds at most {expected} cards at the end of this hand, not {count}",
    ),
    count="expected",
)


@dataclass(frozen=True)
class EntryField:
    """One hand-level field of an entry.

    ``kind``: ``player`` (a seat's name), ``flag`` (true/false), ``number`` (a whole number
    from ``minimum`` to ``maximum``), ``choice`` (one of ``choices``), ``feeder`` (the name of
    the player before the winner: a flag on the page), ``eats`` (a list of
    ``{"from", "to"}`` between neighbours: a count per seat on the page), ``order`` (player
    names, first place first: a place per seat on the page).
    ``card`` (one card, such as Oklahoma's upcard ``7S``).
    ``option``: the table option that switches the field on (None: always in use);
    ``param``: the variant parameter that makes the variant read it (None: every variant);
    ``required``: a hand that is not void must give it.
    ``section``: where the page shows it (``role``, ``winner``, ``melds``, ``eats``).
    ``label``/``help``: texts for the page, marked for extraction; ``name``: the page's field
    name (default: ``key``).
    ``winner_only``: sent only when somebody took the role (Phỏm's ù details);
    ``instead_of_melds``: sent only when the winner's melds are not given (Continental).
    """

    key: str
    kind: str
    label: str = ""
    option: str | None = None
    param: str | None = None
    required: bool = False
    minimum: int = 0
    maximum: int = MAX_COUNT
    choices: tuple[tuple[int, str], ...] = ()
    section: str = "winner"
    help: str = ""
    help_before: str = ""
    winner_only: bool = False
    instead_of_melds: bool = False
    name: str = ""

    @property
    def form_name(self) -> str:
        return self.name or self.key

    def used_by(self, variant: Variant) -> bool:
        """``variant`` reads this field (at a table with its option on, where it has one)."""
        if self.param is not None and not variant.param(self.param):
            return False
        return self.option is None or variant.option(self.option) is not None

    def in_use(self, table: Table) -> bool:
        if self.param is not None and not table.variant.param(self.param):
            return False
        return self.option is None or table.on(self.option)


@dataclass(frozen=True)
class SeatKey:
    """One key a seat's entry may hold: its kind (``number``, ``cards``, ``melds``, ``flag``)
    and what it means (the API's description). The one list of seat keys: the engine checks a
    seat against it, the API describes a seat from it, the page reads a seat by its kinds."""

    kind: str
    description: str = ""
    strict: bool = True  # a number of another type is refused here (points: by the scorer)


SEAT_KEYS: Mapping[str, SeatKey] = {
    "points": SeatKey("number", strict=False),
    "cards": SeatKey("cards", "cards left in hand, counted as they are"),
    "hand": SeatKey("cards", "the whole hand; its size follows the deal"),
    "melds": SeatKey("melds"),
    "mom": SeatKey("flag", "no meld at all"),
    "laid": SeatKey("number", "points laid on the table: melds and lay-offs (with left)"),
    "left": SeatKey("number", "points left in hand (with laid)"),
    "layoffs": SeatKey("cards", "the cards he laid off on anyone's melds"),
}


@dataclass(frozen=True)
class SeatField:
    """One input of a seat's entry, for a family whose seats are not the usual points, cards,
    whole hand and melds: the page's field ``p<seat>-<name>``, the entry key it fills, its kind
    (``number``, ``cards``, ``melds``) and its label."""

    name: str
    key: str
    kind: str
    label: str = ""
    reads: tuple[str, ...] = ()  # entry keys shown back in this field (default: ``key``)
    #: the player who went out may leave this number blank on the page: read as 0 when the
    #: seat gives its other numbers (Rummy 500's points left in hand)
    zero_when_out: bool = False
    #: the key this field fills when the seat also gives its melds (a knocker's whole hand
    #: becomes his unmatched cards); "" keeps ``key``
    with_melds: str = ""

    @property
    def keys_read(self) -> tuple[str, ...]:
        return self.reads or (self.key,)


class Family:
    """The defaults every family shares; a subclass overrides what differs."""

    slug: ClassVar[str]
    #: the function that scores one hand (defined in the family's module)
    scorer: ClassVar[Callable[..., Any]]
    #: the house-rule numbers the family reads (``table.options[slug]``): every variant of the
    #: family offers each as an option with its own default
    parameters: ClassVar[tuple[str, ...]] = ()

    #: the hand-level role: the result key naming the winner, its page label and messages
    role: ClassVar[str] = "out"
    role_label: ClassVar[str] = N_("Who went out?")
    role_required: ClassVar[str] = N_("Choose who went out.")
    #: the hand may end with nobody in the role (Phỏm: nobody went ù)
    role_optional: ClassVar[bool] = False
    nobody_label: ClassVar[str] = ""
    #: a flag that ends the hand without a winner (Block Rummy's blocked hand)
    blocked_key: ClassVar[str | None] = None
    blocked_label: ClassVar[str] = ""

    #: whose cards are entered: ``others`` (all but the winner), ``all``, or ``winner``
    seats: ClassVar[str] = "others"
    #: what one seat may enter
    seat_keys: ClassVar[tuple[str, ...]] = ("points", "cards", "hand", "melds")
    #: extra hand-level fields
    extras: ClassVar[tuple[EntryField, ...]] = ()
    #: the seat's inputs where they are not the usual ones (Rummy 500: laid and left)
    seat_fields: ClassVar[tuple[SeatField, ...]] = ()
    #: hand scores may be negative (Rummy 500)
    allows_negative: ClassVar[bool] = False

    #: deltas sum to zero: the game page shows a ledger and a settlement
    zero_sum: ClassVar[bool] = False
    #: a chosen seat means nobody else's cards are entered (Phỏm's ù)
    winner_hides_seats: ClassVar[bool] = False
    #: the deltas are chips that change hands (Phỏm): a player's record counts chips won and
    #: lost, and who owes whom across games
    chips: ClassVar[bool] = False
    #: what a player's record counts from each hand (see :meth:`tally`), in the order shown
    tallies: ClassVar[tuple[str, ...]] = ("hands", "won", "went_out", "left")
    #: the page's name for each figure of a player's record (a family renames what differs)
    tally_labels: ClassVar[Mapping[str, str]] = {
        "hands": N_("Hands played"),
        "won": N_("Hands won"),
        "went_out": N_("Went out"),
        "going_out_rate": N_("Going-out rate"),
        "u": N_("Went ù"),
        "mom": N_("Móm (no meld)"),
        "avg_left": N_("Points left in hand when not winning, on average"),
        "undercuts_made": N_("Undercuts made"),
        "undercuts_suffered": N_("Undercuts suffered"),
        "chips_won": N_("Chips won"),
        "chips_lost": N_("Chips lost"),
    }

    # page texts
    points_label: ClassVar[str] = N_("Points")
    cards_label: ClassVar[str] = N_("or the cards left in hand")
    whole_hand_label: ClassVar[str] = N_("or the whole hand (we find the melds)")
    mom_label: ClassVar[str] = N_("Móm: no meld at all")
    value_label: ClassVar[str] = N_("or their value")
    winner_legend: ClassVar[str] = ""
    seat_heading: ClassVar[str] = N_("Cards left in each hand")
    deadwood_heading: ClassVar[str] = N_("Each player's deadwood")
    melds_label: ClassVar[str] = N_("The winner's melds")
    melds_help: ClassVar[str] = ""
    ledger_heading: ClassVar[str] = N_("Points ledger")

    # -- scoring --

    def score(self, hand: Any) -> Any:
        """Score one hand (a :class:`~scorekeeper.rules.scoring.context.HandContext`)."""
        return type(self).scorer(hand)

    # -- a player's record --

    def tally(self, entry: Mapping, result: Mapping) -> dict[str, dict[str, int]]:
        """What one stored hand (its entry and its result, as stored) tells of each player,
        as counts a player's record adds up: ``hands`` played, ``won``, ``went_out`` (the
        player in the family's role), ``left`` (the points left in hand when not winning)
        over ``left_hands`` (the hands where that count is known). A void hand counts for
        nobody. Families add their own keys (:attr:`tallies`)."""
        if result.get("void"):
            return {}
        winners = set(result.get("winners") or ())
        details = result.get("players") or {}
        out: dict[str, dict[str, int]] = {}
        for name, delta in (result.get("deltas") or {}).items():
            line = {
                "hands": 1,
                "won": int(name in winners),
                "went_out": int(entry.get(self.role) == name),
            }
            count = (details.get(name) or {}).get("count")
            if name not in winners and isinstance(count, int):
                line["left"] = count
                line["left_hands"] = 1
            if self.chips:
                line["chips_won"] = max(delta, 0)
                line["chips_lost"] = max(-delta, 0)
            out[name] = line
        return out

    def chip_flows(self, result: Mapping) -> list[tuple[str, str, int]]:
        """The chips one hand moved, as (payer, payee, amount); none outside chip games."""
        if not self.chips:
            return []
        return [
            (t["from"], t["to"], t["amount"])
            for t in result.get("transfers") or ()
            if t.get("amount")
        ]

    # -- facts --

    def parameters_for(self, variant: Variant) -> tuple[str, ...]:
        """The house-rule numbers scoring ``variant`` reads (see :attr:`parameters`); a family
        whose variants read fewer (Oklahoma's upcard replaces the knock limit) narrows it."""
        return self.parameters

    def blocked_for(self, variant: Variant) -> str | None:
        """The flag that ends a hand of ``variant`` with nobody in the role, if any."""
        return self.blocked_key

    def final_bonuses(
        self,
        table: Table,
        players: Sequence[str],
        won: Mapping[str, int],
        totals: Mapping[str, int],
        winners: Sequence[str],
    ) -> tuple[Any, ...]:
        """What is added to the totals when the game ends (Gin Rummy's game and box bonuses),
        as :class:`~scorekeeper.rules.scoring.result.Bonus` lines, from the hands each player
        won and the totals of the hands; most families add none."""
        return ()

    def laid_in_play(self, variant: Variant) -> bool:
        """Melds go down during play, so a whole hand at the end may hold fewer cards."""
        return variant.laid_in_play

    def melds_count(self, variant: Variant) -> bool:
        """Declared melds still count against their holder (nothing was laid in play)."""
        return False

    def meld_value(self, meld: MeldReading, table: Table) -> int:
        """What ``meld`` is worth as laid at ``table`` (the checker shows it): the meld's own
        value, which a family that scores laid melds its own way replaces (Rummy 500)."""
        return meld.value

    def initial_meld(self, rules: Variant | Table) -> int | None:
        """The value a player's first melds must reach (the table's house rule, or the
        variant's default), or None where there is no opening minimum."""
        if isinstance(rules, Table):
            return rules.options.get("initial-meld")
        option = rules.option("initial-meld")
        return None if option is None else option.default

    def goal_option(self, variant: Variant) -> str:
        return GOAL_OPTIONS[variant.end.kind]

    def seat_map(self, variant: Variant) -> tuple[SeatField, ...]:
        """What one seat enters on the page: form name ↔ entry key ↔ kind. The page builds its
        seat fields, reads them into an entry, shows a stored entry back and puts an engine
        error next to its field from this one map."""
        if self.seat_fields:
            return self.seat_fields
        label = self.whole_hand_label if variant.deadwood else self.cards_label
        fields = [
            SeatField("points", "points", "number", self.points_label),
            SeatField(
                "cards", self.whole_hand_key(variant), "cards", label, ("hand", "cards", "melds")
            ),
        ]
        if "mom" in self.seat_keys:
            fields.append(SeatField("mom", "mom", "flag", self.mom_label))
        return tuple(fields)

    def whole_hand_key(self, variant: Variant) -> str:
        """The seat key a typed list of cards goes under on the page."""
        return "hand" if variant.deadwood else "cards"

    def hand_size(self, table: Table, players: int, name: str, result: Mapping) -> tuple[int, int]:
        """How many cards ``name`` can hold at the end of the hand: (fewest, most)."""
        deal = table.variant.deal_for(players)
        if table.variant.hand_grows:  # Boat House: taking the discard takes two
            return deal, MAX_HAND
        if self.laid_in_play(table.variant):
            return 0, deal + 1
        return deal, deal

    # -- the schema --

    def fields(self, table: Table) -> tuple[EntryField, ...]:
        """The extra fields in use at ``table``."""
        return tuple(f for f in self.extras if f.in_use(table))

    def keys(self, variant: Variant | None = None) -> tuple[str, ...]:
        """Every hand-level key this family reads (for ``variant``, where it matters)."""
        keys = [self.role]
        blocked = self.blocked_for(variant) if variant is not None else self.blocked_key
        if blocked:
            keys.append(blocked)
        return (*keys, *(f.key for f in self.extras), "hands")

    def check_entry(self, table: Table, players: tuple[str, ...], result: Mapping) -> None:
        """Refuse what the family does not read, numbers out of bounds and misfit hands.

        Errors name the field (``result.draws``, ``result.hands.Bob.eats``).
        """
        known = set(self.keys(table.variant))
        for key in result:
            if key not in known:
                raise ResultError(
                    UNKNOWN_FIELD(variant=table.variant.name, key=str(key)), f"result.{key}"
                )
        for extra in self.extras:
            value = result.get(extra.key)
            if value in (None, False, [], {}):
                continue
            if extra.param is not None and not table.variant.param(extra.param):
                message = UNKNOWN_FIELD(variant=table.variant.name, key=extra.key)
                raise ResultError(message, f"result.{extra.key}")
            if not extra.in_use(table):
                raise ResultError(OPTION_OFF(option=extra.option), f"result.{extra.key}")
            _check_value(extra, value, players, f"result.{extra.key}")
        hands = result.get("hands")
        if hands is None or not isinstance(hands, Mapping):
            return  # the scoring function names what is missing or malformed
        winner = result.get(self.role)
        for name, entry in hands.items():
            where = f"result.hands.{name}"
            if name not in players:
                continue  # the scoring function names the stranger
            if (
                self.seats == "winner"
                and entry is not None
                and name != winner
                and winner in players
            ):
                raise ResultError(WINNER_ONLY(variant=table.variant.name, name=name), where)
            blocked = self.blocked_for(table.variant)
            if (
                self.seats == "others"
                and name == winner
                and entry is not None
                and not (blocked and result.get(blocked))  # the scorer names that conflict
            ):
                self._check_winner_entry(table, name, entry, where)
            if not isinstance(entry, Mapping):
                continue  # the scoring function explains the shape
            self._check_seat(table, players, name, entry, result, where)

    def _check_winner_entry(self, table, name, entry, where) -> None:
        """Where only the others' cards count, the winner's entry is read only as the whole
        hand he went out with (a variant with that rule); anything else would be stored and
        never count, so it is refused (API.md: a field a variant does not use is a 400)."""
        read = ("hand",) if table.variant.going_out is not None else ()
        unused = (
            [key for key, value in entry.items() if value is not None and key not in read]
            if isinstance(entry, Mapping)
            else [None]
        )
        if unused:
            spot = where if unused[0] is None else f"{where}.{unused[0]}"
            raise ResultError(OTHERS_ONLY(variant=table.variant.name, name=name), spot)

    def _check_seat(self, table, players, name, entry, result, where) -> None:
        for key, value in entry.items():
            if key not in self.seat_keys:
                raise ResultError(
                    UNKNOWN_FIELD(variant=table.variant.name, key=str(key)), f"{where}.{key}"
                )
            if value is not None:
                _SEAT_CHECKS[SEAT_KEYS[key].kind](SEAT_KEYS[key], value, f"{where}.{key}")
        whole = entry.get("hand")
        if isinstance(whole, str):
            try:
                count = len(parse_cards(whole_hand_text(whole)))
            except RulesError as err:
                raise err.at(f"{where}.hand") from None
            low, high = self.hand_size(table, len(players), name, result)
            if not low <= count <= high:
                if low == high:
                    message = HAND_SIZE_EXACT(name=name, expected=high, count=count)
                elif high == MAX_HAND:
                    message = HAND_SIZE_MIN(name=name, low=low, count=count)
                elif low == 0:
                    message = HAND_SIZE_MAX(name=name, expected=high, count=count)
                else:
                    message = HAND_SIZE_RANGE(name=name, low=low, expected=high, count=count)
                raise ResultError(message, f"{where}.hand")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_text(text: str, where: str) -> None:
    if len(text) > MAX_TEXT:
        raise ResultError(TOO_LONG(limit=MAX_TEXT, count=len(text)), where)


def _check_number(value: Any, low: int, high: int, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ResultError(NOT_A_NUMBER(got=_shown(value)), where)
    if not low <= value <= high:
        raise ResultError(OUT_OF_BOUNDS(low=low, high=high, got=value), where)


def _seat_number(key: SeatKey, value: Any, spot: str) -> None:
    if key.strict:
        _check_number(value, 0, MAX_POINTS, spot)
    elif isinstance(value, int) and not isinstance(value, bool) and value > MAX_POINTS:
        raise ResultError(OUT_OF_BOUNDS(low=0, high=MAX_POINTS, got=value), spot)


def _seat_cards(key: SeatKey, value: Any, spot: str) -> None:
    if not isinstance(value, str):
        raise ResultError(NOT_TEXT(got=_shown(value)), spot)
    _check_text(value, spot)


def _seat_melds(key: SeatKey, value: Any, spot: str) -> None:
    if not isinstance(value, list):
        return  # the scoring function explains the shape
    if len(value) > MAX_MELDS:
        raise ResultError(TOO_MANY(limit=MAX_MELDS, count=len(value)), spot)
    for i, text in enumerate(value):
        if isinstance(text, str):
            _check_text(text, f"{spot}[{i}]")


def _seat_flag(key: SeatKey, value: Any, spot: str) -> None:
    if not isinstance(value, bool):
        raise ResultError(NOT_A_FLAG(got=_shown(value)), spot)


# The engine's check of each kind of seat key (see SEAT_KEYS).
_SEAT_CHECKS: Mapping[str, Callable[[SeatKey, Any, str], None]] = {
    "number": _seat_number,
    "cards": _seat_cards,
    "melds": _seat_melds,
    "flag": _seat_flag,
}


def _check_value(field: EntryField, value: Any, players: tuple[str, ...], where: str) -> None:
    kind = field.kind
    if kind in ("number", "choice"):
        _check_number(value, field.minimum, field.maximum, where)
    elif kind == "flag":
        if not isinstance(value, bool):
            raise ResultError(NOT_A_FLAG(got=_shown(value)), where)
    elif kind in ("player", "feeder"):
        if not isinstance(value, str) or value not in players:
            raise ResultError(NOT_A_PLAYER(got=_shown(value)), where)
    elif kind == "card":
        if not isinstance(value, str):
            raise ResultError(ONE_CARD(got=_shown(value)), where)
        _check_text(value, where)
        try:
            cards = parse_cards(value)
        except RulesError as err:
            raise err.at(where) from None
        if len(cards) != 1 or cards[0].is_joker:
            raise ResultError(ONE_CARD(got=_shown(value)), where)
    elif kind == "order":
        if not isinstance(value, list):
            return  # the scoring function explains the shape
        if len(value) > len(players):
            raise ResultError(TOO_MANY(limit=len(players), count=len(value)), where)
    elif kind == "eats":
        if not isinstance(value, list):
            return  # the scoring function explains the shape
        if len(value) > MAX_EATS:
            raise ResultError(TOO_MANY(limit=MAX_EATS, count=len(value)), where)
        for i, item in enumerate(value):
            spot = f"{where}[{i}]"
            if not isinstance(item, Mapping):
                continue  # the scoring function explains the shape
            for key in item:
                if key not in ("from", "to"):
                    raise ResultError(EAT_KEYS(key=str(key)), f"{spot}.{key}")
