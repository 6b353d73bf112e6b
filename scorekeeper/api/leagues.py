"""Leagues: create one, read its standings, games and players, add seasons, import games.

Reads are open to anyone with the league's id (its public link); every write sends the
organiser token as ``Authorization: Bearer <token>``. A game joins a league through
``POST /games`` with ``"league"`` (see :mod:`scorekeeper.api.games`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlencode

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.urls import reverse
from django.utils.translation import gettext
from ninja import Field, Query, Router, Schema, Status

from scorekeeper.compression import holds_secret
from scorekeeper.games.models import Game
from scorekeeper.leagues.models import League, LeagueGame, Player, Season
from scorekeeper.leagues.selectors import (
    games_page,
    half_up,
    is_provisional,
    league_get,
    league_players,
    league_variants,
    merged_into,
    player_get,
    player_hand_stats,
    player_record,
    rating_range,
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
    league_game_accept,
    league_game_create,
    league_game_remove,
    league_game_restore,
    league_game_set_played_on,
    league_set_confirm_hands,
    organiser_check,
    organiser_may_write,
    player_merge,
    player_rename,
    scope_key,
    season_create,
)
from scorekeeper.leagues.transfer import MAX_GAMES as MAX_IMPORT_GAMES
from scorekeeper.leagues.transfer import export_document, import_games
from scorekeeper.ratelimit import charge
from scorekeeper.rules import all_variants, get_variant
from scorekeeper.rules.errors import RulesError

from . import auth
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


class PlayerRefOut(Schema):
    id: int
    name: str


class LeagueOut(Schema):
    id: str
    name: str
    description: str
    variants: list[str]
    min_games: int
    confirm_hands: bool = False  # a ranked game counts once its seats confirmed every hand
    seasons: list[SeasonOut]
    players: list[PlayerRefOut]
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
    display_rating: float  # mu - 3 sigma, the one rating shown, what the table is sorted by
    # Decision: fewer than 5 ranked games in the scope, or rating_sigma above 5.0
    provisional: bool
    rating_range: list[float]  # the skill range: rating (mu) ± 2 sigma, one decimal as shown
    as_of: dt.date | None  # the day of the player's latest game counted
    unranked: bool  # fewer games than the league's minimum: listed apart, no rank
    inactive: bool  # no game in the league's last N game nights (its inactive_nights)
    rank: int | None
    # "wins", "games" (fewer games) or "head_to_head": what put it above a player level on
    # the rating as shown (one decimal)
    tiebreak: str | None
    movement: int | None  # places gained since the previous game night (negative: lost)
    new: bool  # first game of the scope since the previous game night (a late joiner)
    returning: bool  # back after being listed inactive on the previous game night


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
    dry_run: bool = False  # an import imports; a dry run is asked for
    allow_duplicates: bool = False  # import a game the league already has once more


class RatingChangeOut(Schema):
    player_id: int
    player: str
    before: float  # the displayed rating (mu - 3 sigma) just before the game
    after: float
    place: int | None  # where the player came
    expected_place: int | None  # where the ratings before the game put the player (1 = first)


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
    finished: bool  # counted: over (and confirmed or accepted where the league asks)
    removed: bool  # taken out of the league by the organiser: counts nowhere, can be put back
    over: bool = False  # the game itself is over
    accepted: bool = False  # the organiser counted it without waiting for confirmations
    places: list[PlaceOut]
    ratings: list[RatingChangeOut]


class LeagueSettingsIn(Schema):
    confirm_hands: Any = None  # true or false; checked by the service (a 400 otherwise)


class PlayedOnIn(Schema):
    played_on: dt.date


class OpponentOut(Schema):
    player_id: int
    player: str
    place: int


class HistoryOut(Schema):
    game_id: str
    played_on: dt.date
    place: int | None
    expected_place: int | None  # where the ratings before the game put the player
    opponents: list[OpponentOut]  # the others of that game, by place
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
    provisional: bool  # fewer than 10 ranked games in the scope
    rating_range: list[float]  # the skill range: rating (mu) ± 2 sigma, one decimal as shown
    as_of: dt.date | None  # the day of the latest game counted
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
    written: bool  # whether anything was written (never on a dry run or a refusal)
    # {"imported", "hands", "skipped_duplicates", "refused"}: counts of what was (or, on a
    # dry run, would be) imported, skipped as a duplicate, and refused
    summary: dict[str, int]
    skipped: list[dict[str, Any]]  # the duplicates skipped
    refused: list[dict[str, Any]]  # what was refused and why ({"where", "field", "message"})
    seasons: list[str] = []  # the export's seasons the league lacked: added (or would be)
    # the export's settings (variants offered first among them), taken by a league with no
    # game yet
    settings: dict[str, int | bool | list[str]] = {}


def league_or_404(public_id: str) -> League:
    try:
        return league_get(public_id=public_id)
    except League.DoesNotExist:
        raise Http404(gettext("no league %(id)s") % {"id": repr(public_id)}) from None


def bearer(request: HttpRequest) -> str:
    """The request's bearer token (the league's), or a 401 in the API's error shape."""
    return auth.bearer(
        request,
        gettext("Authorization: send the league's token as 'Authorization: Bearer <token>'"),
    )


