"""What the game page keeps between loads, so a long game's page costs about what a short
one's does (issue 33 §6): the game's state per version of the game, each hand's drawn row per
version of what it shows. Every key names all its content, so a change is never shown stale."""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language

from ..models import Game
from ..scoresheet.selectors import game_state

STATE_SECONDS = 3600


def game_state_read(game: Game) -> dict[str, Any]:
    """The game's state as :func:`.selectors.game_state` reads it, kept per version of the
    game: every write (a hand, a correction, a seat, a confirmation, a ruling) grows
    ``game.version`` and moves ``game.updated``, the same marks the live updates and the
    scoreboard's ETag stand on, so a changed game is read afresh and never shown stale. The
    page of a long game then reads its hundreds of stored hands once per change, not per load."""
    key = (
        f"game-state:{game.public_id}:{game.version}:{game.hand_count}"
        f":{game.updated.timestamp() if game.updated else '-'}"
    )
    state = cache.get(key)
    if state is None:
        state = game_state(game=game)
        cache.set(key, state, STATE_SECONDS)
    return state


ROW_SECONDS = 7 * 24 * 3600


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
