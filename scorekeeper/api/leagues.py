"""Leagues: create one, read its standings, games and players, add seasons, import games.

Reads are open to anyone with the league's id (its public link); every write sends the
organiser token as ``Authorization: Bearer <token>``. A game joins a league through
``POST /games`` with ``"league"`` (see :mod:`scorekeeper.api.games`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.http import Http404, HttpRequest
from django.urls import reverse
from django.utils.translation import gettext
from ninja import Field, Router, Schema, Status

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League, Season
from scorekeeper.leagues.selectors import (
    league_get,
    league_players,
    league_variants,
    recent_games,
    season_get,
    standings,
)
from scorekeeper.leagues.services import (
    LeagueForbidden,
    current_season,
    game_token_for,
    league_create,
    league_game_create,
    season_create,
    token_valid,
)
from scorekeeper.leagues.transfer import import_games
from scorekeeper.rules import get_variant
from scorekeeper.rules.errors import RulesError

from .errors import ApiError, ErrorDetail, ErrorOut

router = Router(tags=["leagues"])

ERRORS = {400: ErrorOut, 422: ErrorOut}
WRITE_ERRORS = {**ERRORS, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}


class LeagueIn(Schema):
    name: str
    description: str = ""
    variants: list[str] = []
    min_games: int = Field(3, ge=0, le=100)


class LeagueCreatedOut(Schema):
    id: str
    token: str
    url: str  # the public page
    organiser_url: str  # the organiser link: opens the league with the right to change it


class SeasonOut(Schema):
    id: int
    name: str
    starts: dt.date
    ends: dt.date
    current: bool


class LeagueOut(Schema):
    id: str
    name: str
    description: str
    variants: list[str]
    min_games: int
    seasons: list[SeasonOut]
    players: list[str]
    games: list[dict[str, Any]]  # the latest 20, newest first


class StandingOut(Schema):
    player: str
    games: int
    wins: int
    win_rate: float
    avg_place: float
    points: int
    rating: float  # mu
    rating_sigma: float
    display_rating: float  # mu - 3 sigma, what the table is sorted by
    provisional: bool  # fewer games than the league's minimum
    rank: int | None


class SeasonIn(Schema):
    name: str
    starts: dt.date
    ends: dt.date


class ImportIn(Schema):
    games: list[dict[str, Any]]
    dry_run: bool = True


class ImportRefusedDetail(ErrorDetail):
    # A refused import: the whole report, every error with its line or path. Other 400s (a
    # body that is not JSON) have the common error shape and no report.
    report: dict[str, Any] | None = None


class ImportRefusedOut(Schema):
    error: ImportRefusedDetail


class ImportOut(Schema):
    dry_run: bool
    ok: bool
    games: list[dict[str, Any]]
    hands: int
    errors: list[dict[str, Any]]
    created: list[str]


def league_or_404(public_id: str) -> League:
    try:
        return league_get(public_id=public_id)
    except League.DoesNotExist:
        raise Http404(f"no league {public_id!r}") from None


def bearer(request: HttpRequest) -> str:
    """The request's bearer token, or a 401 in the API's error shape."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            gettext("Authorization: send the league's token as 'Authorization: Bearer <token>'"),
            code="unauthorized",
            status=401,
        )
    return token.strip()


def forbidden(err: LeagueForbidden) -> ApiError:
    return ApiError(f"Authorization: {err}", code="forbidden", status=403)


@router.post("/leagues", response={201: LeagueCreatedOut, **ERRORS}, summary="Start a league")
def create_league(request: HttpRequest, payload: LeagueIn):
    league, token = league_create(
        name=payload.name,
        description=payload.description,
        variants=payload.variants,
        min_games=payload.min_games,
    )
    url = request.build_absolute_uri(reverse("league", args=[league.public_id]))
    join = request.build_absolute_uri(reverse("league_join", args=[league.public_id]))
    organiser = f"{join}#{token}"  # the secret after '#': browsers never send it
    return Status(
        201, {"id": league.public_id, "token": token, "url": url, "organiser_url": organiser}
    )


