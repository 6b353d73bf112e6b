"""Issue 32 §6: Straight Gin's texts agree with its scoring (RULES.md 10.1): nobody knocks, so no
text on its pages says a hand ends on a knock within a limit, and none speaks of lay-offs or
undercuts; the engine refuses any knock with deadwood."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.urls import reverse

from scorekeeper.rules import RulesError, get_variant, score_hand
from scorekeeper.rules.reference import check_going_out

from .page_helpers import start_game

pytestmark = pytest.mark.django_db

# what a hand ending on a knock brings: none of it is Straight Gin's ("no undercuts" may be said)
KNOCK_WORDS = ("knock limit", "knocks with", "undercut bonus", "undercuts the", "lays off",
               "may lay off", "after the other player's best lay-offs")


def page_text(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    text = html_lib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))
    return " ".join(text.split())


def test_the_engine_refuses_any_knock():
    with pytest.raises(RulesError):
        score_hand(
            variant="straight-gin",
            players=["Ann", "Bob"],
            result={"knocker": "Ann", "hands": {"Ann": {"points": 1}, "Bob": {"points": 20}}},
        )


@pytest.mark.parametrize("where", ["variant", "game"])
def test_no_straight_gin_text_says_a_knock_ends_a_hand(client, where):
    if where == "variant":
        url = reverse("rules", args=["straight-gin"])
    else:
        url = reverse("game_rules", args=[start_game(client, "straight-gin", players=("Ann", "Bob"))])
    text = page_text(client, url)
    body = text[: text.rfind("Glossary")].casefold()  # the glossary speaks of every game
    for words in KNOCK_WORDS:
        assert words not in body, words
    assert "a hand ends when a player knocks" not in text
    assert "a hand ends with a knock" not in text.casefold()
    assert "only when a player goes gin with no deadwood at all" in text


def test_gin_rummy_still_says_the_knock(client):
    text = page_text(client, reverse("rules", args=["gin-rummy"]))
    assert "a hand ends when a player knocks" in text


def test_the_checker_says_only_gin_ends_a_hand():
    verdict = check_going_out("AS 2S 3S", get_variant("straight-gin").table())
    assert not verdict.valid
    assert str(verdict.verdict) == (
        "Nobody goes out in Straight Gin: only gin (no deadwood at all) ends a hand. "
        "Check the deadwood instead."
    )


def test_the_apis_straight_gin_texts_say_no_knock_either(client):
    data = client.get("/api/v1/variants/straight-gin").json()
    texts = [r["text"] for r in data["rules"]] + data["decisions"]
    joined = " ".join(texts).casefold()
    for words in KNOCK_WORDS:
        assert words not in joined, words
    assert any("only gin ends a hand" in t for t in texts)
