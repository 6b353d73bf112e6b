"""Oklahoma Gin and Straight Gin on the pages (RULES.md 10.1): the start page and its
default-on shutout switch, the hand form's upcard (a card field with the card picker), a
refusal on its field, a correction, the rules pages with their worked examples, the checker."""

import pytest
from django.urls import reverse

from scorekeeper.games.models import Game

from .page_helpers import post_hand, start_game, state

pytestmark = pytest.mark.django_db

AB = ("Ann", "Bob")


def test_the_start_page_offers_both_with_shutout_ticked_by_default(client):
    page = client.get(reverse("game_start") + "?variant=oklahoma-gin").content.decode()
    assert 'value="oklahoma-gin"' in page and 'value="straight-gin"' in page
    box = page.split('name="opt-shutout"', 1)[1].split(">", 1)[0]
    assert "checked" in box
    assert 'name="shown-opt-shutout"' in page
    assert 'name="opt-knock-limit"' not in page  # the upcard sets the limit


def test_a_shutout_left_unticked_on_the_page_is_off(client):
    game_id = start_game(client, "oklahoma-gin", AB, {"shutout": False})
    assert Game.objects.get(public_id=game_id).options == {"shutout": False}
    default = start_game(client, "oklahoma-gin", AB)
    assert Game.objects.get(public_id=default).options == {}


def test_the_upcard_is_a_card_field_with_the_picker(client):
    game_id = start_game(client, "oklahoma-gin", AB)
    page = client.get(reverse("hand_new", args=[game_id])).content.decode()
    field = page.split('name="upcard"', 1)[1].split(">", 1)[0]
    assert "data-cards" in field  # cardpicker.js draws its "Pick cards" button here
    assert "The upcard" in page
    plain = start_game(client, "gin-rummy", AB)
    assert 'name="upcard"' not in client.get(reverse("hand_new", args=[plain])).content.decode()


def test_examples_56_and_57_on_the_hand_form(client):
    game_id = start_game(client, "oklahoma-gin", AB)
    hand = {"winner": "0", "p0-points": 5, "p1-points": 12}
    refused = post_hand(client, game_id, {**hand, "upcard": "4D"})
    assert refused.status_code == 200
    html = refused.content.decode()
    assert "over the knock limit of 4" in html
    ann_row = html.split('data-seat="0"', 1)[1].split('data-seat="1"', 1)[0]
    assert "over the knock limit of 4" in ann_row  # in the knocker's row
    assert state(game_id)["hands"] == []
    missing = post_hand(client, game_id, hand).content.decode()
    assert "give the upcard" in missing
    assert 'id="id_upcard-error"' in missing  # on the upcard's own field
    assert post_hand(client, game_id, {**hand, "upcard": "7S"}).status_code == 302
    now = state(game_id)
    assert now["totals"] == {"Ann": 14, "Bob": 0}
    assert now["hands"][0]["result"]["upcard"] == "7S"
    edit = client.get(reverse("hand_edit", args=[game_id, 1])).content.decode()
    assert edit.split('name="upcard"', 1)[1].split("</textarea>", 1)[0].endswith("7S")


def test_example_59_a_straight_gin_knock_is_refused_on_the_page(client):
    game_id = start_game(client, "straight-gin", AB)
    page = client.get(reverse("hand_new", args=[game_id])).content.decode()
    assert 'name="upcard"' not in page and 'value="blocked"' in page
    refused = post_hand(client, game_id, {"winner": "0", "p0-points": 3, "p1-points": 20})
    assert "only gin ends a hand of Straight Gin" in refused.content.decode()
    ok = post_hand(client, game_id, {"winner": "0", "p0-points": 0, "p1-points": 20})
    assert ok.status_code == 302
    assert state(game_id)["totals"] == {"Ann": 45, "Bob": 0}


@pytest.mark.parametrize(
    ("slug", "facts"),
    [
        ("oklahoma-gin", ["plays as Gin Rummy", "upcard", "150", "+112"]),
        (
            "straight-gin",
            ["plays as Gin Rummy", "Nobody knocks", "until someone goes gin", "+45", "+51"],
        ),
    ],
)
def test_rules_pages_state_what_differs_with_worked_examples(client, slug, facts):
    page = client.get(reverse("rules", args=[slug])).content.decode()
    for fact in facts:
        assert fact in page, fact
    assert "Two players and one 52-card pack" in page  # Gin Rummy's shared text


def test_the_checker_takes_the_derived_variants(client):
    url = (
        reverse("check") + "?variant=straight-gin&kind=deadwood&cards=AS+2S+3S+7H+7D+7C+JH+QH+KH+4D"
    )
    assert client.get(url).status_code == 200
