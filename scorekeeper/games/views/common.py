"""What every game view shares: loading the URL's game, the editors-only guard, the form's
one-time key and etag, and where a view goes after a change."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import time_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from .. import access, pages, seat_access
from ..gates import guard
from ..models import Game
from ..selectors import game_get


def game_or_404(game_id: str, games=None) -> Game:
    try:
        return game_get(public_id=game_id, games=games)
    except Game.DoesNotExist:
        raise Http404("no such game") from None


def forbidden(request: HttpRequest, game: Game, reason: str | None = None) -> HttpResponse:
    """403: this phone may watch ``game`` but not change it, and why. A phone that handed the
    keeping of the score to another phone is told so (its open form saved nothing). To htmx
    (a form's Save), the page's ``<main>`` in the form's place: an error answer is not swapped,
    and a Save must never look as if nothing happened."""
    handed = access.handed_over(request, game)
    if reason is None and handed is not None:
        reason = _(
            "This phone handed the keeping of the score to another phone at %(time)s: it "
            "watches the game now (a seat it holds stays its own). Nothing from a form still "
            "open here was saved."
        ) % {"time": time_format(localtime(handed), "H:i")}
    context = {"game": game, "reason": reason, "handed_over": handed is not None}
    if request.htmx:
        response = render(request, "forbidden.html", context, status=200)
        response["HX-Retarget"] = "main"
        response["HX-Reswap"] = "outerHTML"
        response["HX-Reselect"] = "main"
        response["Cache-Control"] = "no-store"
        return response
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


def to_game(request: HttpRequest, game: Game) -> HttpResponse:
    """After a save: the game page. With htmx, the game page's ``<main>`` (and its title) comes
    in this very answer and takes the place of the form's ``<main>``, so the keeper sees the
    new scoreboard without a redirect and a reload, and the answer holds only what differs
    from the form's page (not the head, header and footer both pages share); its address
    replaces the form's in the history, so Back goes to the page before the form (the game
    page), never to the saved form. Without htmx, a redirect."""
    url = reverse("game", args=[game.public_id])
    if not request.htmx:
        return HttpResponseRedirect(url)
    from .table import game_page_response  # the game page's own view module

    game.refresh_from_db()
    response = game_page_response(
        request, game, access.can_edit(request, game), template="game_in_place.html"
    )
    response["HX-Retarget"] = "main"
    response["HX-Reswap"] = "outerHTML"
    response["HX-Reselect"] = "main"
    response["HX-Replace-Url"] = url
    response["Cache-Control"] = "no-store"  # a page answered to a POST
    return response


def after_change(request: HttpRequest, game: Game) -> HttpResponse:
    """Back to the game page; with htmx, the fresh scoreboard in place."""
    if request.htmx:
        game.refresh_from_db()
        return render(request, "game.html#scoreboard", game_page_context(request, game, True))
    return HttpResponseRedirect(reverse("game", args=[game.public_id]))
