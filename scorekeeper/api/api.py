"""The JSON API (API.md), served under ``/api/v1/``.

OpenAPI schema at ``/api/v1/openapi.json``, browsable docs at ``/api/v1/docs``. Each group of
endpoints is a small router module; the error shape lives in :mod:`scorekeeper.api.errors`.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from django.http import HttpResponse, HttpResponseNotAllowed
from django.utils.translation import gettext
from ninja import NinjaAPI

from . import (
    catalogue,
    errors,
    examples,
    games,
    health,
    leagues,
    links,
    results,
    rules,
    table,
    text,
    tools,
)


class RummyAPI(NinjaAPI):
    """Ninja's API whose OpenAPI schema documents each variant's options and result exactly
    (generated from the engine's entry schemas, see :mod:`scorekeeper.api.results`), and whose
    405 (a method the path does not take) has the API's error shape too."""

    def get_openapi_schema(self, **kwargs: Any) -> Any:
        schema = super().get_openapi_schema(**kwargs)
        return links.add_links(games.document_headers(results.document(schema)))

    def _get_urls(self):
        patterns = super()._get_urls()
        for pattern in patterns:
            if hasattr(pattern, "callback"):
                pattern.callback = _json_405(pattern.callback)
        return patterns


def _json_405(view):
    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if isinstance(response, HttpResponseNotAllowed):
            allowed = response["Allow"]
            body = errors.error_body(
                "method_not_allowed",
                gettext("%(method)s is not allowed here; use %(allowed)s")
                % {"method": request.method, "allowed": allowed},
            )
            answer = HttpResponse(json.dumps(body), status=405, content_type="application/json")
            answer["Allow"] = allowed
            return answer
        return response

    return wrapper


api = RummyAPI(
    title="Rummy Table API",
    version="1",
    description="Score Rummy hands and games; the same engine as the web pages.",
    urls_namespace="api",
    parser=text.TextJsonParser(),
)
errors.install(api)

api.add_router("", catalogue.router)
api.add_router("", tools.router)
api.add_router("", examples.router)  # before games: its path is more specific
api.add_router("", games.router)
api.add_router("", health.router)
api.add_router("", leagues.router)
api.add_router("", rules.router)
api.add_router("", table.router)
