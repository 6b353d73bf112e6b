"""Club nights: the reads. The night's document (API and pages alike), each table's state and
the night's standings, in a bounded number of queries whatever the night holds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.games.models import Hand, SeatClaim
from scorekeeper.rules.nights import NightLine, night_order, table_points

from .models import LeagueGame, Night, NightRound, NightTable, Placing, Player
from .selectors import rating_changes, standings

STATES = ("waiting", "playing", "finished", "unconfirmed", "disputed", "call")


def table_states(
    links: Sequence[LeagueGame], calls: dict[int, bool] | None = None
) -> dict[int, str]:
    """{league game id: state} (API.md: ``waiting``, ``playing``, ``finished``,
    ``unconfirmed``, ``disputed``, ``call``). Two queries for all of them."""
    ids = [link.game_id for link in links]
    claimed: dict[int, set[str]] = {}
    for game_id, name in SeatClaim.objects.filter(seat__game_id__in=ids).values_list(
        "seat__game_id", "seat__name"
    ):
        claimed.setdefault(game_id, set()).add(name)
    disputed: set[int] = set()
    unconfirmed: set[int] = set()
    for game_id, checks in Hand.objects.filter(
        game_id__in=ids, deleted_at__isnull=True
    ).values_list("game_id", "checks"):
        said = checks or {}
        if any(v.get("disputed") for v in said.values()):
            disputed.add(game_id)
        if any(said.get(name, {}).get("disputed", True) for name in claimed.get(game_id, ())):
            unconfirmed.add(game_id)
    states = {}
    for link in links:
        game = link.game
        if calls and calls.get(link.pk):
            state = "call"
        elif link.game_id in disputed:
            state = "disputed"
        elif link.finished:
            state = "finished"
        elif game.over:
            state = "unconfirmed"
        elif game.hand_count:
            state = "playing"
        else:
            state = "waiting"
        states[link.pk] = state
    return states


def night_get(*, league, night_id: Any) -> Night:
    """The league's night ``night_id`` (Night.DoesNotExist otherwise, also for a bad id)."""
    try:
        pk = int(night_id)
    except (TypeError, ValueError):
        raise Night.DoesNotExist from None
    if not 1 <= pk <= 2**62:  # past what a database key holds: no such night, never a 500
        raise Night.DoesNotExist
    return Night.objects.select_related("league").get(league=league, pk=pk)


def nights_of_league(*, league) -> list[Night]:
    return list(Night.objects.filter(league=league).order_by("-played_on", "-pk")[:50])


@dataclass(frozen=True)
class TableView:
    table: NightTable
    game: Any
    players: list[dict[str, Any]]
    state: str


@dataclass(frozen=True)
class RoundView:
    round: NightRound
    tables: list[TableView]

    @property
    def started(self) -> bool:
        return any(t.game.hand_count for t in self.tables)


def night_rounds(night: Night) -> list[RoundView]:
    """Every round of the night with its tables, players and states: four queries."""
    rounds = list(
        NightRound.objects.filter(night=night)
        .prefetch_related("tables__league_game__game")
        .order_by("number")
    )
    tables = [t for r in rounds for t in r.tables.all()]
    names = _names(night, [pk for t in tables for pk in t.players] + list(night.players))
    states = table_states(
        [t.league_game for t in tables], calls={t.league_game_id: t.called is not None for t in tables}
    )
    return [
        RoundView(
            r,
            [
                TableView(
                    t,
                    t.league_game.game,
                    [{"id": pk, "name": names.get(pk, "?")} for pk in t.players],
                    states[t.league_game_id],
                )
                for t in r.tables.all()
            ],
        )
        for r in rounds
    ]


def _names(night: Night, ids: Sequence[int]) -> dict[int, str]:
    return dict(
        Player.objects.filter(league_id=night.league_id, pk__in=set(ids)).values_list("pk", "name")
    )


def night_standings(night: Night, rounds: Sequence[RoundView] | None = None) -> list[NightLine]:
    """The night's standings (API.md's Decision): +1 for each player beaten and −1 for each
    player ahead at every counted table of the night, then the sum of the night's rating
    changes, then the name. ``played``: tables counted. Everyone present is listed."""
    rounds = night_rounds(night) if rounds is None else rounds
    counted = [t.table.league_game for r in rounds for t in r.tables if t.table.league_game.finished]
    places: dict[int, dict[int, int]] = {}
    for game, player, place in Placing.objects.filter(
        league_game__in=[link.pk for link in counted]
    ).values_list("league_game_id", "player_id", "place"):
        places.setdefault(game, {})[player] = place
    changes = rating_changes(
        league=night.league, scope="|", games=[link.pk for link in counted]
    )
    totals: dict[int, list] = {}
    for game, table in places.items():
        for player, points in table_points(table).items():
            line = totals.setdefault(player, [0, 0.0, 0])
            line[0] += points
            change = changes.get((game, player))
            if change is not None:
                line[1] += change.after - change.before
            line[2] += 1
    everyone = list(dict.fromkeys([*night.players, *totals]))
    names = _names(night, everyone)
    return night_order(
        [
            NightLine(pk, names.get(pk, "?"), *totals.get(pk, (0, 0.0, 0)))
            for pk in everyone
            if pk in names
        ]
    )


