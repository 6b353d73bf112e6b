"""The club night's pages: the organiser's night page (made for a phone), its table cards
for the printer, and the room screen. Each view parses a form, calls a service of
:mod:`.nights` (the API's services) or a selector of :mod:`.night_selectors`, and renders.

Anyone with the league's link reads a night and its screen; the organiser's browser (its
grant) draws, swaps, approves, clears calls and prints the cards (which carry each table's
keeper link). The grid and the screen follow the night live through its event stream
(static/js/live.js, as a game's scoreboard does) and poll without it; every page works
without JavaScript.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.games.models import Game
from scorekeeper.games.pages.presentation import qr_svg
from scorekeeper.games.rights import access as game_access
from scorekeeper.games.rights.gates import guard
from scorekeeper.games.scoresheet.forms import variant_or_default
from scorekeeper.games.scoresheet.idempotency import KeyReused, request_fingerprint, write_once
from scorekeeper.games.table.seat_access import seat_of
from scorekeeper.i18n import render_message
from scorekeeper.public_url import absolute_url
from scorekeeper.rules import RulesError, all_variants, get_variant

from . import access
from .models import League, Night, NightRound
from .night_events import key as stream_key
from .night_events import read_nights
from .night_forms import NightForm, SwapForm
from .night_selectors import night_document, night_get, night_rounds, standings_hidden
from .nights import (
    night_create,
    night_update,
    round_approve,
    round_draw,
    round_swap,
    table_call,
    table_call_clear,
    table_of,
)
from .selectors import league_get, league_players, league_variants

POLL_SECONDS = 5  # the grid and the screen poll this often when the stream is not held


def _league(league_id: str) -> League:
    try:
        return league_get(public_id=league_id)
    except League.DoesNotExist:
        raise Http404("no such league") from None


def _refuse(request: HttpRequest, league: League) -> HttpResponse:
    return render(request, "leagues/forbidden.html", {"league": league}, status=403)


organisers_only = guard(
    load=_league, key="league_id", right=access.organiser, refuse=_refuse, pass_right=True
)


def _night(league: League, night_id: Any) -> Night:
    try:
        return night_get(league=league, night_id=night_id)
    except Night.DoesNotExist:
        raise Http404("no such night") from None


def _night_url(night: Night) -> str:
    return reverse("league_night", args=[night.league.public_id, night.pk])


def _variants(league: League) -> list:
    first = [get_variant(v) for v in league_variants(league=league)]
    return first + [v for v in all_variants() if v.slug not in {f.slug for f in first}]


def _form_errors(form: NightForm, error: RulesError) -> None:
    field = getattr(error, "field", None) or ""
    name = {"players": "present"}.get(field.partition("[")[0], field.partition("[")[0])
    if name.startswith("options"):
        name = ""
    form.add_error(name if name in form.fields else None, render_message(error.message))


def _settings_page(
    request: HttpRequest, league: League, token, night: Night | None
) -> HttpResponse:
    """The night's settings form: a new night, or a night's players and settings changed."""
    players = [(p.pk, p.name) for p in league_players(league=league)]
    data = request.POST if request.method == "POST" else None
    variants = _variants(league)
    slug = (data or request.GET).get("variant") or (night.variant if night else variants[0].slug)
    variant = variant_or_default(slug)
    initial = {}
    if night is not None:
        initial = {
            "played_on": night.played_on,
            "present": night.players,
            "rounds": night.rounds,
            "seating": night.seating,
            "hide_last_rounds": night.hide_last_rounds,
        }
        for option, value in night.options.items():
            initial[f"opt-{option}"] = value
    form = NightForm(data, variant=variant, players=players, initial=initial)
    save = data is not None and data.get("action") == "save"
    once = (data.get("request_id") or "")[:90] if data is not None else ""
    if save and form.is_valid():
        settings = form.settings()
        try:
            if night is None:
                # Once per form (its one-time key): a double tap on "Start the night" starts
                # one night, and the second tap lands on it.
                def write() -> tuple[int, dict]:
                    made = night_create(league=league, token=token, **settings)
                    return 201, {"night": made.pk}

                done = write_once(
                    game=None,
                    key=f"night:{league.public_id}:{once}" if once else None,
                    request=request_fingerprint("night", league.public_id, settings),
                    write=write,
                )
                night = Night.objects.select_related("league").get(pk=done.body["night"])
            else:
                night = night_update(league=league, token=token, night=night, **settings)
        except RulesError as error:
            _form_errors(form, error)
        except KeyReused:
            once = ""
            form.add_error(None, _("This form already started a night with other settings."))
        else:
            return redirect(_night_url(night))
    present = form["present"].value() or []
    context = {
        "league": league,
        "night": night,
        "form": form,
        "present": {int(v) for v in present if str(v).isdigit()},
        "variant": variant,
        "variants": variants,
        "show_errors": save,
        "request_id": once or uuid.uuid4().hex,
        "action": (
            reverse("league_night_edit", args=[league.public_id, night.pk])
            if night
            else reverse("league_night_new", args=[league.public_id])
        ),
    }
    template = "leagues/night_new.html#form" if request.htmx else "leagues/night_new.html"
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
@organisers_only
def night_new(request: HttpRequest, league: League, token) -> HttpResponse:
    return _settings_page(request, league, token, None)


@require_http_methods(["GET", "POST"])
@organisers_only
def night_edit(request: HttpRequest, league: League, token, night_id: int) -> HttpResponse:
    return _settings_page(request, league, token, _night(league, night_id))


def _live_version(night: Night) -> int:
    name = stream_key(league_id=night.league.public_id, night_id=night.pk)
    return read_nights([name])[name]["version"]


def _live(request: HttpRequest, night: Night, what: str) -> tuple[int, str, HttpResponse | None]:
    """The night's live version and the page's ETag; a 304 when the asker shows it already."""
    version = _live_version(night)
    etag = f'"{what}-{night.pk}-{version}-{request.LANGUAGE_CODE}"'
    if request.headers.get("If-None-Match") == etag:
        return version, etag, HttpResponseNotModified()
    return version, etag, None


@require_GET
def night_page(request: HttpRequest, league_id: str, night_id: int) -> HttpResponse:
    """The night: its rounds, a grid of every table (state, hands, last change, calls) and the
    night's standings; the organiser's controls for the organiser's browser."""
    league = _league(league_id)
    night = _night(league, night_id)
    grant = access.organiser(request, league)
    version, etag, unchanged = _live(request, night, "grid" if grant else "night")
    if unchanged is not None:
        return unchanged
    rounds = night_rounds(night)
    document = night_document(
        night, organiser=grant is not None, url=lambda p: absolute_url(request, p), rounds=rounds
    )
    current = document["rounds"][-1] if document["rounds"] else None
    swap = None
    if grant and current and not current["approved"] and not any(
        t["hands"] for t in current["tables"]
    ):
        seated = [(p["id"], p["name"]) for t in current["tables"] for p in t["players"]]
        swap = SwapForm(players=sorted(seated, key=lambda item: item[1].casefold()))
    context = {
        "league": league,
        "night": night,
        "doc": document,
        "current": current,
        "organiser": grant is not None,
        "swap": swap,
        "can_draw": len(rounds) < night.rounds and (not current or current["approved"]),
    }
    return _live_page(request, night, "leagues/night.html", "grid", version, etag, context)


