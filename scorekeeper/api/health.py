"""``GET /api/v1/health``: for load balancers and monitors (API.md).

200 ``{"status": "ok", "database": "ok"}`` when a query reaches the database, else 503 with
``"error"`` in both fields. Never cached, no authentication, one trivial query.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from ninja import Router, Schema

logger = logging.getLogger(__name__)

router = Router(tags=["health"])


class HealthOut(Schema):
    status: str
    database: str


@router.get(
    "/health",
    response={200: HealthOut, 503: HealthOut},
    summary="Is the app up and can it reach its database?",
)
def health(request: HttpRequest):
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.exception("health: database unreachable")
        response = JsonResponse({"status": "error", "database": "error"}, status=503)
    else:
        response = JsonResponse({"status": "ok", "database": "ok"})
    response["Cache-Control"] = "no-store"
    return response
