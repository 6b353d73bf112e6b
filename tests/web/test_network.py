"""Phones on the table's network: links and QR codes use the address the request came in on."""

import json

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

LAN = "192.168.1.20:8000"


@pytest.fixture
def lan(settings):
    # What DEBUG adds for this machine (settings.py, from netaddr.lan_hosts); no traffic is
    # sent anywhere: the address only appears in the Host header of a test request.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20"]


def start(client: Client, **extra) -> str:
    data = {"variant": "knock-rummy", "seats": 2, "player-0": "Ann", "player-1": "Bob", "action": "create"}
    response = client.post(reverse("game_start"), data, **extra)
    assert response.status_code == 302
    return response["Location"].rstrip("/").rsplit("/", 1)[-1]


def test_share_links_use_the_lan_address_the_phone_used(client, lan):
    game_id = start(client, HTTP_HOST=LAN)
    html = client.get(reverse("game_share", args=[game_id]), HTTP_HOST=LAN).content.decode()
    assert f"http://{LAN}/games/{game_id}/" in html
    assert "127.0.0.1" not in html and "localhost" not in html


def test_api_game_url_uses_the_lan_address(client, lan):
    body = json.dumps({"variant": "standard-rummy", "players": ["Ann", "Bob"]})
    created = client.post("/api/v1/games", body, content_type="application/json", HTTP_HOST=LAN)
    assert created.json()["url"].startswith(f"http://{LAN}/games/")


def test_public_url_wins_when_set(client, settings):
    settings.PUBLIC_URL = "https://cards.example.org"
    game_id = start(client)
    html = client.get(reverse("game_share", args=[game_id])).content.decode()
    assert f"https://cards.example.org/games/{game_id}/" in html
    assert "http://testserver" not in html


def test_an_unknown_host_is_refused(client):
    response = client.get("/", HTTP_HOST="evil.example.com")
    assert response.status_code == 400
    assert "Bad request" in response.content.decode()


def test_a_plain_viewer_gets_no_session(client):
    game_id = start(client)
    viewer = Client()
    response = viewer.get(reverse("game", args=[game_id]))
    assert response.status_code == 200
    assert "sessionid" not in response.cookies
    poll = viewer.get(reverse("game", args=[game_id]), HTTP_HX_REQUEST="true")
    assert "sessionid" not in poll.cookies
