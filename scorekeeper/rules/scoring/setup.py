"""Validating a table before any hand: variant, options, players and dealer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import ResultError, RulesError
from ..variants import Table, Variant, get_variant

MAX_NAME = 40


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
        raise ResultError("expected an object of option values", "options")
    try:
        table = chosen.table(options, players=len(names))
    except RulesError as err:
        slug = getattr(err, "slug", None)
        raise err.at(f"options.{slug}" if slug else "options") from None
    if dealer is None:
        return table, names, names[-1]
    if not isinstance(dealer, str) or dealer.strip() not in names:
        raise ResultError(f"{dealer!r} is not one of the players", "dealer")
    return table, names, dealer.strip()


def _players(players: Any) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise ResultError("expected a list of player names in seating order", "players")
    names = []
    for i, name in enumerate(players):  # field paths count from 0, as in JSON
        where = f"players[{i}]"
        if not isinstance(name, str):
            raise ResultError(f"expected a name, got {name!r}", where)
        name = name.strip()
        if not 1 <= len(name) <= MAX_NAME:
            raise ResultError(f"a name has 1 to {MAX_NAME} characters", where)
        if name in names:
            raise ResultError(f"{name!r} is seated twice; names must be unique", where)
        names.append(name)
    return tuple(names)
