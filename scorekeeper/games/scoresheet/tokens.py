"""A game's edit token: made, hashed and checked.

The token is shown once, when the game starts; only its hash is stored (:func:`hash_token`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from django.conf import settings
from django.utils.crypto import salted_hmac

from ..models import Game, hash_token


def new_token_seed() -> str:
    return secrets.token_urlsafe(32)


def game_token(seed: str) -> str:
    """The edit token made from ``seed`` with the server's secret key.

    The seed alone (what an idempotent retry keeps in the database) makes no token: a database
    reader cannot edit games. The token is as unguessable as the seed (256 random bits).
    """
    key = settings.SECRET_KEY.encode()
    digest = hmac.new(key, f"rummy-table.game-token:{seed}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def edit_secret(*, game: Game) -> str:
    """The secret of the game's edit link: as good as its token, for the pages' edit link.

    Made from the token's hash with the server's secret key, so the share page can show it to a
    browser that may edit although no raw token is stored anywhere; a database reader cannot.
    """
    value = f"{game.public_id}:{game.token_hash}"
    digest = salted_hmac("rummy-table.edit-link", value, algorithm="sha256").digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def token_valid(*, game: Game, token: str | None) -> bool:
    """Is ``token`` the game's edit token (or its edit link's secret)?"""
    # Constant-time, so response timing tells nothing about how much of a guess was right.
    token = token or ""
    return hmac.compare_digest(hash_token(token), game.token_hash) | hmac.compare_digest(
        token.encode(), edit_secret(game=game).encode()
    )
