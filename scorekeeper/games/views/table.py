"""The game page and its live fragment, and the people at the table: joining by the edit
link, sharing the links, and a rematch."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper import netaddr
from scorekeeper.compression import holds_secret
from scorekeeper.i18n import render_message
from scorekeeper.public_url import absolute_url
from scorekeeper.rules import RulesError, get_variant

from ..models import Game
from ..pages import game_page as pages
from ..pages import presentation
from ..pages.export import game_csv, game_export
from ..pages.page_parts import game_page_games, game_page_parts
from ..rights import access
from ..rights.gates import SecretLink
from ..scoresheet.tokens import edit_secret
from ..table import seat_access
from ..table.rematch import GameNotOver, game_rematch
from .common import editors_only, game_or_404, game_page_context, game_url


@require_GET
def game(request: HttpRequest, game_id: str) -> HttpResponse:
    """The game page; with htmx, its live scoreboard fragment (ETag, 304 when unchanged). htmx
    restoring a history entry it did not keep (Back to the entry the keeper's Save replaced)
    asks for the whole page."""
    fragment = bool(request.htmx) and not request.htmx.history_restore_request
    if fragment:
        game = game_or_404(game_id)
    else:  # what other apps add to the page (its league), read in the same query as the game
        game = game_or_404(game_id, game_page_games(Game.objects.all()))
    editable = access.can_edit(request, game)
    if fragment:
        etag = pages.game_etag(game, editable, seat_access.seat_of(request, game))
        if etag in request.headers.get("If-None-Match", ""):
            response = HttpResponseNotModified()
        else:
            response = render(
                request, "game.html#scoreboard", game_page_context(request, game, editable)
            )
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"
        patch_vary_headers(response, ["HX-Request", "Cookie"])
        return response
    return game_page_response(request, game, editable)


def game_page_response(
    request: HttpRequest, game: Game, editable: bool, template: str = "game.html"
) -> HttpResponse:
    """The whole game page; with ``template="game_in_place.html"``, its ``<main>`` alone, drawn
    in place of the hand form after a save (see to_game)."""
    if not editable and game.rematch_of_id:
        # A rematch keeps its game's edit token: a phone that kept score there keeps it here.
        previous = Game.objects.filter(pk=game.rematch_of_id).first()
        editable = previous is not None and access.grant_rematch(request, game, previous)
    if request.session.session_key:
        # Remembered for "My games" only in a session this browser already has: a plain
        # viewer gets no session (and no session row) just for watching.
        access.remember_game(request, game)
    context = game_page_context(request, game, editable)
    context["page_parts"] = game_page_parts(game=game)  # what other apps add (its league)
    # The printed score sheet leads back to the live game.
    context["live_url"] = game_url(request, game)
    context["live_qr"] = presentation.public_qr_svg(context["live_url"])
    response = render(request, template, context)
    # Not "no-store": the back button may show the page from memory (the back-forward cache);
    # every other load asks the server, and the scoreboard polls at once when shown.
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["HX-Request"])
    return response


def to_game(request: HttpRequest, game: Game, *, current: bool = False) -> HttpResponse:
    """After a save: the game page. With htmx, the game page's ``<main>`` (and its title) comes
    in this very answer and takes the place of the form's ``<main>``, so the keeper sees the
    new scoreboard without a redirect and a reload, and the answer holds only what differs
    from the form's page (not the head, header and footer both pages share); its address
    replaces the form's in the history, so Back goes to the page before the form (the game
    page), never to the saved form. Without htmx, a redirect."""
    url = reverse("game", args=[game.public_id])
    if not request.htmx:
        # To the scoreboard: the totals and the hand just saved at the top of the screen, and
        # the next Tab goes to the next thing to do ("Enter hand"), without JavaScript too.
        return HttpResponseRedirect(url + "#scoreboard")
    if not current:  # (current: the object the write saved; no need to read it again)
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


# The edit link, ``/games/<id>/join/#<secret>`` (the flow: games.rights.gates): a secret that is the
# game's edit token or its link's secret gives this browser the right to keep score.
EDIT_LINK = SecretLink(
    page="join.html",
    context=lambda game: {"game": game, "variant": get_variant(game.variant)},
    holds=access.can_edit,
    redeem=access.join_game,
    done=gettext_lazy("You can now enter and correct hands on this phone."),
    target="game",
)


@require_http_methods(["GET", "POST"])
def game_join(request: HttpRequest, game_id: str) -> HttpResponse:
    """The edit link: GET draws the page that posts the secret after ``#``, POST checks it."""
    return EDIT_LINK.answer(request, game_or_404(game_id))


