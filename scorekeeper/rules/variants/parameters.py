"""House rules that are numbers (RULES.md 1): each bonus, penalty and opening minimum.

A family reads these by slug from the table (``table.options["undercut-bonus"]``) and lists the
slugs it reads in :attr:`~scorekeeper.rules.families.base.Family.parameters`; a variant offers
each with its own default (``UNDERCUT_BONUS(25)``), so a variant that only changes numbers is
one data entry, and a table may change any of them when it starts a game (whole numbers from 0
to 500). Here stand the numbers several families read; a number only one family reads is made
with :func:`house_number` in its variant module (Phỏm's chips, Continental's joker fee). The start page, the rules pages and the checker show them like every other option.

>>> UNDERCUT_BONUS(25).default, UNDERCUT_BONUS(25).high
(25, 500)
>>> from scorekeeper.rules import get_variant
>>> [o.slug for o in house_numbers(get_variant("caloochi"))]
['initial-meld']
"""

from __future__ import annotations

from collections.abc import Callable

from ..messages import N_
from .base import Option

MAX_HOUSE_NUMBER = 500

#: the slugs of every house rule that is a number (the checker offers a field for each)
HOUSE_NUMBERS: set[str] = set()


def house_number(slug: str, name: str, summary: str) -> Callable[[int], Option]:
    """A factory of the option ``slug``: call it with the variant's default."""
    HOUSE_NUMBERS.add(slug)

    def option(default: int) -> Option:
        return Option(
            slug, name, "int", default, True, summary, minimum=0, maximum=MAX_HOUSE_NUMBER
        )

    option.slug = slug  # type: ignore[attr-defined]
    return option


UNDERCUT_BONUS = house_number(
    "undercut-bonus",
    N_("Undercut bonus"),
    N_("What a player who undercuts the knocker earns on top of the difference."),
)
RUM_BONUS = house_number(
    "rum-bonus",
    N_("Rum bonus"),
    N_("What a winner with no deadwood earns from each opponent."),
)
KNOCK_LIMIT = house_number(
    "knock-limit",
    N_("Knock limit"),
    N_("The most deadwood a player may knock with."),
)
GIN_BONUS = house_number(
    "gin-bonus",
    N_("Gin bonus"),
    N_("What a knocker with no deadwood earns on top of the other's deadwood."),
)
BIG_GIN_BONUS = house_number(
    "big-gin-bonus",
    N_("Big gin bonus"),
    N_("What a player who melds all 11 cards earns on top of the other's deadwood."),
)
BOX_BONUS = house_number(
    "box-bonus",
    N_("Box bonus"),
    N_("Added at the end of the game for every hand a player won."),
)
GAME_BONUS = house_number(
    "game-bonus",
    N_("Game bonus"),
    N_("Added at the end of the game to the winner."),
)
INITIAL_MELD = house_number(
    "initial-meld",
    N_("Opening minimum"),
    N_("The value a player's first melds must reach."),
)


def house_numbers(variant) -> tuple[Option, ...]:
    """The options of ``variant`` that are house-rule numbers (bonuses, penalties, opening
    minimums), in the variant's order: the numbers a rules text or the checker states."""
    return tuple(o for o in variant.options if o.slug in HOUSE_NUMBERS)
