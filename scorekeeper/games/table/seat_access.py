"""Which seat this browser holds in a game: a row of its own (:class:`SeatGrant`), as edit
grants are (:mod:`.access`), never the seat's token in the session.

The grant is :func:`games.table.seats.seat_grant_for`: an HMAC of the game, the player and the seat
claim's token hash under the secret key, so it dies when the seat moves to another phone or is
freed, and a database reader can forge none.
"""

from __future__ import annotations

import hmac

from django.http import HttpRequest

from ..models import Game, SeatGrant
from .seats import seat_claim, seat_free, seat_grant_for


def _session_key(request: HttpRequest, *, create: bool) -> str | None:
    if request.session.session_key is None and create:
        request.session.save()
    return request.session.session_key


def seat_of(
    request: HttpRequest, game: Game, *, claimed: list[str] | None = None
) -> str | None:
    """The player whose seat this browser holds in ``game`` (checked), or None: no query for a
    browser without a session, two otherwise. ``claimed``: the game's claimed seats when the
    caller read them (:func:`.selectors.game_players`): none claimed, no query (and the answer
    is kept for the rest of the request)."""
    cached = getattr(request, "_seats", {})
    if game.pk in cached:
        return cached[game.pk]
    key = _session_key(request, create=False)
    player = None
    if key is not None and (claimed is None or claimed):
        row = SeatGrant.objects.filter(session_id=key, game=game).first()
        if row is not None:
            wanted = seat_grant_for(game=game, player=row.player)
            if wanted is not None and hmac.compare_digest(row.grant, wanted):
                player = row.player
    request._seats = {**cached, game.pk: player}
    return player


def take_seat(request: HttpRequest, game: Game, player: str, *, move: bool) -> str:
    """This browser is ``player`` at ``game`` (``move``: it may edit the game, so a seat held by
    another phone moves here); a seat it held before in this game is freed. Returns the name as
    seated; raises what :func:`seats.seat_claim` raises (``SeatTaken``, a ``ResultError``)."""
    held = seat_of(request, game)
    if held is not None and held == player.strip():
        return held
    name, _token = seat_claim(game=game, player=player, move=move)
    if held is not None:
        seat_free(game=game, player=held)
    key = _session_key(request, create=True)
    SeatGrant.objects.update_or_create(
        session_id=key,
        game=game,
        defaults={"player": name, "grant": seat_grant_for(game=game, player=name)},
    )
    request._seats = {**getattr(request, "_seats", {}), game.pk: name}
    return name


def leave_seat(request: HttpRequest, game: Game) -> str | None:
    """Free the seat this browser holds in ``game``; returns who it was (None: none held)."""
    held = seat_of(request, game)
    key = _session_key(request, create=False)
    if key is not None:
        SeatGrant.objects.filter(session_id=key, game=game).delete()
    if held is not None:
        seat_free(game=game, player=held)
    request._seats = {**getattr(request, "_seats", {}), game.pk: None}
    return held
