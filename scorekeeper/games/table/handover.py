"""Joining and handing over (issue 25 §3): a game's join code, and one-time links that give
another phone the right to keep score ("Keep score on another phone", API.md "Handover").

A handover link is ``/games/<id>/take/#<secret>``: the secret rides after ``#`` like the edit
link's, so it never reaches a server log. Only its hash is stored; it works once and expires
after ``HANDOVER_TTL``.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from ..models import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, Game, Handover, hash_token

HANDOVER_TTL = timedelta(minutes=15)


def normalise_code(text: str) -> str | None:
    """A join code as typed (any case, spaces or a dash between halves) in its stored form, or
    None when it cannot be one."""
    code = "".join(ch for ch in (text or "").upper() if not ch.isspace() and ch != "-")
    if len(code) != JOIN_CODE_LENGTH or any(ch not in JOIN_CODE_ALPHABET for ch in code):
        return None
    return code


def game_by_code(*, code: str) -> Game | None:
    found = normalise_code(code)
    if found is None:
        return None
    return Game.objects.filter(code=found).first()


@transaction.atomic
def handover_create(
    *, game: Game, share: bool = False, now: datetime | None = None
) -> tuple[str, datetime]:
    """A new one-time secret that lets one phone keep score of ``game``: (secret, expiry).
    Taken, it hands the role over (the phones that kept score watch from then on), or with
    ``share`` makes a second keeper. Expired and used links of the game go at the same time."""
    now = now or timezone.now()
    Handover.objects.filter(game=game, expires__lt=now).delete()
    secret = secrets.token_urlsafe(24)
    expires = now + HANDOVER_TTL
    Handover.objects.create(
        game=game, secret_hash=hash_token(secret), expires=expires, share=bool(share)
    )
    return secret, expires


@transaction.atomic
def handover_take(*, game: Game, secret: str, now: datetime | None = None) -> Handover | None:
    """Use the handover secret once: the handover if it was this game's, unused and not expired
    (it is used up now), else None. Two phones opening the same link at once: one gets it."""
    now = now or timezone.now()
    found = Handover.objects.filter(
        game=game, secret_hash=hash_token(secret or ""), used__isnull=True, expires__gt=now
    )
    taken = found.first()
    if taken is None or found.filter(pk=taken.pk).update(used=now) != 1:
        return None
    taken.used = now
    return taken
