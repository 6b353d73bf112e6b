"""Reads of leagues: standings, a player's record, recent games. Each is a fixed number of queries
whatever the league holds, because the services keep the derived tables current."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models import (
    Count,
    F,
    IntegerField,
    Max,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.urls import reverse
from django.utils import timezone

from scorekeeper.games.models import Game, Seat
from scorekeeper.rules.families import family_of

from .models import (
    ChipTally,
    HandTally,
    League,
    LeagueGame,
    MergedPlayer,
    Placing,
    Player,
    RatingSnapshot,
    Season,
    Standing,
)
from .services import MODEL, played_on, scope_filter, scope_games, scope_key
from .tallies import TALLY_KEYS

START = MODEL.mu - 3 * MODEL.sigma  # everyone's displayed rating before their first game

PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
FORM_GAMES = 10
# Decision (API.md, "rating range and provisional"): a rating is provisional, marked "?",
# while the player has fewer than PROVISIONAL_GAMES ranked games in the scope (as a chess site
# marks a new player's rating). The league's own minimum of games only decides who is ranked.
PROVISIONAL_GAMES = 10
RANGE_SIGMAS = 2  # the skill range: μ ± 2σ, where the skill lies with about 95% probability


def is_provisional(*, games: int) -> bool:
    return games < PROVISIONAL_GAMES


def rating_range(*, mu: float, sigma: float) -> list[float]:
    """Where the player's skill likely lies: μ ± 2σ (above the displayed rating μ − 3σ), each
    end rounded as the pages show it (one decimal)."""
    spread = RANGE_SIGMAS * sigma
    return [half_up(mu - spread, 1), half_up(mu + spread, 1)]


def shown(value: float) -> float:
    """A rating as the pages show it (one decimal, halves away from zero): what ties go by."""
    return half_up(value, 1)


def shown_change(before: float, after: float) -> float:
    """A rating change as the pages show it: the shown rating after less the shown rating
    before, so "3.6 → 5.9 (+2.3)" always adds up as read."""
    return round(shown(after) - shown(before), 1)


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
    if not 1 <= pk <= MAX_ID:  # no such row, and past 2**63 no database column holds it
        raise Season.DoesNotExist(f"no season {season_id!r}")
    return Season.objects.get(league=league, pk=pk)


MAX_ID = 2**31 - 1  # the largest id a URL, a form or a query string may name


@dataclass(frozen=True)
class Row:
    rank: int | None  # None while unranked or inactive
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
    provisional: bool  # the rating is still uncertain (see PROVISIONAL_GAMES): marked "?"
    last_played: dt.datetime | None = None
    inactive: bool = False  # no game in the league's last N game nights (a league setting)
    tiebreak: str | None = None  # "wins", "games" or "head_to_head": what put it above a level row
    movement: int | None = None  # places gained since the previous game night (- lost)
    new: bool = False  # first game of the scope after the previous game night (a late joiner)
    unranked: bool = False  # fewer games than the league's minimum: listed apart
    returning: bool = False  # back after being listed as inactive on the previous night

    @property
    def rating_range(self) -> list[float]:
        return rating_range(mu=self.mu, sigma=self.sigma)

    @property
    def as_of(self) -> dt.date | None:
        """The day of the latest game counted in this row."""
        return timezone.localdate(self.last_played) if self.last_played else None

    def as_api(self) -> dict[str, Any]:
        return {
            "player_id": self.player_id,
            "player": self.player,
            "games": self.games,
            "wins": self.wins,
            "win_rate": half_up(self.win_rate, 3),
            "avg_place": half_up(self.avg_place, 2),
            "points": self.score,
            "rating": half_up(self.mu, 2),
            "rating_sigma": half_up(self.sigma, 2),
            "display_rating": half_up(self.display, 2),
            "provisional": self.provisional,
            "rating_range": self.rating_range,
            "as_of": self.as_of,
            "unranked": self.unranked,
            "inactive": self.inactive,
            "rank": self.rank,
            "tiebreak": self.tiebreak,
            "movement": self.movement,
            "new": self.new,
            "returning": self.returning,
        }


def half_up(value: float, places: int) -> float:
    """``value`` rounded as the pages round it (Django's floatformat: the decimal written,
    halves away from zero), so the API and the page never differ: 2.125 is 2.13 in both."""
    exact = Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return float(exact)


def _day_end(day: dt.date) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day + dt.timedelta(days=1), dt.time.min))


def standings(
    *,
    league: League,
    season: Season | None = None,
    variant: str | None = None,
    as_of: dt.date | None = None,
    movement: bool = False,
) -> list[Row]:
    """The scope's table, best first: ranked players by μ − 3σ, then wins, then head to head
    among those still level; then the provisional ones (fewer games than the league's
    minimum); players with no game in the league's last N nights (its setting) are marked
    inactive and listed apart. ``as_of``: the table at the end of that day. ``movement``:
    each row's places gained since the previous game night. A fixed number of queries."""
    scope = scope_key(season=season, variant=variant)
    if as_of is None:
        lines = [
            _Line(
                s.player_id,
                s.player.name,
                s.games,
                s.wins,
                s.place_sum,
                s.score,
                s.mu,
                s.sigma,
                s.last_played,
            )
            for s in Standing.objects.filter(league=league, scope=scope).select_related("player")
        ]
    else:
        lines = _lines_as_of(league, scope, _day_end(as_of))
    rows = _rows(league, scope, lines, as_of)
    if movement:
        rows = _with_movement(league, scope, rows, as_of, season=season, variant=variant)
    return rows


