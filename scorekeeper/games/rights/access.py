"""What this browser may do with a game, and what it remembers.

A browser that created a game, or opened its edit link, may change the game. It keeps a
*grant* for that game in a row of its own, never the edit token: the grant idea (an HMAC of the
game's id and token hash, rows per session, listed newest first, traded in from old sessions) is
:mod:`.grants`, shared with the leagues' organiser grants.

The session keeps the rest: every game the browser opened ("My games", with the granted ones),
the names it typed, and the last change it made to each game (undo).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest

from ..models import Game
from ..scoresheet.closing import is_closed
from ..scoresheet.tokens import token_valid
from .grants import GrantKind

GAMES = "games"  # {public_id: {"seen": iso time}}; before grant rows also "grant" or "token"
RECENT = "recent_names"
UNDO = "undo"  # {public_id: {"kind", "number", "entry", "hand_id", "stamp"}}
RECENT_LIMIT = 12
GAMES_LIMIT = 50  # games remembered in the session (viewed ones); grants are never trimmed

# The right to keep a game's score: its grant rows, "My games" and the token that gives it.
EDIT = GrantKind("game", "rummy-table.edit-grant", GAMES, GAMES_LIMIT, token_valid)


def grant_for(game: Game) -> str:
    """This browser may edit ``game``: what its grant row keeps to say so."""
    return EDIT.grant_for(game)


def can_edit(request: HttpRequest, game: Game) -> bool:
    # A game closed to its own keepers (a club night's approved round) takes writes only
    # through the rights other apps registered (its league's organiser): asked only of a
    # browser that holds the game's own grant.
    if EDIT.holds(request, game) and not is_closed(game):
        return True
    # Another app may hold a right over the game (the organiser of its league, a phone that
    # opened the organiser link, may correct every league game): asked through the hook.
    return any(may_edit(request, game) for may_edit in _EDIT_RIGHTS)


# Other ways a browser may come to edit a game, registered by the apps that hold them (the
# leagues app in its AppConfig.ready): the games app imports no app that builds on it.
_EDIT_RIGHTS: list[Callable[[HttpRequest, Game], bool]] = []


def add_edit_right(may_edit: Callable[[HttpRequest, Game], bool]) -> None:
    """Register ``may_edit(request, game)``, asked when a browser holds no grant of its own
    (once: ``ready`` may run twice)."""
    if may_edit not in _EDIT_RIGHTS:
        _EDIT_RIGHTS.append(may_edit)


def remember_game(request: HttpRequest, game: Game, *, token: str | None = None) -> None:
    """Add ``game`` to this browser's games; with ``token`` (checked), with the right to edit."""
    EDIT.remember(request, game, token=token)


def join_game(request: HttpRequest, game: Game, token: str) -> bool:
    """If ``token`` is the game's edit token (or its link's secret), this browser may edit the
    game from now on; says whether."""
    return EDIT.redeem(request, game, token)


def grant_edit(request: HttpRequest, game: Game) -> None:
    """This browser may edit ``game`` from now on (a handover link was taken: the caller has
    checked it), and remembers the game."""
    EDIT.give(request, game)


def hand_over(request: HttpRequest, game: Game) -> int:
    """This browser took the role of keeper by a handover link (the caller checked it): the
    phones that kept score until now watch from now on (API.md "Handover" Decision)."""
    return EDIT.hand_over(request, game)


def handed_over(request: HttpRequest, game: Game):
    """When this browser handed the keeping of ``game``'s score to another phone, or None."""
    return EDIT.handed_over(request, game)


def grant_rematch(request: HttpRequest, game: Game, previous: Game) -> bool:
    """A rematch keeps its game's edit token, so a browser that may edit ``previous`` may edit
    ``game`` (its rematch) too; says whether it may."""
    if game.token_hash != previous.token_hash or not can_edit(request, previous):
        return False
    EDIT.give(request, game)
    return True


def my_game_ids(request: HttpRequest) -> list[str]:
    """Every game this browser opened or may edit, newest first."""
    return EDIT.listed(request)


def holds_grant(request: HttpRequest, game: Game) -> bool:
    """Whether this browser holds a grant row for ``game``: for ordering lists (the row is
    checked against the game's token by :func:`can_edit`, which guards every write)."""
    return game.public_id in EDIT.held(request)


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
