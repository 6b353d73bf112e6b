"""Error answers outside a view: JSON in the API's error shape under /api/, a page elsewhere.

Used by the middleware (413, 415, 429), the error handlers (400, 403, 404, 500) and the CSRF
failure view, so a user's report ("it said request id 3f2a...") can be found in the log.
"""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.html import escape
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

API_PREFIX = "/api/"


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def request_id(request: HttpRequest) -> str:
    return getattr(request, "request_id", "") or ""


def api_error(
    request: HttpRequest, status: int, code: str, message: str, field: str | None = None
) -> JsonResponse:
    body = {"error": {"code": code, "message": message, "field": field}}
    if rid := request_id(request):
        body["error"]["request_id"] = rid
    return JsonResponse(body, status=status)


def error_page(request: HttpRequest, status: int, title: str, message: str) -> HttpResponse:
    """The error page (templates/error.html), or a bare page if even that cannot be rendered."""
    context = {"status": status, "title": title, "message": message}
    try:
        html = loader.render_to_string("error.html", context, request=request)
    except Exception:  # the 500 page must never fail itself (a broken database, a bad template)
        logger.exception("could not render the error page")
        html = (
            f"<!doctype html><title>{escape(title)}</title><h1>{escape(title)}</h1>"
            f"<p>{escape(message)}</p><p>Request id: <code>{escape(request_id(request))}</code></p>"
        )
    return HttpResponse(html, status=status)


def error_response(
    request: HttpRequest, status: int, code: str, message: str, title: str | None = None
) -> HttpResponse:
    if is_api(request):
        return api_error(request, status, code, message)
    return error_page(request, status, title or _("Something went wrong"), message)
