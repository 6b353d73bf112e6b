"""Rate limits per client on the shared cache: creating games, writing hands, scoring previews.

Fixed windows counted with the cache's atomic ``incr`` (Redis when REDIS_URL is set, so every
worker and every server counts together). Over the limit the answer is 429 with
``Retry-After`` (seconds to the end of the window): the API's JSON error, or a page. Reads are
never limited: a viewer's poll is a cheap 304.

Which requests count is decided here, from the method and the path, so views stay unaware:

- ``create``: ``POST /api/v1/games`` and ``/api/v1/leagues``, the start page's "create";
- ``write``: any other POST/PUT/PATCH/DELETE to a game or league (hands, corrections, undo);
- ``preview``: every other POST (the stateless API tools, a page's preview or form redraw).
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .middleware import client_ip
from .responses import error_response

logger = logging.getLogger(__name__)

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
_API_CREATE = re.compile(r"^/api/v1/(games|leagues)/?$")
_API_WRITE = re.compile(r"^/api/v1/(games|leagues)/.+")
_PAGE_START = re.compile(r"^/games/new/?$")
_PAGE_PREVIEW = re.compile(r"/preview/?$")
_PAGE_WRITE = re.compile(r"^/(games|leagues)/.+")


def group_of(request: HttpRequest) -> str | None:
    """Which limit a request counts against, or None."""
    if request.method not in WRITE_METHODS:
        return None
    path = request.path_info
    if path.startswith("/api/"):
        if _API_CREATE.match(path):
            return "create" if request.method == "POST" else "write"
        if _API_WRITE.match(path):
            return "write"
        return "preview"
    if _PAGE_START.match(path):
        return "create" if request.POST.get("action", "create") == "create" else "preview"
    if _PAGE_PREVIEW.search(path):
        return "preview"
    if _PAGE_WRITE.match(path):
        return "write"
    return "preview"


def hit(group: str, client: str, *, now: float | None = None, cost: int = 1) -> int | None:
    """Count one request (``cost``: as that many); the seconds to wait when over the limit,
    else None."""
    limit, period = settings.RATE_LIMITS[group]
    now = time.time() if now is None else now
    window = int(now // period)
    key = f"rl:{group}:{client}:{window}"
    try:
        cache.add(key, 0, timeout=period + 5)
        count = cache.incr(key, cost)
    except ValueError:  # expired between add and incr: this request starts the window
        cache.set(key, cost, timeout=period + 5)
        count = cost
    except Exception:  # the cache is down: serve (fail open) rather than refuse every write
        logger.exception("rate limit cache unavailable")
        return None
    if count <= limit:
        return None
    return max(1, math.ceil((window + 1) * period - now))


def charge(request: HttpRequest, group: str, cost: int) -> None:
    """Count ``cost`` more requests of ``group`` for this request's client, after the request
    itself passed: a league import counts as the games it holds (API.md), so a client that
    imported a season waits before its next writes, yet a club's history (more games than
    one window allows) still goes in at once."""
    if settings.RATE_LIMITS_ENABLED and cost > 0:
        hit(group, client_ip(request), cost=cost)


# -- guessing join codes --------------------------------------------------------------------
#
# A game's join code lets a phone watch it; six characters of 31 can be guessed. Wrong codes are
# counted per address ("join_code": 20 per 10 minutes); right ones never count, so a club room
# behind one address joins however many tables it has. Past the limit every code from that
# address waits (a right one too: answering right codes then would still let guesses through).


def _window_key(group: str, client: str, now: float) -> tuple[str, int, int]:
    limit, period = settings.RATE_LIMITS[group]
    window = int(now // period)
    return f"rl:{group}:{client}:{window}", limit, period


def code_guesses_wait(request: HttpRequest, *, now: float | None = None) -> int | None:
    """Seconds this address must wait before its next join code is looked at, or None. Counts
    nothing: only :func:`code_guess_wrong` does."""
    if not settings.RATE_LIMITS_ENABLED:
        return None
    now = time.time() if now is None else now
    key, limit, period = _window_key("join_code", client_ip(request), now)
    try:
        count = cache.get(key, 0)
    except Exception:  # the cache is down: fail open, as every limit does
        logger.exception("rate limit cache unavailable")
        return None
    if count < limit:
        return None
    return max(1, math.ceil((int(now // period) + 1) * period - now))


def code_guess_wrong(request: HttpRequest) -> None:
    """This address typed a join code no game has: one more against its limit."""
    if settings.RATE_LIMITS_ENABLED:
        hit("join_code", client_ip(request))


class RateLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.RATE_LIMITS_ENABLED:
            group = group_of(request)
            if group is not None:
                wait = hit(group, client_ip(request))
                if wait is not None:
                    return self._refuse(request, group, wait)
        return self.get_response(request)

    def _refuse(self, request: HttpRequest, group: str, wait: int) -> HttpResponse:
        logger.warning("rate limit %s reached by %s", group, client_ip(request))
        minutes = max(1, math.ceil(wait / 60))
        response = error_response(
            request,
            429,
            "throttled",
            ngettext(
                "Too many requests from this address; try again in %(n)s minute.",
                "Too many requests from this address; try again in %(n)s minutes.",
                minutes,
            )
            % {"n": minutes},
            title=_("Slow down"),
        )
        response["Retry-After"] = str(wait)
        return response
