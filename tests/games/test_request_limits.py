"""Bodies over 256 KB get 413 and API writes must be JSON (415), before anything is read."""

import json

import pytest
from django.urls import reverse

from scorekeeper.games.models import Game, Hand

from .page_helpers import start_game

pytestmark = pytest.mark.django_db

LIMIT = 256 * 1024
BODY = {"variant": "standard-rummy", "players": ["Ann", "Bob", "Cy"]}


def test_an_api_body_over_256_kb_is_a_json_413_and_creates_nothing(client):
    big = json.dumps({**BODY, "options": {"padding": "x" * LIMIT}})
    response = client.post("/api/v1/games", big, content_type="application/json")
    assert response.status_code == 413
    error = response.json()["error"]
    assert error["code"] == "payload_too_large"
    assert error["field"] == "body"
    assert "256 KB" in error["message"]
    assert error["request_id"] == response["X-Request-ID"]
    assert not Game.objects.exists()


def test_a_body_just_under_the_limit_is_read_as_usual(client):
    body = json.dumps({**BODY, "options": {"x": "y" * (LIMIT - 200)}})
    assert len(body) < LIMIT
    response = client.post("/api/v1/games", body, content_type="application/json")
    assert response.status_code == 400  # an unknown option, said by the engine: not a 413


def test_a_page_post_over_256_kb_is_a_413_page_and_saves_nothing(client):
    game_id = start_game(client)
    data = {"winner": "0", "p0-points": "1", "p1-points": "x" * LIMIT, "p2-points": "0"}
    response = client.post(reverse("hand_create", args=[game_id]), data)
    assert response.status_code == 413
    html = response.content.decode()
    assert "Too much was sent" in html and "nothing was saved" in html
    assert response["X-Request-ID"] in html
    assert not Hand.objects.exists()


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"],
)
def test_a_cross_site_form_post_cannot_create_a_game(client, content_type):
    # What a form on another website can send without a CORS preflight.
    response = client.post("/api/v1/games", json.dumps(BODY), content_type=content_type)
    assert response.status_code == 415
    error = response.json()["error"]
    assert error["code"] == "unsupported_media_type"
    assert error["field"] == "Content-Type"
    assert not Game.objects.exists()


def test_json_with_a_charset_is_json(client):
    response = client.post(
        "/api/v1/games", json.dumps(BODY), content_type="application/json; charset=utf-8"
    )
    assert response.status_code == 201


def test_a_write_with_a_json_body_of_another_type_is_415_whatever_the_method(client):
    created = client.post("/api/v1/games", json.dumps(BODY), content_type="application/json")
    game_id, token = created.json()["id"], created.json()["token"]
    response = client.put(
        f"/api/v1/games/{game_id}/hands/1",
        "result=1",
        content_type="text/plain",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 415
