"""One error shape for the whole API.

Every rejected request gets a JSON body::

    {"error": {"code": "bad_card", "message": "cards: '1H' is not a card (card 2)", "field": "cards",
               "message_code": "card.not_a_card_at", "params": {"token": "1H", "position": 2}}}

``message`` is for people: rendered in the request's language (``Accept-Language``), prefixed
with the field it is about. An engine error also gives ``message_code`` and ``params``, the
message as data, for clients that render their own text (the codes are listed with their
English templates in ``scorekeeper.rules.messages.CATALOGUE``).

- 400: bad input: an engine :class:`~scorekeeper.rules.RulesError`, an :class:`ApiError` raised
  by a router's own checks, or a body that is not JSON at all;
- 422: a body that does not match the schema (a missing field, a number where a string belongs),
  converted from django-ninja's ``ValidationError``; ``error.errors`` lists every problem;
- 404 and other HTTP errors keep their status and get the same shape.

``field`` is the dotted path of the offending input (``options.target``, ``melds[0]``), or
``null`` when the whole request is at fault. List indexes in ``field`` count from 0, as in JSON.
``request_id`` is the request's id (also its ``X-Request-ID`` header and in its log line).
413, 415 and 429 come from the middleware (scorekeeper/middleware.py, ratelimit.py) and 404s
of unknown paths from scorekeeper/error_pages.py, in the same shape.

Anything else is a bug: it is logged and left to Django, so tests see it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext, gettext_noop, ngettext
from ninja import Field, NinjaAPI, Schema
from ninja.errors import HttpError, ValidationError
from ninja.parser import Parser

from scorekeeper.i18n import render_message
from scorekeeper.rules import RulesError
from scorekeeper.rules.messages import as_dict

logger = logging.getLogger(__name__)


class ApiError(Exception):
    """An error the API raises itself; rendered in the common shape with ``status``."""

    def __init__(
        self, message: str, *, code: str = "bad_input", field: str | None = None, status: int = 400
    ):
        super().__init__(message)
        self.code = code
        self.field = field
        self.status = status


class ErrorDetail(Schema):
    code: str = Field(description="What kind of error: bad_card, bad_result, not_found...")
    message: str = Field(
        description="For people: the field, then what is wrong with it, in the request's language"
    )
    field: str | None = Field(
        None, description="The dotted path of the offending input, or null for the whole request"
    )
    message_code: str | None = Field(
        None,
        description="Engine errors: the code of the message, for clients that render their own",
    )
    params: dict[str, Any] | None = Field(
        None,
        description="Engine errors: the message's parameters (a nested message is itself "
        "{code, params})",
    )
    request_id: str | None = Field(
        None, description="This request's id: its X-Request-ID header, and in the server's log"
    )


class ErrorOut(Schema):
    """The error shape, for ``response={400: ErrorOut, ...}`` in the OpenAPI schema."""

    error: ErrorDetail


def with_field(field: str | None, text: str) -> str:
    """``"<field>: <text>"``: a message for people names the input it is about."""
    return f"{field}: {text}" if field else text


def error_body(code: str, message: str, field: str | None = None, **extra: Any) -> dict:
    return {"error": {"code": code, "message": message, "field": field, **extra}}


@contextmanager
def about(field: str) -> Iterator[None]:
    """Name ``field`` on any engine error raised inside (the innermost caller wins).

    A plain ``ValueError`` from parsing is input the engine could not read: it is logged and
    turned into a 400 for ``field`` rather than a 500.
    """
    try:
        yield
    except RulesError as err:
        err.at(field)
        raise
    except ValueError as err:
        logger.warning("unreadable input for %s", field, exc_info=True)
        text = gettext("cannot read this value (%(error)s)") % {"error": err}
        raise ApiError(with_field(field, text), field=field) from err


# -- parsing the body -------------------------------------------------------------------------


class BodyNotObject(ValueError):
    """A body that is JSON but not an object (a list, a number, null)."""


_JSON_KINDS = {
    list: gettext_noop("a list"),
    str: gettext_noop("a string"),
    int: gettext_noop("a number"),
    float: gettext_noop("a number"),
    bool: gettext_noop("true or false"),
    type(None): gettext_noop("null"),
}
# What Python's JSON parser says, in words a reader of any language gets (see http_error).
_JSON_WHY = {
    "Expecting value": gettext_noop("a value was expected"),
    "Expecting property name enclosed in double quotes": gettext_noop(
        "a name in double quotes was expected"
    ),
    "Expecting ',' delimiter": gettext_noop("a comma was expected"),
    "Expecting ':' delimiter": gettext_noop("a colon was expected"),
    "Unterminated string starting at": gettext_noop("a string is not closed"),
    "Extra data": gettext_noop("more follows the end of the JSON"),
}


class JsonObjectParser(Parser):
    """Ninja's JSON parser, refusing bodies that are not JSON objects (every body here is)."""

    def parse_body(self, request: HttpRequest) -> dict:
        data = json.loads(request.body)
        if not isinstance(data, dict):
            raise BodyNotObject(_JSON_KINDS.get(type(data), type(data).__name__))
        return data