def forbidden(err: LeagueForbidden) -> ApiError:
    return auth.forbidden(f"Authorization: {err}")


@contextmanager
def organiser(request: HttpRequest, public_id: str) -> Iterator[tuple[League, str]]:
    """The preamble of every organiser write, in this order: the league of the path (404),
    the bearer token (401), then the block, whose services refuse a token that is not the
    organiser's (:class:`LeagueForbidden`, answered 403). The body was read before (a 422
    comes first), as for every endpoint without ``auth``; lookups in the block (a player, a
    game) come after the token's presence, before its check by the service."""
    league = league_or_404(public_id)
    token = bearer(request)
    try:
        yield league, token
    except LeagueForbidden as err:
        raise forbidden(err) from None


def _scope(league: League, variant: str | None, season: str | None) -> tuple[str | None, Any]:
    """The variant's slug and the season a read asks for, each checked (a 400 naming it)."""
    return _variant_or_error(variant), _season_or_error(league, season)


def _season_out(season: Season, now: Season | None) -> dict[str, Any]:
    return {
        "id": season.pk,
        "name": season.name,
        "starts": season.starts,
        "ends": season.ends,
        "current": season == now,
    }


@router.post("/leagues", response={201: LeagueCreatedOut, **ERRORS}, summary="Start a league")
def create_league(request: HttpRequest, response: HttpResponse, payload: LeagueIn):
    holds_secret(response)  # the organiser's token
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
        "confirm_hands": league.confirm_hands,
        "seasons": [_season_out(s, now) for s in seasons],
        "players": [{"id": p.pk, "name": p.name} for p in league_players(league=league)],
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
            for item in recent_games(league=league, removed=False)
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
    slug, chosen = _scope(league, variant, season)
    rows = standings(league=league, season=chosen, variant=slug, as_of=as_of, movement=True)
    return [row.as_api() for row in rows]


@router.post(
    "/leagues/{public_id}/seasons",
    response={201: SeasonOut, **WRITE_ERRORS},
    summary="Add a season (a named date range, both days included)",
)
def add_season(request: HttpRequest, public_id: str, payload: SeasonIn):
    with organiser(request, public_id) as (league, token):
        season = season_create(
            league=league, token=token, name=payload.name, starts=payload.starts, ends=payload.ends
        )
    return Status(201, _season_out(season, current_season(league=league)))


