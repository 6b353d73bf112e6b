"""Request ids and the access log, body limits, and the Permissions-Policy header.

Every request gets an id: a sane incoming ``X-Request-ID`` (set by the proxy in front), or a
new one. It is logged with every line of that request, sent back as ``X-Request-ID``, and shown
on error pages and in API errors.
"""

from __future__ import annotations

import contextvars
import inspect
import logging
import re
import time
import uuid
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from ninja.operation import PathView

from .responses import api_error, error_page, is_api

access_log = logging.getLogger("scorekeeper.requests")

_current_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
SANE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:+/=-]{0,99}")
# Secrets that must never reach a log line, whatever the URL layout of the day.
_SECRET_PATH = re.compile(r"(/join/)[^/]+")


def client_ip(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or with TRUST_PROXY the one our proxy appended."""
    if getattr(settings, "TRUST_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.split(",")[-1].strip()
        if last:
            return last[:64]
    return request.META.get("REMOTE_ADDR", "") or "-"


class RequestIdFilter(logging.Filter):
    """Puts the current request's id on every log record (``-`` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = _current_id.get()
        return True


def request_id_context(request: HttpRequest) -> dict[str, str]:
    """Template context: ``request_id`` for error pages and the footer of a report, and
    ``page_path``: this page's path and query to come back to (the language form's "next"),
    never holding a secret (an old-style ``/join/<token>/`` link comes back to the page
    it would open, without the token)."""
    return {"request_id": getattr(request, "request_id", ""), "page_path": page_path(request)}


_JOIN_TAIL = re.compile(r"join/[^/]+/?$")


def page_path(request: HttpRequest) -> str:
    """``request.get_full_path()`` without a secret: see :func:`request_id_context`."""
    if _SECRET_PATH.search(request.path):
        return _JOIN_TAIL.sub("", request.path)  # and no query string: it may hold more
    return request.get_full_path()


class RequestIdMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        incoming = request.headers.get("X-Request-ID", "")
        rid = incoming if SANE_ID.fullmatch(incoming) else uuid.uuid4().hex
        request.request_id = rid
        token = _current_id.set(rid)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response["X-Request-ID"] = rid
            # Every answer, even one made before SecurityMiddleware ran (a 503 of dbwatch):
            # a Referer never leaves the site; from a path holding a secret, none is sent.
            if _SECRET_PATH.search(request.path):
                response["Referrer-Policy"] = "no-referrer"
            else:
                response.headers.setdefault("Referrer-Policy", settings.SECURE_REFERRER_POLICY)
            self._log(request, response, started)
            return response
        finally:
            _current_id.reset(token)

    def _log(self, request: HttpRequest, response: HttpResponse, started: float) -> None:
        if not access_log.isEnabledFor(logging.INFO):
            return
        ms = (time.perf_counter() - started) * 1000
        size = len(response.content) if not response.streaming else "-"
        path = _SECRET_PATH.sub(r"\1…", request.path)
        access_log.info(
            "%s %s %s %s %.1fms %s",
            request.method,
            path,
            response.status_code,
            size,
            ms,
            client_ip(request),
        )


class RequestBodyMiddleware:
    """413 for bodies over MAX_BODY_BYTES; 415 for API requests whose body is not JSON.

    Checked on the headers, before anything reads the body. Only ``application/json`` bodies
    reach the API (an empty body passes, to get the API's own 422), so a form on another website cannot make a visitor's browser create games
    (a cross-site ``text/plain`` or form post needs no CORS preflight; a JSON one does).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.MAX_BODY_BYTES
        if _content_length(request) > limit:
            return self._too_large(request, limit)
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs):
        # Only a body counts (wsgiref says text/plain for every bodiless request), and only
        # where the endpoint takes this method at all: otherwise its 405 comes first.
        if not is_api(request) or _content_length(request) == 0:
            return None
        if not _takes_method(view_func, request.method):
            return None
        if request.content_type != "application/json":
            with translation.override(translation.get_language_from_request(request)):
                if request.content_type:
                    why = _("send the body as application/json (got %(sent)s)") % {
                        "sent": request.content_type
                    }
                else:
                    why = _("send the body as application/json (it has no Content-Type)")
            return api_error(
                request, 415, "unsupported_media_type", f"Content-Type: {why}", "Content-Type"
            )
        return None

    def _too_large(self, request: HttpRequest, limit: int) -> HttpResponse:
        # Before LocaleMiddleware: the answer is in the request's language all the same.
        with translation.override(translation.get_language_from_request(request)):
            return self._too_large_answer(request, limit)

    def _too_large_answer(self, request: HttpRequest, limit: int) -> HttpResponse:
        if is_api(request):
            return api_error(
                request,
                413,
                "payload_too_large",
                "body: " + _("the request body is larger than %(kb)s KB") % {"kb": limit // 1024},
                "body",
            )
        return error_page(
            request,
            413,
            _("Too much was sent"),
            _("What was sent is larger than %(kb)s KB, so nothing was saved. "
              "Go back, shorten what you typed and try again.") % {"kb": limit // 1024},
        )


def _content_length(request: HttpRequest) -> int:
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or 0), 0)
    except ValueError:
        return 0


class PermissionsPolicyMiddleware:
    """``Permissions-Policy`` from settings: browser features the app never uses, off."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "PERMISSIONS_POLICY", "")
        if policy and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = policy
        return response


def _takes_method(view_func, method: str | None) -> bool:
    """Whether an API view has an operation for ``method`` (ninja answers 405 otherwise)."""
    for cell in getattr(inspect.unwrap(view_func), "__closure__", None) or ():
        path_view = cell.cell_contents
        if isinstance(path_view, PathView):
            return any(method in operation.methods for operation in path_view.operations)
    return True