def seating_order(night: Night) -> list[int]:
    """The players present, best first, for a ``standings`` draw: by the night's standings
    so far, or (nothing counted yet) by league rating before the night, then name."""
    lines = night_standings(night)
    present = set(night.players)
    if any(line.played for line in lines):
        return [line.player for line in lines if line.player in present]
    rating = {row.player_id: row.display for row in standings(league=night.league)}
    names = _names(night, night.players)
    return sorted(
        night.players, key=lambda pk: (-rating.get(pk, float("-inf")), names.get(pk, "").casefold())
    )


def current_round(rounds: Sequence[RoundView]) -> RoundView | None:
    return rounds[-1] if rounds else None


def standings_hidden(night: Night, rounds: Sequence[RoundView]) -> bool:
    """During the last ``hide_last_rounds`` rounds the room does not see the standings."""
    if not night.hide_last_rounds or not rounds:
        return False
    return rounds[-1].round.number > night.rounds - night.hide_last_rounds


def night_document(
    night: Night, *, organiser: bool, url=lambda path: path, rounds=None
) -> dict[str, Any]:
    """The night as API.md gives it (and the pages read it): its rounds, tables and
    standings; each table's join code, keeper link and game token for the organiser only.
    ``url`` makes a path absolute."""
    from django.urls import reverse

    from .services import game_token_for

    rounds = night_rounds(night) if rounds is None else rounds
    names = _names(night, night.players)
    out_rounds = []
    for view in rounds:
        tables = []
        for t in view.tables:
            game = t.game
            row = {
                "table": t.table.number,
                "game_id": game.public_id,
                "url": url(reverse("game", args=[game.public_id])),
                "players": t.players,
                "dealer": game.dealer,
                "state": t.state,
                "hands": game.hand_count,
                "over": game.over,
                "last_change": game.updated,
                "call": (
                    {"reason": t.table.call, "at": t.table.called}
                    if t.table.called is not None
                    else None
                ),
            }
            if organiser:
                token = game_token_for(league=night.league, game=game)
                join = url(reverse("game_join", args=[game.public_id]))
                row.update(join_code=game.code, keeper_url=f"{join}#{token}", token=token)
            tables.append(row)
        out_rounds.append(
            {
                "number": view.round.number,
                "approved": view.round.approved is not None,
                "approved_at": view.round.approved,
                "forced": view.round.forced,
                "seed": view.round.seed,
                "repeat_cost": view.round.cost,
                "tables": tables,
            }
        )
    return {
        "id": night.pk,
        "league": night.league.public_id,
        "played_on": night.played_on,
        "variant": night.variant,
        "options": night.options,
        "players": [{"id": pk, "name": names[pk]} for pk in night.players if pk in names],
        "rounds_planned": night.rounds,
        "seating": night.seating,
        "hide_last_rounds": night.hide_last_rounds,
        "version": night.version + sum(t.game.version for r in rounds for t in r.tables),
        "rounds": out_rounds,
        "standings": [
            {
                "player_id": line.player,
                "player": line.name,
                "points": line.points,
                "rating_change": round(line.rating_change, 3),
                "played": line.played,
            }
            for line in night_standings(night, rounds)
        ],
    }


def games_with_night(games):
    """``games`` with each game's club night table read in the same query (the game page)."""
    return games.select_related("league_link__night_table__round__night__league")


def game_night(*, game) -> dict[str, Any] | None:
    """The club night table ``game`` is, for its page: the night, round and table, and the
    call the table made (None for any other game). No query for a game read through
    :func:`games_with_night`."""
    try:
        table = game.league_link.night_table
    except (LeagueGame.DoesNotExist, NightTable.DoesNotExist):
        return None
    night = table.round.night
    return {
        "table": table.number,
        "round": table.round.number,
        "rounds": night.rounds,
        "approved": table.round.approved is not None,
        "night": night,
        "league": night.league,
        "called": table.called,
        "call": table.call,
    }
