"""Validating a table before any hand: variant, options, players and dealer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import ResultError, RulesError
from ..messages import N_, define
from ..variants import Table, Variant, get_variant

MAX_NAME = 40

EXPECTED_OPTIONS = define("setup.expected_options", N_("expected an object of option values"))
NOT_SEATED = define("setup.dealer_not_seated", N_("{dealer} is not one of the players"))
EXPECTED_PLAYERS = define(
    "setup.expected_players", N_("expected a list of player names in seating order")
)
EXPECTED_NAME = define("setup.expected_name", N_("expected a name, got {value}"))
NAME_LENGTH = define("setup.name_length", N_("a name has 1 to {most} characters"))
SEATED_TWICE = define("setup.seated_twice", N_("{name} is seated twice; names must be unique"))


def setup_table(
    *,
    variant: str | Variant,
    options: Mapping[str, Any] | None,
    players: Any,
    dealer: Any = None,
) -> tuple[Table, tuple[str, ...], str]:
    """Return the table, the player names (trimmed) and the dealer (default: the last player)."""
    try:
        chosen = get_variant(variant)
    except RulesError as err:
        raise err.at("variant") from None
    names = _players(players)
    try:
        chosen.check_players(len(names))
    except RulesError as err:
        raise err.at("players") from None
    if options is not None and not isinstance(options, Mapping):
        raise ResultError(EXPECTED_OPTIONS(), "options")
    try:
        table = chosen.table(options, players=len(names))
    except RulesError as err:
        slug = getattr(err, "slug", None)
        raise err.at(f"options.{slug}" if slug else "options") from None
    if dealer is None:
        return table, names, names[-1]
    if not isinstance(dealer, str) or dealer.strip() not in names:
        raise ResultError(NOT_SEATED(dealer=repr(dealer)), "dealer")
    return table, names, dealer.strip()


def _players(players: Any) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise ResultError(EXPECTED_PLAYERS(), "players")
    names = []
    for i, name in enumerate(players):  # field paths count from 0, as in JSON
        where = f"players[{i}]"
        if not isinstance(name, str):
            raise ResultError(EXPECTED_NAME(value=repr(name)), where)
        name = name.strip()
        if not 1 <= len(name) <= MAX_NAME:
            raise ResultError(NAME_LENGTH(most=MAX_NAME), where)
        if name in names:
            raise ResultError(SEATED_TWICE(name=repr(name)), where)
        names.append(name)
    return tuple(names)
