"""Leagues: create one, read its standings, games and players, add seasons, import games.

Reads are open to anyone with the league's id (its public link); every write sends the
organiser token as ``Authorization: Bearer <token>``. A game joins a league through
``POST /games`` with ``"league"`` (see :mod:`scorekeeper.api.games`).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Q
from django.http import Http404, HttpRequest
from django.urls import reverse
from django.utils.translation import gettext
from ninja import Field, Query, Router, Schema, Status

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League, LeagueGame, Player, Season
from scorekeeper.leagues.selectors import (
    half_up,
    league_get,
    league_players,
    league_variants,
    player_get,
    player_hand_stats,
    player_record,
    recent_games,
    season_get,
    standings,
)
from scorekeeper.leagues.services import (
    MAX_NAME,
    MODEL,
    LeagueForbidden,
    current_season,
    game_token_for,
    league_create,
    league_game_create,
    league_game_set_played_on,
    player_merge,
    player_rename,
    scope_key,
    season_create,
    token_valid,
)
from scorekeeper.leagues.transfer import export_document, import_games
from scorekeeper.rules import all_variants, get_variant
from scorekeeper.rules.errors import RulesError

from .errors import ApiError, ErrorDetail, ErrorOut
from .inputs import MAX_INT, BodyId, PathNumber

router = Router(tags=["leagues"])

ERRORS = {400: ErrorOut, 422: ErrorOut}
MAX_GAMES_LISTED = 500
WRITE_ERRORS = {**ERRORS, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}


def _name_field(limit: int, what: str) -> Any:
    """A name the league services check themselves (so they answer with their own message and
    code); the schema states the same limits: something visible, at most ``limit`` characters
    once the spaces around it are cut."""
    return Field(
        ...,
        description=f"{what}: at least one visible character, at most {limit}",
        json_schema_extra={"minLength": 1, "maxLength": limit, "pattern": r"\S"},
    )


class LeagueIn(Schema):
    name: str = _name_field(80, "the league's name")
    description: str = Field("", json_schema_extra={"maxLength": 2000})
    # every slug must be a variant the engine has (a repeated one counts once)
    variants: list[str] = Field(
        [],
        json_schema_extra={"items": {"type": "string", "enum": [v.slug for v in all_variants()]}},
    )
    min_games: int = Field(3, ge=0, le=100)
    inactive_nights: int = Field(0, ge=0, le=52)  # list apart who missed the last N nights


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
    player_id: int
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
    inactive: bool  # no game in the league's last N game nights (its inactive_nights)
    rank: int | None
    tiebreak: str | None  # "wins" or "head_to_head": what put it above a level player
    movement: int | None  # places gained since the previous game night (negative: lost)


class SeasonIn(Schema):
    name: str = _name_field(60, "the season's name")
    starts: dt.date
    ends: dt.date


class ImportIn(Schema):
    # The games list, or the whole document of GET /leagues/{id}/export (players too).
    games: list[dict[str, Any]]
    players: list[dict[str, Any]] = []
    league: dict[str, Any] | None = None
    seasons: list[dict[str, Any]] = []
    dry_run: bool = True
    allow_duplicates: bool = False  # import a game the league already has once more


class RatingChangeOut(Schema):
    player_id: int
    player: str
    before: float  # the displayed rating (mu - 3 sigma) just before the game
    after: float


class PlaceOut(Schema):
    player_id: int | None
    player: str
    place: int | None
    total: int | None


class LeagueGameOut(Schema):
    id: str
    played_on: dt.date
    variant: str
    ranked: bool
    finished: bool
    places: list[PlaceOut]
    ratings: list[RatingChangeOut]


class PlayedOnIn(Schema):
    played_on: dt.date


class HistoryOut(Schema):
    game_id: str
    played_on: dt.date
    place: int | None
    rating_before: float
    rating_after: float


class HeadToHeadOut(Schema):
    player_id: int
    player: str
    games: int
    ahead: int
    level: int
    behind: int


class ChipsOut(Schema):
    """Chips between the player and one opponent over all the league's chip games: won from
    them, lost to them, and the balance (positive: the opponent owes the player)."""

    player_id: int
    player: str
    won: int
    lost: int
    net: int


class StatsOut(Schema):
    """What the hands told, from every hand of the player's league games in the season and
    variant asked for (all of them unless asked), friendly games and games still in play
    included. ``by_variant``: one object per variant played, with ``variant`` and the
    figures its family counts: ``hands``, ``won`` always; ``went_out`` and
    ``going_out_rate`` (in Knock, knocks), ``avg_left`` (points left in hand when not
    winning; null when never known), ``undercuts_made``/``undercuts_suffered`` (Knock),
    ``u``, ``mom``, ``chips_won``, ``chips_lost`` (Phỏm). ``in_progress``: how many of those
    games are still in play. ``chips``: lifetime whatever is asked, with
    ``chips_in_progress`` games in play among them."""

    by_variant: list[dict[str, Any]]
    in_progress: int
    chips: list[ChipsOut]
    chips_in_progress: int


class PlayerOut(Schema):
    id: int
    name: str
    former_names: list[str]
    games: int
    wins: int
    win_rate: float
    avg_place: float
    rating: float
    rating_sigma: float
    display_rating: float
    provisional: bool
    history: list[HistoryOut]
    head_to_head: list[HeadToHeadOut]
    stats: StatsOut


class RenameIn(Schema):
    name: str = _name_field(MAX_NAME, "the player's new name")


class MergeIn(Schema):
    into: BodyId


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
    duplicates: list[dict[str, Any]]  # games the league already has: skipped unless allowed
    errors: list[dict[str, Any]]
    created: list[str]
    seasons: list[str] = []  # the export's seasons the league lacked: added (or would be)
    settings: dict[str, int] = {}  # the export's settings, taken by a league with no game yet


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
        inactive_nights=payload.inactive_nights,
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
                "played_on": item["played_on"].isoformat(),
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
    response={200: list[StandingOut], **ERRORS, 404: ErrorOut},
    summary="The table, best first: all variants and seasons unless variant or season is given",
)
def get_standings(
    request: HttpRequest,
    public_id: str,
    variant: str | None = None,
    season: str | None = None,
    as_of: dt.date | None = None,
):
    league = league_or_404(public_id)
    slug = None
    if variant:
        try:
            slug = get_variant(variant).slug
        except RulesError as err:
            raise err.at("variant") from None
    chosen = _season_or_error(league, season)
    rows = standings(league=league, season=chosen, variant=slug, as_of=as_of, movement=True)
    return [row.as_api() for row in rows]


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
            league=league,
            token=token,
            data={
                "games": payload.games,
                "players": payload.players,
                "seasons": payload.seasons,
                **({"league": payload.league} if payload.league is not None else {}),
            },
            dry_run=payload.dry_run,
            allow_duplicates=payload.allow_duplicates,
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


@router.get(
    "/leagues/{public_id}/games",
    response={200: list[LeagueGameOut], **ERRORS, 404: ErrorOut},
    summary="The league's games, newest first, with places and ratings before → after",
)
def list_league_games(
    request: HttpRequest,
    public_id: str,
    limit: int = Query(MAX_GAMES_LISTED, ge=1, le=MAX_GAMES_LISTED),
    offset: int = Query(0, ge=0, le=MAX_INT),
):
    league = league_or_404(public_id)
    return [_game_out(item) for item in recent_games(league=league, limit=limit, offset=offset)]


def _game_out(item: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": item["game"].public_id,
        "played_on": item["played_on"],
        "variant": item["game"].variant,
        "ranked": item["link"].ranked,
        "finished": item["link"].finished,
        "places": [
            {
                "player_id": seat["player_id"],
                "player": seat["player"],
                "place": seat["place"],
                "total": seat["total"],
            }
            for seat in item["seats"]
        ],
        "ratings": [
            {
                "player_id": seat["player_id"],
                "player": seat["player"],
                "before": round(seat["rating"].before, 3),
                "after": round(seat["rating"].after, 3),
            }
            for seat in item["seats"]
            if seat["rating"] is not None
        ],
    }


@router.patch(
    "/leagues/{public_id}/games/{game_id}",
    response={200: LeagueGameOut, **WRITE_ERRORS},
    summary="Move a league game to another game night (played_on)",
)
def patch_league_game(request: HttpRequest, public_id: str, game_id: str, payload: PlayedOnIn):
    league = league_or_404(public_id)
    token = bearer(request)
    link = (
        LeagueGame.objects.filter(league=league, game__public_id=game_id)
        .select_related("game")
        .first()
    )
    if link is None:
        raise Http404(f"no game {game_id!r} in this league")
    try:
        league_game_set_played_on(
            league=league, token=token, link=link, played_on=payload.played_on
        )
    except LeagueForbidden as err:
        raise forbidden(err) from None
    return _game_out(_one_game(league, link))


def _one_game(league: League, link: LeagueGame) -> dict[str, Any]:
    later = (
        LeagueGame.objects.filter(league=league)
        .filter(Q(played__gt=link.played) | Q(played=link.played, pk__gt=link.pk))
        .count()
    )
    return recent_games(league=league, limit=1, offset=later)[0]


def _player_or_404(league: League, player_id: int) -> Player:
    try:
        return player_get(league=league, player_id=player_id)
    except Player.DoesNotExist:
        raise Http404(f"no player {player_id!r} in this league") from None


@router.get(
    "/leagues/{public_id}/players/{player_id}",
    response={200: PlayerOut, **ERRORS, 404: ErrorOut},
    summary="A player: record, former names, rating history, head to head",
)
def get_player(
    request: HttpRequest,
    public_id: str,
    player_id: PathNumber,
    variant: str | None = None,
    season: str | None = None,
):
    league = league_or_404(public_id)
    player = _player_or_404(league, player_id)
    slug = None
    if variant:
        try:
            slug = get_variant(variant).slug
        except RulesError as err:
            raise err.at("variant") from None
    return _player_out(league, player, slug, _season_or_error(league, season))


def _season_or_error(league: League, season: str | None) -> Season | None:
    if not season:
        return None
    try:
        return season_get(league=league, season_id=season)
    except Season.DoesNotExist:
        raise ApiError(
            gettext("season: this league has no season %(season)r") % {"season": season},
            field="season",
        ) from None


def _player_out(
    league: League, player: Player, slug: str | None, season: Season | None = None
) -> dict[str, Any]:
    scope = scope_key(season=season, variant=slug)
    record = player_record(league=league, player=player, scope=scope)
    row = next(
        (
            r
            for r in standings(league=league, season=season, variant=slug)
            if r.player_id == player.pk
        ),
        None,
    )
    return {
        "id": player.pk,
        "name": player.name,
        "former_names": list(player.former_names),
        "games": row.games if row else 0,
        "wins": row.wins if row else 0,
        "win_rate": half_up(row.win_rate, 3) if row else 0.0,
        "avg_place": half_up(row.avg_place, 2) if row else 0.0,
        "rating": half_up(row.mu, 2) if row else half_up(MODEL.mu, 2),
        "rating_sigma": half_up(row.sigma, 2) if row else half_up(MODEL.sigma, 2),
        "display_rating": half_up(row.display, 2) if row else 0.0,
        "provisional": row.provisional if row else True,
        "history": [
            {
                "game_id": item["game_id"],
                "played_on": item["played_on"],
                "place": item["place"],
                "rating_before": round(item["before"], 3),
                "rating_after": round(item["after"], 3),
            }
            for item in record["history"]
        ],
        "head_to_head": [
            {
                "player_id": line["player_id"],
                "player": line["opponent"],
                "games": line["games"],
                "ahead": line["ahead"],
                "level": line["level"],
                "behind": line["behind"],
            }
            for line in record["head_to_head"]
        ],
        "stats": _stats_out(
            player_hand_stats(league=league, player=player, season=season, variant=slug)
        ),
    }


def _stats_out(stats: dict[str, Any]) -> dict[str, Any]:
    """Rates and averages rounded for the wire; counts as they are."""
    rounded = {"going_out_rate": 3, "avg_left": 2}
    return {
        "by_variant": [
            {
                key: half_up(value, rounded[key]) if key in rounded and value is not None else value
                for key, value in item.items()
            }
            for item in stats["by_variant"]
        ],
        "in_progress": stats["in_progress"],
        "chips": stats["chips"],
        "chips_in_progress": stats["chips_in_progress"],
    }


@router.patch(
    "/leagues/{public_id}/players/{player_id}",
    response={200: PlayerOut, **WRITE_ERRORS, 409: ErrorOut},
    summary="Rename a player (the old name is kept among the former names)",
)
def rename_player(request: HttpRequest, public_id: str, player_id: PathNumber, payload: RenameIn):
    league = league_or_404(public_id)
    token = bearer(request)
    player = _player_or_404(league, player_id)
    try:
        player = player_rename(league=league, token=token, player=player, name=payload.name)
    except LeagueForbidden as err:
        raise forbidden(err) from None
    return _player_out(league, player, None)


@router.post(
    "/leagues/{public_id}/players/{player_id}/merge",
    response={200: PlayerOut, **WRITE_ERRORS, 409: ErrorOut},
    summary="Merge a player into another: every game and rating follows",
)
def merge_player(request: HttpRequest, public_id: str, player_id: PathNumber, payload: MergeIn):
    league = league_or_404(public_id)
    token = bearer(request)
    player = _player_or_404(league, player_id)
    try:
        into = player_get(league=league, player_id=payload.into)
    except Player.DoesNotExist:
        raise ApiError(
            gettext("into: this league has no player %(id)s") % {"id": payload.into},
            field="into",
        ) from None
    try:
        into = player_merge(league=league, token=token, player=player, into=into)
    except LeagueForbidden as err:
        raise forbidden(err) from None
    return _player_out(league, into, None)


@router.get(
    "/leagues/{public_id}/export",
    response={200: dict[str, Any], **ERRORS, 404: ErrorOut},
    summary="The whole league as JSON (settings, seasons, players with ids, games, hands)",
)
def export_league(request: HttpRequest, public_id: str):
    return export_document(league=league_or_404(public_id))


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
            played_on=getattr(payload, "played_on", None),
        )
    except LeagueForbidden as err:
        raise forbidden(err) from None
    return link.game, game_token
