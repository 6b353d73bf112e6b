"""What this browser may do with a game, and what it remembers.

A browser that created a game, or opened its edit link, may change the game. It keeps a
*grant* for that game, never the edit token: the grant is an HMAC of the game's id and token
hash under the server's secret key, so a database reader can neither learn a token nor forge a
grant for another game, and a grant dies with the token.

Grants live in rows of their own (:class:`~scorekeeper.games.models.EditGrant`, one per session
and game), not in the session data: a session is saved whole, so of two requests of one phone
running at once (a tab starts a game while another saves a hand) the later save would drop the
other's grant, and a session's list of games is trimmed to its newest entries. Rows merge, are
never trimmed, are refreshed on use and go with their session (``clearsessions``).

The session keeps the rest: every game the browser opened ("My games", with the granted ones),
the names it typed, and the last change it made to each game (undo).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.sessions.backends.base import CreateError
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac

from .models import EditGrant, Game
from .services import token_valid

GAMES = "games"  # {public_id: {"grant": str | None, "seen": iso time}}
RECENT = "recent_names"
UNDO = "undo"  # {public_id: {"kind", "number", "entry", "hand_id", "stamp"}}
RECENT_LIMIT = 12
GAMES_LIMIT = 50  # games remembered in the session (viewed ones); grants are never trimmed
# A grant's row is touched when used, at most this often (its "seen" orders "My games").
REFRESH = timedelta(hours=1)


def _games(request: HttpRequest) -> dict[str, dict[str, Any]]:
    return request.session.get(GAMES, {})


def grant_for(game: Game) -> str:
    """This browser may edit ``game``: what its session keeps to say so."""
    value = f"{game.public_id}:{game.token_hash}"
    return salted_hmac("rummy-table.edit-grant", value, algorithm="sha256").hexdigest()


def _session_key(request: HttpRequest, *, create: bool) -> str | None:
    session = request.session
    if session.session_key is None and create:
        _first_session(request)  # a grant needs its session's row first
    return session.session_key


# A browser's first session is named after its CSRF secret for this long after it was made, so
# two requests it sent at once before it had a session (a double tap on "Start the game" on a
# first visit) end in one session, which holds both grants (issue 27 item 2).
FIRST_SESSION_WINDOW = timedelta(seconds=60)
_FIRST_UNTIL = "_first_until"


def _first_session(request: HttpRequest) -> None:
    """Make this request's session. A browser with no session cookie yet cannot be told from
    another browser but by its CSRF cookie (every form it posts carries that secret), so its
    first session's key is derived from that secret: two requests sent at once both come to
    the same session, and both responses set the same cookie. Otherwise each request would
    make a session of its own, the browser would keep the cookie of the last answer, and the
    grant written into the other session would be lost with it.

    Only within FIRST_SESSION_WINDOW of its making can a session be reached this way; after
    that, a request without a session cookie gets a random new session as usual."""
    session = request.session
    seed = request.META.get("CSRF_COOKIE")
    if not seed or settings.SESSION_COOKIE_NAME in request.COOKIES:
        session.save()
        return
    key = salted_hmac("rummy-table.first-session", seed, algorithm="sha256").hexdigest()[:32]
    mine = dict(session.items())
    now = timezone.now()
    session[_FIRST_UNTIL] = (now + FIRST_SESSION_WINDOW).timestamp()
    session._session_key = key
    try:
        session.save(must_create=True)
        return
    except CreateError:
        pass
    # The twin request made it first: join it while it is new, keeping what each wrote.
    other = session.__class__(session_key=key)
    theirs = other.load()
    if theirs.get(_FIRST_UNTIL, 0) > now.timestamp():
        session._session_key = key
        session._session_cache = {**theirs, **mine, GAMES: {**theirs.get(GAMES, {}), **mine.get(GAMES, {})}}
        session.modified = True
        session.save()
        return
    session._session_key = None  # an old session of that secret: never reopened this way
    session._session_cache = mine
    session.save()


def _rows(request: HttpRequest) -> dict[int, EditGrant]:
    """This session's grants by game, read once per request (a list of games costs one query)."""
    rows = getattr(request, "_edit_grants", None)
    if rows is None:
        key = _session_key(request, create=False)
        found = EditGrant.objects.filter(session_id=key) if key is not None else []
        rows = {row.game_id: row for row in found}
        request._edit_grants = rows
    return rows


