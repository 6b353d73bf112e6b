"""Games closed to their own keepers: a game another app has closed (a club night's table
once the organiser approved its round, API.md "Club nights") takes writes only from the rights
that app registered (its organiser, through :func:`.access.add_edit_right` and the API's
organiser check), and every correction or deletion must say why (``reason``, kept in the
hand's history). The games app knows no app that closes games: they register a check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper.rules.errors import ResultError
from scorekeeper.rules.messages import N_, define

REASON_NEEDED = define(
    "game.reason_needed",
    N_("this game was approved: say why it is corrected (a reason is kept in its history)"),
)
REASON_TOO_LONG = define("game.reason_too_long", N_("at most {limit} characters"))
REASON_EXPECTED = define("game.reason_expected", N_("expected text"))
MAX_REASON = 200

_CHECKS: list[Callable[[Any], bool]] = []
_MANY: list[Callable[[list[Any]], set[int]]] = []
_READS: list[Callable[[Any], Any]] = []


def add_closed_check(
    check: Callable[[Any], bool],
    *,
    many: Callable[[list[Any]], set[int]] | None = None,
    read: Callable[[Any], Any] | None = None,
) -> None:
    """Register ``check(game) -> bool``: is the game closed to its own keepers? (Once.) With
    ``many(games) -> {pk of each closed game}``, a list of games is asked in one go; with
    ``read(queryset) -> queryset``, a game read by :func:`.selectors.game_get` carries the
    answer (and whatever else the app reads of it on every write) in that same query."""
    if check not in _CHECKS:
        _CHECKS.append(check)
    if many is not None and many not in _MANY:
        _MANY.append(many)
    if read is not None and read not in _READS:
        _READS.append(read)


def with_closed(games: Any) -> Any:
    """``games`` (a queryset) with every registered app's answer read in the same query."""
    for read in _READS:
        games = read(games)
    return games


def mark_closed(games: list[Any]) -> None:
    """Ask every registered check about ``games`` at once (a page listing many games), so that
    :func:`is_closed` asks nothing more of them: the same queries for one game or fifty."""
    closed: set[int] = set()
    for many in _MANY:
        closed |= many(games)
    for game in games:
        game._closed = game.pk in closed


def is_closed(game: Any) -> bool:
    known = getattr(game, "_closed", None)
    if known is not None and len(_MANY) == len(_CHECKS):
        return known
    return any(check(game) for check in _CHECKS)


def checked_reason(value: Any, *, required: bool) -> str:
    """A correction's reason as it is kept: single spaces, at most :data:`MAX_REASON`
    characters; a closed game's correction must give one (a 400 naming ``reason``)."""
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise ResultError(REASON_EXPECTED(), "reason")
    text = " ".join(value.replace("\x00", "").split())
    if len(text) > MAX_REASON:
        raise ResultError(REASON_TOO_LONG(limit=MAX_REASON), "reason")
    if required and not text:
        raise ResultError(REASON_NEEDED(), "reason")
    return text
