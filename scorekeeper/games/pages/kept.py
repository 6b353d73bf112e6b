"""What the game page keeps between loads, so a long game's page costs about what a short
one's does (issue 33 §6): the game's state per version of the game, each hand's drawn row per
version of what it shows. Every key names all its content, so a change is never shown stale."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from typing import Any

from django.core.cache import cache as django_cache
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language

from ..models import Game
from ..scoresheet.selectors import game_state

logger = logging.getLogger(__name__)


class _FailOpen:
    """Django's cache, failing open: a cache that is down (Redis refused or gone) costs the
    page its shortcut, never its answer. Every miss is drawn afresh, as on a cold cache."""

    def get(self, key: str) -> Any:
        try:
            return django_cache.get(key)
        except Exception:
            logger.warning("page cache unavailable: drawing afresh", exc_info=True)
            return None

    def get_many(self, keys: list[str]) -> dict[str, Any]:
        try:
            return django_cache.get_many(keys)
        except Exception:
            logger.warning("page cache unavailable: drawing afresh", exc_info=True)
            return {}

    def set(self, key: str, value: Any, timeout: int) -> None:
        try:
            django_cache.set(key, value, timeout)
        except Exception:
            logger.warning("page cache unavailable: nothing kept", exc_info=True)

    def set_many(self, values: dict[str, Any], timeout: int) -> None:
        try:
            django_cache.set_many(values, timeout)
        except Exception:
            logger.warning("page cache unavailable: nothing kept", exc_info=True)


cache = _FailOpen()

STATE_SECONDS = 3600


def game_state_read(game: Game) -> dict[str, Any]:
    """The game's state as :func:`.selectors.game_state` reads it, kept per version of the
    game: every write (a hand, a correction, a seat, a confirmation, a ruling) grows
    ``game.version`` and moves ``game.updated``, the same marks the live updates and the
    scoreboard's ETag stand on, so a changed game is read afresh and never shown stale. The
    page of a long game then reads its hundreds of stored hands once per change, not per load."""
    key = "game-state:" + version_key(game)
    state = cache.get(key)
    if state is None:
        state = game_state(game=game)
        cache.set(key, state, STATE_SECONDS)
    return state


def version_key(game: Game) -> str:
    """The name of this version of the game: every write moves it (see :func:`game_state_read`),
    so whatever is derived from the state alone may be kept under it."""
    updated = game.updated.timestamp() if game.updated else "-"
    return f"{game.public_id}:{game.version}:{game.hand_count}:{updated}"


ROW_SECONDS = 7 * 24 * 3600


def rows_version(game: Game, *, editable: bool, saved_here: int | None) -> str:
    """What every hand's row of this version of the game depends on besides the game: the
    reader's rights, the hand this browser has just saved, the language and time zone."""
    return (
        f"{version_key(game)}:{int(editable)}:{saved_here}"
        f":{get_language()}:{timezone.get_current_timezone_name()}"
    )


def older_rows_read(game: Game, *, editable: bool, saved_here: int | None) -> str | None:
    """The folded (older) rows of this version of the game as one piece, if kept: one cache
    read instead of one per hand. Only for a reader with no confirm/dispute forms in them."""
    return cache.get("game-older-rows:" + rows_version(game, editable=editable, saved_here=saved_here))


def older_rows_keep(game: Game, html: str, *, editable: bool, saved_here: int | None) -> None:
    key = "game-older-rows:" + rows_version(game, editable=editable, saved_here=saved_here)
    cache.set(key, html, STATE_SECONDS)


def row_keys(
    items: list[dict[str, Any]], *, game: Game, editable: bool, saved_here: int | None
) -> list[str]:
    """Each item's :func:`row_key`, hashed once per version of the game (and reader's rights,
    just-saved mark, language, time zone), not on every load: the list is kept under the
    game's version, which every write moves, so a corrected hand gets its new key at once."""
    key = "game-row-keys:" + rows_version(game, editable=editable, saved_here=saved_here)
    keys = cache.get(key)
    if keys is None or len(keys) != len(items):
        keys = [
            row_key(item, game=game, editable=editable, just_saved=saved_here == item["n"])
            for item in items
        ]
        cache.set(key, keys, STATE_SECONDS)
    return keys


def row_key(item: dict[str, Any], *, game: Game, editable: bool, just_saved: bool) -> str:
    """The cache key of one hand's drawn row: everything the row shows or depends on. The etag
    names the hand's version (its history is append-only, so it fixes the earlier versions and
    their accounts too); the result, deltas and what the players said are hashed besides, so
    a re-scored or confirmed hand is drawn anew, never shown stale."""
    shown = [
        game.public_id, item["etag"], item["n"], item["dealer"], item["result"], item["deltas_list"],
        item["explanation"], item["confirmed"], item["disputed"], editable, just_saved,
        get_language(), timezone.get_current_timezone_name(),
    ]
    return "game-row:" + digest(shown)


def digest(shown: Any) -> str:
    """A hash of everything a cached piece of the page shows: its cache key, so a changed
    game is drawn anew and never shown stale. ``repr`` of plain data (the stored JSON as
    read): the same data gives the same text; data read in another key order only misses."""
    return hashlib.sha256(repr(shown).encode()).hexdigest()


def running_drawn(game: Game, context: Callable[[], dict[str, Any]]) -> str:
    """The running totals and chart, drawn once per version of the game and language: they
    show the state only (totals, deltas, checks, the players, the target), so the version
    names them all. ``context`` builds what they need, called only when not kept."""
    key = f"game-running:{version_key(game)}:{get_language()}"
    html = cache.get(key)
    if html is None:
        html = render_to_string("game.html#running", context())
        cache.set(key, html, STATE_SECONDS)
    return html


def rows_drawn(keys: list[str]) -> dict[str, str]:
    """The rows already drawn among ``keys`` (one round trip to the cache)."""
    return cache.get_many(keys) if keys else {}


def draw_rows(
    full: dict[int, dict[str, Any]], *, game: Game, latest: dict | None, editable: bool
) -> None:
    """Draw the rows not found in the cache and keep them (those with a seated phone's forms
    are left to the page, which has the request for their CSRF token)."""
    fresh = {}
    for item in full.values():
        if item["to_confirm"]:
            continue
        context = {"hand": item, "latest": latest, "editable": editable, "game": game}
        item["html"] = render_to_string("game.html#hand-item", context)
        fresh[item["row_key"]] = item["html"]
    if fresh:
        cache.set_many(fresh, ROW_SECONDS)
