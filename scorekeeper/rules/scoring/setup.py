"""Validating a table before any hand: variant, options, players and dealer."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import ResultError, RulesError
from ..messages import N_, define
from ..text import check_name_characters
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
    chosen_dealer = _dealer(dealer)
    if chosen_dealer not in names:
        raise ResultError(NOT_SEATED(dealer=repr(dealer)), "dealer")
    return table, names, chosen_dealer


def _dealer(dealer: Any) -> str | None:
    """The dealer's name read as a player's name is (None when it could be no one's)."""
    try:
        return player_name(dealer, "dealer")
    except ResultError:
        return None


def _players(players: Any) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise ResultError(EXPECTED_PLAYERS(), "players")
    return check_names(players)


def check_names(players: Sequence[Any]) -> tuple[str, ...]:
    """Every name read by :func:`player_name`, and no two alike (ignoring case).

    Errors name the seat as ``players[i]``, counting from 0 as in JSON.

    >>> check_names(["  Ann ", "Bob"])
    ('Ann', 'Bob')
    >>> check_names(["Ann", "ann"])
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.ResultError: 'ann' is too close to 'Ann', already at the table: names must differ by more than capital letters
    """
    names: list[str] = []
    seen: dict[str, str] = {}
    for i, raw in enumerate(players):  # field paths count from 0, as in JSON
        where = f"players[{i}]"
        name = player_name(raw, where)
        other = seen.get(name.casefold())
        if other == name:
            raise ResultError(SEATED_TWICE(name=repr(name)), where)
        if other is not None:
            raise ResultError(NAME_TOO_CLOSE(name=name, other=other), where)
        seen[name.casefold()] = name
        names.append(name)
    return tuple(names)


def player_name(value: Any, field: str = "players") -> str:
    """A player's name as the table will show it, or a :class:`ResultError` for ``field``.

    Names are NFC-normalised, trimmed, and every run of spaces inside becomes one space, so two
    names that look alike are alike. Control characters, invisible (zero-width, format,
    bidirectional-override) characters and lone surrogates are refused
    (:func:`scorekeeper.rules.text.refused`): they would let two players look the same, or
    break storage.

    >>> player_name("  Ann   Lee ")
    'Ann Lee'
    >>> player_name("Zo\u0065\u0301") == "Zo\u00e9"
    True
    >>> player_name("Ann\u200b")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.text.NameCharacterError: a name may not hold the invisible or control character U+200B (ZERO WIDTH SPACE), character 4
    >>> player_name("B" + chr(0xD800))
    Traceback (most recent call last):
    ...
    scorekeeper.rules.text.NameCharacterError: a name may not hold U+D800, half of a character (a lone surrogate), character 2
    """
    if not isinstance(value, str):
        raise ResultError(EXPECTED_NAME(value=repr(value)[:50]), field)
    check_name_characters(value, field)
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not 1 <= len(name) <= MAX_NAME:
        raise ResultError(NAME_LENGTH(most=MAX_NAME), field)
    return name


NAME_TOO_CLOSE = define(
    "setup.name.too_close",
    N_(
        "'{name}' is too close to '{other}', already at the table: names must differ by more than capital letters"
    ),
)
