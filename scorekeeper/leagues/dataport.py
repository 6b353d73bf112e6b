"""The leagues section of an export: each league with its settings, seasons, players (as named
now, so renames are kept) and league games (a link to an exported game, ranked or friendly,
when it was played, and which league player sat in each seat).

Only what people entered is exported. What a league derives from its games (each finished
game's places, the rating snapshots, the tables) is rebuilt on import through
:mod:`scorekeeper.leagues.services`, from the imported games' stored hands, exactly as it is
kept in step when hands are written. Leagues keep their public ids and organiser-token hashes,
so public and organiser links keep working; league games' own tokens come with the games.

The section is loaded after the games section: a league game names a game by its public id,
and that game must be in the same import (or already here) and in no other league.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Prefetch
from django.utils.dateparse import parse_date, parse_datetime

from scorekeeper.dataport import ImportRefused, Section
from scorekeeper.games.models import Game
from scorekeeper.i18n import render_message
from scorekeeper.rules import RulesError

from .models import League, LeagueGame, Player, Season
from .selectors import PUBLIC_ID
from .services import (
    ASIDE,
    MAX_NAME,
    _inactive,
    _key,
    _min_games,
    _text,
    _variants,
    deferred,
    sync_game,
)


def export_leagues() -> list[dict[str, Any]]:
    seasons = Prefetch("seasons", queryset=Season.objects.order_by("starts", "pk"))
    players = Prefetch("players", queryset=Player.objects.order_by("pk"))
    games = Prefetch(
        "games", queryset=LeagueGame.objects.select_related("game").order_by("played", "pk")
    )
    leagues = (
        League.objects.exclude(token_hash__startswith=ASIDE)  # an import's work in progress
        .order_by("pk")
        .prefetch_related(seasons, players, games)
    )
    return [_league(league) for league in leagues.iterator(chunk_size=100)]


def _league(league: League) -> dict[str, Any]:
    return {
        "id": league.public_id,
        "name": league.name,
        "description": league.description,
        "variants": list(league.variants),
        "min_games": league.min_games,
        "inactive_nights": league.inactive_nights,
        "confirm_hands": league.confirm_hands,
        "token_hash": league.token_hash,
        "created": league.created.isoformat(),
        "updated": league.updated.isoformat(),
        "seasons": [
            {"name": s.name, "starts": s.starts.isoformat(), "ends": s.ends.isoformat()}
            for s in league.seasons.all()
        ],
        # "id" only ties seats to players inside this document; a new one is given on import.
        "players": [{"id": p.pk, "name": p.name} for p in league.players.all()],
        "games": [
            {
                "game": link.game.public_id,
                "ranked": link.ranked,
                "accepted": link.accepted,
                "removed": link.removed,
                "played": link.played.isoformat(),
                "seats": dict(link.seats),  # {name at the table: player id above}
            }
            for link in league.games.all()
        ],
    }


# -- import ---------------------------------------------------------------------------------


def load_leagues(items: list[dict[str, Any]]) -> dict[str, int]:
    counts = {"leagues": 0, "seasons": 0, "players": 0, "league games": 0}
    seen: set[str] = set()
    linked: set[str] = set()
    for index, item in enumerate(items):
        where = f"leagues[{index}]"
        if not isinstance(item, dict):
            raise ImportRefused(where, "expected an object")
        league_id = item.get("id")
        if not isinstance(league_id, str) or not PUBLIC_ID.fullmatch(league_id):
            raise ImportRefused(f"{where}.id", f"{league_id!r} is not a valid league id")
        if league_id in seen:
            raise ImportRefused(f"{where}.id", f"league {league_id} is in this file twice")
        seen.add(league_id)
        if League.objects.filter(public_id=league_id).exists():
            raise ImportRefused(f"{where}.id", f"league {league_id} already exists here")
        seasons, players, games = _load_league(item, where, linked)
        counts["leagues"] += 1
        counts["seasons"] += seasons
        counts["players"] += players
        counts["league games"] += games
    return counts


def _checked(where: str, check, *args, **kwargs):
    """Run one of the services' own checks; its error names the field, as the pages do."""
    try:
        return check(*args, **kwargs)
    except RulesError as err:
        field = err.field or ""
        raise ImportRefused(
            f"{where}.{field}" if field else where, render_message(err.message)
        ) from None


