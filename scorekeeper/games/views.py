"""The table companion's pages. Each view parses a form, calls a service, and renders.

Full pages work with plain form posts and redirects; with htmx the same views answer with a
fragment of the same template (``game.html#scoreboard``, ``hand_form.html#form``...).
Only a browser holding the game's edit token (its creator's session, or one that opened the
edit link) may change a game; everyone with the game's link may watch it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import uuid
from collections import Counter
from collections.abc import Sequence
from typing import Any

import segno
from django.conf import settings
from django.contrib import messages
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
    HttpResponseRedirect,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.i18n import render_message
from scorekeeper.leagues.selectors import game_league, games_with_league
from scorekeeper.public_url import absolute_url
from scorekeeper.rules import RulesError, Variant, all_variants, get_variant, score_hand
from scorekeeper.rules.families import family_of
from scorekeeper.rules.game import starting_total

from . import access, display, presentation
from .forms import HandForm, StartGameForm, seats_wanted, variant_or_default
from .models import Game, Hand
from .rematch import GameNotOver, game_rematch
from .rescore import (
    Consequences,
    describe,
    hand_correct_reporting,
    hand_delete_preview,
    hand_delete_reporting,
    hand_restore_reporting,
)
from .selectors import deleted_hands, game_get, game_state, games_listed, hand_histories
from .services import (
    GameOver,
    HandChanged,
    KeyReused,
    edit_secret,
    fingerprint,
    game_create,
    game_token,
    hand_delete,
    hand_record,
    new_token_seed,
    token_valid,
    write_once,
)

# The option that says how long a game lasts, by the kind of game end.


def home(request: HttpRequest) -> HttpResponse:
    """Front page: this phone's game in progress on top, then every variant, compact.

    Variants this phone played most come first; the rest keep the engine's display order.
    """
    mine = games_listed(public_ids=access.my_game_ids(request))
    unfinished = [game for game in mine if not game.over]
    current = max(unfinished, key=lambda game: game.updated, default=None)
    played = Counter(game.variant for game in mine)
    variants = sorted(all_variants(), key=lambda variant: -played[variant.slug])
    context = {
        "variants": variants,
        "played": played,
        "current": current,
        "current_variant": get_variant(current.variant) if current else None,
        "current_players": [seat.name for seat in current.seats.all()] if current else [],
    }
    return render(request, "home.html", context)


# ------------------------------------------------------------------------------------------
# Start a game
# ------------------------------------------------------------------------------------------


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
    lands on that game's page with the same rights (see :func:`~.services.write_once`).

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
    asked = _int(data.get("seats")) if data is not None else None
    filled = _filled_seats(data) if data is not None else 0

    if data is not None and action == "add-seat":
        asked = (asked or 0) + 1
    if data is not None and action.startswith("name:"):
        asked = _place_name(data, action[len("name:") :], asked, variant)

    seats = seats_wanted(variant, filled, asked)
    form = StartGameForm(data, variant=variant, seats=seats)
    show_errors = data is not None and action == "create"

    once = _request_id(request) if data is not None else None
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
                request=fingerprint("page", "start", start_url, table, data.get("ranked")),
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


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _filled_seats(data) -> int:
    """Seats up to the last one with a name (so no typed name is ever dropped)."""
    last = -1
    for key, value in data.items():
        if key.startswith("player-") and value.strip():
            index = _int(key[len("player-") :])
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


# ------------------------------------------------------------------------------------------
# The game page, its live fragment, and the people at the table
# ------------------------------------------------------------------------------------------


def _game(game_id: str, games=None) -> Game:
    try:
        return game_get(public_id=game_id, games=games)
    except Game.DoesNotExist:
        raise Http404("no such game") from None


def _editors_only(view):
    """Load the URL's game; without its edit token the answer is 403 and the view never runs."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, game_id: str, *args, **kwargs) -> HttpResponse:
        game = _game(game_id)
        if not access.can_edit(request, game):
            return _forbidden(request, game)
        return view(request, game, *args, **kwargs)

    return wrapper


def _etag(game: Game, editable: bool) -> str:
    return f'"{game.public_id}-{game.updated.timestamp()}-{game.hand_count}-{int(editable)}-{get_language()}"'


