"""The JSON API (API.md), served under ``/api/v1/``.

OpenAPI schema at ``/api/v1/openapi.json``, browsable docs at ``/api/v1/docs``. Each group of
endpoints is a small router module; the error shape lives in :mod:`scorekeeper.api.errors`.
"""

from __future__ import annotations

from typing import Any

from ninja import NinjaAPI

from . import catalogue, errors, games, results, tools


class RummyAPI(NinjaAPI):
    """Ninja's API whose OpenAPI schema documents each variant's options and result exactly
    (generated from the engine's entry schemas, see :mod:`scorekeeper.api.results`)."""

    def get_openapi_schema(self, **kwargs: Any) -> Any:
        return results.document(super().get_openapi_schema(**kwargs))


api = RummyAPI(
    title="Rummy Table API",
    version="1",
    description="Score Rummy hands and games; the same engine as the web pages.",
    urls_namespace="api",
    parser=errors.JsonObjectParser(),
)
errors.install(api)

api.add_router("", catalogue.router)
api.add_router("", tools.router)
api.add_router("", games.router)
