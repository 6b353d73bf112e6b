"""The frozen description of a variant, its options, and the resolved rules of one table.

A :class:`Variant` holds the facts that never change (players, packs, deal sizes, ace setting,
card values, meld rules, how a game ends). A table switches :class:`Option` values on and off;
:meth:`Variant.table` validates them and returns a :class:`Table`, the rules actually in force.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ..deck import Deck
from ..errors import InvalidOptionError
from ..going_out import WholeHand
from ..melds import Ace, MeldRules
from ..messages import N_, define
from ..values import STANDARD_VALUES, CardValues

EXPECTED_BOOL = define("value.expected_bool", N_("expected true or false, got {value}"))
EXPECTED_INT = define("value.expected_int", N_("expected a whole number, got {value}"))
AT_LEAST = define("value.at_least", N_("must be at least {low}, got {value}"))
AT_MOST = define("value.at_most", N_("must be at most {high}, got {value}"))
BETWEEN = define("value.between", N_("must be from {low} to {high}, got {value}"))
# ``variant`` is the variant's name (an N_-marked text, translated where it is rendered).
NOT_AN_OPTION = define(
    "option.unknown", N_("'{slug}' is not an option of {variant}"), translate=("variant",)
)
PLAYERS_EXACTLY = define(
    "players.exactly",
    N_("{variant} is for {players} players, not {count}"),
    translate=("variant",),
)
PLAYERS_RANGE = define(
    "players.range",
    N_("{variant} is for {low} to {high} players, not {count}"),
    translate=("variant",),
)
# Bounds of a number option where the variant sets none (API.md "Limits").
MAX_OPTION = 100_000


@dataclass(frozen=True)
class Option:
    """A house rule a table may switch on (``bool``) or set (``int``)."""

    slug: str
    name: str
    type: str  # "bool" or "int"
    default: Any
    scoring: bool  # does it change how hands are scored or the game ends?
    summary: str
    minimum: int | None = None
    maximum: int | None = None

    @property
    def low(self) -> int:
        """The smallest value of a number option (0 where the variant sets none)."""
        return self.minimum if self.minimum is not None else 0

    @property
    def high(self) -> int:
        """The largest value of a number option; every number option is bounded."""
        return self.maximum if self.maximum is not None else MAX_OPTION

    def coerce(self, value: Any) -> Any:
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            raise InvalidOptionError(self.slug, EXPECTED_BOOL(value=repr(value)))
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidOptionError(self.slug, EXPECTED_INT(value=repr(value)))
        if value < self.low:
            raise InvalidOptionError(self.slug, AT_LEAST(low=self.low, value=value))
        if value > self.high:
            raise InvalidOptionError(self.slug, AT_MOST(high=self.high, value=value))
        return value


@dataclass(frozen=True)
class EndRule:
    """How a game ends.

    ``target``: the game ends after a hand in which someone reaches the target (option
    ``target``), and goes on while the top is tied; 0 means every hand is a game.
    ``hands``: after a set number of hands (option ``hands``, default per player count).
    ``match``: Nowrang, a match of N one-hand games (option ``match-games``).
    """

    kind: str  # "target", "hands" or "match"
    highest_wins: bool = True


@dataclass(frozen=True)
class Variant:
    slug: str
    name: str
    summary: str
    family: str  # the scoring family's slug, see scorekeeper.rules.families
    players: tuple[int, int]
    deal: Mapping[int, int]  # cards dealt to each player, by number of players
    meld_rules: MeldRules
    values: CardValues = STANDARD_VALUES
    packs: Mapping[int, int] | int = 1  # by number of players where it varies
    jokers_per_pack: int = 0
    extra_jokers: int = 0
    options: tuple[Option, ...] = ()
    end: EndRule = EndRule("target")
    deadwood: bool = False  # opponents' whole hands are arranged and only unmatched cards count
    winner_deals: bool = False  # the winner of a hand deals the next
    deal_note: str = ""
    aka: tuple[str, ...] = ()
    # (heading, text) sections for the rules page; a text is an N_ template or a Message whose
    # numbers come from the variant's parameters (a derived variant's texts)
    rules: tuple[tuple[str, Any], ...] = ()
    decisions: tuple[str, ...] = ()  # the app's Decision items, shown on the rules page
    hooks: Mapping[str, Callable[..., Any]] = field(default_factory=lambda: MappingProxyType({}))
    laid_in_play: bool = True  # melds go down during the hand (Rummy Complete: only at the end)
    # The winner melds his whole hand at once, as this says (RULES.md 1): his entry may be
    # the whole hand, and the engine finds the melds (see scorekeeper.rules.going_out).
    going_out: WholeHand | None = None
    hand_grows: bool = False  # a whole hand holds at least the deal (Boat House: take two)
    # A variant derived from another (OpenSpiel style): the parent's slug, and the fixed
    # parameters its family reads (Oklahoma Gin: the upcard sets the knock limit). Parameters
    # are not house rules: a table cannot change them.
    parent: str | None = None
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def param(self, name: str, default: Any = None) -> Any:
        """A fixed parameter of this variant (see :meth:`derive`)."""
        return self.params.get(name, default)

    def derive(
        self,
        *,
        slug: str,
        name: str,
        summary: str,
        params: Mapping[str, Any] | None = None,
        rules: tuple[tuple[str, Any], ...] = (),
        decisions: tuple[Any, ...] = (),
        kept_decisions: tuple[int, ...] | None = None,
        **changes: Any,
    ) -> Variant:
        """A variant that plays as this one except for ``params`` (and any field in
        ``changes``: its options, its player count...). Its rule texts are the parent's, each
        heading in ``rules`` replaced by the derived text (a new heading is added, None drops
        the parent's), so a derived variant states only what differs; its decisions follow
        the parent's (those numbered in ``kept_decisions``, 1 first; None: all).

        >>> from types import MappingProxyType
        >>> base = Variant("base", "Base", "", "knock", (2, 2), MappingProxyType({2: 10}),
        ...                MeldRules(), rules=(("Deal", "ten each"), ("Scoring", "the difference")))
        >>> child = base.derive(slug="child", name="Child", summary="", params={"gin-only": True},
        ...                     rules=(("Scoring", "gin only"),))
        >>> child.parent, child.param("gin-only"), child.rules
        ('base', True, (('Deal', 'ten each'), ('Scoring', 'gin only')))
        """
        replaced = dict(rules)
        kept = (
            self.decisions
            if kept_decisions is None
            else tuple(self.decisions[n - 1] for n in kept_decisions)
        )
        prose = tuple((h, replaced.pop(h, text)) for h, text in self.rules)
        prose = tuple((h, text) for h, text in prose + tuple(replaced.items()) if text is not None)
        return replace(
            self,
            slug=slug,
            name=name,
            summary=summary,
            parent=self.slug,
            aka=changes.pop("aka", ()),
            params=MappingProxyType({**self.params, **(params or {})}),
            rules=prose,
            decisions=kept + tuple(decisions),
            **changes,
        )

    def option(self, slug: str) -> Option | None:
        return next((o for o in self.options if o.slug == slug), None)

    def packs_for(self, players: int) -> int:
        if isinstance(self.packs, int):
            return self.packs
        return self.packs[players]

    def deck(self, players: int | None = None) -> Deck:
        packs = self.packs_for(players if players is not None else self.players[0])
        return Deck(packs, packs * self.jokers_per_pack + self.extra_jokers)

    def deal_for(self, players: int) -> int:
        return self.deal[players]

    def table(self, options: Mapping[str, Any] | None = None, players: int | None = None) -> Table:
        """Validate ``options`` and return the rules in force at this table."""
        given = dict(options or {})
        resolved: dict[str, Any] = {}
        for slug, value in given.items():
            option = self.option(slug)
            if option is None:
                raise InvalidOptionError(slug, NOT_AN_OPTION(slug=slug, variant=self.name))
            resolved[slug] = option.coerce(value)
        for option in self.options:
            resolved.setdefault(option.slug, self._default(option, resolved, players))
        return Table(self, MappingProxyType(resolved), players)

    def _default(self, option: Option, chosen: Mapping[str, Any], players: int | None) -> Any:
        hook = self.hooks.get("default")
        if hook is not None:
            value = hook(option, chosen, players)
            if value is not None:
                return value
        return option.default

    def check_players(self, count: int) -> None:
        low, high = self.players
        if not low <= count <= high:
            message = (
                PLAYERS_EXACTLY(variant=self.name, players=low, count=count)
                if low == high
                else PLAYERS_RANGE(variant=self.name, low=low, high=high, count=count)
            )
            raise InvalidOptionError("players", message)


@dataclass(frozen=True)
class Table:
    """A variant with its options resolved: the rules a table actually plays by."""

    variant: Variant
    options: Mapping[str, Any]
    players: int | None = None

    def on(self, slug: str) -> bool:
        return bool(self.options.get(slug, False))

    @property
    def meld_rules(self) -> MeldRules:
        rules = self.variant.meld_rules
        if self.on("around-the-corner"):
            rules = replace(rules, ace=Ace.WRAP)
        if self.on("deuces-wild"):
            rules = replace(rules, wild_deuces=True)
        return rules

    @property
    def values(self) -> CardValues:
        values = self.variant.values
        if self.on("around-the-corner"):
            values = replace(values, ace=11)
        if self.on("count-scoring"):
            values = replace(values, per_card=1)
        return values

    @property
    def deck(self) -> Deck:
        return self.variant.deck(self.players)