@router.post(
    "/leagues/{public_id}/import",
    response={
        200: ImportOut,
        201: ImportOut,
        **WRITE_ERRORS,
        400: ImportRefusedOut,
        413: ErrorOut,
    },
    summary="Import games (validated hand by hand; dry_run reports without writing)",
)
def import_league_games(request: HttpRequest, public_id: str, payload: ImportIn):
    with organiser(request, public_id) as (league, token):
        organiser_check(league, token)
        if len(payload.games) > MAX_IMPORT_GAMES:
            raise ApiError(
                gettext("games: at most %(n)s games per import (this holds %(count)s)")
                % {"n": MAX_IMPORT_GAMES, "count": len(payload.games)},
                code="payload_too_large",
                field="games",
                status=413,
            )
        # The request counted once already; an import counts as the games it holds.
        charge(request, "write", len(payload.games) - 1)
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
    response: HttpResponse,
    public_id: str,
    page: int | None = Query(None, ge=1, le=1_000_000),
    limit: int = Query(MAX_GAMES_LISTED, ge=1, le=MAX_GAMES_LISTED),
    offset: int = Query(0, ge=0, le=MAX_INT),
    variant: str | None = None,
    season: str | None = None,
):
    """With ``page``: 50 games a page (the last page may hold fewer), the next page's address
    in a ``Link: <...>; rel="next"`` header, the page and the page count in ``X-Page`` and
    ``X-Pages``; ``season`` (an id, or ``all``) and ``variant`` filter as for the standings."""
    league = league_or_404(public_id)
    slug, chosen = _scope(league, variant, season)
    scope = scope_key(season=chosen, variant=slug)
    if page is None:
        items = recent_games(league=league, limit=limit, offset=offset, scope=scope)
        return [_game_out(item) for item in items]
    found = games_page(league=league, scope=scope, page=page)
    response["X-Page"] = str(found["page"])
    response["X-Pages"] = str(found["pages"])
    response["X-Total-Count"] = str(found["count"])
    if found["next"] is not None:
        query = {"page": found["next"], "variant": slug, "season": chosen.pk if chosen else None}
        link = request.build_absolute_uri(
            request.path + "?" + urlencode({k: v for k, v in query.items() if v})
        )
        response["Link"] = f'<{link}>; rel="next"'
    return [_game_out(item) for item in found["games"]]


def _variant_or_error(variant: str | None) -> str | None:
    if not variant:
        return None
    try:
        return get_variant(variant).slug
    except RulesError as err:
        raise err.at("variant") from None


