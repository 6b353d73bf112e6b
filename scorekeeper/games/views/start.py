"""The front page, starting a game, and this browser's games."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from scorekeeper.rules import all_variants, get_variant

from ..models import Game
from ..pages.starting import start_page
from ..rights import access
from ..scoresheet.selectors import games_listed
from ..scoresheet.services import game_create
from ..scoresheet.tokens import game_token


def home(
    request: HttpRequest,
    *,
    code_error: bool = False,
    code_typed: str = "",
    code_wait: int | None = None,
    status: int = 200,
) -> HttpResponse:
    """Front page: this phone's game in progress on top, then every variant, compact.

    Variants this phone played most come first; the rest keep the engine's display order.
    """
    mine = games_listed(public_ids=access.my_game_ids(request))
    unfinished = [game for game in mine if not game.over]
    # The game this phone keeps score in comes first; only without one, a game it follows.
    # (Without this, watching another table's game put it on top, "Continue" and all.)
    current = max(
        unfinished, key=lambda game: (access.holds_grant(request, game), game.updated), default=None
    )
    played = Counter(game.variant for game in mine)
    variants = sorted(all_variants(), key=lambda variant: -played[variant.slug])
    context = {
        "variants": variants,
        "played": played,
        "current": current,
        "current_variant": get_variant(current.variant) if current else None,
        "current_players": [seat.name for seat in current.seats.all()] if current else [],
        "code_error": code_error,
        "code_typed": code_typed,
        "code_wait": code_wait,  # minutes: too many wrong codes from this address
    }
    return render(request, "home.html", context, status=status)


@require_http_methods(["GET", "POST"])
def game_start(request: HttpRequest) -> HttpResponse:
    """Pick a variant, seat the players, mark the dealer, choose house rules; then create."""
    return start_page(
        request, start_url=reverse("game_start"), create=_create_game, token_again=_token_again
    )


def _create_game(*, data, token_seed: str, **table: Any) -> tuple[Game, str]:
    return game_create(**table, token_seed=token_seed)


def _token_again(game: Game, seed: str) -> str:
    """The edit token a game started from this form got (its one-time key was sent again)."""
    return game_token(seed)


@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    """The games this browser created or opened, unfinished first, most recent first."""
    listed = games_listed(public_ids=access.my_game_ids(request))
    games = [
        {
            "game": game,
            "variant": get_variant(game.variant),
            "players": [seat.name for seat in game.seats.all()],
            "editable": access.can_edit(request, game),
        }
        for game in listed
    ]
    games.sort(key=lambda item: item["game"].over)  # stable: keeps recent-first within each
    return render(request, "my_games.html", {"games": games})
