"""Reads of leagues: standings, a player's record, recent games. Each is a fixed number of queries
whatever the league holds, because the services keep the derived tables current."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.urls import reverse

from scorekeeper.games.models import Game, Seat

from .models import League, LeagueGame, Placing, Player, RatingSnapshot, Season, Standing
from .services import scope_key

PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
FORM_GAMES = 10


def league_get(*, public_id: str) -> League:
    """The league with this public id; raises League.DoesNotExist (a 404 to callers)."""
    if not PUBLIC_ID.fullmatch(public_id or ""):
        raise League.DoesNotExist(f"no league {public_id!r}")
    return League.objects.get(public_id=public_id)


def leagues_listed(*, public_ids: Sequence[str]) -> list[League]:
    wanted = [pid for pid in public_ids if PUBLIC_ID.fullmatch(pid)]
    found = {lg.public_id: lg for lg in League.objects.filter(public_id__in=wanted)}
    return [found[pid] for pid in wanted if pid in found]


def season_get(*, league: League, season_id: Any) -> Season:
    """One of the league's seasons by id (text from a URL); raises Season.DoesNotExist."""
    try:
        pk = int(season_id)
    except (TypeError, ValueError):
        raise Season.DoesNotExist(f"no season {season_id!r}") from None
    return Season.objects.get(league=league, pk=pk)


@dataclass(frozen=True)
class Row:
    rank: int | None  # None while provisional
    player: str
    player_id: int
    games: int
    wins: int
    win_rate: float
    avg_place: float
    score: int
    mu: float
    sigma: float
    display: float  # μ − 3σ
    provisional: bool

    def as_api(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 3),
            "avg_place": round(self.avg_place, 2),
            "points": self.score,
            "rating": round(self.mu, 2),
            "rating_sigma": round(self.sigma, 2),
            "display_rating": round(self.display, 2),
            "provisional": self.provisional,
            "rank": self.rank,
        }


def standings(
    *, league: League, season: Season | None = None, variant: str | None = None
) -> list[Row]:
    """The scope's table, best first: ranked players by μ − 3σ, then the provisional ones
    (fewer games than the league's minimum), also by μ − 3σ. One query."""
    lines = Standing.objects.filter(
        league=league, scope=scope_key(season=season, variant=variant)
    ).select_related("player")
    return _rows(lines, league.min_games)


def _rows(lines, min_games: int) -> list[Row]:
    rows = []
    for s in lines:
        rows.append(
            Row(
                None,
                s.player.name,
                s.player_id,
                s.games,
                s.wins,
                s.win_rate,
                s.avg_place,
                s.score,
                s.mu,
                s.sigma,
                s.display,
                s.games < min_games,
            )
        )
    rows.sort(key=lambda r: (r.provisional, -r.display, -r.wins, r.player.casefold()))
    ranked: list[Row] = []
    for i, row in enumerate(rows, start=1):
        ranked.append(row if row.provisional else _with_rank(row, i))
    return ranked


def _with_rank(row: Row, rank: int) -> Row:
    return Row(rank, *[getattr(row, f) for f in Row.__dataclass_fields__ if f != "rank"])


def league_variants(*, league: League) -> list[str]:
    """The league's variants first in its own order, then any other variant it has played."""
    # The variants with a table (the standings' scopes), read from the table's own index:
    # a few rows per variant, never one per game.
    scopes = (
        Standing.objects.filter(league=league, scope__startswith="|")
        .exclude(scope="|")
        .values_list("scope", flat=True)
        .distinct()
    )
    played = {scope.split("|", 1)[1] for scope in scopes}
    extra = sorted(played - set(league.variants))
    return list(league.variants) + extra


def recent_games(*, league: League, limit: int = 20) -> list[dict[str, Any]]:
    """The latest games, newest first, with seats and places: three queries."""
    seats = Prefetch("game__seats", queryset=Seat.objects.order_by("position"))
    links = (
        LeagueGame.objects.filter(league=league)
        .select_related("game")
        .prefetch_related(seats, "placings")
        .order_by("-played", "-pk")[:limit]
    )
    items = []
    for link in links:
        places = {p.seat: p.place for p in link.placings.all()}
        items.append(
            {
                "link": link,
                "game": link.game,
                "seats": [
                    {
                        "name": s.name,
                        "place": places.get(s.name),
                        "total": link.game.totals.get(s.name),
                    }
                    for s in link.game.seats.all()
                ],
            }
        )
    return items


def league_players(*, league: League) -> list[Player]:
    return list(Player.objects.filter(league=league).order_by("key"))


def player_get(*, league: League, player_id: Any) -> Player:
    try:
        pk = int(player_id)
    except (TypeError, ValueError):
        raise Player.DoesNotExist(f"no player {player_id!r}") from None
    return Player.objects.get(league=league, pk=pk)


def player_record(*, league: League, player: Player, scope: str = "|") -> dict[str, Any]:
    """A player's page: rating history in ``scope``, results by variant, last games, head to
    head. Five queries, however many games."""
    history = list(
        RatingSnapshot.objects.filter(league=league, scope=scope, player=player)
        .order_by("played", "league_game_id")
        .values_list("played", "mu", "sigma")
    )
    by_variant = [
        s
        for s in Standing.objects.filter(league=league, player=player, scope__startswith="|")
        if s.scope != "|"
    ]
    counted = Placing.objects.filter(
        player=player, league_game__ranked=True, league_game__finished=True
    )
    form = list(
        counted.select_related("league_game__game").order_by(
            "-league_game__played", "-league_game_id"
        )[:FORM_GAMES]
    )
    return {
        "history": history,
        "by_variant": sorted(by_variant, key=lambda s: -s.games),
        "form": form,
        "head_to_head": _head_to_head(player, counted),
    }


def _head_to_head(player: Player, counted) -> list[dict]:
    """Against every opponent: games together, and how often the player placed higher, level
    or lower. One aggregate query, a row per opponent."""
    mine = Placing.objects.filter(league_game=OuterRef("league_game"), player=player)
    lines = (
        Placing.objects.filter(league_game__in=counted.values("league_game_id"))
        .exclude(player=player)
        .annotate(my_place=Subquery(mine.values("place")[:1]))
        .values("player_id", "player__name")
        .annotate(
            games=Count("pk"),
            ahead=Count("pk", filter=Q(my_place__lt=F("place"))),
            level=Count("pk", filter=Q(my_place=F("place"))),
            behind=Count("pk", filter=Q(my_place__gt=F("place"))),
        )
        .order_by()
    )
    rows = [
        {
            "opponent": line["player__name"],
            "player_id": line["player_id"],
            "games": line["games"],
            "ahead": line["ahead"],
            "level": line["level"],
            "behind": line["behind"],
        }
        for line in lines
    ]
    rows.sort(key=lambda r: (-r["games"], r["opponent"].casefold()))
    return rows


# -- what a game's page shows of its league --------------------------------------------------------


@dataclass(frozen=True)
class GameLeague:
    """The league a game belongs to, as its page links to it."""

    name: str
    url: str


def games_with_league(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` with each game's league read in the same query, for :func:`game_league`."""
    return games.select_related("league_link__league")


def game_league(*, game: Game) -> GameLeague | None:
    """The league ``game`` was played in, or None. No query for a game read through
    :func:`games_with_league` (one otherwise)."""
    try:
        league = game.league_link.league
    except LeagueGame.DoesNotExist:
        return None
    return GameLeague(name=league.name, url=reverse("league", args=[league.public_id]))