@dataclass(frozen=True)
class _Line:
    player_id: int
    name: str
    games: int
    wins: int
    place_sum: int
    score: int
    mu: float
    sigma: float
    last: dt.datetime | None


def _lines_as_of(league: League, scope: str, end: dt.datetime) -> list[_Line]:
    """The scope's table as it stood at ``end``: one aggregate query over the places, and one
    for each player's rating after their last game before it."""
    games = scope_games(league=league, scope=scope).filter(played__lt=end)
    last = RatingSnapshot.objects.filter(
        league=league, scope=scope, player=OuterRef("pk"), played__lt=end
    ).order_by("-played", "-league_game_id")
    lines = list(
        Placing.objects.filter(league_game__in=games.values("pk"))
        .values("player_id", "player__name")
        .annotate(
            n=Count("pk"),
            won=Count("pk", filter=Q(place=1)),
            places=Sum("place"),
            total=Sum("score"),
            last=Max("league_game__played"),
        )
        .order_by()
    )
    # The ratings in a second query, a row per player: as annotations of the aggregate above
    # they would join its GROUP BY and run once per place instead of once per player.
    rated = {
        pk: (mu, sigma)
        for pk, mu, sigma in Player.objects.filter(
            pk__in=[line["player_id"] for line in lines] or [0]
        )
        .annotate(mu=Subquery(last.values("mu")[:1]), sigma=Subquery(last.values("sigma")[:1]))
        .values_list("pk", "mu", "sigma")
    }
    default = (MODEL.mu, MODEL.sigma)
    out = []
    for line in lines:
        mu, sigma = rated.get(line["player_id"], default)
        if mu is None:
            mu, sigma = default
        out.append(
            _Line(
                line["player_id"],
                line["player__name"],
                line["n"],
                line["won"],
                line["places"],
                line["total"],
                mu,
                sigma,
                line["last"],
            )
        )
    return out


