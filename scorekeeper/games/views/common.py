"""What every game view shares: loading the URL's game, the editors-only guard, the form's
one-time key and etag, and where a view goes after a change."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse

from ..models import Game
from ..pages import game_page as pages
from ..rights import access
from ..rights.gates import guard
from ..scoresheet.selectors import game_get
from ..table import seat_access


def game_or_404(game_id: str, games=None) -> Game:
    try:
        return game_get(public_id=game_id, games=games)
    except Game.DoesNotExist:
        raise Http404("no such game") from None


def forbidden(request: HttpRequest, game: Game, reason: str | None = None) -> HttpResponse:
    context = {"game": game, "reason": reason}
    return render(request, "forbidden.html", context, status=403)


# Load the URL's game; without its edit right the answer is 403 and the view never runs.
editors_only = guard(load=game_or_404, key="game_id", right=access.can_edit, refuse=forbidden)


def game_url(request: HttpRequest, game: Game) -> str:
    return request.build_absolute_uri(reverse("game", args=[game.public_id]))


def game_page_context(request: HttpRequest, game: Game, editable: bool) -> dict[str, Any]:
    undo = access.get_undo(request, game) if editable else None
    return pages.game_page(
        game,
        editable=editable,
        undo=undo,
        game_url=game_url(request, game),
        seat=seat_access.seat_of(request, game),
    )


def after_change(request: HttpRequest, game: Game) -> HttpResponse:
    """Back to the game page; with htmx, the fresh scoreboard in place."""
    if request.htmx:
        game.refresh_from_db()
        return render(request, "game.html#scoreboard", game_page_context(request, game, True))
    return HttpResponseRedirect(reverse("game", args=[game.public_id]))
