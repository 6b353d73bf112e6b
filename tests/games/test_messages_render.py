"""Engine messages on the pages: rendered once, at the edge, in the request's language."""

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils.translation import get_language

import scorekeeper.i18n
from scorekeeper.games.models import Hand

from .page_helpers import knock_hand, post_hand, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def tagged(monkeypatch):
    """A stand-in catalogue: every engine text comes back tagged with the active language."""
    monkeypatch.setattr(scorekeeper.i18n, "gettext", lambda s: f"[{get_language()}] {s}")
    monkeypatch.setattr(
        scorekeeper.i18n, "ngettext", lambda a, b, n: f"[{get_language()}] {a if n == 1 else b}"
    )


def test_a_hand_is_stored_as_codes_and_shown_as_english(client):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob", "Cy"])
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    stored = Hand.objects.get(game__public_id=game_id).result["explanation"]
    assert stored[0] == {"code": "knock.knocked", "params": {"knocker": "Ann", "count": 5}}
    assert all(set(line) == {"code", "params"} for line in stored)
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert "Ann knocked with 5" in html
    assert "knock.knocked" not in html


def test_the_game_page_renders_lines_in_the_request_language(client, tagged):
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob", "Cy"])
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    html = client.get(reverse("game", args=[game_id]), HTTP_ACCEPT_LANGUAGE="it").content
    assert "[it] Ann knocked with 5" in html.decode()
    # Variant names are engine texts too.
    assert "[it] Knock Rummy" in html.decode()


def test_the_render_filter_takes_messages_stored_dicts_and_old_text():
    template = Template("{% load engine %}{% for line in lines %}{{ line|render }}|{% endfor %}")
    lines = [
        {"code": "standard.out", "params": {"name": "<b>Ann</b>", "total": 30}},
        {"code": "stored.line", "params": {"text": "Old line"}},
        {"code": "gone.code", "params": {}},
    ]
    text = template.render(Context({"lines": lines}))
    # Escaped like any other value: a player's name cannot inject markup.
    assert text == "&lt;b&gt;Ann&lt;/b&gt; went out and scores 30|Old line|gone.code|"


def test_a_negative_number_in_an_explanation_has_a_true_minus_in_every_language():
    """Korean (and every language) printed "= -35" where the totals print "−35"."""
    from django.utils import translation

    from scorekeeper.i18n import render_lines
    from scorekeeper.rules import score_hand

    scored = score_hand(variant="rummy-500", players=["Ann", "Bob"], result={
        "out": "Ann", "hands": {"Ann": {"laid": 30, "left": 0}, "Bob": {"laid": 0, "left": 35}}})
    for lang in ("en", "ko", "de"):
        with translation.override(lang):
            bob = render_lines(scored.explanation)[1]
        assert bob.endswith("= \u221235"), (lang, bob)
        assert "-35" not in bob