# -- 422: schema validation -------------------------------------------------------------------


def dotted(loc: Iterable[Any]) -> str | None:
    """Pydantic's location as a dotted path, without ninja's ``body``/parameter prefix."""
    parts = list(loc)
    source = None
    if parts and parts[0] in {"body", "query", "path", "header", "cookie", "form"}:
        source = parts.pop(0)
        if source == "body" and parts and parts[0] == "payload":
            parts.pop(0)
    text = "body" if source == "body" and not parts else ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or None


_TYPE_WORDS = {
    "string_type": gettext_noop("expected a string"),
    "int_type": gettext_noop("expected a whole number"),
    "int_parsing": gettext_noop("expected a whole number"),
    "int_from_float": gettext_noop("expected a whole number"),
    "bool_type": gettext_noop("expected true or false"),
    "bool_parsing": gettext_noop("expected true or false"),
    "list_type": gettext_noop("expected a list"),
    "dict_type": gettext_noop("expected an object"),
    "model_attributes_type": gettext_noop("expected a JSON object"),
    "model_type": gettext_noop("expected a JSON object"),
    "missing": gettext_noop("this field is required"),
    "float_type": gettext_noop("expected a number"),
    "float_parsing": gettext_noop("expected a number"),
    "finite_number": gettext_noop("expected a number"),
    "date_type": gettext_noop("expected a date (YYYY-MM-DD)"),
    "date_parsing": gettext_noop("expected a date (YYYY-MM-DD)"),
    "date_from_datetime_parsing": gettext_noop("expected a date (YYYY-MM-DD)"),
    "date_from_datetime_inexact": gettext_noop("expected a date (YYYY-MM-DD)"),
    "datetime_type": gettext_noop("expected a date and time (ISO 8601)"),
    "datetime_parsing": gettext_noop("expected a date and time (ISO 8601)"),
    "datetime_from_date_parsing": gettext_noop("expected a date and time (ISO 8601)"),
    "uuid_type": gettext_noop("expected a UUID"),
    "uuid_parsing": gettext_noop("expected a UUID"),
    "string_pattern_mismatch": gettext_noop("this text does not have the expected form"),
    "string_unicode": gettext_noop("expected a string"),
    "extra_forbidden": gettext_noop("this field is not known here"),
    "json_invalid": gettext_noop("the request body is not valid JSON"),
}
# pydantic's other kinds, whose English text must not reach a reader: one plain sentence.
_ANY_OTHER = gettext_noop("this value is not valid here")


def _length_words(kind: str, ctx: dict) -> str | None:
    """A length or a bound out of range, or a choice not among those allowed, in the request's
    language (pydantic's own text is English only)."""
    if kind == "string_too_short" and isinstance(ctx.get("min_length"), int):
        n = ctx["min_length"]
        return ngettext(
            "expected at least %(n)s character", "expected at least %(n)s characters", n
        ) % {"n": n}
    if kind == "string_too_long" and isinstance(ctx.get("max_length"), int):
        n = ctx["max_length"]
        return ngettext(
            "expected at most %(n)s character", "expected at most %(n)s characters", n
        ) % {"n": n}
    if kind in {"too_short", "too_long"} and isinstance(
        ctx.get("min_length" if kind == "too_short" else "max_length"), int
    ):
        if kind == "too_short":
            n = ctx["min_length"]
            return ngettext("expected at least %(n)s item", "expected at least %(n)s items", n) % {
                "n": n
            }
        n = ctx["max_length"]
        return ngettext("expected at most %(n)s item", "expected at most %(n)s items", n) % {"n": n}
    bounds = {
        "greater_than_equal": ("ge", gettext_noop("must be at least %(bound)s")),
        "greater_than": ("gt", gettext_noop("must be more than %(bound)s")),
        "less_than_equal": ("le", gettext_noop("must be at most %(bound)s")),
        "less_than": ("lt", gettext_noop("must be less than %(bound)s")),
    }
    if kind in bounds and bounds[kind][0] in ctx:
        key, text = bounds[kind]
        return gettext(text) % {"bound": ctx[key]}
    if kind in {"literal_error", "enum"} and "expected" in ctx:
        return gettext("expected one of %(expected)s") % {"expected": ctx["expected"]}
    return None


