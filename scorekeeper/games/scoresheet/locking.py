"""One writer per game at a time, and the hand a request names.

:func:`lock_game` takes a game's lock and reloads it (every write starts there);
:func:`retry_on_collision` starts a write over when writers collided; :func:`nth_hand` finds the
live hand a request names, checked against its ``If-Match`` (:func:`etag_matches`).
"""

from __future__ import annotations

import functools
import random
import time

from django.db import IntegrityError, OperationalError, connection, transaction
from django.utils.translation import gettext

from ..models import Game, Hand


class HandChanged(Exception):
    """``If-Match`` named a version of hand ``number`` that is no longer hand ``number``:
    another phone corrected, deleted or restored a hand first. Nothing was changed."""

    code = "precondition_failed"

    def __init__(self, number: int):
        self.number = number
        super().__init__(
            gettext(
                "hand %(n)s is no longer the hand you saw: it was corrected, deleted or moved "
                "since; nothing was changed"
            )
            % {"n": number}
        )


# SQLite answers "database is locked" instead of waiting when writers collide (always with the
# in-memory test database's shared cache), and a writer that slipped past the game lock (or a
# new game drawing a public id already taken) meets a unique constraint; both are safe to retry
# from the start, because the failed transaction wrote nothing.
_LOCKED_ATTEMPTS = 40
_INTEGRITY_ATTEMPTS = 3


def retry_on_collision(func):
    @functools.wraps(func)
    def wrapper(**kwargs):
        attempt = 0
        while True:
            attempt += 1
            try:
                return func(**kwargs)
            except (OperationalError, IntegrityError) as error:
                if not _may_retry(error, attempt):
                    raise
                time.sleep(random.uniform(0.002, 0.02) * attempt)

    return wrapper


def _may_retry(error: Exception, attempt: int) -> bool:
    if transaction.get_connection().in_atomic_block:
        return False  # an outer transaction is broken now; only its owner can start over
    if isinstance(error, IntegrityError):
        return attempt < _INTEGRITY_ATTEMPTS
    return "locked" in str(error) and attempt < _LOCKED_ATTEMPTS


def lock_game(game: Game) -> None:
    """Lock the game row and reload it, so we act on what the last writer committed: one query.

    An UPDATE that changes nothing takes the row's lock on PostgreSQL and the database's write
    lock on SQLite (which ignores FOR UPDATE) before any read, so two writers queue up instead
    of both reading and then failing to upgrade; RETURNING reads the row in the same query."""
    fields = Game._meta.concrete_fields
    quote = connection.ops.quote_name
    count = quote(Game._meta.get_field("hand_count").column)
    sql = (
        f"UPDATE {quote(Game._meta.db_table)} SET {count} = {count}"
        f" WHERE {quote(Game._meta.pk.column)} = %s"
        f" RETURNING {', '.join(quote(f.column) for f in fields)}"
    )
    fresh = next(iter(Game.objects.raw(sql, [game.pk])), None)
    if fresh is None:
        raise Game.DoesNotExist(f"no game {game.public_id!r}")
    for f in fields:
        setattr(game, f.attname, getattr(fresh, f.attname))


def nth_hand(hands: list[Hand], number: int, if_match: str | None = None) -> Hand:
    found = hands[number - 1] if 1 <= number <= len(hands) else None
    if if_match is not None and not etag_matches(found, if_match):
        raise HandChanged(number)  # even when the hand is gone: RFC 9110 says 412, not 404
    if found is None:
        raise Hand.DoesNotExist(f"this game has no hand {number}")
    return found


def etag_matches(hand: Hand | None, if_match: str) -> bool:
    """RFC 9110 If-Match against a hand: ``*`` or a list of etags, quoted or not, weak or not."""
    if hand is None:
        return False
    wanted = [tag.strip() for tag in if_match.split(",")]
    if "*" in wanted:
        return True
    bare = {tag.removeprefix("W/").strip('"') for tag in wanted}
    return hand.etag in bare
