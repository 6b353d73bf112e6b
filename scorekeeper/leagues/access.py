"""What this browser may do with a league, kept in its session as games keep theirs.

A browser that created a league, or opened its organiser link, may manage it. Its session keeps
a *grant* for that league, never the organiser token: an HMAC of the league's id and token hash
under the server's secret key, so a reader of the session store can neither learn the token nor
forge a grant for another league, and a grant dies with the token. Every league the browser
created or opened is remembered for "My leagues".
"""

from __future__ import annotations

import hmac
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac

from scorekeeper.games.models import Game

from .models import League, LeagueGame
from .services import OrganiserGrant, league_game_edit_token, token_valid

LEAGUES = "leagues"  # {public_id: {"grant": str | None, "seen": iso time}}
LIMIT = 30


def _leagues(request: HttpRequest) -> dict[str, dict[str, Any]]:
    return request.session.get(LEAGUES, {})


def grant_for(league: League) -> str:
    value = f"{league.public_id}:{league.token_hash}"
    return salted_hmac("rummy-table.league-grant", value, algorithm="sha256").hexdigest()


def organiser(request: HttpRequest, league: League) -> OrganiserGrant | None:
    """This browser's right to manage ``league`` (what the services take in place of the
    token), or None. A session from before grants trades its stored token for a grant."""
    entry = _leagues(request).get(league.public_id, {})
    grant = entry.get("grant")
    if grant and hmac.compare_digest(str(grant), grant_for(league)):
        return OrganiserGrant(league)
    token = entry.get("token")
    if token and token_valid(league=league, token=token):
        remember_league(request, league, token=token)
        return OrganiserGrant(league)
    return None


def remember_league(request: HttpRequest, league: League, *, token: str | None = None) -> None:
    """Add ``league`` to this browser's leagues; with a valid ``token`` (the organiser token or
    its link's secret), with the right to manage it. Only the grant is stored."""
    leagues = dict(_leagues(request))
    known = leagues.get(league.public_id)
    grant = (
        grant_for(league) if token is not None and token_valid(league=league, token=token) else None
    )
    if (
        known is not None
        and "token" not in known
        and (grant is None or known.get("grant") == grant)
    ):
        return  # nothing new: leave the session untouched (and unsaved)
    entry = {"grant": grant or (known or {}).get("grant"), "seen": timezone.now().isoformat()}
    leagues[league.public_id] = entry
    if len(leagues) > LIMIT:
        # Forget leagues only watched before any this browser manages.
        oldest = sorted(
            leagues, key=lambda key: (bool(leagues[key].get("grant")), leagues[key].get("seen", ""))
        )
        for key in oldest[: len(leagues) - LIMIT]:
            leagues.pop(key)
    request.session[LEAGUES] = leagues


def my_league_ids(request: HttpRequest) -> list[str]:
    leagues = _leagues(request)
    return sorted(leagues, key=lambda key: leagues[key].get("seen", ""), reverse=True)


def organiser_may_edit(request: HttpRequest, game: Game) -> bool:
    """May this browser, as the organiser of ``game``'s league, edit the game? Then it also
    gets the game's own grant (as "Correct" on the league page gives it). No query for a
    browser that manages no league."""
    if not any(entry.get("grant") or entry.get("token") for entry in _leagues(request).values()):
        return False
    link = LeagueGame.objects.filter(game_id=game.pk).select_related("league").first()
    if link is None or link.league.public_id not in _leagues(request):
        return False
    grant = organiser(request, link.league)
    if grant is None:
        return False
    # Imported here: the games app's access module imports this one when it asks.
    from scorekeeper.games import access as game_access

    game_token = league_game_edit_token(league=link.league, token=grant, link=link)
    game.token_hash = link.game.token_hash
    game_access.remember_game(request, game, token=game_token)
    return True