def _game_context(request: HttpRequest, game: Game, editable: bool) -> dict[str, Any]:
    state = game_state(game=game)
    variant = get_variant(game.variant)
    players = state["players"]
    table = variant.table(game.options, players=len(players))
    start = starting_total(table)
    leaders = presentation.leaders(variant, state)
    histories = hand_histories(game=game)
    hands = []
    for hand in reversed(state["hands"]):
        revisions = histories[hand["n"]]
        for revision in revisions:
            revision.changes = describe(Consequences.from_data(revision.consequences))
        hands.append(
            {
                **hand,
                "deltas_list": [(p, hand["deltas"].get(p, 0)) for p in players],
                "revisions": revisions[:-1],
                "edited": len(revisions) > 1,
                "changes": revisions[-1].changes if revisions else [],
            }
        )
    deleted = deleted_hands(game=game)
    for gone in deleted:
        versions = list(gone.revisions.all())
        gone.changes = describe(Consequences.from_data(versions[-1].consequences)) if versions else []
    rows = [
        {
            "name": name,
            "seat": i + 1,
            "total": state["totals"].get(name, start),
            "leader": name in leaders,
            "colour": presentation.colour(i),
            "css": display.seat_class(i),
            "initials": display.initials(name),
            "deals": name == state["dealer"] and not state["over"],
        }
        for i, name in enumerate(players)
    ]
    seats = {name: i for i, name in enumerate(players)}
    running = [
        {
            "n": hand["n"],
            "cells": [(hand["totals"].get(p), hand["deltas"].get(p, 0)) for p in players],
        }
        for hand in state["hands"]
    ]
    family = family_of(variant)
    zero_sum = family.zero_sum
    undo = access.get_undo(request, game) if editable else None
    hands_open, hands_older = display.fold_hands(hands)
    chart = presentation.chart(
        players,
        state["running"],
        start,
        target=table.options.get("target") if variant.end.kind == "target" else None,
    )
    standings = display.standings(variant, state) if state["over"] else []
    settlement = presentation.settlement(players, state["hands"]) if zero_sum else []
    return {
        "game": game,
        "state": state,
        "variant": variant,
        "table": table,
        "deck": table.deck,
        "players": players,
        "rows": rows,
        "running": running,
        "hands": hands,
        "leaders": leaders,
        "chart": chart,
        "zero_sum": zero_sum,
        "ledger": presentation.ledger(players, state["hands"]) if zero_sum else [],
        "settlement": [
            {
                "payer": p.payer,
                "payee": p.payee,
                "amount": p.amount,
                "payer_css": display.seat_class(seats[p.payer]),
                "payee_css": display.seat_class(seats[p.payee]),
                "payer_initials": display.initials(p.payer),
                "payee_initials": display.initials(p.payee),
            }
            for p in settlement
        ],
        "hands_open": hands_open,
        "hands_older": hands_older,
        "standings": standings,
        "result_text": display.result_text(
            variant, state, standings, request.build_absolute_uri(reverse("game", args=[game.public_id]))
        )
        if standings
        else "",
        "rematch": _rematch_of(game),
        "chart_series": [
            (series, display.seat_class(i)) for i, series in enumerate(chart.series)
        ]
        if chart
        else [],
        "editable": editable,
        "undo": undo,
        "deleted": deleted,
        "poll_seconds": _poll_seconds(state["over"]),
        "next_hand": len(state["hands"]) + 1,
        "goal": table.options.get(family.goal_option(variant)),
        "ledger_heading": _(family.ledger_heading),
        "etag": _etag(game, editable),
    }


def _rematch_of(game: Game) -> Game | None:
    """The rematch of a finished game, if one was started (one query, only once it is over)."""
    if not game.over:
        return None
    return Game.objects.filter(rematch_of=game).first()


def _poll_seconds(over: bool) -> int:
    seconds = getattr(settings, "TABLE_POLL_SECONDS", 4)
    return seconds * 3 if over else seconds  # a finished game changes only by corrections


