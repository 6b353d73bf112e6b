"""Reading request values into engine objects, with every error naming its field.

Shared by the routers (catalogue, tools, and the games router): each helper raises an engine
:class:`~scorekeeper.rules.RulesError` or an :class:`~scorekeeper.api.errors.ApiError` that
already knows which field of the request it is about.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from django.utils.translation import gettext
from ninja import Field, Path

from scorekeeper.rules import Card, Table, get_variant, parse_cards
from scorekeeper.rules.families import MAX_TEXT, family_of
from scorekeeper.rules.melds import MeldCard, parse_meld

from .errors import ApiError, about, with_field

# Limits that keep every request cheap. The largest real hand is 15 cards plus a draw or two;
# the arrangement search grows quickly past about 20 cards, so longer "hands" are refused.
MAX_HAND = 18  # cards in a hand for the deadwood calculator
MAX_MELDS = 30  # melds in one check
# Every integer a path, a query string or a body names (an id, a hand number, an offset): past
# this no row exists, and past 2**63 no database column holds it (a 500, not an answer).
MAX_INT = 2**31 - 1
# A hand number, a player id in a path: refused past MAX_INT either way (422, the field
# named); a number no hand or player has within it is a 404, as always.
PathNumber = Annotated[int, Path(ge=-MAX_INT, le=MAX_INT)]
BodyId = Annotated[int, Field(ge=1, le=MAX_INT)]


def load_table(
    variant: str,
    options: Mapping[str, Any] | None,
    players: int | None = None,
    *,
    field: str = "",
) -> Table:
    """The variant's table with ``options`` applied; errors name ``variant``/``options.<slug>``."""
    prefix = f"{field}." if field else ""
    with about(f"{prefix}variant"):
        found = get_variant(variant)
    with about(f"{prefix}options"):
        return found.table(options or {}, players)


def _check_text(text: str, field: str) -> None:
    if len(text) > MAX_TEXT:
        raise ApiError(
            with_field(
                field,
                gettext("at most %(most)s characters, got %(count)s")
                % {"most": MAX_TEXT, "count": len(text)},
            ),
            code="too_long",
            field=field,
        )


def read_cards(text: str, field: str, *, required: bool = True) -> list[Card]:
    """Parse a card list such as ``"KH 7S 2D"``; a bad token is named with its position."""
    _check_text(text, field)
    with about(field):
        cards = parse_cards(text)
    if required and not cards:
        raise ApiError(with_field(field, gettext("no cards given")), code="no_cards", field=field)
    return cards


def read_meld_cards(text: str, field: str) -> list[MeldCard]:
    """Parse one declared meld (jokers may be designated, ``JK=7H``)."""
    _check_text(text, field)
    with about(field):
        return parse_meld(text)


def initial_meld(table: Table) -> int | None:
    """The value a player's first melds must reach at ``table`` (None: no such rule)."""
    return family_of(table.variant).initial_meld(table.variant)