@router.get(
    "/leagues/{public_id}",
    response={200: LeagueOut, 404: ErrorOut},
    summary="A league: its settings, seasons, players and latest games",
)
def get_league(request: HttpRequest, public_id: str):
    league = league_or_404(public_id)
    seasons = list(league.seasons.all())
    now = current_season(league=league, seasons=seasons)
    return {
        "id": league.public_id,
        "name": league.name,
        "description": league.description,
        "variants": league_variants(league=league),
        "min_games": league.min_games,
        "seasons": [
            {"id": s.pk, "name": s.name, "starts": s.starts, "ends": s.ends, "current": s == now}
            for s in seasons
        ],
        "players": [p.name for p in league_players(league=league)],
        "games": [
            {
                "id": item["game"].public_id,
                "variant": item["game"].variant,
                "date": item["link"].played.isoformat(),
                "ranked": item["link"].ranked,
                "finished": item["link"].finished,
                "places": {s["name"]: s["place"] for s in item["seats"]},
                "totals": {s["name"]: s["total"] for s in item["seats"]},
            }
            for item in recent_games(league=league)
        ],
    }


@router.get(
    "/leagues/{public_id}/standings",
    response={200: list[StandingOut], 400: ErrorOut, 404: ErrorOut},
    summary="The table, best first: all variants and seasons unless variant or season is given",
)
def get_standings(
    request: HttpRequest, public_id: str, variant: str | None = None, season: str | None = None
):
    league = league_or_404(public_id)
    slug = None
    if variant:
        try:
            slug = get_variant(variant).slug
        except RulesError as err:
            raise err.at("variant") from None
    chosen = None
    if season:
        try:
            chosen = season_get(league=league, season_id=season)
        except Season.DoesNotExist:
            raise ApiError(
                gettext("season: this league has no season %(season)r") % {"season": season},
                field="season",
            ) from None
    return [row.as_api() for row in standings(league=league, season=chosen, variant=slug)]


@router.post(
    "/leagues/{public_id}/seasons",
    response={201: SeasonOut, **WRITE_ERRORS},
    summary="Add a season (a named date range, both days included)",
)
def add_season(request: HttpRequest, public_id: str, payload: SeasonIn):
    league = league_or_404(public_id)
    token = bearer(request)
    try:
        season = season_create(
            league=league, token=token, name=payload.name, starts=payload.starts, ends=payload.ends
        )
    except LeagueForbidden as err:
        raise forbidden(err) from None
    now = current_season(league=league)
    return Status(
        201,
        {
            "id": season.pk,
            "name": season.name,
            "starts": season.starts,
            "ends": season.ends,
            "current": season == now,
        },
    )


@router.post(
    "/leagues/{public_id}/import",
    response={200: ImportOut, 201: ImportOut, **WRITE_ERRORS, 400: ImportRefusedOut},
    summary="Import games (validated hand by hand; dry_run reports without writing)",
)
def import_league_games(request: HttpRequest, public_id: str, payload: ImportIn):
    league = league_or_404(public_id)
    token = bearer(request)
    try:
        report = import_games(
            league=league, token=token, data={"games": payload.games}, dry_run=payload.dry_run
        )
    except LeagueForbidden as err:
        raise forbidden(err) from None
    body = report.as_dict()
    if not report.ok:
        first = report.errors[0]
        message = f"{first['where']}: {first['message']} ({len(report.errors)} error(s); nothing was written)"
        return Status(
            400,
            {
                "error": {
                    "code": "import_refused",
                    "message": message,
                    "field": first["field"],
                    "report": body,
                }
            },
        )
    return Status(201 if report.created else 200, body)


def league_game_token(request: HttpRequest, *, league_id: str, game_id: str) -> str:
    """A league game's edit token again, for a retried ``POST /games`` (Idempotency-Key): made
    from the league's token, which the retry must carry as the first request did."""
    league = league_or_404(league_id)
    token = bearer(request)
    if not token_valid(league=league, token=token):
        raise forbidden(LeagueForbidden(gettext("this is not the league's organiser token")))
    return game_token_for(league=league, game=Game.objects.get(public_id=game_id))


def create_league_game(request: HttpRequest, *, league_id: str, payload) -> tuple[Any, str]:
    """``POST /games`` with ``"league"``: the league's token as the bearer credential."""
    league = league_or_404(league_id)
    token = bearer(request)
    try:
        link, game_token = league_game_create(
            league=league,
            token=token,
            variant=payload.variant,
            options=payload.options,
            players=payload.players,
            dealer=payload.dealer,
            ranked=payload.ranked,
        )
    except LeagueForbidden as err:
        raise forbidden(err) from None
    return link.game, game_token
