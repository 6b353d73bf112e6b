"""GET /api/v1/health: 200 with the database reachable, 503 otherwise (API.md)."""

import pytest
from django.db import DatabaseError

pytestmark = pytest.mark.django_db


def test_health_is_ok_when_the_database_answers(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        response = client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert response["Cache-Control"] == "no-store"


def test_health_is_503_when_the_database_does_not_answer(client, monkeypatch):
    from scorekeeper.api import health

    class Down:
        def cursor(self):
            raise DatabaseError("connection refused")

    monkeypatch.setattr(health, "connection", Down())
    response = client.get("/api/v1/health")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "error"}


def test_health_is_not_redirected_to_https(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_REDIRECT_EXEMPT = [r"^api/v1/health$"]
    assert client.get("/api/v1/health").status_code == 200
    assert client.get("/").status_code == 301
