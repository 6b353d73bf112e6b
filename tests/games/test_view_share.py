"""Share page: a view link for everyone and an edit link for scorekeepers, each with a QR code."""

import pytest
from django.test import Client
from django.urls import reverse

from .page_helpers import edit_link, join, start_game

pytestmark = pytest.mark.django_db


def test_scorekeeper_gets_view_and_edit_links_with_inline_svg_qr_codes(client):
    game_id = start_game(client)
    html = client.get(reverse("game_share", args=[game_id])).content.decode()
    assert f"http://testserver/games/{game_id}/" in html
    assert f"http://testserver/games/{game_id}/join/" in html
    assert html.count("<svg") == 2
    assert 'id="edit-link"' in html


def test_edit_link_on_the_share_page_works(client):
    game_id = start_game(client)
    link = edit_link(client, game_id)
    phone = Client()
    assert join(phone, link).status_code == 302
    assert phone.get(reverse("hand_new", args=[game_id])).status_code == 200


def test_the_edit_link_keeps_its_secret_in_the_fragment(client):
    game_id = start_game(client)
    link = edit_link(client, game_id)
    path, hash_mark, secret = link.partition("#")
    assert path == f"http://testserver/games/{game_id}/join/"
    assert hash_mark and len(secret) >= 40


def test_the_share_page_offers_to_copy_and_save_the_edit_link(client):
    game_id = start_game(client)
    response = client.get(reverse("game_share", args=[game_id]))
    html = response.content.decode()
    assert 'id="copy-edit-link"' in html
    assert "js/share.js" in html
    assert "Save this link somewhere safe" in html
    assert response["Cache-Control"] == "no-store"


def test_viewer_gets_only_the_view_link(client):
    game_id = start_game(client)
    html = Client().get(reverse("game_share", args=[game_id])).content.decode()
    assert f"http://testserver/games/{game_id}/" in html
    assert "/join/" not in html
    assert html.count("<svg") == 1


def test_unknown_game_is_404(client):
    assert client.get(reverse("game_share", args=["nope"])).status_code == 404