@require_POST
@editors_only
def game_rematch_start(request: HttpRequest, game: Game) -> HttpResponse:
    """Play again: same players, variant and house rules; the next dealer deals first."""
    try:
        new = game_rematch(game=game)
    except GameNotOver:
        messages.error(request, _("A rematch can start once this game is over."))
        return redirect("game", game_id=game.public_id)
    except RulesError as error:
        messages.error(request, render_message(error.message))
        return redirect("game", game_id=game.public_id)
    access.grant_rematch(request, new, game)
    messages.success(request, _("Rematch! Same table, same rules."))
    return redirect("game", game_id=new.public_id)


@require_GET
def game_join_legacy(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    """Edit links from before the fragment (``/games/<id>/join/<token>/``) keep working: the
    browser gets the right to keep score once and is sent to the clean URL."""
    return EDIT_LINK.legacy(request, game_or_404(game_id), token, "game_join")


@require_GET
def game_share(request: HttpRequest, game_id: str) -> HttpResponse:
    """Links (and QR codes) for the other phones: one to watch, one to keep score."""
    game = game_or_404(game_id)
    view_url = absolute_url(request, reverse("game", args=[game.public_id]))
    edit_url = None
    if access.can_edit(request, game):
        join = absolute_url(request, reverse("game_join", args=[game.public_id]))
        edit_url = f"{join}#{edit_secret(game=game)}"
    # Links made from 127.0.0.1 or a bare machine name open on this machine only: say so, with
    # the addresses the other phones can use (unless the app's public address is configured).
    host = request.get_host()
    local = netaddr.local_only(host) and not getattr(settings, "PUBLIC_URL", "")
    context = pages.share_page(
        game,
        view_url=view_url,
        edit_url=edit_url,
        local_host=host if local else None,
        lan_urls=netaddr.lan_urls(_port_of(host, request)) if local else None,
    )
    response = render(request, "share.html", context)
    response["Cache-Control"] = "no-store"
    if edit_url is not None:
        holds_secret(response)  # the edit link: never compressed (BREACH), never cached
    # The site's same-origin Referrer-Policy, not no-referrer: the edit link is in the page (its
    # secret after a #, which no Referer carries), not in its address, and a no-referrer page's
    # forms ("Keep score on another phone", the language switcher) post `Origin: null`, which
    # the CSRF check refuses ("Form expired").
    return response


def _port_of(host: str, request: HttpRequest) -> str:
    """The port the page was opened at (the Host header's, else the server's)."""
    tail = host.rsplit("]", 1)[-1]
    if ":" in tail and tail.rsplit(":", 1)[1].isdigit():
        return tail.rsplit(":", 1)[1]
    return request.get_port()


@require_GET
def game_export_json(request: HttpRequest, game_id: str) -> HttpResponse:
    """The game as JSON (hands, changes, totals, dealers, explanation codes): anyone with its
    link may take it."""
    game = game_or_404(game_id)
    response = JsonResponse(game_export(game=game), json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="game-{game.public_id}.json"'
    return response


@require_GET
def game_export_csv(request: HttpRequest, game_id: str) -> HttpResponse:
    """The game as CSV, one row per hand (see :func:`scorekeeper.games.pages.export.game_csv`)."""
    game = game_or_404(game_id)
    response = HttpResponse(game_csv(game=game), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="game-{game.public_id}.csv"'
    return response
