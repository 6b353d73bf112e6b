"""Idempotency: a write repeated with the same key answers its first answer.

An ``Idempotency-Key`` and a form's or the API body's ``request_id`` are one policy: a key seen
before for the same game (its ``scope``) with the same request (its fingerprint) answers what the
first request answered and writes nothing; with another request, :class:`KeyReused`. Keys are
stored with their answer in the write's own transaction and forgotten after
:data:`IDEMPOTENCY_KEY_TTL`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scorekeeper.rules.text import check_storable_data as refuse_nul

from ..models import Game, IdempotencyKey
from .locking import lock_game, retry_on_collision


class KeyReused(Exception):
    """An ``Idempotency-Key`` already used for a different request to the same game."""

    code = "idempotency_key_reused"

    def __init__(self, key: str | None = None) -> None:
        self.key = key  # which key (an Idempotency-Key or a request_id) was used before
        super().__init__(
            gettext(
                "Idempotency-Key: this key was already used for a different request; "
                "send a new key for a new request"
            )
        )


# How long a write's Idempotency-Key is remembered: a phone retries within seconds or minutes;
# a day also covers a phone that lost its connection overnight.
IDEMPOTENCY_KEY_TTL = timedelta(hours=24)


@dataclass(frozen=True)
class Outcome:
    """What a write answered: its status and body, and whether this is a replay of it."""

    status: int
    body: Any
    replayed: bool = False


def request_fingerprint(*parts: Any) -> str:
    """A digest of what a request asked for (method, path, body), to compare retries by."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


@retry_on_collision
@transaction.atomic
def write_once(
    *,
    game: Game | None,
    key: str | None,
    request: str,
    write: Callable[[], tuple[int, Any]],
) -> Outcome:
    """Run ``write`` (which answers a status and a JSON-able body) once per ``key``.

    With a key seen before for this game (``game`` None: for creating a game) and the same
    ``request`` fingerprint, nothing runs and the first answer comes back (``replayed``); with
    another fingerprint, :class:`KeyReused`. The key and the answer are stored in the same
    transaction as the write, and only when the write succeeded. Without a key, ``write`` runs.
    """
    if key is None:
        status, body = write()
        return Outcome(status, body)
    refuse_nul(key, "Idempotency-Key")
    scope = game.public_id if game is not None else ""
    if game is not None:
        lock_game(game)  # one writer per game at a time: a concurrent retry waits, then replays
    # The same keys, lookup and policy as every hand write (see remembered); expired keys go
    # when they are used again, the rest with `manage.py clear_idempotency_keys`.
    found = remembered(scope, [key], request)
    if found is not None:
        return found
    status, body = write()
    # A concurrent first use of the key (only possible for new games) breaks the unique
    # constraint here; the whole transaction is retried and then replays the other's answer.
    remember(scope, [key], request, status, body)
    return Outcome(status, body)


def keys_expire(*, scope: str | None = None) -> int:
    """Forget the Idempotency-Keys older than IDEMPOTENCY_KEY_TTL (of one scope, or all)."""
    expired = IdempotencyKey.objects.filter(created__lt=timezone.now() - IDEMPOTENCY_KEY_TTL)
    if scope is not None:
        expired = expired.filter(scope=scope)
    return expired.delete()[0]


def write_keys(*keys: str | None) -> list[str]:
    """The idempotency keys of a write (an Idempotency-Key and a request_id work the same)."""
    return list(dict.fromkeys(key for key in keys if key))


def remembered(scope: str, keys: list[str], fingerprint: str) -> Outcome | None:
    """The first answer to one of these keys (the caller holds the game's lock), or None; the
    same key for another request raises :class:`KeyReused`. One query when there are keys."""
    if not keys:
        return None
    expired_before = timezone.now() - IDEMPOTENCY_KEY_TTL
    found = None
    for record in IdempotencyKey.objects.filter(scope=scope, key__in=keys):
        if record.created < expired_before:
            record.delete()  # forgotten: the key may start a new write
            continue
        if record.fingerprint != fingerprint:
            raise KeyReused(key=record.key)
        found = record
    if found is None:
        return None
    return Outcome(found.status, found.response, replayed=True)


def remember(scope: str, keys: list[str], fingerprint: str, status: int, body: Any) -> None:
    """Keep the answer to ``keys`` (none: nothing), in the caller's transaction."""
    if keys:
        IdempotencyKey.objects.bulk_create(
            IdempotencyKey(
                scope=scope, key=key, fingerprint=fingerprint, status=status, response=body
            )
            for key in keys
        )
