"""Club nights (API.md "Club nights: several tables at once"): a league's evening of several
tables over rounds. Reads are open; every write sends the organiser token, except a table's
call, which its game's keeper or a seated player sends."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import Http404, HttpRequest
from ninja import Router, Schema, Status

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import Night, NightRound
from scorekeeper.leagues.night_selectors import night_document, night_get
from scorekeeper.leagues.nights import (
    night_create,
    night_update,
    round_approve,
    round_draw,
    round_swap,
    table_call,
    table_call_clear,
    table_of,
)
from scorekeeper.leagues.services import token_valid
from scorekeeper.public_url import absolute_url

from .errors import ErrorOut
from .games import _game_or_404
from .inputs import BodyId, PathNumber
from .leagues import bearer, league_or_404, organiser
from .table import _keeper_or_seat

router = Router(tags=["club nights"])

ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}


class NightIn(Schema):
    # Checked by the service, which names the field of any bad value (a 400).
    played_on: Any
    variant: Any
    options: Any = None
    players: Any = []  # ids of the league's players, or names (a new name adds a player)
    rounds: Any = 3
    seating: Any = "spread"
    hide_last_rounds: Any = 0


class NightPatchIn(Schema):
    played_on: Any = None
    variant: Any = None
    options: Any = None
    players: Any = None
    rounds: Any = None
    seating: Any = None
    hide_last_rounds: Any = None


class DrawIn(Schema):
    seed: Any = None  # a whole number from 0 to 2^53; reproduces the draw


class SwapIn(Schema):
    a: BodyId
    b: BodyId


class ApproveIn(Schema):
    force: Any = False


class CallIn(Schema):
    reason: Any = ""


class NightOut(Schema):
    id: int
    league: str
    played_on: dt.date
    variant: str
    options: dict[str, Any]
    players: list[dict[str, Any]]
    rounds_planned: int
    seating: str
    hide_last_rounds: int
    version: int
    rounds: list[dict[str, Any]]
    standings: list[dict[str, Any]]


def _night_or_404(league, night_id: Any) -> Night:
    try:
        return night_get(league=league, night_id=night_id)
    except Night.DoesNotExist:
        raise Http404(f"no night {night_id!r} in this league") from None


def _document(request: HttpRequest, night: Night) -> dict[str, Any]:
    """The night; the organiser's view when the request carries the organiser token."""
    from .auth import credential

    scheme, token = credential(request)
    mine = scheme == "bearer" and token_valid(league=night.league, token=token)
    return night_document(night, organiser=mine, url=lambda path: absolute_url(request, path))


@router.post(
    "/leagues/{public_id}/nights",
    response={201: NightOut, **ERRORS},
    summary="Start a club night (organiser): players present, variant, options, rounds",
)
def create_night(request: HttpRequest, public_id: str, payload: NightIn):
    with organiser(request, public_id) as (league, token):
        night = night_create(league=league, token=token, **payload.model_dump())
    return Status(201, _document(request, night))


@router.get(
    "/leagues/{public_id}/nights/{night_id}",
    response={200: NightOut, 404: ErrorOut, 422: ErrorOut},
    summary="A club night: rounds, tables (state, hands, last change) and the night's standings",
)
def get_night(request: HttpRequest, public_id: str, night_id: PathNumber):
    return _document(request, _night_or_404(league_or_404(public_id), night_id))


@router.patch(
    "/leagues/{public_id}/nights/{night_id}",
    response={200: NightOut, **ERRORS},
    summary="Change who is present and the settings (they apply from the next draw)",
)
def patch_night(request: HttpRequest, public_id: str, night_id: PathNumber, payload: NightPatchIn):
    with organiser(request, public_id) as (league, token):
        night = _night_or_404(league, night_id)
        changes = {k: v for k, v in payload.model_dump().items() if k in payload.model_fields_set}
        night = night_update(league=league, token=token, night=night, **changes)
    return _document(request, night)


