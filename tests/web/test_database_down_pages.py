"""While the database refuses or hangs, pages answer a 503 in the visitor's language with
Retry-After, as the API does (issue 27, item 8), not a 500. Every query fails here, as they do
when PostgreSQL refuses connections or dbwatch cuts a hung one."""

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client

from scorekeeper.games.scoresheet.services import game_create


@pytest.fixture
def database_down(monkeypatch):
    def refuse(self, *args, **kwargs):
        raise OperationalError("connection refused (the test's database is down)")

    def down():
        monkeypatch.setattr(BaseDatabaseWrapper, "cursor", refuse)
        monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", refuse)

    return down


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Back in a moment"), ("de", "Gleich wieder da"), ("ko", "잠시 후")],
)
def test_pages_answer_503_in_the_visitors_language(database_down, language, words):
    game, _token = game_create(
        variant="german-rummy", options={"hands": 1}, players=["Ann", "Bob"], dealer=None
    )
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)
    client.cookies["sessionid"] = "a-session-the-database-would-hold"
    database_down()
    for path in ["/", f"/games/{game.public_id}/", "/leagues/abc/"]:
        response = client.get(path)
        assert response.status_code == 503, (path, response.status_code)
        assert response["Retry-After"].isdigit()
        page = response.content.decode()
        assert words in page, (path, page[:500])
        assert response["Referrer-Policy"]


@pytest.mark.django_db
def test_a_form_post_answers_503_too(database_down):
    game, _token = game_create(
        variant="german-rummy", options={"hands": 1}, players=["Ann", "Bob"], dealer=None
    )
    client = Client(raise_request_exception=False, enforce_csrf_checks=False)
    database_down()
    response = client.post(f"/games/{game.public_id}/hands/", {"winner": "0"})
    assert response.status_code == 503 and response["Retry-After"]


@pytest.mark.django_db
def test_the_api_still_answers_its_json_503(database_down):
    client = Client(raise_request_exception=False)
    database_down()
    response = client.get("/api/v1/games/abcdefghijk")
    assert response.status_code == 503 and response["Retry-After"]
    assert response.json()["error"]["code"] == "database_unavailable"