@require_GET
def game(request: HttpRequest, game_id: str) -> HttpResponse:
    """The game page; with htmx, its live scoreboard fragment (ETag, 304 when unchanged)."""
    if request.htmx:
        game = _game(game_id)
    else:  # the page links to the game's league, read in the same query as the game
        game = _game(game_id, games_with_league(Game.objects.all()))
    editable = access.can_edit(request, game)
    if request.htmx:
        etag = _etag(game, editable)
        if etag in request.headers.get("If-None-Match", ""):
            response = HttpResponseNotModified()
        else:
            response = render(
                request, "game.html#scoreboard", _game_context(request, game, editable)
            )
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"
        patch_vary_headers(response, ["HX-Request", "Cookie"])
        return response
    if not editable and game.rematch_of_id:
        # A rematch keeps its game's edit token: a phone that kept score there keeps it here.
        previous = Game.objects.filter(pk=game.rematch_of_id).first()
        editable = previous is not None and access.grant_rematch(request, game, previous)
    if request.session.session_key:
        # Remembered for "My games" only in a session this browser already has: a plain
        # viewer gets no session (and no session row) just for watching.
        access.remember_game(request, game)
    context = {**_game_context(request, game, editable), "league": game_league(game=game)}
    response = render(request, "game.html", context)
    response["Cache-Control"] = "no-store"
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_http_methods(["GET", "POST"])
def game_join(request: HttpRequest, game_id: str) -> HttpResponse:
    """The edit link, ``/games/<id>/join/#<secret>``: the secret rides in the URL fragment, which
    browsers never send, so it stays out of every access log and proxy.

    GET draws a small page whose script (static/js/join.js) posts the fragment back at once;
    without JavaScript the page asks for the link or code to be pasted. POST checks it, gives
    this browser the right to keep score, and redirects to the game's clean URL.
    """
    game = _game(game_id)
    if request.method == "GET":
        if access.can_edit(request, game):
            return redirect("game", game_id=game.public_id)
        return render(request, "join.html", {"game": game, "variant": get_variant(game.variant)})
    token = _secret_from(request.POST.get("token") or "")
    if not token_valid(game=game, token=token):
        context = {"game": game, "variant": get_variant(game.variant), "refused": True}
        return render(request, "join.html", context, status=403)
    return _joined(request, game, token)


@require_POST
@_editors_only
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
    game = _game(game_id)
    if not token_valid(game=game, token=token):
        return _forbidden(request, game, _("This edit link is not valid for this game."))
    return _joined(request, game, token)


def _joined(request: HttpRequest, game: Game, token: str) -> HttpResponse:
    access.remember_game(request, game, token=token)
    messages.success(request, _("You can now enter and correct hands on this phone."))
    response = redirect("game", game_id=game.public_id)
    response["Referrer-Policy"] = "no-referrer"
    return response


def _secret_from(text: str) -> str:
    """The secret out of whatever was pasted: the code itself, or the whole edit link."""
    text = text.strip()
    if "#" in text:
        text = text.rsplit("#", 1)[1]
    elif "/join/" in text:
        text = text.split("/join/", 1)[1].strip("/")
    return text.strip()[:200]


@require_GET
def game_share(request: HttpRequest, game_id: str) -> HttpResponse:
    """Links (and QR codes) for the other phones: one to watch, one to keep score."""
    game = _game(game_id)
    view_url = absolute_url(request, reverse("game", args=[game.public_id]))
    edit_url = None
    if access.can_edit(request, game):
        join = absolute_url(request, reverse("game_join", args=[game.public_id]))
        edit_url = f"{join}#{edit_secret(game=game)}"
    context = {
        "game": game,
        "variant": get_variant(game.variant),
        "view_url": view_url,
        "view_qr": qr_svg(view_url),
        "edit_url": edit_url,
        "edit_qr": qr_svg(edit_url) if edit_url else None,
    }
    response = render(request, "share.html", context)
    response["Cache-Control"] = "no-store"  # it holds the edit link
    response["Referrer-Policy"] = "no-referrer"
    return response


