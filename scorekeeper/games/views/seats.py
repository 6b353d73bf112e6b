"""The players at the table: a phone says which player it is, confirms or disputes hands, and
the table keeps its rulings. Plain form posts that go back to the game page, which shows the
outcome (the same services as the API: :mod:`scorekeeper.games.table.seats`)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.i18n import render_message
from scorekeeper.rules import RulesError, get_variant

from ..models import Game, Ruling
from ..rights import access
from ..scoresheet.locking import HandChanged
from ..scoresheet.posted import posted_etag
from ..table import seat_access
from ..table.seats import (
    NoSuchRuling,
    SeatTaken,
    hand_confirm,
    hand_dispute,
    ruling_record,
    ruling_remove,
    written_message,
)
from .common import editors_only, forbidden, game_or_404


def _back(game: Game, anchor: str = "") -> HttpResponse:
    return redirect(reverse("game", args=[game.public_id]) + (f"#{anchor}" if anchor else ""))


@require_POST
def seat_take(request: HttpRequest, game_id: str) -> HttpResponse:
    """ "I am Bob": this phone holds Bob's seat (a phone that keeps score may move it here)."""
    game = game_or_404(game_id)
    player = request.POST.get("player") or ""
    try:
        name = seat_access.take_seat(request, game, player, move=access.can_edit(request, game))
    except SeatTaken as err:
        messages.error(
            request,
            _("%(name)s's seat is held by another phone. The scorekeeper's phone can move it here.")
            % {"name": err.player},
        )
        return _back(game, "seat")
    except RulesError as err:
        messages.error(request, render_message(err.message))
        return _back(game, "seat")
    messages.success(
        request,
        _("This phone is %(name)s's seat now: confirm or dispute each hand here.") % {"name": name},
    )
    return _back(game)


@require_POST
def seat_leave(request: HttpRequest, game_id: str) -> HttpResponse:
    game = game_or_404(game_id)
    held = seat_access.leave_seat(request, game)
    if held is not None:
        messages.success(request, _("This phone no longer holds %(name)s's seat.") % {"name": held})
    return _back(game)


def _seated(request: HttpRequest, game: Game) -> str | None:
    return seat_access.seat_of(request, game)


def _hand_moved(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    messages.error(
        request,
        _(
            "Nothing was recorded: hand %(n)s changed after this page showed it (it was "
            "corrected, deleted or moved). Check it as it is now, then say again."
        )
        % {"n": number},
    )
    return _back(game, f"hand-{number}")


@require_POST
def hand_confirm_view(request: HttpRequest, game_id: str, number: int) -> HttpResponse:
    """Confirm the hand the page showed (its etag): never another hand, nor this one changed."""
    game = game_or_404(game_id)
    player = _seated(request, game)
    if player is None:
        return forbidden(request, game, _("Only a player's own phone can confirm a hand."))
    try:
        hand_confirm(game=game, number=number, player=player, if_match=_read(request))
    except HandChanged:
        return _hand_moved(request, game, number)
    messages.success(request, _("You confirmed hand %(n)s.") % {"n": number})
    return _back(game, f"hand-{number}")


@require_POST
def hand_dispute_view(request: HttpRequest, game_id: str, number: int) -> HttpResponse:
    game = game_or_404(game_id)
    player = _seated(request, game)
    if player is None:
        return forbidden(request, game, _("Only a player's own phone can dispute a hand."))
    try:
        hand_dispute(
            game=game,
            number=number,
            player=player,
            if_match=_read(request),
            reason=request.POST.get("reason"),
        )
    except HandChanged:
        return _hand_moved(request, game, number)
    except RulesError as err:
        messages.error(request, _("Reason: %(error)s") % {"error": render_message(err.message)})
        return _back(game, f"hand-{number}")
    messages.success(request, _("You disputed hand %(n)s.") % {"n": number})
    return _back(game, f"hand-{number}")


def _read(request: HttpRequest) -> str:
    """The etag of the hand the page showed; a form without one (a page from before forms
    carried it) matches no hand, so nothing is recorded and the page says to look again."""
    return posted_etag(request) or "none"


@require_POST
def ruling_create(request: HttpRequest, game_id: str) -> HttpResponse:
    """ "Record this ruling" from a rule-search answer or a checker result opened from the game:
    the scorekeeper's phone or a seated player's."""
    game = game_or_404(game_id)
    editable = access.can_edit(request, game)
    player = None if editable else _seated(request, game)
    if not editable and player is None:
        return forbidden(
            request, game, _("Only the scorekeeper's or a seated player's phone can keep a ruling.")
        )
    try:
        ruling_record(
            game=game,
            question=request.POST.get("question"),
            variant=request.POST.get("variant"),
            rule=request.POST.get("rule"),
            note=request.POST.get("note"),
            by=player or "",
            question_code=written_message(request.POST.get("question_code"), "question"),
            note_code=written_message(request.POST.get("note_code"), "note"),
            shown=request.POST.get("shown"),  # the passage the page showed, if any
        )
    except RulesError as err:
        labels = {
            "question": _("Question"),
            "note": _("Note"),
            "rule": _("Rule"),
            "variant": _("Game"),
            "text": _("Rule"),
        }
        text = render_message(err.message)
        label = labels.get(err.field or "")
        messages.error(request, f"{label}: {text}" if label else text)
        return _back(game, "rulings")
    messages.success(request, _("The ruling is kept with this game, on every phone."))
    return _back(game, "rulings")


@require_http_methods(["GET", "POST"])
@editors_only
def ruling_delete(request: HttpRequest, game: Game, ruling_id: int) -> HttpResponse:
    """ "Remove" on a ruling kept by mistake: the scorekeeper's phone only. GET asks first
    (the ruling as the table reads it, "Remove" and "Keep it"); POST removes."""
    if request.method == "GET":
        ruling = Ruling.objects.filter(game=game, pk=ruling_id).first()
        if ruling is None:
            messages.info(request, _("That ruling is no longer kept with this game."))
            return _back(game, "rulings")
        return render(
            request,
            "ruling_delete.html",
            {"game": game, "variant": get_variant(game.variant), "ruling": ruling},
        )
    try:
        ruling_remove(game=game, ruling=ruling_id)
    except NoSuchRuling:
        messages.info(request, _("That ruling is no longer kept with this game."))
        return _back(game, "rulings")
    messages.success(request, _("The ruling is removed, on every phone."))
    return _back(game, "rulings")
