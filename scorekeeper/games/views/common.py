"""What every game view shares: loading the URL's game, the editors-only guard, the form's
one-time key and etag, and where a view goes after a change."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import time_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _

from ..models import Game
from ..pages import game_page as pages
from ..rights import access
from ..rights.gates import guard
from ..scoresheet.consequences import Consequences
from ..scoresheet.rescore import describe, describe_numbers
from ..scoresheet.selectors import game_get
from ..table import seat_access


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


def after_change(request: HttpRequest, game: Game) -> HttpResponse:
    """Back to the game page; with htmx, the fresh scoreboard in place."""
    if request.htmx:
        game.refresh_from_db()
        return render(request, "game.html#scoreboard", game_page_context(request, game, True))
    return HttpResponseRedirect(reverse("game", args=[game.public_id]))


def tell_changes(request: HttpRequest, changed: Consequences, number: int) -> None:
    """Say what a change did in numbers (hand ``number``'s scores, the totals that moved), then
    which other hands it re-scored, one message per change."""
    for line in describe_numbers(changed, number):
        messages.info(request, line)
    for line in describe(changed):
        messages.warning(request, line)
