"""The hand entry form, fitted to each variant."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from .page_helpers import start_game

pytestmark = pytest.mark.django_db


def form_html(client, game_id):
    response = client.get(reverse("hand_new", args=[game_id]))
    assert response.status_code == 200
    return response.content.decode()


def test_knock_asks_who_knocked_and_every_players_deadwood(client):
    html = form_html(client, start_game(client, "knock-rummy", ["Ann", "Bob", "Cy"]))
    assert "Who knocked?" in html
    for i in range(3):
        assert f'name="p{i}-points"' in html
        assert f'name="p{i}-cards"' in html
    assert "or the whole hand (we find the melds)" in html
    # The card picker's deck: one pack, no jokers; plain text input without JavaScript.
    assert 'data-cards' in html and 'data-packs="1" data-jokers="0"' in html
    assert "js/cardpicker.js" in html
    # Works without JavaScript: a normal form post, preview through formaction.
    assert f'action="{reverse("hand_create", args=[html_game_id(html)])}"' in html
    assert 'formaction="/games/' in html and 'hx-post="/games/' in html


def html_game_id(html):
    return re.search(r'action="/games/([^/]+)/hands/"', html).group(1)


def test_standard_asks_who_went_out_and_hides_the_winners_row(client):
    game_id = start_game(client, "standard-rummy", options={"rummy-hidden": True})
    html = form_html(client, game_id)
    assert "Who went out?" in html
    assert "skip-winner" in html
    assert 'name="rummy"' in html
    assert "or the cards left in hand" in html


def test_block_rummy_offers_the_blocked_case(client):
    html = form_html(client, start_game(client, "block-rummy"))
    assert 'value="blocked"' in html
    assert "Nobody: the hand was blocked" in html


def test_phom_offers_u_mom_and_eaten_discards(client):
    game_id = start_game(
        client, "phom", ["Ann", "Bob", "Cy", "Dan"], options={"feeding-penalties": True}
    )
    html = form_html(client, game_id)
    assert "Did anyone go ù?" in html
    assert 'value="none"' in html and "checked" in html
    assert 'name="u_cards"' in html
    assert 'name="fed"' in html
    assert 'name="p3-mom"' in html
    assert "Bob took from Ann" in html
    assert "Ann took from Dan" in html


def test_continental_asks_for_the_winners_melds_draws_and_jokers(client):
    options = {"quick-meld-bonus": True, "deuces-wild": True, "special-bonuses": True}
    html = form_html(client, start_game(client, "continental-rum", options=options))
    assert 'name="melds"' in html and "data-melds" in html
    assert 'data-packs="2" data-jokers="2"' in html
    for name in ("draws", "jokers", "wild_deuces", "same_suit"):
        assert f'name="{name}"' in html
    assert 'name="p0-points"' not in html


def test_queen_city_asks_for_melds_or_their_value(client):
    html = form_html(client, start_game(client, "queen-city-rum"))
    assert 'name="melds"' in html and 'name="points"' in html


def test_viewer_is_forbidden(client):
    game_id = start_game(client)
    response = Client().get(reverse("hand_new", args=[game_id]))
    assert response.status_code == 403
    assert "Watching only" in response.content.decode()