def _game_out(item: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": item["game"].public_id,
        "played_on": item["played_on"],
        "variant": item["game"].variant,
        "ranked": item["link"].ranked,
        "finished": item["link"].finished,
        "removed": item["link"].removed,
        "over": item["game"].over,
        "accepted": item["link"].accepted,
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
                "place": seat["place"],
                "expected_place": seat["rating"].expected_place,
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
    return _organiser_game_write(
        request, public_id, game_id, league_game_set_played_on, played_on=payload.played_on
    )


def _league_game_or_404(league: League, game_id: str) -> LeagueGame:
    link = (
        LeagueGame.objects.filter(league=league, game__public_id=game_id)
        .select_related("game", "league")
        .first()
    )
    if link is None:
        raise Http404(gettext("no game %(id)s in this league") % {"id": repr(game_id)})
    return link


@router.patch(
    "/leagues/{public_id}",
    response={200: LeagueOut, **WRITE_ERRORS},
    summary="Change a league's settings: confirm_hands (players confirm every hand)",
)
def patch_league(request: HttpRequest, public_id: str, payload: LeagueSettingsIn):
    with organiser(request, public_id) as (league, token):
        if "confirm_hands" in payload.model_fields_set:
            league_set_confirm_hands(
                league=league, token=token, confirm_hands=payload.confirm_hands
            )
        else:
            organiser_check(league, token)
    return get_league(request, public_id)


@router.post(
    "/leagues/{public_id}/games/{game_id}/accept",
    response={200: LeagueGameOut, **WRITE_ERRORS},
    summary="Count a game without waiting for its confirmations (organiser)",
)
def accept_league_game(request: HttpRequest, public_id: str, game_id: str):
    return _organiser_game_write(request, public_id, game_id, league_game_accept)


def _organiser_game_write(
    request: HttpRequest, public_id: str, game_id: str, write, **fields: Any
) -> dict:
    """One organiser write to one game of the league (move, accept, remove, restore): the
    :func:`organiser` preamble, the game (404), then ``write``, the service, given the league,
    the bearer token, the game's link and ``fields``. Answers the game as the games list does."""
    with organiser(request, public_id) as (league, token):
        link = _league_game_or_404(league, game_id)
        write(league=league, token=token, link=link, **fields)
    return _game_out(_one_game(league, link))


@router.delete(
    "/leagues/{public_id}/games/{game_id}",
    response={200: LeagueGameOut, **WRITE_ERRORS},
    summary="Remove a game from the league (standings and ratings follow; undo with restore)",
)
def remove_league_game(request: HttpRequest, public_id: str, game_id: str):
    """The game counts nowhere from now on; it is kept (its hands too), listed as removed,
    exported as removed, and ``POST .../games/{game_id}/restore`` puts it back. Removing a
    removed game changes nothing."""
    return _organiser_game_write(request, public_id, game_id, league_game_remove)


@router.post(
    "/leagues/{public_id}/games/{game_id}/restore",
    response={200: LeagueGameOut, **WRITE_ERRORS},
    summary="Put a removed game back into the league",
)
def restore_league_game(request: HttpRequest, public_id: str, game_id: str):
    return _organiser_game_write(request, public_id, game_id, league_game_restore)


def game_in_league(game: Game, public_id: str) -> bool:
    """Is ``game`` one of the games of league ``public_id``?"""
    return LeagueGame.objects.filter(game=game, league__public_id=public_id).exists()


def organiser_may_write_game(game: Game, token: str) -> bool:
    """For the games API: does ``token`` belong to the organiser of ``game``'s league?"""
    return organiser_may_write(game=game, token=token)


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
        raise Http404(gettext("no player %(id)s in this league") % {"id": repr(player_id)}) from None


@router.get(
    "/leagues/{public_id}/players/{player_id}",
    response={200: PlayerOut, **ERRORS, 404: ErrorOut},
    summary="A player: record, former names, rating history, head to head (301 for an id merged into another)",
)
def get_player(
    request: HttpRequest,
    public_id: str,
    player_id: PathNumber,
    variant: str | None = None,
    season: str | None = None,
):
    league = league_or_404(public_id)
    try:
        player = player_get(league=league, player_id=player_id)
    except Player.DoesNotExist:
        into = merged_into(league=league, player_id=player_id)
        if into is None:
            raise Http404(f"no player {player_id!r} in this league") from None
        # A merged player's old id: 301 to the player it was merged into (API.md).
        target = f"/api/v1/leagues/{public_id}/players/{into}"
        query = request.META.get("QUERY_STRING", "")
        return HttpResponsePermanentRedirect(f"{target}?{query}" if query else target)
    return _player_out(league, player, *_scope(league, variant, season))


def _season_or_error(league: League, season: str | None) -> Season | None:
    """The season asked for; none (every season) for no season or ``all``, as the pages."""
    if not season or season == "all":
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
        "provisional": row.provisional if row else is_provisional(games=0),
        "rating_range": row.rating_range if row else rating_range(mu=MODEL.mu, sigma=MODEL.sigma),
        "as_of": row.as_of if row else None,
        "history": [
            {
                "game_id": item["game_id"],
                "played_on": item["played_on"],
                "place": item["place"],
                "expected_place": item["expected_place"],
                "opponents": item["opponents"],
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
    with organiser(request, public_id) as (league, token):
        player = _player_or_404(league, player_id)
        player = player_rename(league=league, token=token, player=player, name=payload.name)
    return _player_out(league, player, None)


@router.post(
    "/leagues/{public_id}/players/{player_id}/merge",
    response={200: PlayerOut, **WRITE_ERRORS, 409: ErrorOut},
    summary="Merge a player into another: every game and rating follows",
)
def merge_player(request: HttpRequest, public_id: str, player_id: PathNumber, payload: MergeIn):
    with organiser(request, public_id) as (league, token):
        player = _player_or_404(league, player_id)
        try:
            into = player_get(league=league, player_id=payload.into)
        except Player.DoesNotExist:
            raise ApiError(
                gettext("into: this league has no player %(id)s") % {"id": payload.into},
                field="into",
            ) from None
        into = player_merge(league=league, token=token, player=player, into=into)
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
    with organiser(request, league_id) as (league, token):
        organiser_check(league, token)
    return game_token_for(league=league, game=Game.objects.get(public_id=game_id))


def create_league_game(request: HttpRequest, *, league_id: str, payload) -> tuple[Any, str]:
    """``POST /games`` with ``"league"``: the league's token as the bearer credential."""
    with organiser(request, league_id) as (league, token):
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
    return link.game, game_token
