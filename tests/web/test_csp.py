"""Every page fits the Content-Security-Policy: no inline scripts, styles or event handlers."""

import re

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/(ld\+)?json\")[^>]*>")
STYLE_ATTR = re.compile(r"\sstyle=")
STYLE_TAG = re.compile(r"<style[\s>]")
HANDLER = re.compile(r"\son[a-z]+=", re.IGNORECASE)
JS_URL = re.compile(r"href=\"javascript:", re.IGNORECASE)


def pages(client: Client) -> dict[str, str]:
    data = {"variant": "knock-rummy", "seats": 3, "action": "create"}
    data.update({"player-0": "Ann", "player-1": "Bob", "player-2": "Cy"})
    game_id = client.post(reverse("game_start"), data)["Location"].rstrip("/").rsplit("/", 1)[-1]
    client.post(
        reverse("hand_create", args=[game_id]),
        {"winner": "0", "p0-points": "3", "p1-points": "10", "p2-points": "20"},
    )
    urls = {
        "home": reverse("home"),
        "start": reverse("game_start"),
        "game": reverse("game", args=[game_id]),
        "scoreboard": reverse("game", args=[game_id]),
        "hand": reverse("hand_new", args=[game_id]),
        "edit": reverse("hand_edit", args=[game_id, 1]),
        "share": reverse("game_share", args=[game_id]),
        "mine": reverse("my_games"),
        "rules": reverse("rules", args=["knock-rummy"]),
        "404": "/no/such/page/",
        "api docs": "/api/v1/docs",
    }
    out = {}
    for name, url in urls.items():
        extra = {"HTTP_HX_REQUEST": "true"} if name == "scoreboard" else {}
        response = client.get(url, **extra)
        assert response.status_code in (200, 404), (name, response.status_code)
        out[name] = response.content.decode()
    return out


def test_no_page_needs_unsafe_inline(client):
    for name, html in pages(client).items():
        for pattern in (INLINE_SCRIPT, STYLE_ATTR, STYLE_TAG, HANDLER, JS_URL):
            found = pattern.search(html)
            assert found is None, f"{name}: {html[max(found.start() - 80, 0) : found.end() + 80]}"
