"""Joining a game by its short code, and handing the keeping of the score to another phone."""

from __future__ import annotations

import math

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper import ratelimit
from scorekeeper.compression import holds_secret
from scorekeeper.public_url import absolute_url
from scorekeeper.rules import get_variant

from ..models import Game
from ..pages import presentation
from ..rights import access
from ..rights.gates import SecretLink
from ..table import handover
from .common import editors_only, game_or_404


@require_POST
def game_by_code(request: HttpRequest) -> HttpResponse:
    """The home page's "Join a game" box: the game whose code was typed, to watch."""
    from .start import home

    typed = (request.POST.get("code") or "")[:40]
    wait = ratelimit.code_guesses_wait(request)
    if wait is not None:
        # Too many wrong codes from this address: no code is looked at until the window ends.
        minutes = max(1, math.ceil(wait / 60))
        response = home(
            request, code_error=True, code_wait=minutes, code_typed=typed, status=429
        )
        response["Retry-After"] = str(wait)
        return response
    game = handover.game_by_code(code=typed)
    if game is None:
        ratelimit.code_guess_wrong(request)
        return home(request, code_error=True, code_typed=typed, status=404)
    return redirect("game", game_id=game.public_id)


@require_POST
@editors_only
def game_handover(request: HttpRequest, game: Game) -> HttpResponse:
    """"Keep score on another phone": a one-time link (and its QR code) for the other phone,
    which hands the role over (this phone watches once it is taken), or with ``share`` makes
    it a second keeper."""
    share = request.POST.get("share") == "1"
    secret, expires = handover.handover_create(game=game, share=share)
    url = handover_url(request, game, secret)
    context = {
        "share": share,
        "game": game,
        "variant": get_variant(game.variant),
        "handover_url": url,
        "handover_qr": presentation.qr_svg(url),
        "expires": expires,  # shown through the |clock filter, as every other time
        "minutes": int(handover.HANDOVER_TTL.total_seconds() // 60),
    }
    response = render(request, "handover.html", context)
    holds_secret(response)  # the handover link: never compressed (BREACH), never cached
    # The site's same-origin Referrer-Policy, not no-referrer: the secret is in the page, not in
    # its address, and a no-referrer page's forms (the language switcher) post `Origin: null`,
    # which the CSRF check refuses ("Form expired").
    return response


def handover_url(request: HttpRequest, game: Game, secret: str) -> str:
    return absolute_url(request, reverse("game_take", args=[game.public_id])) + f"#{secret}"


def _take(request: HttpRequest, game: Game, secret: str) -> bool:
    """A secret that is this game's, unused and not expired, gives this phone the right to
    keep score, once."""
    taken = handover.handover_take(game=game, secret=secret)
    if taken is None:
        return False
    if taken.share:
        access.grant_edit(request, game)
    else:
        access.hand_over(request, game)
    return True


# The handover link, ``/games/<id>/take/#<secret>``: the edit link's flow (games.rights.gates).
HANDOVER_LINK = SecretLink(
    page="take.html",
    context=lambda game: {"game": game, "variant": get_variant(game.variant)},
    holds=access.can_edit,
    redeem=_take,
    done=gettext_lazy("You keep the score on this phone now."),
    target="game",
)


@require_http_methods(["GET", "POST"])
def game_take(request: HttpRequest, game_id: str) -> HttpResponse:
    """The handover link: like the edit link, the page's script posts the part after ``#``."""
    return HANDOVER_LINK.answer(request, game_or_404(game_id))
