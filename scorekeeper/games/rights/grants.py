"""A browser's rights, one piece of code for every kind: a game's edit right, a league's
organiser right.

A browser that created a thing, or opened its secret link, may change it. It keeps a *grant*
for it, never the token: an HMAC of the thing's public id and token hash under the server's
secret key, so a database reader can neither learn a token nor forge a grant for another thing,
and a grant dies with the token.

Grants live in rows of their own (:class:`~scorekeeper.games.models.Grant`, one per session,
kind and thing), not in the session data: a session is saved whole, so of two requests of one
phone running at once (a tab starts a game while another saves a hand) the later save would drop
the other's grant, and a session's list of things is trimmed to its newest entries. Rows merge,
are never trimmed, are refreshed on use and go with their session (``clearsessions``). A
session's rows of every kind are read in one query, once per request.

The session keeps the list of every thing the browser opened ("My games", "My leagues"): a
bookmark, newest first; the granted things are listed from their rows too. A session from before
grant rows kept a grant (or, older still, the token) in that list: it is traded for a row on
first use, and the list's entry keeps only when it was seen.

An app that keeps a kind of grant makes one :class:`GrantKind` (the games app its edit right,
the leagues app its organiser right): the games app needs to know no app that builds on it.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from django.conf import settings
from django.contrib.sessions.backends.base import CreateError
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac

from ..models import Grant

# What a row holds once its browser handed the thing over to another phone (never an HMAC).
HANDED_OVER = "handed-over"
# A grant's row is touched when used, at most this often (its "seen" orders "My games").
REFRESH = timedelta(hours=1)
_ROWS = "_grant_rows"  # the request's cache of its session's rows


class Grantable(Protocol):
    public_id: str
    token_hash: str


# Every kind, by name: a browser's first session merges their lists (see _first_session).
KINDS: dict[str, GrantKind] = {}


@dataclass(frozen=True)
class GrantKind:
    """One kind of right a browser may hold over things that have a public id and a token."""

    kind: str  # the rows' kind, and the keyword ``token_valid`` takes the thing by: "game"
    salt: str  # the grant's HMAC salt
    in_session: str  # the session key of the list of things this browser opened
    limit: int  # how many of them the list keeps (a grant, being a row, is never trimmed)
    token_valid: Callable[..., bool]  # ``token_valid(<kind>=thing, token=...)``: the thing's
    # token, or its link's secret?

    def __post_init__(self) -> None:
        KINDS[self.kind] = self

    def grant_for(self, thing: Grantable) -> str:
        """What a browser that may change ``thing`` keeps to say so."""
        value = f"{thing.public_id}:{thing.token_hash}"
        return salted_hmac(self.salt, value, algorithm="sha256").hexdigest()

    # -- asking --

    def holds(self, request: HttpRequest, thing: Grantable) -> bool:
        """May this browser change ``thing``? Its row is checked against the thing's token (and
        refreshed when used); a session from before rows trades what it kept for a row."""
        row = self._rows(request).get(thing.public_id)
        if row is not None and hmac.compare_digest(row.grant, self.grant_for(thing)):
            if timezone.now() - row.seen > REFRESH:
                row.seen = timezone.now()
                Grant.objects.filter(pk=row.pk).update(seen=row.seen)
            return True
        return self._trade(request, thing)

    def held(self, request: HttpRequest) -> dict[str, datetime]:
        """The things this session holds a row for: public id -> last use. For lists and their
        order; :meth:`holds` checks a row against the thing's token, and guards every write."""
        return {public_id: row.seen for public_id, row in self._rows(request).items()}

    def holds_any(self, request: HttpRequest) -> bool:
        """Does this browser hold any grant of this kind? Free once the request read its rows."""
        return bool(self._rows(request)) or any(
            _old(entry) for entry in self._listed(request).values()
        )

    def listed(self, request: HttpRequest) -> list[str]:
        """Every thing this browser opened or holds a grant for, newest first."""
        seen = {key: entry.get("seen", "") for key, entry in self._listed(request).items()}
        for public_id, when in self.held(request).items():
            seen[public_id] = max(seen.get(public_id, ""), when.isoformat())
        return sorted(seen, key=seen.__getitem__, reverse=True)

    # -- giving --

    def give(self, request: HttpRequest, thing: Grantable) -> None:
        """This browser may change ``thing`` from now on (the caller checked its token or
        link), and lists it."""
        self._store(request, thing)
        self._keep(request, thing)

    def redeem(self, request: HttpRequest, thing: Grantable, token: str) -> bool:
        """If ``token`` is the thing's token (or its link's secret), this browser may change the
        thing from now on; says whether. Only the grant is kept, never the token."""
        if not self._token_valid(thing, token):
            return False
        self.give(request, thing)
        return True

    def remember(self, request: HttpRequest, thing: Grantable, *, token: str | None = None) -> None:
        """List ``thing`` among this browser's things; with a valid ``token``, with the right
        to change it. A thing already listed leaves the session untouched (and unsaved)."""
        if token is not None and self.redeem(request, thing, token):
            return
        entry = self._listed(request).get(thing.public_id)
        if entry is not None and set(entry) <= {"seen"}:
            return  # nothing new
        if entry is not None and self._trade(request, thing):
            return
        self._keep(request, thing)

    # -- handing over --

    def hand_over(self, request: HttpRequest, thing: Grantable) -> int:
        """Only this browser holds ``thing`` from now on: every other session's row stops
        granting (its grant becomes :data:`HANDED_OVER`, which no HMAC equals, so the other
        phones watch and can say why) and this browser gets its grant. Returns how many
        phones handed over. The token (API clients, other apps' rights) keeps every right."""
        key = session_key(request, create=True)
        others = Grant.objects.filter(kind=self.kind, public_id=thing.public_id).exclude(
            session_id=key
        )
        handed = others.exclude(grant=HANDED_OVER).update(grant=HANDED_OVER, seen=timezone.now())
        self.give(request, thing)
        return handed

    def handed_over(self, request: HttpRequest, thing: Grantable) -> datetime | None:
        """When this browser handed ``thing`` over to another phone, if it did (and holds no
        right over it again since)."""
        row = self._rows(request).get(thing.public_id)
        if row is not None and row.grant == HANDED_OVER:
            return row.seen
        return None

    # -- the rows and the session's list --

    def _token_valid(self, thing: Grantable, token: str) -> bool:
        return self.token_valid(**{self.kind: thing, "token": token})

    def _rows(self, request: HttpRequest) -> dict[str, Grant]:
        return _session_rows(request).get(self.kind, {})

    def _listed(self, request: HttpRequest) -> dict[str, dict[str, Any]]:
        return request.session.get(self.in_session, {})

    def _store(self, request: HttpRequest, thing: Grantable) -> None:
        """Keep (or refresh) this session's grant for ``thing``: one upsert, safe when two
        requests of the session write at once."""
        key = session_key(request, create=True)
        row = Grant(
            session_id=key,
            kind=self.kind,
            public_id=thing.public_id,
            grant=self.grant_for(thing),
            seen=timezone.now(),
        )
        Grant.objects.bulk_create(
            [row],
            update_conflicts=True,
            unique_fields=["session", "kind", "public_id"],
            update_fields=["grant", "seen"],
        )
        if hasattr(request, _ROWS):
            delattr(request, _ROWS)

    def _trade(self, request: HttpRequest, thing: Grantable) -> bool:
        """A session from before grant rows: its list's entry kept a grant (or the token); if
        still good, it becomes a row and the entry keeps only when it was seen."""
        entry = self._listed(request).get(thing.public_id) or {}
        grant, token = entry.get("grant"), entry.get("token")
        good = (grant and hmac.compare_digest(str(grant), self.grant_for(thing))) or (
            token and self._token_valid(thing, str(token))
        )
        if good:
            self.give(request, thing)
        return bool(good)

    def _keep(self, request: HttpRequest, thing: Grantable) -> None:
        """List ``thing`` (as seen now), the newest ``limit`` kept. A grant is a row: trimming
        the list takes no right away. Things with a row go first (their row lists them still),
        then the oldest seen; entries still holding a grant from before rows go last."""
        entries = dict(self._listed(request))
        entries[thing.public_id] = {"seen": timezone.now().isoformat()}
        if len(entries) > self.limit:
            rows = self._rows(request)
            oldest = sorted(
                entries,
                key=lambda key: (_old(entries[key]), key not in rows, entries[key].get("seen", "")),
            )
            for key in oldest[: len(entries) - self.limit]:
                entries.pop(key)
        request.session[self.in_session] = entries


