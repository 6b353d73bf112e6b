"""Home page: each variant links to its start page (preselected) and to its rules page."""

import pytest
from django.urls import reverse

from scorekeeper.rules import all_variants


def test_each_variant_links_to_start_and_rules(client):
    html = client.get(reverse("home")).content.decode()
    for variant in all_variants():
        assert f'href="/games/new/?variant={variant.slug}"' in html
        assert f'href="/rules/{variant.slug}/"' in html


def test_navigation_offers_new_game_and_my_games(client):
    html = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("game_start")}"' in html
    assert f'href="{reverse("my_games")}"' in html


@pytest.mark.django_db
def test_the_game_in_progress_comes_first(client, django_assert_max_num_queries):
    from .page_helpers import knock_hand, post_hand, start_game

    done = start_game(client, "knock-rummy", ["Ann", "Bob"], options={"target": 10})
    post_hand(client, done, knock_hand(0, 0, 30))  # over
    on = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    with django_assert_max_num_queries(4):
        html = client.get(reverse("home")).content.decode()
    assert html.index("Your game in progress") < html.index("Choose a game")
    assert f'href="/games/{on}/"' in html
    assert "Continue Phỏm" in html
    assert f'href="/games/{done}/"' not in html  # a finished game is not "in progress"


@pytest.mark.django_db
def test_the_game_this_phone_keeps_score_in_comes_before_games_it_only_watched(client):
    """Issue 16 audit: after watching another table's game (newer), the front page offered
    that game as "Your game in progress", a game this phone cannot keep score in."""
    from django.test import Client

    from .page_helpers import start_game

    mine = start_game(client, "phom", ["Ann", "Bob", "Cy"])
    watched = start_game(Client(), "knock-rummy", ["Xu", "Yan"])  # another phone's, newer
    assert client.get(reverse("game", args=[watched])).status_code == 200
    html = client.get(reverse("home")).content.decode()
    assert f'href="/games/{mine}/"' in html
    assert "Continue Phỏm" in html
    assert f'href="/games/{watched}/"' not in html


@pytest.mark.django_db
def test_variants_this_phone_played_most_come_first(client):
    from .page_helpers import start_game

    for _ in range(2):
        start_game(client, "german-rummy", ["Ann", "Bob"])
    start_game(client, "phom", ["Ann", "Bob"])
    html = client.get(reverse("home")).content.decode()
    order = [html.index(f'id="{slug}"') for slug in ("german-rummy", "phom", "standard-rummy")]
    assert order == sorted(order)


@pytest.mark.django_db
def test_no_game_no_continue(client):
    assert "Your game in progress" not in client.get(reverse("home")).content.decode()
