"""Home page: each variant links to its start page (preselected) and to its rules page."""

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
