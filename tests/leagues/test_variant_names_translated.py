"""Every league page names variants in the page's language, as the game pages do (issue 35):
rendered in German and Korean, none holds a variant's English name."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import Player
from scorekeeper.rules import all_variants
from tests.writes import hand_record

from .helpers import penalties
from .test_views import create_league, start_league_game

pytestmark = pytest.mark.django_db


def english_names(language: str) -> list[str]:
    """The variants' English names that the language writes otherwise."""
    names = []
    for variant in all_variants():
        with translation.override(language):
            there = translation.gettext(variant.name)
        if there != variant.name:
            names.append(variant.name)
    return names


@pytest.mark.parametrize("language", ["de", "ko"])
def test_no_league_page_names_a_variant_in_english(language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    league = create_league(client, variants=["german-rummy", "standard-rummy"])
    for players, out in ((["Ann", "Bob"], "Ann"), (["Bob", "Ann"], "Bob")):
        game_id = start_league_game(client, league, players, hands=1)
        game = Game.objects.get(public_id=game_id)
        hand_record(game=game, entry=penalties(out, **{p: 5 for p in players if p != out}))
    ann = Player.objects.get(league=league, key="ann")
    scoped = "?season=all&variant=german-rummy"
    pages = [
        reverse("league", args=[league.public_id]) + "?season=all",
        reverse("league", args=[league.public_id]) + scoped,
        reverse("league_games", args=[league.public_id]),
        reverse("league_games", args=[league.public_id]) + scoped,
        reverse("league_player", args=[league.public_id, ann.pk]) + "?season=all",
        reverse("league_player", args=[league.public_id, ann.pk]) + scoped,
        reverse("league_settings", args=[league.public_id]),
        reverse("league_game_new", args=[league.public_id]),
    ]
    english = english_names(language)
    assert "German Rummy" in english  # the check can fail
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        html = response.content.decode()
        found = [name for name in english if name in html]
        assert not found, (page, found)
    with translation.override(language):
        german_rummy = translation.gettext("German Rummy")
    assert german_rummy in client.get(pages[1]).content.decode()
