"""The files that make the app installable and usable offline: right types, right scope."""

import json

import pytest
from django.contrib.staticfiles import finders

from scorekeeper.rules import all_variants

pytestmark = pytest.mark.django_db


def test_manifest_is_served_as_a_web_app_manifest(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Rummy Table"
    assert data["start_url"] == "/" and data["scope"] == "/"
    assert data["display"] == "standalone"
    sizes = {icon["sizes"] for icon in data["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in data["icons"])
    for icon in data["icons"]:
        assert icon["src"].startswith("/static/")  # same origin, never a CDN
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_icons_are_real_pngs_of_their_size():
    import struct

    for name, size in (("icon-192.png", 192), ("icon-512.png", 512), ("icon-maskable-512.png", 512)):
        with open(finders.find(f"icons/{name}"), "rb") as handle:
            head = handle.read(24)
        assert head[:8] == b"\x89PNG\r\n\x1a\n", name
        assert struct.unpack(">II", head[16:24]) == (size, size), name


def test_service_worker_is_a_script_at_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    script = response.content.decode()
    assert '"/offline/"' in script
    assert "/static/css/app.css" in script
    for variant in all_variants():  # every rules page is kept for reading offline
        assert f'"/rules/{variant.slug}/"' in script


def test_favicon_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/vnd.microsoft.icon"
    body = b"".join(response.streaming_content)
    assert body[:4] == b"\x00\x00\x01\x00"  # an ICO header


def test_offline_page_explains_what_still_works(client):
    response = client.get("/offline/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "No connection" in html
    assert "sent once the connection is back" in html


def test_every_page_links_the_manifest_and_the_scripts(client):
    html = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'data-sw="/sw.js"' in html
    assert "/static/js/draft.js" in html
    assert 'id="net-status"' in html