def _live_page(request, night: Night, template: str, part: str, version, etag, context):
    """A page that follows the night (the grid, the screen): with htmx its live ``part``
    alone; the stream's address and the version and ETag it shows go with it."""
    context.update(
        variant=get_variant(night.variant),
        version=version,
        etag=etag,
        poll_seconds=POLL_SECONDS,
        events=f"/api/v1/leagues/{night.league.public_id}/nights/{night.pk}/events",
    )
    response = render(request, f"{template}#{part}" if request.htmx else template, context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def _done(request: HttpRequest, night: Night, error: RulesError | None, ok: str) -> HttpResponse:
    if error is not None:
        messages.error(request, render_message(error.message))
    else:
        messages.success(request, ok)
    return redirect(_night_url(night))


@require_POST
@organisers_only
def night_draw(request: HttpRequest, league: League, token, night_id: int) -> HttpResponse:
    night = _night(league, night_id)
    seed = (request.POST.get("seed") or "").strip()
    try:
        made = round_draw(
            league=league,
            token=token,
            night=night,
            seed=int(seed) if seed.isdigit() else None,
        )
    except RulesError as error:
        return _done(request, night, error, "")
    return _done(request, night, None, _("Round %(n)s is drawn.") % {"n": made.number})


@require_POST
@organisers_only
def night_swap(request, league: League, token, night_id: int, number: int) -> HttpResponse:
    night = _night(league, night_id)
    try:
        a, b = int(request.POST.get("a", "")), int(request.POST.get("b", ""))
    except ValueError:
        raise Http404("no such players") from None
    try:
        round_swap(league=league, token=token, night=night, number=number, a=a, b=b)
    except NightRound.DoesNotExist:
        raise Http404("no such round") from None
    except RulesError as error:
        return _done(request, night, error, "")
    return _done(request, night, None, _("The two players changed seats."))


@require_POST
@organisers_only
def night_approve(request, league: League, token, night_id: int, number: int) -> HttpResponse:
    night = _night(league, night_id)
    try:
        round_approve(
            league=league,
            token=token,
            night=night,
            number=number,
            force=request.POST.get("force") == "on",
        )
    except NightRound.DoesNotExist:
        raise Http404("no such round") from None
    except RulesError as error:
        return _done(request, night, error, "")
    return _done(request, night, None, _("Round %(n)s is approved.") % {"n": number})


@require_POST
@organisers_only
def night_call_clear(request, league: League, token, night_id: int, game_id: str):
    night = _night(league, night_id)
    game = Game.objects.filter(public_id=game_id).first()
    table = table_of(game=game) if game is not None else None
    if table is None or table.round.night_id != night.pk:
        raise Http404("no such table")
    table_call_clear(league=league, token=token, table=table)
    return _done(request, night, None, _("Call answered at table %(n)s.") % {"n": table.number})


@require_GET
@organisers_only
def night_cards(request, league: League, token, night_id: int, number: int) -> HttpResponse:
    """Round ``number``'s table cards, to print: each table's number, seats and a QR code of
    its keeper link (the phone that scans it keeps the table's score). A6 (one card a page)
    or A4."""
    night = _night(league, night_id)
    document = night_document(night, organiser=True, url=lambda p: absolute_url(request, p))
    found = next((r for r in document["rounds"] if r["number"] == number), None)
    if found is None:
        raise Http404("no such round")
    size = "a4" if request.GET.get("size") == "a4" else "a6"
    cards = [{**table, "qr": qr_svg(table["keeper_url"])} for table in found["tables"]]
    context = {"league": league, "night": night, "round": found, "cards": cards, "size": size}
    response = render(request, "leagues/night_cards.html", context)
    response["Referrer-Policy"] = "no-referrer"  # the keeper links are on it
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def night_screen(request: HttpRequest, league_id: str, night_id: int) -> HttpResponse:
    """The room's screen: the round's seating while it is drawn and not started, then the
    night's standings (hidden during the last ``hide_last_rounds`` rounds) and each table's
    state, live."""
    league = _league(league_id)
    night = _night(league, night_id)
    version, etag, unchanged = _live(request, night, "screen")
    if unchanged is not None:
        return unchanged
    rounds = night_rounds(night)
    document = night_document(night, organiser=False, rounds=rounds)
    current = document["rounds"][-1] if document["rounds"] else None
    seating = bool(current and not current["approved"] and not any(t["hands"] for t in current["tables"]))
    context = {
        "league": league,
        "night": night,
        "doc": document,
        "current": current,
        "seating": seating,
        "hidden": standings_hidden(night, rounds),
    }
    return _live_page(request, night, "leagues/night_screen.html", "screen", version, etag, context)


@require_POST
def table_call_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """A table calls the organiser from its game page: the keeper's phone (also after the
    round's approval, when it can no longer write) or a seated player's."""
    game = Game.objects.filter(public_id=game_id).first()
    table = table_of(game=game) if game is not None else None
    if table is None:
        raise Http404("no such table")
    if not (game_access.EDIT.holds(request, game) or seat_of(request, game)):
        return render(
            request, "leagues/forbidden.html", {"league": table.round.night.league}, status=403
        )
    try:
        table_call(table=table, reason=request.POST.get("reason", ""))
    except RulesError as error:
        messages.error(request, render_message(error.message))
    else:
        messages.success(request, _("The organiser is called to your table."))
    return redirect("game", game_id=game.public_id)