def _load_league(item: dict[str, Any], where: str, linked: set[str]) -> tuple[int, int, int]:
    token_hash = item.get("token_hash")
    if not isinstance(token_hash, str) or len(token_hash) != 64:
        raise ImportRefused(f"{where}.token_hash", "expected a sha256 hex digest")
    variants = item.get("variants", [])
    if not isinstance(variants, list):
        raise ImportRefused(f"{where}.variants", "expected a list of variants")
    league = League.objects.create(
        public_id=item["id"],
        name=_checked(where, _text, item.get("name"), "name", limit=80),
        description=_checked(
            where, _text, item.get("description") or "", "description", limit=2000, required=False
        ),
        variants=_checked(where, _variants, variants),
        min_games=_checked(where, _min_games, item.get("min_games", 3)),
        inactive_nights=_checked(where, _inactive, item.get("inactive_nights", 0)),
        confirm_hands=_flag(item, "confirm_hands", where),
        token_hash=token_hash,
    )
    times = {f: _time(item[f], f"{where}.{f}") for f in ("created", "updated") if item.get(f)}
    if times:  # keep the exported times (auto_now fields would say "now")
        League.objects.filter(pk=league.pk).update(**times)

    seasons = _list(item, "seasons", where)
    for i, data in enumerate(seasons):
        at = f"{where}.seasons[{i}]"
        starts, ends = (
            _date(data.get("starts"), f"{at}.starts"),
            _date(data.get("ends"), f"{at}.ends"),
        )
        if ends < starts:
            raise ImportRefused(f"{at}.ends", "a season cannot end before it starts")
        name = _checked(at, _text, data.get("name"), "name", limit=60)
        Season.objects.create(league=league, name=name, starts=starts, ends=ends)

    players: dict[int, Player] = {}
    keys: dict[str, str] = {}
    for i, data in enumerate(_list(item, "players", where)):
        at = f"{where}.players[{i}]"
        ref = data.get("id")
        if not isinstance(ref, int) or isinstance(ref, bool) or ref in players:
            raise ImportRefused(f"{at}.id", "expected a whole number, once per player")
        name = _checked(at, _text, data.get("name"), "name", limit=MAX_NAME)
        if _key(name) in keys:
            raise ImportRefused(
                f"{at}.name", f"{name} and {keys[_key(name)]} are one player (names ignore case)"
            )
        keys[_key(name)] = name
        players[ref] = Player.objects.create(league=league, name=name, key=_key(name))

    links = _list(item, "games", where)
    wanted = [data.get("game") for data in links]
    games = {
        g.public_id: g
        for g in Game.objects.filter(public_id__in=[w for w in wanted if isinstance(w, str)])
        .select_related("league_link")
        .prefetch_related("seats")
    }
    created: list[LeagueGame] = []
    for i, data in enumerate(links):
        at = f"{where}.games[{i}]"
        game = games.get(data.get("game")) if isinstance(data.get("game"), str) else None
        if game is None:
            raise ImportRefused(f"{at}.game", f"{data.get('game')!r} is not a game of this import")
        if game.public_id in linked or hasattr(game, "league_link"):
            raise ImportRefused(f"{at}.game", f"game {game.public_id} is already in a league")
        linked.add(game.public_id)
        ranked = data.get("ranked", True)
        if not isinstance(ranked, bool):
            raise ImportRefused(f"{at}.ranked", "expected true or false")
        seats = data.get("seats")
        names = [seat.name for seat in game.seats.all()]
        if not isinstance(seats, dict) or sorted(seats) != sorted(names):
            raise ImportRefused(
                f"{at}.seats", f"expected each of the game's players once: {', '.join(names)}"
            )
        mapping: dict[str, int] = {}
        for name in names:
            ref = seats[name]
            if isinstance(ref, bool) or ref not in players:
                raise ImportRefused(
                    f"{at}.seats.{name}", f"{ref!r} is not one of the league's players"
                )
            if players[ref].pk in mapping.values():
                raise ImportRefused(f"{at}.seats.{name}", "one player cannot sit twice at a table")
            mapping[name] = players[ref].pk
        created.append(
            LeagueGame.objects.create(
                league=league,
                game=game,
                ranked=ranked,
                accepted=_flag(data, "accepted", at),
                removed=_flag(data, "removed", at),
                played=_time(data.get("played"), f"{at}.played"),
                variant=game.variant,
                finished=False,
                seats=mapping,
            )
        )
    # Places, ratings and tables: derived from the games as every hand write derives them, each
    # scope rebuilt once when the block ends.
    with deferred():
        for link in created:
            sync_game(game=link.game)
    return len(seasons), len(players), len(created)


def _flag(item: dict[str, Any], key: str, where: str) -> bool:
    """A true/false setting (exports from before it was kept say nothing: false)."""
    value = item.get(key, False)
    if not isinstance(value, bool):
        raise ImportRefused(f"{where}.{key}", "expected true or false")
    return value


def _list(item: dict[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    value = item.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ImportRefused(f"{where}.{key}", "expected a list of objects")
    return value


def _time(value: Any, where: str) -> dt.datetime:
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:  # well formed, but no such day or hour
        parsed = None
    if parsed is None or parsed.tzinfo is None:
        raise ImportRefused(where, f"{value!r} is not a date and time with its time zone")
    return parsed


def _date(value: Any, where: str) -> dt.date:
    try:
        parsed = parse_date(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise ImportRefused(where, f"{value!r} is not a date (YYYY-MM-DD)")
    return parsed


SECTION = Section(name="leagues", export=export_leagues, load=load_leagues)
