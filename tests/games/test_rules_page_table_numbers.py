"""Issue 32 §4: every sentence of a game's rules page states the table's numbers, the target and
the starting points as much as the bonuses: "the app plays to N", "(N unless changed)"."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.urls import reverse

from scorekeeper.rules import all_variants

from .page_helpers import start_game

pytestmark = pytest.mark.django_db

WITH_TARGET = [v for v in all_variants() if v.option("target") is not None]


def page_text(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))
    return " ".join(text.split())


def players_of(variant):
    return ("Ann", "Bob", "Cy", "Dan")[: max(2, min(3, variant.players[1]))]


def test_queen_city_played_to_300_never_says_500(client):
    game_id = start_game(client, "queen-city-rum", players=("Ann", "Bob"), options={"target": 300})
    text = page_text(client, reverse("game_rules", args=[game_id]))
    assert "so the app plays to 300 (at this table; the book says 500)." in text
    assert "plays to 500" not in text and "someone to 500" not in text


def test_caloochi_played_to_300_never_says_100_unless_changed(client):
    game_id = start_game(client, "caloochi", players=("Ann", "Bob"), options={"target": 300})
    text = page_text(client, reverse("game_rules", args=[game_id]))
    assert "(100 unless changed)" not in text and "unless changed" not in text
    assert "takes someone to 300 (at this table; the book says 100) or more" in text
    assert "someone to 100 or more" not in text


@pytest.mark.parametrize("variant", WITH_TARGET, ids=lambda v: v.slug)
def test_a_changed_target_is_the_one_every_sentence_states(client, variant):
    book = variant.option("target").default
    target = book + 37
    game_id = start_game(client, variant.slug, players=players_of(variant), options={"target": target})
    text = page_text(client, reverse("game_rules", args=[game_id]))
    prose = text[: text.rfind("Glossary")]  # the glossary speaks of every game
    assert "unless changed" not in prose
    for said in (f"to {book} or more", f"on {book} or more", f"plays to {book}", f"reach {book}",
                 f"someone to {book} "):
        assert said not in prose, said
    assert f"{target} (at this table; the book says {book})" in prose


def test_continental_starting_points_and_nowrang_match_are_the_tables(client):
    game_id = start_game(client, "continental-rum", players=("Ann", "Bob", "Cy"),
                         options={"starting-points": 50})
    text = page_text(client, reverse("game_rules", args=[game_id]))
    assert "Players start on 50 (at this table; the book says 100)" in text
    assert "start on 100" not in text
    game_id = start_game(client, "nowrang", players=("Ann", "Bob"), options={"match-games": 3})
    text = page_text(client, reverse("game_rules", args=[game_id]))
    assert "(the match length option, here 3 (at this table; the book says 1))" in text
    assert "1 by default" not in text


@pytest.mark.parametrize("variant", list(all_variants()), ids=lambda v: v.slug)
def test_no_rules_page_says_unless_changed(client, variant):
    assert "unless changed" not in page_text(client, reverse("rules", args=[variant.slug]))
