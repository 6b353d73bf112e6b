"""The one way the API tests send a request: a JSON body, an optional bearer token, headers."""

from __future__ import annotations

import json
from typing import Any


def send(
    client,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    *,
    content_type: str = "application/json",
    **headers: str,
):
    """``method`` (``"post"``, ``"put"``...) ``path`` with ``body``: JSON data is sent as JSON,
    a ``str`` or ``bytes`` as it is (a body that is not JSON), None as no body. ``token`` goes
    in ``Authorization: Bearer``. ``headers`` are Django's (``HTTP_ACCEPT_LANGUAGE="cs"``) or
    plain header names (``**{"Idempotency-Key": "k1"}``)."""
    extra = {
        name if name.isupper() and "-" not in name else f"HTTP_{name.upper().replace('-', '_')}": v
        for name, v in headers.items()
    }
    if token:
        extra["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    if body is None:
        data: Any = ""
    elif isinstance(body, (str, bytes)):
        data = body
    else:
        data = json.dumps(body)
    return getattr(client, method)(path, data, content_type=content_type, **extra)


def post(client, path: str, body: Any = None, token: str | None = None, **headers: str):
    """:func:`send` with POST."""
    return send(client, "post", path, body, token, **headers)