def qr_svg(url: str) -> str:
    """A QR code of ``url`` as inline SVG (the share pages of games and leagues)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=4, border=2, dark="#000000", light="#ffffff", omitsize=True
    )
    return mark_safe(svg)  # noqa: S308 - segno's own SVG markup of a URL we built


@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    """The games this browser created or opened, unfinished first, most recent first."""
    games = [
        {
            "game": game,
            "variant": get_variant(game.variant),
            "players": [seat.name for seat in game.seats.all()],
            "editable": access.can_edit(request, game),
        }
        for game in games_listed(public_ids=access.my_game_ids(request))
    ]
    games.sort(key=lambda item: item["game"].over)  # stable: keeps recent-first within each
    return render(request, "my_games.html", {"games": games})


# ------------------------------------------------------------------------------------------
# Entering, previewing, correcting and deleting hands
# ------------------------------------------------------------------------------------------


def _forbidden(request: HttpRequest, game: Game, reason: str | None = None) -> HttpResponse:
    context = {"game": game, "reason": reason}
    return render(request, "forbidden.html", context, status=403)


def _hand_form(game: Game, data=None, initial=None) -> HandForm:
    players = list(game.seats.order_by("position").values_list("name", flat=True))
    return HandForm(
        data,
        initial=initial,
        variant=get_variant(game.variant),
        options=game.options,
        players=players,
    )


def _hand_page(
    request: HttpRequest,
    game: Game,
    form: HandForm,
    *,
    number: int | None = None,
    preview: dict[str, Any] | None = None,
    fragment: bool = False,
    status: int = 200,
) -> HttpResponse:
    state = game_state(game=game)
    hand_etag = None
    if number is None:
        dealer = state["dealer"]
        title_number = len(state["hands"]) + 1
        draft_base = "new"
    else:
        dealer = state["hands"][number - 1]["dealer"]
        title_number = number
        # The version of the hand this form corrects, kept through previews: saving it after
        # another phone changed that hand changes nothing (see hand_update).
        hand_etag = _posted_etag(request) or state["hands"][number - 1]["etag"]
        draft_base = _fingerprint(state["hands"][number - 1]["result"])
    context = {
        "game": game,
        "variant": form.variant,
        "form": form,
        "deck": form.deck(),
        "number": number,
        "title_number": title_number,
        "dealer": dealer,
        "preview": preview,
        "over": state["over"] and number is None,
        # A draft kept on the phone is for this version of the hand only.
        "draft_base": draft_base,
        # The form's one-time key, kept through previews: a double tap saves it once.
        "request_id": _request_id(request) or uuid.uuid4().hex,
        "hand_etag": hand_etag,
    }
    template = "hand_form.html#form" if fragment else "hand_form.html"
    return render(request, template, context, status=status)


def _fingerprint(entry: Any) -> str:
    """A short hash of a stored entry: a draft of a correction is stale once it changes."""
    text = json.dumps(entry, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _number_or_404(game: Game, number: int | None) -> int | None:
    if number is not None and not 1 <= number <= game.hand_count:
        raise Http404("no such hand")
    return number


@require_GET
@_editors_only
def hand_new(request: HttpRequest, game: Game) -> HttpResponse:
    return _hand_page(request, game, _hand_form(game))


@require_GET
@_editors_only
def hand_edit(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    _number_or_404(game, number)
    state = game_state(game=game)
    form = _hand_form(game)
    form.initial = form.initial_from_entry(state["hands"][number - 1]["result"])
    return _hand_page(request, game, form, number=number)


@require_POST
@_editors_only
def hand_preview(request: HttpRequest, game: Game) -> HttpResponse:
    """Score what was entered without saving it: the scores and the explanation, or errors."""
    number = _number_or_404(game, _int(request.POST.get("number")))
    form = _hand_form(game, request.POST)
    preview = None
    if form.is_valid():
        state = game_state(game=game)
        dealer = state["dealer"] if number is None else state["hands"][number - 1]["dealer"]
        try:
            scored = score_hand(
                variant=game.variant,
                options=game.options,
                players=state["players"],
                dealer=dealer,
                result=form.entry(),
            )
        except RulesError as error:
            form.add_rules_error(error)
        else:
            preview = scored.as_dict()
            preview["deltas_list"] = list(preview["deltas"].items())
    return _hand_page(
        request, game, form, number=number, preview=preview, fragment=bool(request.htmx)
    )


@require_POST
@_editors_only
def hand_create(request: HttpRequest, game: Game) -> HttpResponse:
    form = _hand_form(game, request.POST)
    if form.is_valid():
        entry = form.entry()
        try:
            hand = hand_record(game=game, entry=entry, request_id=_request_id(request))
        except RulesError as error:
            form.add_rules_error(error)
        except GameOver:
            messages.error(request, _("This game is over; no more hands can be added."))
            return _to_game(request, game)
        else:
            if not hand.repeated:
                access.set_undo(request, game, kind="recorded", number=hand.number, entry=None)
                messages.success(request, _("Hand %(n)s saved.") % {"n": hand.number})
            return _to_game(request, game)
    return _hand_page(request, game, form, fragment=bool(request.htmx))


def _to_game(request: HttpRequest, game: Game) -> HttpResponse:
    """After a save: the game page (with htmx, told to the page, which goes there itself)."""
    url = reverse("game", args=[game.public_id])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return HttpResponseRedirect(url)


def _request_id(request: HttpRequest) -> str | None:
    """The form's one-time key, so a double tap on Save records the hand once."""
    value = (request.POST.get("request_id") or "").strip()
    return value[:100] or None


def _posted_etag(request: HttpRequest) -> str | None:
    """The etag of the hand the page showed when the form was drawn (a hidden field)."""
    value = (request.POST.get("etag") or "").strip()
    return value[:100] or None


