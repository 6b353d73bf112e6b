"""The table a hand is scored at, and the checks every variant's result shares."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, overload

from ..cards import Card
from ..deck import ACROSS_PLAYERS
from ..errors import ResultError
from ..messages import N_, define
from ..variants import Table
from ..variants.base import AT_LEAST, BETWEEN, EXPECTED_BOOL, EXPECTED_INT

WHO_IS_IT = define("result.who", N_("who this is must be given: one of {players}"))
NOT_A_PLAYER = define("result.not_a_player", N_("{name} is not a player in this game"))
EXPECTED_HANDS = define("result.expected_hands", N_("expected an object keyed by player name"))


@dataclass(frozen=True)
class HandContext:
    """What scoring one hand works from: the table, the seating, the dealer and the ``entry``
    (the hand as typed: the API's ``result`` object), already checked by
    :meth:`Family.check_entry <scorekeeper.rules.families.base.Family.check_entry>` (unknown
    fields, switched-off options, bounds, hand sizes): the readers below only say what is
    missing. What the engine makes of it is a
    :class:`~scorekeeper.rules.scoring.result.HandResult`.

    Named apart from ``games.models.Hand`` (a stored hand): one ``Hand`` per layer.
    """

    table: Table
    players: tuple[str, ...]
    dealer: str
    entry: Mapping[str, Any]
    family: Any  # the Family scoring it (checked the entry already)

    @property
    def variant(self):
        return self.table.variant

    def param(self, slug: str) -> int:
        """A house-rule number in force at this table (``undercut-bonus``...)."""
        return self.table.options[slug]

    @property
    def play_order(self) -> tuple[str, ...]:
        """Players in turn order: the dealer's left first, the dealer last."""
        d = self.players.index(self.dealer)
        return self.players[d + 1 :] + self.players[: d + 1]

    def others(self, *names: str) -> list[str]:
        return [p for p in self.players if p not in names]

    # -- reading fields of the result, each error naming its field --

    @overload
    def player(self, key: str, *, required: Literal[True] = True) -> str: ...
    @overload
    def player(self, key: str, *, required: bool) -> str | None: ...

    def player(self, key: str, *, required: bool = True) -> str | None:
        value = self.entry.get(key)
        if value is None:
            if required:
                raise ResultError(WHO_IS_IT(players=", ".join(self.players)), f"result.{key}")
            return None
        if not isinstance(value, str) or value not in self.players:
            raise ResultError(NOT_A_PLAYER(name=repr(value)), f"result.{key}")
        return value

    def flag(self, key: str) -> bool:
        value = self.entry.get(key, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise ResultError(EXPECTED_BOOL(value=repr(value)), f"result.{key}")
        return value

    @overload
    def number(self, key: str, *, default: int, low: int = 0, high: int | None = None) -> int: ...
    @overload
    def number(
        self, key: str, *, default: None = None, low: int = 0, high: int | None = None
    ) -> int | None: ...

    def number(
        self, key: str, *, default: int | None = None, low: int = 0, high: int | None = None
    ) -> int | None:
        value = self.entry.get(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise ResultError(EXPECTED_INT(value=repr(value)), f"result.{key}")
        if value < low or (high is not None and value > high):
            message = (
                BETWEEN(low=low, high=high, value=value)
                if high is not None
                else AT_LEAST(low=low, value=value)
            )
            raise ResultError(message, f"result.{key}")
        return value

    def entries(self) -> Mapping[str, Any]:
        hands = self.entry.get("hands", {})
        if hands is None:
            return {}
        if not isinstance(hands, Mapping):
            raise ResultError(EXPECTED_HANDS(), "result.hands")
        for name in hands:
            if name not in self.players:
                raise ResultError(NOT_A_PLAYER(name=repr(name)), f"result.hands.{name}")
        return hands


def check_deck(hand: HandContext, cards: list[Card]) -> None:
    """No more copies of a card across all players of one hand than the deck holds."""
    hand.table.deck.check(cards, ACROSS_PLAYERS())