def _problem(item: dict) -> dict:
    field = dotted(item.get("loc", ()))
    kind = item.get("type", "")
    words = _TYPE_WORDS.get(kind)
    what = gettext(words) if words else _length_words(kind, item.get("ctx") or {})
    if what is None:
        what = gettext(_ANY_OTHER)
    return {
        "code": "missing_field" if kind == "missing" else "invalid_value",
        "field": field,
        "message": with_field(field or "body", what),
    }


# -- handlers -----------------------------------------------------------------------------------


def install(api: NinjaAPI) -> None:
    """Register the handlers that give every error the common shape."""

    def respond(request: HttpRequest, status: int, body: dict) -> HttpResponse:
        # The id of this request (also in its log line), so a report can be found.
        if request_id := getattr(request, "request_id", None):
            body["error"].setdefault("request_id", request_id)
        return api.create_response(request, body, status=status)

    @api.exception_handler(RulesError)
    def rules_error(request: HttpRequest, exc: RulesError) -> HttpResponse:
        field = exc.field
        message = with_field(field, render_message(exc.message))
        data = as_dict(exc.message)
        body = error_body(
            exc.code, message, field, message_code=data["code"], params=data["params"]
        )
        # 400, or the error's own status (409: another write came first, see PlayerGone).
        return respond(request, getattr(exc, "status", 400), body)

    @api.exception_handler(ApiError)
    def api_error(request: HttpRequest, exc: ApiError) -> HttpResponse:
        response = respond(request, exc.status, error_body(exc.code, str(exc), exc.field))
        if exc.status == 401:  # RFC 9110: a 401 says which scheme would be accepted
            response["WWW-Authenticate"] = 'Bearer realm="game"'
        return response

    @api.exception_handler(OperationalError)
    @api.exception_handler(InterfaceError)
    def database_unavailable(request: HttpRequest, exc: Exception) -> HttpResponse:
        # The database refused, timed out (DB_CONNECT_TIMEOUT, DB_STATEMENT_TIMEOUT) or dropped
        # the connection: nothing was written (the transaction rolled back); try again soon.
        logger.error("database unavailable: %s", exc)
        message = gettext("the database is not answering; nothing was changed, try again soon")
        response = respond(request, 503, error_body("database_unavailable", message, None))
        response["Retry-After"] = "5"
        return response

    @api.exception_handler(ValidationError)
    def validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
        problems = [_problem(item) for item in exc.errors] or [
            {"code": "invalid_value", "field": None, "message": gettext(_ANY_OTHER)}
        ]
        first = problems[0]
        status = 422
        short_key = [
            item
            for item in exc.errors
            if dotted(item.get("loc", ())) == "Idempotency-Key"
            and item.get("type") == "string_too_short"
        ]
        if short_key:  # API.md: a creation key under its minimum length is a 400
            n = short_key[0].get("ctx", {}).get("min_length")
            why = ngettext(
                "a new game's key must be unguessable: at least %(n)s character (a UUID will do)",
                "a new game's key must be unguessable: at least %(n)s characters (a UUID will do)",
                n if isinstance(n, int) else 0,
            ) % {"n": n}
            status = 400
            first = {
                "code": "bad_idempotency_key",
                "field": "Idempotency-Key",
                "message": with_field("Idempotency-Key", why),
            }
        return respond(
            request,
            status,
            error_body(first["code"], first["message"], first["field"], errors=problems),
        )

    @api.exception_handler(HttpError)
    def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
        cause = exc.__cause__  # set by ninja when the parser fails, see JsonObjectParser
        if isinstance(cause, ApiError):  # the parser's own check (e.g. a lone surrogate)
            return api_error(request, cause)
        if isinstance(cause, BodyNotObject):
            message = with_field(
                "body",
                gettext("expected a JSON object, got %(kind)s") % {"kind": gettext(str(cause))},
            )
            return respond(request, 422, error_body("invalid_value", message, "body"))
        if cause is not None:  # JSONDecodeError, UnicodeDecodeError, RecursionError...
            message = with_field("body", gettext("the request body is not valid JSON"))
            if isinstance(cause, json.JSONDecodeError) and cause.msg in _JSON_WHY:
                message = with_field(
                    "body",
                    gettext("the request body is not valid JSON (%(why)s at character %(pos)s)")
                    % {"why": gettext(_JSON_WHY[cause.msg]), "pos": cause.pos},
                )
            return respond(request, 400, error_body("bad_json", message, "body"))
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        return respond(request, exc.status_code, error_body(code, exc.message))

    @api.exception_handler(Http404)
    def not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
        return respond(request, 404, error_body("not_found", str(exc) or "not found"))


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    429: "throttled",
}
