"""Entering, previewing, correcting and deleting hands, and undoing this browser's last change.

Each view parses the hand form, calls a service (which checks the entry with the engine and
writes once per form's one-time key) and renders through :mod:`..pages`."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.i18n import render_message
from scorekeeper.rules import RulesError, get_variant

from ..models import Game, Hand
from ..pages import game_page as pages
from ..pages.provisional import state_after_new_hand
from ..rights import access
from ..scoresheet.closing import is_closed
from ..scoresheet.forms import HandForm
from ..scoresheet.forms_dealer import DealerForm
from ..scoresheet.idempotency import KeyReused
from ..scoresheet.locking import HandChanged
from ..scoresheet.posted import int_or_none, posted_etag, request_id
from ..scoresheet.rescore import describe, describe_numbers, hand_delete_preview
from ..scoresheet.selectors import game_players, game_state, hand_score_preview, request_saved
from ..scoresheet.services import GameOver, HandTaken, hand_add, hand_correction, hand_deletion
from ..table import seat_access
from .common import after_change, editors_only, tell_changes
from .table import to_game


def _hand_form(game: Game, data=None, initial=None, players=None) -> HandForm:
    """The hand form of ``game``; ``players``: its seating, when the view has read it already
    (one read of the seats for the hand form and the dealer form)."""
    return HandForm(
        data,
        initial=initial,
        variant=get_variant(game.variant),
        options=game.options,
        players=players if players is not None else game_players(game=game),
    )


def _dealer_form(
    game: Game, data=None, number: int | None = None, players=None
) -> DealerForm:
    """Who dealt: the rotation's suggestion for a new hand, the recorded dealer of hand
    ``number`` for a correction."""
    if number is None:
        shown = game.next_dealer
    else:
        hand = game.hands.filter(deleted_at__isnull=True, number=number).first()
        shown = hand.dealer if hand is not None else ""
    if players is None:
        players = game_players(game=game)
    return DealerForm(data, players=players, shown=shown)


def _hand_page(
    request: HttpRequest,
    game: Game,
    form: HandForm,
    *,
    number: int | None = None,
    dealer_form: DealerForm | None = None,
    preview: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    fragment: bool = False,
    status: int = 200,
    entering: int | None = None,
    taken: dict[str, Any] | None = None,
) -> HttpResponse:
    context = pages.hand_page(
        game,
        form,
        dealer_form=dealer_form or _dealer_form(game, number=number),
        number=number,
        preview=preview,
        request_id=request_id(request) or uuid.uuid4().hex,
        posted_etag=posted_etag(request),
        entering=entering or int_or_none(request.POST.get("entering")),
        taken=taken,
    )
    # The state after a new hand being previewed, for a phone that saves it offline.
    context["preview_after"] = after
    context["closed"] = is_closed(game)  # approved: a correction must say why
    template = "hand_form.html#form" if fragment else "hand_form.html"
    return render(request, template, context, status=status)


def _number_or_404(game: Game, number: int | None) -> int | None:
    if number is not None and not 1 <= number <= game.hand_count:
        raise Http404("no such hand")
    return number


@require_GET
@editors_only
def hand_new(request: HttpRequest, game: Game) -> HttpResponse:
    return _hand_page(request, game, _hand_form(game))


@require_GET
@editors_only
def hand_edit(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    _number_or_404(game, number)
    state = game_state(game=game)
    form = _hand_form(game)
    form.initial = form.initial_from_entry(state["hands"][number - 1]["result"])
    return _hand_page(request, game, form, number=number)


@require_POST
@editors_only
def hand_preview(request: HttpRequest, game: Game) -> HttpResponse:
    """Score what was entered without saving it: the scores and the explanation, or errors."""
    number = _number_or_404(game, int_or_none(request.POST.get("number")))
    form = _hand_form(game, request.POST)
    dealer_form = _dealer_form(game, request.POST, number)
    preview = after = None
    if dealer_form.is_valid() & form.is_valid():
        dealer = dealer_form.cleaned_data["dealer"] or None
        try:
            preview = hand_score_preview(
                game=game, entry=form.entry(), number=number, dealer=dealer
            )
        except RulesError as error:
            form.add_rules_error(error)
        else:
            if number is None:
                after = state_after_new_hand(game=game, entry=form.entry(), dealer=dealer)
    return _hand_page(
        request,
        game,
        form,
        number=number,
        dealer_form=dealer_form,
        preview=preview,
        after=after,
        fragment=bool(request.htmx),
    )


@require_GET
@editors_only
def hand_saved(request: HttpRequest, game: Game) -> HttpResponse:
    """Was the form with this one-time key already saved? A hand form shown again by Back
    after Save asks (static/js/saved.js), and then says so instead of looking unsaved."""
    once = (request.GET.get("request_id") or "").strip()[:100]
    response = JsonResponse({"saved": request_saved(game=game, request_id=once)})
    response["Cache-Control"] = "no-store"
    return response


@require_POST
@editors_only
def hand_create(request: HttpRequest, game: Game) -> HttpResponse:
    players = game_players(game=game)
    form = _hand_form(game, request.POST, players=players)
    dealer_form = _dealer_form(game, request.POST, players=players)
    if dealer_form.is_valid() & form.is_valid():
        try:
            write = hand_add(
                game=game,
                entry=form.entry(),
                dealer=dealer_form.chosen(),
                request_id=request_id(request),
                number=int_or_none(request.POST.get("entering")),
                saved_by=seat_access.seat_of(request, game, claimed=players.claimed) or "",
                players=players,
            )
        except RulesError as error:
            form.add_rules_error(error)
        except HandTaken as taken:
            return _hand_taken(request, game, form, dealer_form, taken)
        except GameOver:
            messages.error(request, _("This game is over; no more hands can be added."))
            return to_game(request, game)
        except KeyReused:
            messages.error(request, _("This form was already sent; nothing more was changed."))
            return to_game(request, game)
        else:
            if not write.replayed:
                access.set_undo(request, game, kind="recorded", number=write.number, entry=None)
                messages.success(request, _("Hand %(n)s saved.") % {"n": write.number})
            else:  # Back after Save, then Save again: the first save stands
                messages.info(
                    request,
                    _("This form was already saved as hand %(n)s; nothing more was recorded.")
                    % {"n": write.number},
                )
            # hand_add locked and re-read the game, then saved it: this object is current.
            return to_game(request, game, current=not write.replayed)
    return _hand_page(request, game, form, dealer_form=dealer_form, fragment=bool(request.htmx))


def _hand_taken(
    request: HttpRequest, game: Game, form: HandForm, dealer_form: DealerForm, taken: HandTaken
) -> HttpResponse:
    """Another phone saved this form's hand first: nothing was recorded. The form comes back
    with both hands as the next hand's form ("save mine as hand n+1", or "discard mine"); 409,
    or 200 to htmx (which swaps no error answer)."""
    game.refresh_from_db()
    try:
        preview = hand_score_preview(game=game, entry=form.entry(), dealer=dealer_form.chosen())
    except RulesError:  # the other phone's hand ended the game: the box shows all the same
        preview = None
    return _hand_page(
        request,
        game,
        form,
        dealer_form=dealer_form,
        preview=preview,
        fragment=bool(request.htmx),
        status=200 if request.htmx else 409,
        entering=taken.number + 1,
        taken=taken.saved,
    )


@require_POST
@editors_only
def hand_update(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """Save a correction, once per form (its one-time key), and only to the hand the form showed
    (its etag): a double tap or a form opened before another phone changed the hand never
    changes the wrong hand, and the page says what happened."""
    etag = posted_etag(request)
    if etag is None:
        _number_or_404(game, number)
    elif not 1 <= number <= game.hand_count:
        return _hand_changed(request, game, number)
    form = _hand_form(game, request.POST)
    dealer_form = _dealer_form(game, request.POST, number)
    if dealer_form.is_valid() & form.is_valid():
        entry = form.entry()
        dealer = dealer_form.chosen()
        try:
            write = hand_correction(
                game=game,
                number=number,
                entry=entry,
                dealer=dealer,
                if_match=etag,
                key=request_id(request),
                reason=request.POST.get("reason"),
            )
        except RulesError as error:
            form.add_rules_error(error)
        except Hand.DoesNotExist:
            raise Http404("no such hand") from None
        except HandChanged:
            return _hand_changed(request, game, number)
        except KeyReused:
            messages.error(request, _("This form was already sent; nothing more was changed."))
            return redirect("game", game_id=game.public_id)
        else:
            if write.replayed:
                messages.info(
                    request,
                    _("Hand %(n)s was already corrected (the form was sent twice); nothing "
                      "else changed.") % {"n": number},
                )
            else:
                access.set_undo(
                    request,
                    game,
                    kind="corrected",
                    number=number,
                    entry=write.replaced,
                )
                messages.success(request, _("Hand %(n)s corrected.") % {"n": number})
                tell_changes(request, write.consequences, number)
            return to_game(request, game)
    return _hand_page(
        request, game, form, number=number, dealer_form=dealer_form, fragment=bool(request.htmx)
    )


def _hand_changed(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    messages.error(
        request,
        _(
            "Nothing was saved: hand %(n)s was corrected, deleted or moved on another phone "
            "after you opened this form. Check the game as it is now, then correct it again "
            "if it is still wrong."
        )
        % {"n": number},
    )
    return redirect("game", game_id=game.public_id)


@require_http_methods(["GET", "POST"])
@editors_only
def hand_remove(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """GET asks first (and says which later hands the deletion would change). POST deletes,
    once per tap (the form's one-time key), and only the hand the page showed (its etag): a
    double tap or a stale page never deletes a second or another hand."""
    if request.method == "GET":
        _number_or_404(game, number)
        try:
            preview = hand_delete_preview(game=game, number=number)
        except Hand.DoesNotExist:
            raise Http404("no such hand") from None
        hand = game_state(game=game)["hands"][number - 1]
        context = {
            "game": game,
            "variant": get_variant(game.variant),
            "number": number,
            "hand": hand,
            "changes": describe(preview),
            "numbers": describe_numbers(preview, number),
            "once": uuid.uuid4().hex,  # the delete button's one-time key
            "closed": is_closed(game),  # approved: the deletion must say why
        }
        return render(request, "hand_delete.html", context)
    etag = posted_etag(request)
    if etag is None:
        _number_or_404(game, number)
    try:
        write = hand_deletion(
            game=game,
            number=number,
            if_match=etag,
            key=request_id(request),
            reason=request.POST.get("reason"),
        )
    except Hand.DoesNotExist:
        raise Http404("no such hand") from None
    except HandChanged:
        messages.error(
            request,
            _(
                "Nothing was deleted: hand %(n)s was corrected, deleted or moved on another "
                "phone after this page was loaded. Here is the game as it is now."
            )
            % {"n": number},
        )
        return after_change(request, game)
    except KeyReused:
        messages.error(request, _("This button was already used; nothing more was changed."))
        return after_change(request, game)
    except RulesError as error:  # a tampered one-time key: refused, nothing changes
        messages.error(request, render_message(error.message))
        return after_change(request, game)
    if write.replayed:
        messages.info(
            request,
            _("Hand %(n)s was already deleted (the button was pressed twice); no other hand "
              "was touched.") % {"n": number},
        )
    else:
        access.set_undo(request, game, kind="deleted", number=number, hand_id=write.hand.pk)
        messages.success(request, _("Hand %(n)s deleted.") % {"n": number})
        tell_changes(request, write.consequences, number)
    return after_change(request, game)
