"""What this browser may do with a game, and what it remembers, all kept in its session.

A browser that created a game, or opened its edit link, may change the game. Its session keeps
a *grant* for that game, never the edit token: the grant is an HMAC of the game's id and token
hash under the server's secret key, so a database reader (sessions are stored in the database)
can neither learn a token nor forge a grant for another game, and a grant dies with the token.
Every game the browser created or opened is remembered for "My games", the names it typed are
offered again, and the last change it made to each game can be undone.
"""

from __future__ import annotations

import hmac
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac

from .models import Game
from .services import token_valid

GAMES = "games"  # {public_id: {"grant": str | None, "seen": iso time}}
RECENT = "recent_names"
UNDO = "undo"  # {public_id: {"kind", "number", "entry", "hand_id", "stamp"}}
RECENT_LIMIT = 12
GAMES_LIMIT = 50


def _games(request: HttpRequest) -> dict[str, dict[str, Any]]:
    return request.session.get(GAMES, {})


def grant_for(game: Game) -> str:
    """This browser may edit ``game``: what its session keeps to say so."""
    value = f"{game.public_id}:{game.token_hash}"
    return salted_hmac("rummy-table.edit-grant", value, algorithm="sha256").hexdigest()


def can_edit(request: HttpRequest, game: Game) -> bool:
    entry = _games(request).get(game.public_id, {})
    grant = entry.get("grant")
    if grant:
        return hmac.compare_digest(str(grant), grant_for(game))
    token = entry.get("token")  # a session from before grants: trade its token for a grant
    if token and token_valid(game=game, token=token):
        remember_game(request, game, token=token)
        return True
    return False


def remember_game(request: HttpRequest, game: Game, *, token: str | None = None) -> None:
    """Add ``game`` to this browser's games; with ``token`` (checked), with the right to edit."""
    games = dict(_games(request))
    known = games.get(game.public_id)
    if token is None and known is not None:
        token = known.get("token")  # a session from before grants keeps its right to edit
    grant = grant_for(game) if token is not None and token_valid(game=game, token=token) else None
    if known is not None and "token" not in known and (grant is None or known.get("grant") == grant):
        return  # nothing new: leave the session untouched (and unsaved)
    _keep(request, games, game, grant or (known or {}).get("grant"))


def grant_rematch(request: HttpRequest, game: Game, previous: Game) -> bool:
    """A rematch keeps its game's edit token, so a browser that may edit ``previous`` may edit
    ``game`` (its rematch) too; says whether it may."""
    if game.token_hash != previous.token_hash or not can_edit(request, previous):
        return False
    _keep(request, dict(_games(request)), game, grant_for(game))
    return True


def _keep(request: HttpRequest, games: dict, game: Game, grant: str | None) -> None:
    """Store ``game`` (with its grant, if any) among this browser's games, newest kept."""
    games[game.public_id] = {"grant": grant, "seen": timezone.now().isoformat()}
    if len(games) > GAMES_LIMIT:
        oldest = sorted(games, key=lambda key: games[key].get("seen", ""))
        for key in oldest[: len(games) - GAMES_LIMIT]:
            games.pop(key)
    request.session[GAMES] = games


def my_game_ids(request: HttpRequest) -> list[str]:
    games = _games(request)
    return sorted(games, key=lambda key: games[key].get("seen", ""), reverse=True)


def recent_names(request: HttpRequest) -> list[str]:
    return list(request.session.get(RECENT, []))


def remember_names(request: HttpRequest, names: list[str]) -> None:
    recent = [n for n in recent_names(request) if n not in names]
    request.session[RECENT] = (list(names) + recent)[:RECENT_LIMIT]


# -- undo: the last change this browser made to a game --


def stamp(game: Game) -> str:
    """What the game looked like after a change: stale once anyone changes it again."""
    return f"{game.hand_count}:{game.updated.isoformat()}"


def set_undo(
    request: HttpRequest,
    game: Game,
    *,
    kind: str,
    number: int,
    entry: Any = None,
    hand_id: int | None = None,
) -> None:
    undo = dict(request.session.get(UNDO, {}))
    undo[game.public_id] = {
        "kind": kind,
        "number": number,
        "entry": entry,
        "hand_id": hand_id,
        "stamp": stamp(game),
    }
    request.session[UNDO] = undo


def get_undo(request: HttpRequest, game: Game) -> dict[str, Any] | None:
    """The last change this browser made, while nobody has changed the game since."""
    item = request.session.get(UNDO, {}).get(game.public_id)
    if item is None or item.get("stamp") != stamp(game):
        return None
    return item


def clear_undo(request: HttpRequest, game: Game) -> None:
    undo = dict(request.session.get(UNDO, {}))
    if undo.pop(game.public_id, None) is not None:
        request.session[UNDO] = undo
