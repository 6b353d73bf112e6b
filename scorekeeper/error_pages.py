"""Handlers for 400, 403, 404, 500 and a failed CSRF check (wired in urls.py and settings).

A 500 whose cause is the database being unreachable (refused, timed out, cut by dbwatch) is a
503 instead, with Retry-After, as the API answers it.

Under /api/ they answer in the API's JSON error shape; elsewhere with templates/error.html.
Both carry the request id, which is also in the log line of that request.
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from .responses import error_response


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_response(
        request,
        400,
        "bad_request",
        _("The request could not be understood. Go back, reload the page and try again."),
        title=_("Bad request"),
    )


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_response(
        request,
        403,
        "forbidden",
        _("You may not do this here."),
        title=_("Not allowed"),
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_response(
        request,
        404,
        "not_found",
        _("There is nothing at this address. Check the link, or start from the front page."),
        title=_("Not found"),
    )


def server_error(request: HttpRequest) -> HttpResponse:
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return database_unavailable(request)
    return error_response(
        request,
        500,
        "server_error",
        _("Something broke on our side and nothing was changed by this request. "
          "Try again in a moment."),
        title=_("Something went wrong"),
    )


# Seconds a client is asked to wait before trying again (the API's 503 says the same).
RETRY_AFTER = "5"


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """The database refused, timed out or hung (dbwatch cut the call): a 503 in the visitor's
    language with Retry-After; the page needs no database (no session, no message is read)."""
    response = error_response(
        request,
        503,
        "database_unavailable",
        _("The scores cannot be reached just now; nothing was changed. "
          "Try again in a few seconds."),
        title=_("Back in a moment"),
    )
    response["Retry-After"] = RETRY_AFTER
    return response


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return error_response(
        request,
        403,
        "csrf_failed",
        _("This form has expired or came from another site, so nothing was saved. "
          "Reload the page and send it again."),
        title=_("Form expired"),
    )
