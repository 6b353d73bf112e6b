"""What this browser may do with a league, kept in its session like games' edit tokens.

A browser that created a league, or opened its organiser link, keeps the organiser token; every
league it created or opened is remembered for "My leagues".
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import timezone

from .models import League
from .services import token_valid

LEAGUES = "leagues"  # {public_id: {"token": str | None, "seen": iso time}}
LIMIT = 30


def _leagues(request: HttpRequest) -> dict[str, dict[str, Any]]:
    return request.session.get(LEAGUES, {})


def organiser_token(request: HttpRequest, league: League) -> str | None:
    """The organiser token this browser holds for ``league``, if it is still valid."""
    token = _leagues(request).get(league.public_id, {}).get("token")
    if token and token_valid(league=league, token=token):
        return token
    return None


def remember_league(request: HttpRequest, league: League, *, token: str | None = None) -> None:
    leagues = dict(_leagues(request))
    known = leagues.get(league.public_id)
    if known is not None and (token is None or known.get("token") == token):
        return
    entry = dict(known or {})
    if token is not None:
        entry["token"] = token
    entry.setdefault("token", None)
    entry["seen"] = timezone.now().isoformat()
    leagues[league.public_id] = entry
    if len(leagues) > LIMIT:
        oldest = sorted(leagues, key=lambda key: leagues[key].get("seen", ""))
        for key in oldest[: len(leagues) - LIMIT]:
            leagues.pop(key)
    request.session[LEAGUES] = leagues


def my_league_ids(request: HttpRequest) -> list[str]:
    leagues = _leagues(request)
    return sorted(leagues, key=lambda key: leagues[key].get("seen", ""), reverse=True)
