"""The API's credentials: the ``Authorization`` header is read here and nowhere else, and its
refusals take the API's error shape: 401 when the request carries no usable credential, 403
when it carries one that is not good for what it asks.

A game's or league's token rides as ``Bearer <token>``, a seat's as ``Seat <seat_token>``; the
scheme is read without regard to case, the token without the spaces around it.
"""

from __future__ import annotations

from django.http import HttpRequest

from .errors import ApiError


def credential(request: HttpRequest) -> tuple[str, str]:
    """The header as (scheme in lower case, token): ``("", "")`` when there is none.

    >>> from django.test import RequestFactory
    >>> credential(RequestFactory().get("/", HTTP_AUTHORIZATION="BEARER  abc "))
    ('bearer', 'abc')
    >>> credential(RequestFactory().get("/"))
    ('', '')
    """
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    return scheme.lower(), token.strip()


def bearer(request: HttpRequest, message: str) -> str:
    """The request's bearer token, or a 401 saying ``message`` (how to send it)."""
    scheme, token = credential(request)
    if scheme != "bearer" or not token:
        raise unauthorized(message)
    return token


def unauthorized(message: str) -> ApiError:
    return ApiError(message, code="unauthorized", status=401)


def forbidden(message: str) -> ApiError:
    return ApiError(message, code="forbidden", status=403)