def game_nights(
    *,
    league: League,
    until: dt.date | None = None,
    limit: int | None = None,
    season: Season | None = None,
    variant: str | None = None,
):
    """The game nights the table counts (days with a finished ranked game, of ``season`` and
    ``variant`` when given), newest first: tonight's games still in play, or only started,
    make no night of the table yet. One query.

    With ``limit`` (the standings' last two nights, the inactive nights), only the newest games
    are read, by the index on (league, played): ``NIGHT_GAMES`` per night asked for, which
    finds every night unless one had more games than that (then one more query per such
    night). A DISTINCT over each game's day read the whole league's games (and SQLite truncated
    each date in Python): 2,000 games took 24 ms for two nights."""
    games = LeagueGame.objects.filter(
        league=league, ranked=True, finished=True, removed=False
    ).filter(scope_filter(variant=variant, days=season.days if season is not None else None))
    if until is not None:
        games = games.filter(played__lt=_day_end(until))
    if limit is None:
        return [timezone.localdate(day) for day in games.datetimes("played", "day", order="DESC")]
    nights: list[dt.date] = []
    chunk = NIGHT_GAMES * limit
    while len(nights) < limit:
        played = list(games.order_by("-played").values_list("played", flat=True)[:chunk])
        for at in played:
            day = timezone.localdate(at)
            if not nights or day != nights[-1]:
                if len(nights) == limit:
                    break
                nights.append(day)
        if len(played) < chunk:
            break
        # A full chunk and nights still to find: read on from before the oldest night's start.
        games = games.filter(played__lt=_day_end(nights[-1] - dt.timedelta(days=1)))
    return nights


NIGHT_GAMES = 40  # games read per game night asked for (see game_nights)


def _rows(league: League, scope: str, lines: Sequence[_Line], as_of: dt.date | None) -> list[Row]:
    cutoff = None
    seated: set[int] = set()
    if league.inactive_nights:
        nights = game_nights(league=league, until=as_of, limit=league.inactive_nights)
        if len(nights) == league.inactive_nights:
            cutoff = nights[-1]
        seated = _seated_in_play(league, scope, cutoff, as_of)
    rows = []
    for s in lines:
        display = s.mu - 3 * s.sigma
        inactive = bool(cutoff and s.last and timezone.localdate(s.last) < cutoff)
        inactive = inactive and s.player_id not in seated
        rows.append(
            Row(
                rank=None,
                player=s.name,
                player_id=s.player_id,
                games=s.games,
                wins=s.wins,
                win_rate=s.wins / s.games if s.games else 0.0,
                avg_place=s.place_sum / s.games if s.games else 0.0,
                score=s.score,
                mu=s.mu,
                sigma=s.sigma,
                display=display,
                provisional=is_provisional(games=s.games),
                last_played=s.last,
                inactive=inactive,
                unranked=s.games < league.min_games,
            )
        )
    rows.sort(key=lambda r: (*_tie_key(r), r.player.casefold()))
    rows = _break_ties(league, scope, rows)
    ranked: list[Row] = []
    for i, row in enumerate(rows, start=1):
        listed_apart = row.unranked or row.inactive
        ranked.append(row if listed_apart else dataclasses.replace(row, rank=i))
    return ranked


def _seated_in_play(
    league: League, scope: str, since: dt.date | None, as_of: dt.date | None
) -> set[int]:
    """The players seated in a ranked game of the scope still in play (or only started),
    played from ``since`` to the end of ``as_of``: they attend that night though none of
    their games there is over yet. One query, also with no ``since`` (when nobody is
    inactive): the count never depends on the data."""
    games = LeagueGame.objects.filter(league=league, ranked=True, finished=False, removed=False)
    if since is not None:
        games = games.filter(played__gte=_day_end(since - dt.timedelta(days=1)))
    if as_of is not None:
        games = games.filter(played__lt=_day_end(as_of))
    games = _of_scope(games, scope)
    return {pk for seats in games.values_list("seats", flat=True) for pk in seats.values()}


