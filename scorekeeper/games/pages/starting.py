"""The start-a-game page as one piece both apps draw: ``/games/new/`` and a league's "new game"
(which passes its own ``create``, players and variants). It parses the form, starts the game
once per form (its one-time key) through the caller's service, and renders ``start.html``."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scorekeeper.rules import RulesError, Variant, all_variants

from ..rights import access
from ..scoresheet.forms import StartGameForm, seats_wanted, variant_or_default
from ..scoresheet.idempotency import KeyReused, request_fingerprint, write_once
from ..scoresheet.posted import int_or_none, request_id
from ..scoresheet.selectors import game_get
from ..scoresheet.tokens import new_token_seed


def start_page(
    request: HttpRequest,
    *,
    start_url: str,
    create,
    token_again,
    names: Sequence[str] = (),
    variants: Sequence[Variant] | None = None,
    context: dict[str, Any] | None = None,
    template: str = "start.html",
) -> HttpResponse:
    """The start form, posting to ``start_url``; ``create(variant=, options=, players=,
    dealer=, data=, token_seed=)`` makes the game and returns it with its edit token (or raises
    RulesError); ``token_again(game, token_seed)`` gives that token again.

    The form carries a one-time key (``request_id``, kept through redraws): a double tap on
    "Start the game", or the same form sent again, starts one game, and the second request
    lands on that game's page with the same rights (see :func:`~..scoresheet.idempotency.write_once`).

    A POST with ``action`` other than ``create`` only redraws the form (another seat, a recent
    name filled in, a different variant); with htmx it answers with the form fragment.
    ``names`` are offered before this browser's recent names and ``variants`` replaces the
    catalogue's order (the leagues app passes a league's players and variants).
    """
    data = request.POST.copy() if request.method == "POST" else None
    slug = (data or request.GET).get("variant")
    listed = list(variants) if variants is not None else all_variants()
    variant = variant_or_default(slug or (listed[0].slug if variants is not None else None))
    recent = list(names) + [n for n in access.recent_names(request) if n not in names]
    action = data.get("action", "create") if data is not None else None
    if data is not None:
        data["variant"] = variant.slug
    asked = int_or_none(data.get("seats")) if data is not None else None
    filled = _filled_seats(data) if data is not None else 0

    if data is not None and action == "add-seat":
        asked = (asked or 0) + 1
    if data is not None and action.startswith("name:"):
        asked = _place_name(data, action[len("name:") :], asked, variant)

    seats = seats_wanted(variant, filled, asked)
    form = StartGameForm(data, variant=variant, seats=seats)
    show_errors = data is not None and action == "create"

    once = request_id(request) if data is not None else None
    if show_errors and form.is_valid():
        table = {
            "variant": variant.slug,
            "options": form.options(),
            "players": form.players(),
            "dealer": form.dealer_name(),
        }
        seed = new_token_seed()

        def write() -> tuple[int, dict]:
            game, _token = create(**table, data=data, token_seed=seed)
            # Kept for a repeat as it is: the seed, never the token.
            return 201, {"page": "started", "id": game.public_id, "seed": seed}

        try:
            outcome = write_once(
                game=None,
                key=f"page:{once[:90]}" if once else None,  # apart from the API's keys
                request=request_fingerprint("page", "start", start_url, table, data.get("ranked")),
                write=write,
            )
        except RulesError as error:  # the form checks what the engine does; never a 500
            form.add_error(None, str(error))
        except KeyReused:  # the same form, changed, sent again: a new key starts a new game
            once = None
            form.add_error(
                None,
                _(
                    "This form already started a game, with other players or rules. Press "
                    "“Start the game” again to start another game."
                ),
            )
        else:
            game = game_get(public_id=outcome.body["id"])
            access.remember_game(request, game, token=token_again(game, outcome.body["seed"]))
            access.remember_names(request, form.players())
            if outcome.replayed:
                messages.info(
                    request,
                    _("This game was already started (the button was pressed twice); here it is."),
                )
            else:
                messages.info(
                    request,
                    _(
                        "Only this browser can keep score for now. Under Share, copy the edit "
                        "link and keep it: it lets another phone keep score, and brings this one "
                        "back if its browser data is cleared."
                    ),
                )
            return redirect("game", game_id=game.public_id)

    context = {
        **(context or {}),
        "form": form,
        "variant": variant,
        "variants": listed,
        "recent": [name for name in recent if name not in form_names(form)],
        "show_errors": show_errors,
        "can_add_seat": seats < variant.players[1],
        "start_url": start_url,
        # The form's one-time key, kept through redraws: a double tap starts one game.
        "request_id": once or uuid.uuid4().hex,
    }
    return render(request, "start.html#form" if request.htmx else template, context)


def form_names(form: StartGameForm) -> set[str]:
    return {(form.data.get(f"player-{i}") or "").strip() for i in range(form.seat_count)}


def _filled_seats(data) -> int:
    """Seats up to the last one with a name (so no typed name is ever dropped)."""
    last = -1
    for key, value in data.items():
        if key.startswith("player-") and value.strip():
            index = int_or_none(key[len("player-") :])
            if index is not None:
                last = max(last, index)
    return last + 1


def _place_name(data, name: str, asked: int | None, variant) -> int | None:
    """Put a recent name into the first empty seat (adding a seat when all are full)."""
    seats = seats_wanted(variant, _filled_seats(data), asked)
    names = [(data.get(f"player-{i}") or "").strip() for i in range(seats)]
    if name in names:
        return asked
    for i, current in enumerate(names):
        if not current:
            data[f"player-{i}"] = name
            return asked
    data[f"player-{seats}"] = name
    return seats + 1
