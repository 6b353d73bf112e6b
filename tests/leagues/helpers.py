"""Small leagues for the tests: one-hand German Rummy games, whose places are easy to see."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from scorekeeper.leagues.models import League, LeagueGame
from scorekeeper.leagues.services import league_create, league_game_create
from tests.writes import hand_record

QUICK = "german-rummy"  # penalty points: lowest first
ONE_HAND = {"hands": 1}


def new_league(**kwargs) -> tuple[League, str]:
    return league_create(name=kwargs.pop("name", "Thursday club"), **kwargs)


def penalties(out: str, **held: int) -> dict:
    """A German Rummy hand: ``out`` went out, the others hold these penalty points."""
    return {"out": out, "hands": {name: {"points": points} for name, points in held.items()}}


def when(day: int, month: int = 3, year: int = 2026) -> dt.datetime:
    return timezone.make_aware(dt.datetime(year, month, day, 20, 0))


def play(
    league: League,
    token: str,
    players: list[str],
    entry: dict | None,
    *,
    played: dt.datetime | None = None,
    ranked: bool = True,
    variant: str = QUICK,
    options: dict | None = None,
) -> tuple[LeagueGame, str]:
    """A league game; with ``entry``, its one hand is recorded (and the game is over)."""
    link, game_token = league_game_create(
        league=league,
        token=token,
        variant=variant,
        options=ONE_HAND if options is None else options,
        players=players,
        dealer=None,
        ranked=ranked,
        played=played,
    )
    if entry is not None:
        hand_record(game=link.game, entry=entry)
    link.refresh_from_db()
    return link, game_token