def _row(request: HttpRequest, game: Game) -> EditGrant | None:
    return _rows(request).get(game.pk)


def _store_grant(request: HttpRequest, game: Game) -> None:
    """Keep (or refresh) this session's grant for ``game``: one upsert, safe when two requests
    of the session write at once."""
    key = _session_key(request, create=True)
    EditGrant.objects.bulk_create(
        [EditGrant(session_id=key, game=game, grant=grant_for(game), seen=timezone.now())],
        update_conflicts=True,
        unique_fields=["session", "game"],
        update_fields=["grant", "seen"],
    )
    request.__dict__.pop("_edit_grants", None)
    request.__dict__.pop("_granted_ids", None)


def can_edit(request: HttpRequest, game: Game) -> bool:
    row = _row(request, game)
    if row is not None and hmac.compare_digest(row.grant, grant_for(game)):
        if timezone.now() - row.seen > REFRESH:  # refreshed on use
            EditGrant.objects.filter(pk=row.pk).update(seen=timezone.now())
            row.seen = timezone.now()
        return True
    entry = _games(request).get(game.public_id, {})
    grant = entry.get("grant")  # a session from before grant rows: move it to a row
    if grant and hmac.compare_digest(str(grant), grant_for(game)):
        _store_grant(request, game)
        return True
    token = entry.get("token")  # a session from before grants: trade its token for a grant
    if token and token_valid(game=game, token=token):
        remember_game(request, game, token=token)
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
    games = dict(_games(request))
    known = games.get(game.public_id)
    if token is None and known is not None:
        token = known.get("token")  # a session from before grants keeps its right to edit
    granted = token is not None and token_valid(game=game, token=token)
    if granted:
        _store_grant(request, game)
    if known is not None and "token" not in known and not granted:
        return  # nothing new: leave the session untouched (and unsaved)
    _keep(request, games, game)


def grant_edit(request: HttpRequest, game: Game) -> None:
    """This browser may edit ``game`` from now on (a handover link was taken: the caller has
    checked it), and remembers the game."""
    _store_grant(request, game)
    _keep(request, dict(_games(request)), game)


def grant_rematch(request: HttpRequest, game: Game, previous: Game) -> bool:
    """A rematch keeps its game's edit token, so a browser that may edit ``previous`` may edit
    ``game`` (its rematch) too; says whether it may."""
    if game.token_hash != previous.token_hash or not can_edit(request, previous):
        return False
    _store_grant(request, game)
    _keep(request, dict(_games(request)), game)
    return True


def _keep(request: HttpRequest, games: dict, game: Game) -> None:
    """Remember ``game`` among this browser's games, the newest GAMES_LIMIT kept. The grant, if
    any, is in its own row: trimming the list never takes a right to edit away."""
    games[game.public_id] = {"seen": timezone.now().isoformat()}
    if len(games) > GAMES_LIMIT:
        oldest = sorted(
            games, key=lambda key: (bool(games[key].get("grant")), games[key].get("seen", ""))
        )
        for key in oldest[: len(games) - GAMES_LIMIT]:
            games.pop(key)
    request.session[GAMES] = games


def my_game_ids(request: HttpRequest) -> list[str]:
    """Every game this browser opened or may edit, newest first."""
    seen = {key: entry.get("seen", "") for key, entry in _games(request).items()}
    for public_id, when in _granted(request).items():
        seen[public_id] = max(seen.get(public_id, ""), when.isoformat())
    return sorted(seen, key=lambda public_id: seen[public_id], reverse=True)


def _granted(request: HttpRequest) -> dict[str, Any]:
    """The games this session holds a grant row for: public id -> last use (one query)."""
    granted = getattr(request, "_granted_ids", None)
    if granted is None:
        key = _session_key(request, create=False)
        granted = (
            dict(EditGrant.objects.filter(session_id=key).values_list("game__public_id", "seen"))
            if key is not None
            else {}
        )
        request._granted_ids = granted
    return granted


def holds_grant(request: HttpRequest, game: Game) -> bool:
    """Whether this browser holds a grant row for ``game``: for ordering lists (the row is
    checked against the game's token by :func:`can_edit`, which guards every write)."""
    return game.public_id in _granted(request)


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
