"""Rematch: the same table plays again (same players and seats, variant and house rules).

The new game deals first to whoever would have dealt the next hand of the old one, and keeps
the old game's edit token, so every phone that kept score keeps doing so. A game has at most
one rematch: a second tap (or a second phone) gets the same new game. The old game's version
grows, so the phones following it learn of the rematch and follow the table to it.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

from ..events import game_changed
from ..models import Game, SeatClaim, SeatGrant
from ..scoresheet.selectors import game_players
from ..scoresheet.services import game_create
from .seats import seat_grant_for


class GameNotOver(Exception):
    """A rematch asked for before the game ended."""

    code = "game_not_over"


def rematch_dealer(*, game: Game, players: list[str]) -> str:
    """Who deals the rematch's first hand: the old game's next dealer, else the next seat."""
    if game.next_dealer in players:
        return game.next_dealer
    first = players.index(game.dealer) if game.dealer in players else -1
    return players[(first + 1) % len(players)]


def game_rematch(*, game: Game) -> Game:
    """Start (or find) the rematch of ``game``; raises GameNotOver while it is still on."""
    existing = Game.objects.filter(rematch_of=game).first()
    if existing is not None:
        return existing
    game.refresh_from_db()
    if not game.over:
        raise GameNotOver(f"game {game.public_id} is not over")
    players = game_players(game=game)
    try:
        with transaction.atomic():
            new, _token = game_create(
                variant=game.variant,
                options=dict(game.options),
                players=players,
                dealer=rematch_dealer(game=game, players=players),
            )
            new.token_hash = game.token_hash  # the same phones keep score
            new.rematch_of = game
            new.save(update_fields=["token_hash", "rematch_of", "updated"])
            _keep_seats(game, new)
            # The old game's phones hear of it (stream or poll) and follow to the new game.
            game_changed(game, kind="rematch")
    except IntegrityError:  # another phone's rematch got there first
        existing = Game.objects.filter(rematch_of=game).first()
        if existing is None:
            raise
        return existing
    return new


def _keep_seats(old: Game, new: Game) -> None:
    """The same people sit at the same places: every claimed seat of ``old`` is claimed in
    ``new`` with the same token (a seat token keeps working), and every phone that holds a seat
    of ``old`` holds it in ``new`` (a stale grant, of a seat moved since, stays behind)."""
    claims = {
        c.seat.name: c for c in SeatClaim.objects.filter(seat__game=old).select_related("seat")
    }
    if not claims:
        return
    seats = {seat.name: seat for seat in new.seats.all()}
    SeatClaim.objects.bulk_create(
        SeatClaim(seat=seats[name], token_hash=claim.token_hash)
        for name, claim in claims.items()
        if name in seats
    )
    wanted = {name: seat_grant_for(game=old, player=name) for name in claims}
    kept = [
        SeatGrant(
            session_id=row.session_id,
            game=new,
            player=row.player,
            grant=seat_grant_for(game=new, player=row.player),
        )
        for row in SeatGrant.objects.filter(game=old)
        if row.player in seats and row.grant == wanted.get(row.player)
    ]
    SeatGrant.objects.bulk_create(kept)
