"""Issue 32 §4: the checker's deadwood answer says whether the hand is over this table's knock
limit (a Gin game with a knock limit of 7, deadwood 8), from a game and with the limit typed."""

import html as html_lib
import re

import pytest
from django.urls import reverse
from django.utils.http import urlencode

from .page_helpers import start_game

pytestmark = pytest.mark.django_db

EIGHT = "AS 2S 3S 7H 7D 7C JH QH KH 8D"  # three melds and 8D: deadwood 8


def text_of(response) -> str:
    assert response.status_code == 200
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def check(client, **params):
    return text_of(client.get(f"{reverse('check')}?{urlencode(params)}"))


def test_deadwood_over_the_games_knock_limit_is_said_to_be_over(client):
    game_id = start_game(client, "gin-rummy", players=("Ann", "Bob"), options={"knock-limit": 7})
    text = check(client, game=game_id, kind="deadwood", cards=EIGHT)
    assert "Deadwood: 8 points" in text
    assert (
        "Deadwood 8 is over this table's knock limit of 7 (at this table; the book says 10): "
        "this hand may not knock." in text
    )


def test_the_typed_knock_limit_counts_too(client):
    text = check(client, variant="gin-rummy", kind="deadwood", cards=EIGHT, **{"opt-knock-limit": 7})
    assert "is over this table's knock limit of 7" in text
    book = check(client, variant="gin-rummy", kind="deadwood", cards=EIGHT)
    assert "Deadwood 8 is within this table's knock limit of 10: this hand may knock." in book


def test_straight_gin_says_no_knock_and_knock_rummy_says_nothing(client):
    text = check(client, variant="straight-gin", kind="deadwood", cards=EIGHT)
    assert "only gin ends a hand in Straight Gin, so this hand may not knock" in text
    knock = check(client, variant="knock-rummy", kind="deadwood", cards=EIGHT)
    assert "knock limit" not in knock


def test_the_ruling_kept_from_the_answer_says_it_is_over(client):
    game_id = start_game(client, "gin-rummy", players=("Ann", "Bob"), options={"knock-limit": 7})
    response = client.get(f"{reverse('check')}?{urlencode({'game': game_id, 'kind': 'deadwood', 'cards': EIGHT})}")
    page = response.content.decode()
    note = re.search(r'name="note" value="([^"]*)"', page)
    assert note and "over this table" in html_lib.unescape(note.group(1))
