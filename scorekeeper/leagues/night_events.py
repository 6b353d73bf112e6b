"""A club night's live stream: ``GET /api/v1/leagues/{id}/nights/{night_id}/events``.

The game events' machinery (:mod:`scorekeeper.games.events`) serves it: one hub per process,
Redis pub/sub between servers, the database's versions as the truth. A night's stream key is
``night:<league id>:<night id>``; its version is the night's own version (a draw, a swap, an
approval, a call) plus the versions of every game of its tables, so it grows with any change
of any table, and a hub that missed a message finds the change by reading it again.
"""

from __future__ import annotations

import re

from django.db.models import Count, Max, Sum

from scorekeeper.games import events

from .models import Night, NightTable

KIND = "night"
EVENTS_PATH = re.compile(
    r"^/api/v1/leagues/(?P<league>[A-Za-z0-9_-]{1,16})/nights/(?P<night>[0-9]{1,12})/events/?$"
)


def key(*, league_id: str, night_id: int) -> str:
    return f"{KIND}:{league_id}:{night_id}"


def read_nights(keys: list[str]) -> dict[str, dict]:
    """The stream payload of each night key: one query for all of them."""
    wanted: dict[int, str] = {}
    for item in keys:
        _kind, league, night = item.split(":", 2)
        if night.isdigit():
            wanted[int(night)] = league
    rows = (
        Night.objects.filter(pk__in=list(wanted))
        .annotate(
            games=Sum("round_set__tables__league_game__game__version"),
            hands=Sum("round_set__tables__league_game__game__hand_count"),
            tables=Count("round_set__tables"),
            latest=Max("round_set__number"),
        )
        .values_list("pk", "league__public_id", "version", "games", "hands", "tables", "latest")
    )
    states = {}
    for pk, league, version, games, hands, tables, latest in rows:
        if wanted.get(pk) != league:
            continue  # another league's night: not found
        states[key(league_id=league, night_id=pk)] = {
            "version": version + (games or 0),
            "night": pk,
            "round": latest or 0,
            "tables": tables,
            "hands": hands or 0,
        }
    return states


def announce(*, night_id: int) -> None:
    """Tell every hub that the night changed (after the change committed)."""
    found = Night.objects.filter(pk=night_id).values_list("league__public_id", flat=True).first()
    if found is None:
        return
    name = key(league_id=found, night_id=night_id)
    state = read_nights([name]).get(name)
    if state is not None:
        events.publish(name, state["version"])


def on_game_changed(sender, *, game_id: int, **kwargs) -> None:
    """A game changed: if it is a table of a night, so did the night (one indexed lookup)."""
    night = (
        NightTable.objects.filter(league_game__game_id=game_id)
        .values_list("round__night_id", flat=True)
        .first()
    )
    if night is not None:
        announce(night_id=night)


async def stream(scope: dict, receive, send, match: re.Match) -> None:
    """The night's Server-Sent Events, as a game's (``id: <version>``, ``event: state``)."""
    await events.stream(
        scope, receive, send, key(league_id=match["league"], night_id=int(match["night"]))
    )
