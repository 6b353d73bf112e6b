"""Compression (issue 33 §8): HTML and JSON answers are gzipped by the app; never an event
stream, never a response holding a secret (BREACH, docs/deploying.md)."""

import gzip
import json
import re
from pathlib import Path

import pytest
from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse

from scorekeeper.compression import SECRET, CompressionMiddleware, holds_secret
from tests.games.page_helpers import knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def body(response) -> str:
    raw = b"".join(response.streaming_content) if response.streaming else response.content
    if response.get("Content-Encoding") == "gzip":
        return gzip.decompress(raw).decode()
    return raw.decode()


def test_the_game_page_and_its_state_go_out_gzipped(client):
    game_id = start_game(client)
    for n in range(3):
        post_hand(client, game_id, knock_hand(n % 3, 5, 12, 20))
    page = client.get(reverse("game", args=[game_id]), **GZIP)
    assert page["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in page["Vary"]
    html = body(page)
    assert "<html" in html and len(page.content) < len(html) / 3
    api = Client().get(f"/api/v1/games/{game_id}", **GZIP)
    assert api["Content-Encoding"] == "gzip"
    assert json.loads(body(api))["id"] == game_id


def test_a_client_that_asks_for_no_compression_gets_none(client):
    game_id = start_game(client)
    page = client.get(reverse("game", args=[game_id]), HTTP_ACCEPT_ENCODING="identity")
    assert not page.has_header("Content-Encoding")


def test_pages_holding_a_secret_are_never_compressed(client):
    game_id = start_game(client)
    share = client.get(reverse("game_share", args=[game_id]), **GZIP)
    assert "#" in re.search(r'id="edit-link" href="([^"]+)"', body(share)).group(1)
    handover = client.post(reverse("game_handover", args=[game_id]), **GZIP)
    for response in (share, handover):
        assert response.status_code == 200
        assert not response.has_header("Content-Encoding")
        assert response["Cache-Control"] == "no-store"
        assert not response.has_header(SECRET)  # the marker never leaves the app
    # A viewer's share page holds no secret: compressed like any page.
    viewer = Client().get(reverse("game_share", args=[game_id]), **GZIP)
    assert viewer["Content-Encoding"] == "gzip"


def test_api_answers_carrying_a_token_are_never_compressed():
    api = Client()
    players = ["Ann", "Bob", "Cy"] + [f"Player {n:02d} with a long name" for n in range(3)]
    created = api.post(
        "/api/v1/games",
        json.dumps({"variant": "standard-rummy", "players": players}),
        content_type="application/json",
        **GZIP,
    )
    assert created.status_code == 201 and not created.has_header("Content-Encoding")
    assert created["Cache-Control"] == "no-store"
    game_id, token = created.json()["id"], created.json()["token"]
    seat = api.post(
        f"/api/v1/games/{game_id}/seats",
        json.dumps({"player": "Bob"}),
        content_type="application/json",
        **GZIP,
    )
    assert seat.status_code == 201 and not seat.has_header("Content-Encoding")
    handover = api.post(
        f"/api/v1/games/{game_id}/handover",
        "{}",
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        **GZIP,
    )
    assert handover.status_code == 201 and not handover.has_header("Content-Encoding")


def test_an_event_stream_is_never_compressed():
    def events():
        yield b"id: 1\nevent: state\ndata: {}\n\n" * 40

    stream = StreamingHttpResponse(events(), content_type="text/event-stream")
    request = RequestFactory().get("/api/v1/games/x/events", **GZIP)
    answered = CompressionMiddleware(lambda r: stream)(request)
    assert not answered.has_header("Content-Encoding")
    page = HttpResponse("<p>" + "x" * 500 + "</p>", content_type="text/html; charset=utf-8")
    assert CompressionMiddleware(lambda r: page)(request)["Content-Encoding"] == "gzip"
    secret = holds_secret(HttpResponse("<p>" + "y" * 500 + "</p>"))
    answered = CompressionMiddleware(lambda r: secret)(request)
    assert not answered.has_header("Content-Encoding") and not answered.has_header(SECRET)


def test_nginx_compresses_but_leaves_no_store_answers_and_the_stream_alone():
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "gzip on;" in conf
    proxied = re.search(r"gzip_proxied ([^;]+);", conf).group(1).split()
    assert "no-store" not in proxied and "any" not in proxied
    stream = conf[conf.index("location ~ ^/api/v1/games/[^/]+/events") :]
    assert "gzip off;" in stream[: stream.index("}")]
