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
_READS: list[Callable[[Any], Any]] = []


def add_closed_check(
    check: Callable[[Any], bool],
    *,
    read: Callable[[Any], Any] | None = None,
) -> None:
    """Register ``check(game) -> bool``: is the game closed to its own keepers? (Once.) With
    ``read(queryset) -> queryset``, a game read by :func:`.selectors.game_get` or listed by
    :func:`.selectors.games_listed` carries the answer (and whatever else the app reads of it
    on every write) in that same query."""
    if check not in _CHECKS:
        _CHECKS.append(check)
    if read is not None and read not in _READS:
        _READS.append(read)


def with_closed(games: Any) -> Any:
    """``games`` (a queryset) with every registered app's answer read in the same query."""
    for read in _READS:
        games = read(games)
    return games


def is_closed(game: Any) -> bool:
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