@require_POST
@_editors_only
def hand_update(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """Save a correction, once per form (its one-time key), and only to the hand the form showed
    (its etag): a double tap or a form opened before another phone changed the hand never
    changes the wrong hand, and the page says what happened."""
    etag = _posted_etag(request)
    if etag is None:
        _number_or_404(game, number)
    elif not 1 <= number <= game.hand_count:
        return _hand_changed(request, game, number)
    form = _hand_form(game, request.POST)
    if form.is_valid():
        entry = form.entry()
        previous: dict[str, Any] = {}
        report: dict[str, Consequences] = {}

        def write() -> tuple[int, dict]:
            hand = game.hands.filter(deleted_at__isnull=True, number=number).first()
            previous["entry"] = hand.entry if hand is not None else None
            _hand, report["changed"] = hand_correct_reporting(
                game=game, number=number, entry=entry, if_match=etag
            )
            return 200, {"page": "corrected", "number": number}

        try:
            outcome = write_once(
                game=game,
                key=_request_id(request),
                request=fingerprint("page", "correct", number, etag, entry),
                write=write,
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
            if outcome.replayed:
                messages.info(
                    request,
                    _("Hand %(n)s was already corrected (the form was sent twice); nothing "
                      "else changed.") % {"n": number},
                )
            else:
                access.set_undo(
                    request, game, kind="corrected", number=number, entry=previous["entry"]
                )
                messages.success(request, _("Hand %(n)s corrected.") % {"n": number})
                _tell_changes(request, report["changed"])
            return _to_game(request, game)
    return _hand_page(request, game, form, number=number, fragment=bool(request.htmx))


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


def _tell_changes(request: HttpRequest, changed: Consequences) -> None:
    """Say which other hands a change re-scored, one message per change."""
    for line in describe(changed):
        messages.warning(request, line)


@require_http_methods(["GET", "POST"])
@_editors_only
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
            "once": uuid.uuid4().hex,  # the delete button's one-time key
        }
        return render(request, "hand_delete.html", context)
    etag = _posted_etag(request)
    if etag is None:
        _number_or_404(game, number)
    deleted: dict[str, Any] = {}

    def write() -> tuple[int, dict]:
        deleted["hand"], deleted["changed"] = hand_delete_reporting(
            game=game, number=number, if_match=etag
        )
        return 200, {"page": "deleted", "number": number}

    try:
        outcome = write_once(
            game=game,
            key=_request_id(request),
            request=fingerprint("page", "delete", number, etag),
            write=write,
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
        return _after_change(request, game)
    except KeyReused:
        messages.error(request, _("This button was already used; nothing more was changed."))
        return _after_change(request, game)
    except RulesError as error:  # a tampered one-time key: refused, nothing changes
        messages.error(request, render_message(error.message))
        return _after_change(request, game)
    if outcome.replayed:
        messages.info(
            request,
            _("Hand %(n)s was already deleted (the button was pressed twice); no other hand "
              "was touched.") % {"n": number},
        )
    else:
        access.set_undo(request, game, kind="deleted", number=number, hand_id=deleted["hand"].pk)
        messages.success(request, _("Hand %(n)s deleted.") % {"n": number})
        _tell_changes(request, deleted["changed"])
    return _after_change(request, game)


@require_POST
@_editors_only
def game_undo(request: HttpRequest, game: Game) -> HttpResponse:
    """Take back this browser's last change, if nobody has changed the game since."""
    undo = access.get_undo(request, game)
    if undo is None:
        messages.error(request, _("There is nothing to undo."))
        return _after_change(request, game)
    access.clear_undo(request, game)
    number = undo["number"]
    try:
        if undo["kind"] == "recorded":
            hand_delete(game=game, number=number)
            messages.success(request, _("Undone: hand %(n)s is gone again.") % {"n": number})
        elif undo["kind"] == "corrected":
            _hand, changed = hand_correct_reporting(game=game, number=number, entry=undo["entry"])
            messages.success(request, _("Undone: hand %(n)s is back as it was.") % {"n": number})
            _tell_changes(request, changed)
        else:
            _hand, changed = hand_restore_reporting(game=game, hand_id=undo["hand_id"])
            messages.success(request, _("Undone: hand %(n)s is back.") % {"n": number})
            _tell_changes(request, changed)
    except (RulesError, GameOver, Hand.DoesNotExist):
        messages.error(request, _("That change can no longer be undone."))
    return _after_change(request, game)


def _after_change(request: HttpRequest, game: Game) -> HttpResponse:
    """Back to the game page; with htmx, the fresh scoreboard in place."""
    if request.htmx:
        game.refresh_from_db()
        return render(request, "game.html#scoreboard", _game_context(request, game, True))
    return HttpResponseRedirect(reverse("game", args=[game.public_id]))
