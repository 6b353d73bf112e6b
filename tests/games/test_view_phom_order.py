"""Phỏm's finishing order on the hand page, without JavaScript: a place per player."""

import re

import pytest

from .page_helpers import post_hand, start_game, state

pytestmark = pytest.mark.django_db


def errors(html):
    return re.findall(r'class="field-error"[^>]*>(.*?)</div>', html)


def test_the_page_asks_a_place_per_player_for_phom_only(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    html = client.get(f"/games/{game_id}/hands/new/").content.decode()
    assert 'class="order-entry"' in html
    for i in range(3):
        assert f'name="p{i}-order"' in html
    assert "js/order.js" in html
    other = start_game(client, "knock-rummy", ["Ann", "Bob", "Cy"])
    assert "order-entry" not in client.get(f"/games/{other}/hands/new/").content.decode()


def test_places_become_the_order_and_score_like_totals(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy", "Dee"])
    data = {
        "winner": "none",
        "p0-order": "2",
        "p1-order": "",
        "p2-order": "1",
        "p3-order": "3",
        "p1-mom": "on",
    }
    assert post_hand(client, game_id, data).status_code == 302
    hand = state(game_id)["hands"][0]
    assert hand["result"] == {"order": ["Cy", "Ann", "Dee"], "hands": {"Bob": {"mom": True}}}
    assert hand["deltas"] == {"Cy": 7, "Ann": -1, "Dee": -2, "Bob": -4}


def test_the_correction_form_shows_the_places_back(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    data = {"winner": "none", "p0-order": "3", "p1-order": "1", "p2-order": "2"}
    assert post_hand(client, game_id, data).status_code == 302
    html = client.get(f"/games/{game_id}/hands/1/edit/").content.decode()
    picked = re.findall(r'<select name="p(\d)-order".*?<option value="(\d)" selected>', html, re.S)
    assert sorted(picked) == [("0", "3"), ("1", "1"), ("2", "2")]


def test_a_place_given_twice_is_refused_naming_the_player(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    data = {"winner": "none", "p0-order": "1", "p1-order": "1", "p2-order": "2"}
    html = post_hand(client, game_id, data).content.decode()
    assert any("Ann already has place 1." in e for e in errors(html)), errors(html)
    assert state(game_id)["hands"] == []


def test_a_missing_place_and_a_mix_with_points_are_refused(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    html = post_hand(
        client, game_id, {"winner": "none", "p0-order": "1", "p1-order": "2"}
    ).content.decode()
    assert "Cy has no place in the order" in html
    data = {"winner": "none", "p0-order": "1", "p1-order": "2", "p2-order": "3", "p2-points": "9"}
    html = post_hand(client, game_id, data).content.decode()
    assert any("give either the order or every player" in e for e in errors(html)), errors(html)
    assert state(game_id)["hands"] == []


def test_u_ignores_the_places(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    data = {"winner": "0", "u_cards": "9", "p0-order": "1", "p1-order": "2"}
    assert post_hand(client, game_id, data).status_code == 302
    assert "order" not in state(game_id)["hands"][0]["result"]


def test_preview_explains_the_places(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    data = {"winner": "none", "p0-order": "2", "p1-order": "3", "p2-order": "1"}
    response = client.post(f"/games/{game_id}/hands/preview/", data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Cy finishes first and wins" in html
    assert "Bob: place 3: pays 2" in html
    assert state(game_id)["hands"] == []