def _of_scope(rows: QuerySet, scope: str, via: str = "") -> QuerySet:
    """``rows`` (league games, or rows reaching them through ``via``) of the scope's variant
    and season, the season read in the same query."""
    season_id, _, variant = scope.partition("|")
    days = None
    if season_id:
        season = Season.objects.filter(pk=int(season_id))
        days = (Subquery(season.values("starts")[:1]), Subquery(season.values("ends")[:1]))
    return rows.filter(scope_filter(variant=variant, days=days, via=via))


def _break_ties(league: League, scope: str, rows: list[Row]) -> list[Row]:
    """Rows level on the rating shown (one decimal, as the page shows it) go by wins, then by
    fewer games; rows level on all three by head to head (games placed above the other level
    players). One query, for all the level rows at
    once (also when none is level, so a page's queries never depend on its data)."""
    groups: list[list[Row]] = []
    for row in rows:
        if groups and _tie_key(groups[-1][0])[:3] == _tie_key(row)[:3]:  # level on rating
            groups[-1].append(row)
        else:
            groups.append([row])
    level = [r.player_id for g in groups if len(g) > 1 for r in g]
    ahead = _ahead_counts(league, scope, level or [0])
    out: list[Row] = []
    for group in groups:
        out.extend(_order_level(group, ahead) if len(group) > 1 else group)
    return out


def _tie_key(row: Row):
    """Best first: listed apart last, then the rating as shown, wins, fewer games."""
    return (row.inactive, row.unranked, -shown(row.display), -row.wins, row.games)


def _order_level(group: list[Row], ahead: dict[int, int]) -> list[Row]:
    """A group level on rating: by wins, then fewer games, then head to head among those level
    on both."""
    out: list[Row] = []
    by_wins: dict[tuple[int, int], list[Row]] = {}
    for row in group:
        by_wins.setdefault((-row.wins, row.games), []).append(row)
    for key in sorted(by_wins):
        level = by_wins[key]
        if len(level) > 1:
            level.sort(key=lambda r: (-ahead.get(r.player_id, 0), r.player.casefold()))
            scores = [ahead.get(r.player_id, 0) for r in level]
            level = [
                dataclasses.replace(r, tiebreak="head_to_head")
                if k + 1 < len(level) and scores[k] > scores[k + 1]
                else r
                for k, r in enumerate(level)
            ]
        out.extend(level)
    # A row above a row with fewer wins at the same rating won the tie on wins; above one with
    # as many wins and more games, on games.
    return [
        dataclasses.replace(r, tiebreak="wins")
        if r.tiebreak is None and k + 1 < len(out) and out[k + 1].wins < r.wins
        else dataclasses.replace(r, tiebreak="games")
        if r.tiebreak is None and k + 1 < len(out) and out[k + 1].games > r.games
        else r
        for k, r in enumerate(out)
    ]


def _ahead_counts(league: League, scope: str, players: list[int]) -> dict[int, int]:
    """For each of ``players``: how many times they placed above another of them, in the
    scope's games where both played. (Level players of different groups are counted together;
    only counts within one group are compared.)"""
    games = scope_games(league=league, scope=scope).values("pk")
    rows = (
        Placing.objects.filter(league_game__in=games, player_id__in=players)
        .order_by("league_game_id")
        .values_list("league_game_id", "player_id", "place")
    )
    by_game: dict[int, list[tuple[int, int]]] = {}
    for game, player, place in rows:
        by_game.setdefault(game, []).append((player, place))
    ahead: dict[int, int] = {}
    for seated in by_game.values():
        for player, place in seated:
            ahead[player] = ahead.get(player, 0) + sum(1 for _p, other in seated if place < other)
    return ahead