@router.post(
    "/leagues/{public_id}/nights/{night_id}/rounds",
    response={201: NightOut, 409: ErrorOut, **ERRORS},
    summary="Draw the next round: tables, seats and first dealers (seed: reproducible)",
)
def draw_round(request: HttpRequest, public_id: str, night_id: PathNumber, payload: DrawIn | None = None):
    with organiser(request, public_id) as (league, token):
        night = _night_or_404(league, night_id)
        round_draw(league=league, token=token, night=night, seed=payload.seed if payload else None)
    return Status(201, _document(request, night))


def _round_write(request, public_id: str, night_id: PathNumber, number: PathNumber, write, **fields):
    with organiser(request, public_id) as (league, token):
        night = _night_or_404(league, night_id)
        try:
            write(league=league, token=token, night=night, number=number, **fields)
        except NightRound.DoesNotExist:
            raise Http404(f"this night has no round {number}") from None
    return _document(request, night)


@router.post(
    "/leagues/{public_id}/nights/{night_id}/rounds/{number}/swap",
    response={200: NightOut, 409: ErrorOut, **ERRORS},
    summary="Swap two players between tables while neither table has a hand",
)
def swap_seats(request: HttpRequest, public_id: str, night_id: PathNumber, number: PathNumber, payload: SwapIn):
    return _round_write(request, public_id, night_id, number, round_swap, a=payload.a, b=payload.b)


@router.post(
    "/leagues/{public_id}/nights/{night_id}/rounds/{number}/approve",
    response={200: NightOut, 409: ErrorOut, **ERRORS},
    summary="Approve a round: 409 listing the tables still open, unless force",
)
def approve_round(
    request: HttpRequest, public_id: str, night_id: PathNumber, number: PathNumber, payload: ApproveIn | None = None
):
    force = payload.force if payload else False
    return _round_write(request, public_id, night_id, number, round_approve, force=force)


def _table_or_404(game: Game):
    table = table_of(game=game)
    if table is None:
        raise Http404(f"game {game.public_id!r} is not a table of a club night")
    return table


@router.post(
    "/games/{public_id}/call",
    response={200: dict[str, Any], **ERRORS},
    summary="The table calls the organiser (the game's token or a seat's)",
)
def call_organiser(request: HttpRequest, public_id: str, payload: CallIn):
    game = _game_or_404(public_id)
    _keeper_or_seat(request, game)
    table = table_call(table=_table_or_404(game), reason=payload.reason)
    return {"table": table.number, "reason": table.call, "at": table.called}


@router.delete(
    "/games/{public_id}/call",
    response={200: dict[str, Any], **ERRORS},
    summary="The organiser clears a table's call",
)
def clear_call(request: HttpRequest, public_id: str):
    game = _game_or_404(public_id)
    table = _table_or_404(game)
    league = table.round.night.league
    token = bearer(request)
    from scorekeeper.leagues.services import LeagueForbidden

    from .leagues import forbidden

    try:
        table_call_clear(league=league, token=token, table=table)
    except LeagueForbidden as err:
        raise forbidden(err) from None
    return {"table": table.number, "reason": "", "at": None}


@router.get(
    "/leagues/{public_id}/nights/{night_id}/events",
    response={200: None, 404: ErrorOut, 422: ErrorOut},
    summary="Server-Sent Events: one `state` event per change of any table of the night",
    description=(
        "Served by the ASGI server outside this router, as a game's events: `id: <version>`,"
        ' `event: state`, `data: {"version", "night", "round", "tables", "hands"}`. Under a'
        " plain WSGI server this answers 404 and pages poll instead."
    ),
)
def night_events(request: HttpRequest, public_id: str, night_id: PathNumber):
    _night_or_404(league_or_404(public_id), night_id)
    from .errors import ApiError

    raise ApiError(
        "events: this server does not hold live streams (run it under ASGI); poll instead",
        code="not_found",
        status=404,
    )
