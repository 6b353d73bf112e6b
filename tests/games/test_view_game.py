"""The game page and its live scoreboard fragment (ETag / 304 for polling viewers)."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scorekeeper.games.models import Game

from .page_helpers import HTMX, knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db


def page(client, game_id, **extra):
    return client.get(reverse("game", args=[game_id]), **extra)


def test_new_game_shows_dealer_deal_and_deck(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob", "Cy"], dealer="Bob")
    html = page(client, game_id).content.decode()
    assert "Hand 1: Bob deals 7 cards to each player." in html
    assert "1 pack of 52, no jokers" in html
    assert "Playing to 100" in html
    assert "No hands yet." in html
    assert f'href="{reverse("hand_new", args=[game_id])}"' in html


def test_deck_for_many_players_needs_more_packs(client):
    players = [f"P{i}" for i in range(9)]
    game_id = start_game(client, "continental-rum", players)
    html = page(client, game_id).content.decode()
    assert "deals 15 cards to each player" in html
    assert "4 packs of 52 and 4 jokers" in html


def test_scoreboard_running_totals_chart_and_history(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob", "Cy"])
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))  # Ann +22
    post_hand(client, game_id, knock_hand(0, 9, 4, 20))  # Bob undercuts: +31, Ann -10
    html = page(client, game_id).content.decode()
    # Totals, the leader highlighted.
    assert re.search(
        r'<tr class="leader deals" data-name="Bob">\s*<th scope="row">\s*<span class="player">'
        r'<span class="avatar seat-1" aria-hidden="true">B</span><span class="who">'
        r'<span class="player-name">Bob',
        html,
    )
    assert ">leads<" in html
    # Running totals per hand, with each hand's change.
    assert '<td class="num">22<span class="delta positive">+22</span></td>' in html
    assert '<td class="num">12<span class="delta negative">\u221210</span></td>' in html
    # A server-side SVG chart: one line per player.
    assert html.count("<polyline") == 3
    # The history, newest first, with the engine's explanation.
    assert html.index('id="hand-2"') < html.index('id="hand-1"')
    assert "Ann knocked with 5" in html
    assert "deals next" in html


def test_game_over_banner_names_the_winner(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob"], options={"target": 20})
    post_hand(client, game_id, knock_hand(0, 0, 30))  # Ann +55
    html = page(client, game_id).content.decode()
    assert "Game over" in html
    assert "Ann wins!" in html
    assert ">winner<" in html
    assert "Enter hand 2" not in html


def test_shared_win_banner(client):
    game_id = start_game(client, "nowrang", ["Ann", "Bob"], options={"match-games": 2})
    post_hand(client, game_id, {"winner": "0"})
    post_hand(client, game_id, {"winner": "1"})
    html = page(client, game_id).content.decode()
    assert "Ann, Bob share the win!" in html


@pytest.mark.parametrize("variant", ["phom", "continental-rum"])
def test_zero_sum_games_show_ledger_and_settlement(client, variant):
    players = ["Ann", "Bob", "Cy", "Dan"]
    game_id = start_game(client, variant, players, dealer="Dan")
    if variant == "phom":  # RULES example 35: Bob wins; Ann pays 1, Cy 2, Dan (móm) 4
        data = {"winner": "none", "p0-points": 15, "p1-points": 9, "p2-points": 22}
        data.update({"p3-points": 30, "p3-mom": "on"})
    else:  # Ann goes out with one joker: each pays 3
        data = {"winner": "0", "jokers": 1}
    response = post_hand(client, game_id, data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    html = page(client, game_id).content.decode()
    assert "Who pays whom" in html
    if variant == "phom":
        assert "Chip ledger" in html
        assert "Dan → Bob: 4" in html
        assert "Dan pays Bob 4" in html
        assert "Cy pays Bob 2" in html
        assert "Ann pays Bob 1" in html
    else:
        assert "Points ledger" in html
        assert "Bob pays Ann 3" in html
        assert "109" in html  # starting points 100, and 3 from each of three players


def test_standard_games_have_no_ledger(client):
    game_id = start_game(client, "knock-rummy")
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    assert "Who pays whom" not in page(client, game_id).content.decode()


def test_htmx_gets_the_scoreboard_fragment_with_an_etag(client):
    game_id = start_game(client)
    response = page(client, game_id, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<div id="scoreboard"')
    assert response["ETag"]
    assert response["Cache-Control"] == "no-cache"
    assert "HX-Request" in response["Vary"]
    # Hands are coming in (the game changed just now): polled every 2 s, and at once when shown.
    assert 'hx-trigger="every 2s, rt-visible"' in html


def test_a_quiet_game_is_polled_less_often(client):
    game_id = start_game(client)
    Game.objects.filter(public_id=game_id).update(updated=timezone.now() - timedelta(hours=1))
    html = page(client, game_id, **HTMX).content.decode()
    assert 'hx-trigger="every 4s, rt-visible"' in html


def test_unchanged_game_answers_304_and_a_new_hand_changes_the_etag(client):
    game_id = start_game(client)
    viewer = Client()
    first = page(viewer, game_id, **HTMX)
    etag = first["ETag"]
    again = page(viewer, game_id, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert again.status_code == 304
    assert again.content == b""
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    fresh = page(viewer, game_id, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert fresh.status_code == 200
    assert fresh["ETag"] != etag
    assert "Ann knocked with 5" in fresh.content.decode()


def test_full_page_carries_the_fragment_etag_for_polling(client):
    game_id = start_game(client)
    etag = page(client, game_id, **HTMX)["ETag"]
    html = page(client, game_id).content.decode()
    assert f'data-etag="{etag.replace(chr(34), "&quot;")}"' in html


def test_viewer_sees_scores_but_no_edit_controls(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    html = page(Client(), game_id).content.decode()
    assert "You are watching this game" in html
    assert "Enter hand" not in html
    assert "Delete hand" not in html
    assert "Correct hand" not in html
    assert "Ann knocked with 5" in html


def test_unknown_game_is_404(client):
    assert client.get(reverse("game", args=["nope"])).status_code == 404
    assert client.get(reverse("game", args=["nope"]), **HTMX).status_code == 404


def test_the_game_page_makes_the_same_queries_however_many_hands(client):
    def queries(game_id):
        with CaptureQueriesContext(connection) as seen:
            assert client.get(reverse("game", args=[game_id])).status_code == 200
        return len(seen)

    small = start_game(client)  # one hand, one correction, one deletion
    post_hand(client, small, knock_hand(0, 5, 12, 20))
    post_hand(client, small, knock_hand(0, 5, 12, 20))
    client.post(reverse("hand_delete", args=[small, 1]))
    client.post(reverse("hand_update", args=[small, 1]), knock_hand(0, 5, 13, 20))
    large = start_game(client)
    for _ in range(4):
        post_hand(client, large, knock_hand(0, 5, 12, 20))
        client.post(reverse("hand_delete", args=[large, 1]))
        post_hand(client, large, knock_hand(1, 12, 3, 20))
    for n in (1, 2, 3):
        client.post(reverse("hand_update", args=[large, n]), knock_hand(1, 12, 4, 20))
    assert queries(small) == queries(large)


def test_the_game_page_may_be_kept_by_the_back_forward_cache(client):
    """"no-store" kept browsers from restoring the page on Back (Lighthouse's bfcache audit);
    "no-cache" still asks the server on every other load, and the scoreboard polls when the
    page is shown again (live.js, pageshow)."""
    game_id = start_game(client)
    response = page(client, game_id)
    assert "no-store" not in response["Cache-Control"]
    assert "no-cache" in response["Cache-Control"] and "private" in response["Cache-Control"]


def test_avatars_tell_apart_players_whose_initials_collide(client):
    game_id = start_game(client, "knock-rummy", ["Anna", "Adam", "Bob"])
    html = page(client, game_id).content.decode()
    assert 'aria-hidden="true">AN</span>' in html
    assert 'aria-hidden="true">AD</span>' in html
    assert 'aria-hidden="true">B</span>' in html