def _with_movement(
    league: League,
    scope: str,
    rows: list[Row],
    as_of: dt.date | None,
    *,
    season: Season | None = None,
    variant: str | None = None,
) -> list[Row]:
    """Each ranked row's places gained since the table of the scope's previous game night;
    a player with no game of the scope before it (a late joiner) is marked new, and one listed
    as inactive in it who is back (a returning player) is marked returning."""
    nights = game_nights(league=league, until=as_of, limit=2, season=season, variant=variant)
    # Without a previous night the same queries run on an empty table: a page's query count
    # never depends on how many nights the league has had.
    previous = nights[1] if len(nights) == 2 else dt.date(1900, 1, 1)
    before = _rows(league, scope, _lines_as_of(league, scope, _day_end(previous)), previous)
    if len(nights) < 2:
        return rows
    then = {r.player_id: r.rank for r in before if r.rank is not None}
    known = {r.player_id for r in before}  # a player absent from it joined on the latest night
    away = {r.player_id for r in before if r.inactive}  # listed apart as inactive then
    return [
        dataclasses.replace(row, movement=then[row.player_id] - row.rank)
        if row.rank is not None and row.player_id in then
        else dataclasses.replace(row, new=True)
        if row.player_id not in known
        else dataclasses.replace(row, returning=True)
        if row.player_id in away and not row.inactive
        else row
        for row in rows
    ]


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


def scope_league_games(
    *, league: League, scope: str = "|", removed: bool = True, until: dt.date | None = None
) -> QuerySet:
    """Every game of the league in ``scope``'s season and variant (ranked or friendly, in play
    or over; the removed ones too unless ``removed`` is False), newest first; ``until``: only
    those played on that day or before (a page as of that night)."""
    games = _of_scope(LeagueGame.objects.filter(league=league), scope)
    if not removed:
        games = games.filter(removed=False)
    if until is not None:
        games = games.filter(played__date__lte=until)
    return games.order_by("-played", "-pk")


GAMES_PAGE = 50  # games on one page of a league's games list (page and API)


