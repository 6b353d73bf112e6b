"""What this browser may do with a league: its organiser grant, kept as the games keep theirs.

A browser that created a league, or opened its organiser link, may manage it. It keeps a
*grant* for that league in a row of its own (:mod:`scorekeeper.games.rights.grants`, the one grant
idea of both apps), never the organiser token, so two requests of one phone at once cannot drop
it and no list trimming takes it away. Every league the browser created or opened is remembered
for "My leagues", the watched ones in the session as the games' list is.
"""

from __future__ import annotations

from django.http import HttpRequest

from scorekeeper.games.models import Game
from scorekeeper.games.rights import access as game_access
from scorekeeper.games.rights.grants import GrantKind

from .models import League, LeagueGame
from .services import OrganiserGrant, league_game_edit_token, token_valid

LEAGUES = "leagues"  # {public_id: {"seen": iso time}}; before grant rows also "grant" or "token"
LIMIT = 30  # leagues remembered in the session (watched ones); grants are never trimmed

# The right to manage a league: its grant rows, "My leagues" and the token that gives it.
ORGANISE = GrantKind("league", "rummy-table.league-grant", LEAGUES, LIMIT, token_valid)


def grant_for(league: League) -> str:
    return ORGANISE.grant_for(league)


def organiser(request: HttpRequest, league: League) -> OrganiserGrant | None:
    """This browser's right to manage ``league`` (what the services take in place of the
    token), or None. A session from before grant rows trades what it kept for a row."""
    return OrganiserGrant(league) if ORGANISE.holds(request, league) else None


def remember_league(request: HttpRequest, league: League, *, token: str | None = None) -> None:
    """Add ``league`` to this browser's leagues; with a valid ``token`` (the organiser token or
    its link's secret), with the right to manage it. Only the grant is stored."""
    ORGANISE.remember(request, league, token=token)


def join_league(request: HttpRequest, league: League, token: str) -> bool:
    """If ``token`` is the organiser token (or its link's secret), this browser may manage the
    league from now on; says whether."""
    return ORGANISE.redeem(request, league, token)


def my_league_ids(request: HttpRequest) -> list[str]:
    """Every league this browser opened or manages, newest first."""
    return ORGANISE.listed(request)


def organiser_may_edit(request: HttpRequest, game: Game) -> bool:
    """May this browser, as the organiser of ``game``'s league, edit the game? Then it also
    gets the game's own grant (as "Correct" on the league page gives it). No query for a
    browser that manages no league: the session's grant rows were read for the game's own
    grant already, in one query for every kind."""
    if not ORGANISE.holds_any(request):
        return False
    link = LeagueGame.objects.filter(game_id=game.pk).select_related("league").first()
    if link is None:
        return False
    grant = organiser(request, link.league)
    if grant is None:
        return False
    game_token = league_game_edit_token(league=link.league, token=grant, link=link)
    game.token_hash = link.game.token_hash
    game_access.remember_game(request, game, token=game_token)
    return True
