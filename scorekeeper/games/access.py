"""What this browser may do with a game, and what it remembers, all kept in its session.

A browser that created a game, or opened its edit link, keeps the game's edit token in its
session; only such a browser can change the game. Every game the browser created or opened is
remembered for "My games", the names it typed are offered again, and the last change it made
to each game can be undone.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import timezone

from .models import Game
from .services import token_valid

GAMES = "games"  # {public_id: {"token": str | None, "seen": iso time}}
RECENT = "recent_names"
UNDO = "undo"  # {public_id: {"kind", "number", "entry", "hand_id", "stamp"}}
RECENT_LIMIT = 12
GAMES_LIMIT = 50


def _games(request: HttpRequest) -> dict[str, dict[str, Any]]:
    return request.session.get(GAMES, {})


def edit_token(request: HttpRequest, game: Game) -> str | None:
    """The edit token this browser holds for ``game``, if it is still the game's token."""
    token = _games(request).get(game.public_id, {}).get("token")
    if token and token_valid(game=game, token=token):
        return token
    return None


def can_edit(request: HttpRequest, game: Game) -> bool:
    return edit_token(request, game) is not None


def remember_game(request: HttpRequest, game: Game, *, token: str | None = None) -> None:
    """Add ``game`` to this browser's games (with its edit token, when given)."""
    games = dict(_games(request))
    known = games.get(game.public_id)
    if known is not None and (token is None or known.get("token") == token):
        return  # nothing new: leave the session untouched (and unsaved)
    entry = dict(known or {})
    if token is not None:
        entry["token"] = token
    entry.setdefault("token", None)
    entry["seen"] = timezone.now().isoformat()
    games[game.public_id] = entry
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