def games_page(*, league: League, scope: str = "|", page: int = 1) -> dict[str, Any]:
    """One page (``GAMES_PAGE`` games, newest first) of every game of the league in ``scope``:
    ``{"page", "pages", "count", "games": recent_games' items, "next": page number or None,
    "previous"}``. A page past the last is the last page."""
    count = scope_league_games(league=league, scope=scope).count()
    pages = max(1, -(-count // GAMES_PAGE))
    page = min(max(1, page), pages)
    items = recent_games(
        league=league,
        limit=GAMES_PAGE,
        offset=(page - 1) * GAMES_PAGE,
        scope=scope,
        removed=True,
    )
    return {
        "page": page,
        "pages": pages,
        "count": count,
        "games": items,
        "next": page + 1 if page < pages else None,
        "previous": page - 1 if 1 < page <= pages else None,
    }


def recent_games(
    *,
    league: League,
    limit: int = 20,
    offset: int = 0,
    scope: str = "|",
    removed: bool = True,
    until: dt.date | None = None,
) -> list[dict[str, Any]]:
    """The latest games of ``scope``'s season and variant, newest first, with seats (by place
    once the game is over; each with the name at the table and the player's league name),
    places and each player's displayed rating just before and after the game (in ``scope``),
    with the place the ratings before it expected: five queries however many games.
    ``removed``: list the games taken out of the league too (marked); ``until``: only games
    played on that day or before."""
    seats = Prefetch("game__seats", queryset=Seat.objects.order_by("position"))
    placings = Prefetch("placings", queryset=Placing.objects.select_related("player"))
    links = list(
        scope_league_games(league=league, scope=scope, removed=removed, until=until)
        .select_related("game")
        .prefetch_related(seats, placings)[offset : offset + limit]
    )
    changes = rating_changes(league=league, scope=scope, games=[link.pk for link in links])
    # The league names of the players of games in play (a finished game's come with its
    # places): one query, also when there is none, so the count never depends on the data.
    playing = {pk for link in links if not link.finished for pk in link.seats.values()}
    names = dict(
        Player.objects.filter(league=league, pk__in=list(playing) or [0]).values_list("pk", "name")
    )
    items = []
    for link in links:
        places = {p.seat: p for p in link.placings.all()}
        seated = []
        for s in link.game.seats.all():
            placing = places.get(s.name)
            seated.append(
                {
                    "name": s.name,
                    "player_id": link.seats.get(s.name),
                    "player": placing.player.name
                    if placing
                    else names.get(link.seats.get(s.name), s.name),
                    "place": placing.place if placing else None,
                    "total": link.game.totals.get(s.name),
                    "rating": changes.get((link.pk, link.seats.get(s.name))),
                }
            )
        seated.sort(key=lambda seat: seat["place"] or len(seated) + 1)  # by place, when over
        items.append(
            {
                "link": link,
                "game": link.game,
                "played_on": played_on(link),
                "seats": seated,
                "rated": any(seat["rating"] for seat in seated),
            }
        )
    return items


@dataclass(frozen=True)
class Change:
    """A player's displayed rating (μ − 3σ) just before and just after one ranked game, and
    the place the ratings before it expected of them among that game's players (1 = first;
    level ratings share the better place)."""

    before: float
    after: float
    expected_place: int | None = None

    @property
    def delta(self) -> float:
        return shown_change(self.before, self.after)


def rating_changes(*, league: League, scope: str, games: Sequence[int]) -> dict[tuple, Change]:
    """{(league game id, player id): Change} for these games in ``scope``. One query, read in
    one ordered pass: the scope's snapshots up to the last of these games, oldest first, on
    the index (league, scope, played), each player's previous rating carried along in Python.
    Linear in the scope's history whatever the planner knows: a lookup of each snapshot's
    previous one by a correlated subquery read each player's history backwards per game on
    PostgreSQL before ANALYZE (2.8 s for one player page at 2,000 games), and a filter on
    the players of these games (a semi-join) let it choose a nested loop there too."""
    wanted = set(games)
    chosen = RatingSnapshot.objects.filter(
        league=league, scope=scope, league_game_id__in=wanted or {0}
    )  # one query also for no game: a page's count never depends on the data
    rows = (
        RatingSnapshot.objects.filter(
            league=league,
            scope=scope,
            played__lte=Subquery(chosen.order_by("-played").values("played")[:1]),
        )
        .order_by("played", "league_game_id")
        .values_list("league_game_id", "player_id", "mu", "sigma")
    )
    last: dict[int, float] = {}  # player -> displayed rating after their latest game so far
    out = {}
    by_game: dict[int, list[float]] = {}
    for game, player, mu, sigma in rows:
        after = mu - 3 * sigma
        if game in wanted:
            before = last.get(player, START)
            out[(game, player)] = Change(before, after)
            by_game.setdefault(game, []).append(before)
        last[player] = after
    return {
        key: dataclasses.replace(
            change,
            expected_place=1 + sum(1 for other in by_game[key[0]] if other > change.before),
        )
        for key, change in out.items()
    }


def nights_of(items: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Games (newest first, as :func:`recent_games` gives them) grouped by game night, with
    who attended each night."""
    nights: list[dict[str, Any]] = []
    for item in items:
        if not nights or nights[-1]["day"] != item["played_on"]:
            nights.append({"day": item["played_on"], "games": [], "players": []})
        night = nights[-1]
        night["games"].append(item)
        for seat in item["seats"]:
            if seat["player"] not in night["players"]:
                night["players"].append(seat["player"])
    for night in nights:
        night["players"].sort(key=str.casefold)
    return nights


def league_players(*, league: League) -> list[Player]:
    return list(Player.objects.filter(league=league).order_by("key"))


def merged_into(*, league: League, player_id: Any) -> int | None:
    """The id of the player that ``player_id`` was merged into (a 301 leads there), or None."""
    try:
        pk = int(player_id)
    except (TypeError, ValueError):
        return None
    if not 1 <= pk <= MAX_ID:
        return None
    found = MergedPlayer.objects.filter(league=league, old_id=pk).values_list("player_id")[:1]
    return next((row[0] for row in found), None)


def player_get(*, league: League, player_id: Any) -> Player:
    try:
        pk = int(player_id)
    except (TypeError, ValueError):
        raise Player.DoesNotExist(f"no player {player_id!r}") from None
    if not 1 <= pk <= MAX_ID:
        raise Player.DoesNotExist(f"no player {player_id!r}")
    return Player.objects.get(league=league, pk=pk)


def player_record(*, league: League, player: Player, scope: str = "|") -> dict[str, Any]:
    """A player's page: rating history in ``scope`` (each game's rating before → after),
    results by variant in the scope's season (or every season), last games of the scope,
    head to head (lifetime). Five queries, however many games."""
    place = Placing.objects.filter(league_game=OuterRef("league_game_id"), player=player)
    history = []
    before = START
    for played, mu, sigma, game_id, place_at, game_pk in (
        RatingSnapshot.objects.filter(league=league, scope=scope, player=player)
        .order_by("played", "league_game_id")
        .annotate(place=Subquery(place.values("place")[:1]))
        .values_list(
            "played", "mu", "sigma", "league_game__game__public_id", "place", "league_game_id"
        )
    ):
        after = mu - 3 * sigma
        history.append(
            {
                "game_id": game_id,
                "game_pk": game_pk,
                "played": played,
                "played_on": timezone.localdate(played),
                "place": place_at,
                "mu": mu,
                "sigma": sigma,
                "before": before,
                "after": after,
                "delta": shown_change(before, after),
            }
        )
        before = after
    _explain(league, scope, player, history)
    season_part = scope.partition("|")[0] + "|"  # the scope's season (or none): its variants
    by_variant = [
        s
        for s in Standing.objects.filter(
            league=league, player=player, scope__startswith=season_part
        )
        if s.scope != season_part
    ]
    counted = Placing.objects.filter(
        player=player,
        league_game__ranked=True,
        league_game__finished=True,
        league_game__removed=False,
    )
    form = list(
        _of_scope(counted, scope, "league_game__")
        .select_related("league_game__game")
        .order_by("-league_game__played", "-league_game_id")[:FORM_GAMES]
    )
    return {
        "history": history,
        "by_variant": sorted(by_variant, key=lambda s: -s.games),
        "form": form,
        "head_to_head": _head_to_head(player, counted),
    }


def _explain(league: League, scope: str, player: Player, history: list[dict]) -> None:
    """Each history item's opponents (league names, by place) and the place the ratings
    before the game expected of the player: two queries."""
    games = {item["game_pk"] for item in history}
    changes = rating_changes(league=league, scope=scope, games=list(games))
    others: dict[int, list[dict]] = {}
    for game, name, pid, place in (
        Placing.objects.filter(league_game_id__in=list(games) or [0])
        .exclude(player=player)
        .order_by("place", "pk")
        .values_list("league_game_id", "player__name", "player_id", "place")
    ):
        others.setdefault(game, []).append({"player": name, "player_id": pid, "place": place})
    for item in history:
        change = changes.get((item["game_pk"], player.pk))
        item["expected_place"] = change.expected_place if change else None
        item["opponents"] = others.get(item["game_pk"], [])


def player_hand_stats(
    *,
    league: League,
    player: Player,
    season: Season | None = None,
    variant: str | None = None,
) -> dict[str, Any]:
    """What only the table can tell of a player, from every stored hand of the league's games
    they sat in (ranked or friendly; a game still in play counts the hands played so far),
    per variant: the counts each family tallies (:meth:`Family.tally`: hands, won, went out,
    points left when not winning, undercuts, ù, móm, chips) with the rates and averages they
    give, over the games of ``season`` (its days) and ``variant`` when given. ``in_progress``:
    how many of those games are still in play. And, lifetime whatever the scope, the chips
    that went between the player and each opponent in chip games (``chips``, with
    ``chips_in_progress`` games still in play among them).

    Two queries however many games or hands: the player's tallies (a row per game, kept by
    the services: :mod:`scorekeeper.leagues.tallies`) summed per variant, then (for a player
    of chip games) the chips summed per opponent."""
    scope = Q(tallied=True, league_game__removed=False) & scope_filter(
        variant=variant, days=season.days if season else None, via="league_game__"
    )
    playing = Q(league_game__finished=False)
    sums = {
        key: Sum(Cast(KT(f"counts__{key}"), IntegerField()), filter=scope) for key in TALLY_KEYS
    }
    lines = (
        HandTally.objects.filter(
            player=player, league_game__league=league, league_game__removed=False
        )
        .values("league_game__variant")
        .annotate(
            _games=Count("pk", filter=scope),
            _in_play=Count("pk", filter=scope & playing),
            _chip_games=Count("pk", filter=Q(chip_game=True)),
            _chips_in_play=Count("pk", filter=playing & Q(chip_game=True)),
            **sums,
        )
        .order_by()
    )
    by_variant = []
    in_progress = chips_in_progress = chip_games = 0
    for line in lines:
        chip_games += line["_chip_games"]
        in_progress += line["_in_play"]
        chips_in_progress += line["_chips_in_play"]
        if not line["_games"]:
            continue
        slug = line["league_game__variant"]
        tallies = family_of(slug).tallies
        item: dict[str, Any] = {"variant": slug}
        item.update({key: line.get(key) or 0 for key in tallies if key != "left"})
        hands = line.get("hands") or 0
        if "went_out" in tallies:
            item["going_out_rate"] = (line.get("went_out") or 0) / hands if hands else 0.0
        if "left" in tallies:
            left_hands = line.get("left_hands") or 0
            item["avg_left"] = (line.get("left") or 0) / left_hands if left_hands else None
        by_variant.append(item)
    by_variant.sort(key=lambda item: (-item["hands"], item["variant"]))
    owed = (
        ChipTally.objects.filter(player=player, opponent__league=league, league_game__removed=False)
        .exclude(opponent=player)
        .values("opponent_id", "opponent__name")
        .annotate(won=Sum("won"), lost=Sum("lost"))
        .order_by()
        if chip_games  # no chip game, no query
        else []
    )
    chips = [
        {
            "player_id": line["opponent_id"],
            "player": line["opponent__name"],
            "won": line["won"],
            "lost": line["lost"],
            "net": line["won"] - line["lost"],
        }
        for line in owed
    ]
    chips.sort(key=lambda line: (-abs(line["net"]), line["player"].casefold()))
    return {
        "by_variant": by_variant,
        "in_progress": in_progress,
        "chips": chips,
        "chips_in_progress": chips_in_progress,
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
    ratings: tuple = ()  # (league name, Change) by place, for a finished ranked game


def games_with_league(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` with each game's league read in the same query, for :func:`game_league`."""
    return games.select_related("league_link__league")


def game_league(*, game: Game) -> GameLeague | None:
    """The league ``game`` was played in, or None, with each player's rating before → after
    when the game counted, in place order. No query for a game read through
    :func:`games_with_league` (one otherwise), and two more for a finished ranked game's
    rating changes and places."""
    try:
        link = game.league_link
    except LeagueGame.DoesNotExist:
        return None
    league = link.league
    ratings: tuple = ()
    if link.ranked and link.finished:
        changes = rating_changes(league=league, scope="|", games=[link.pk])
        # In place order, each player by their league name (after a rename or a merge), as
        # the league page's game nights list them.
        placings = Placing.objects.filter(league_game=link).select_related("player")
        ratings = tuple(
            (p.player.name, changes[(link.pk, p.player_id)])
            for p in placings.order_by("place", "pk")
            if (link.pk, p.player_id) in changes
        )
    return GameLeague(
        name=league.name, url=reverse("league", args=[league.public_id]), ratings=ratings
    )