def _old(entry: dict[str, Any]) -> bool:
    """Does a list entry still hold a grant (or a token) from before grant rows?"""
    return bool(entry.get("grant") or entry.get("token"))


def _session_rows(request: HttpRequest) -> dict[str, dict[str, Grant]]:
    """Every grant of this session, by kind and public id: one query a request for all kinds
    (so a game page knows for free whether the browser organises any league), none without a
    session."""
    rows = getattr(request, _ROWS, None)
    if rows is None:
        rows = {}
        key = session_key(request, create=False)
        if key is not None:
            for row in Grant.objects.filter(session_id=key):
                rows.setdefault(row.kind, {})[row.public_id] = row
        setattr(request, _ROWS, rows)
    return rows


def session_key(request: HttpRequest, *, create: bool) -> str | None:
    session = request.session
    if session.session_key is None and create:
        _first_session(request)  # a grant needs its session's row first
    return session.session_key


# A browser's first session is named after its CSRF secret for this long after it was made, so
# two requests it sent at once before it had a session (a double tap on "Start the game" on a
# first visit) end in one session, which holds both grants (issue 27 item 2).
FIRST_SESSION_WINDOW = timedelta(seconds=60)
FIRST_UNTIL = "_first_until"


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
    session[FIRST_UNTIL] = (now + FIRST_SESSION_WINDOW).timestamp()
    session._session_key = key
    try:
        session.save(must_create=True)
        return
    except CreateError:
        pass
    # The twin request made it first: join it while it is new, keeping what each wrote.
    other = session.__class__(session_key=key)
    theirs = other.load()
    if theirs.get(FIRST_UNTIL, 0) > now.timestamp():
        lists = {
            kind.in_session: {**theirs.get(kind.in_session, {}), **mine.get(kind.in_session, {})}
            for kind in KINDS.values()
            if kind.in_session in theirs or kind.in_session in mine
        }
        session._session_key = key
        session._session_cache = {**theirs, **mine, **lists}
        session.modified = True
        session.save()
        return
    session._session_key = None  # an old session of that secret: never reopened this way
    session._session_cache = mine
    session.save()
