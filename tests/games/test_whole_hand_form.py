"""The hand page: the winner's field takes his whole hand where he melds it all at once."""

import json

import pytest
from django.urls import reverse

from scorekeeper.games.scoresheet.forms import HandForm
from scorekeeper.rules import get_variant
from scorekeeper.rules.melds import MELD_SEPARATORS

from .page_helpers import post_hand, start_game, state

ABCD = ("Ann", "Bob", "Cy", "Dan")
HAND = "9C 5H JS 6H 3D KS 7H JK 10C 8H QS 2D 9H AS JC"


def form(variant, data, players=ABCD, options=None):
    f = HandForm(data, variant=get_variant(variant), options=options or {}, players=list(players))
    assert f.is_valid(), f.errors
    return f


def test_cards_without_separators_go_to_the_engine_as_the_whole_hand():
    f = form("continental-rum", {"winner": "0", "melds": HAND})
    assert f.entry()["hands"] == {"Ann": {"hand": HAND}}
    f = form("continental-rum", {"winner": "0", "melds": "5H 6H 7H 8H 9H · JS QS KS AS\n2D 3D JK|9C 10C JC"})
    assert f.entry()["hands"]["Ann"] == {
        "melds": ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D JK", "9C 10C JC"]
    }


def test_rummy_complete_winner_may_give_his_hand_beside_the_others_cards():
    data = {"winner": "0", "melds": "3H 4H 5H / 8C 8D 8H 10S", "p1-cards": "KH 7S 2D", "p2-points": 11}
    f = form("rummy-complete", data, players=ABCD[:3])
    hands = f.entry()["hands"]
    assert hands["Ann"] == {"hand": "3H 4H 5H 8C 8D 8H 10S"}
    assert hands["Bob"] == {"cards": "KH 7S 2D"} and hands["Cy"] == {"points": 11}


def test_a_stored_whole_hand_comes_back_into_the_field():
    f = HandForm(variant=get_variant("continental-rum"), options={}, players=list(ABCD))
    initial = f.initial_from_entry({"out": "Bob", "hands": {"Bob": {"hand": HAND}}})
    assert initial["winner"] == "1" and initial["melds"] == HAND


@pytest.mark.django_db
def test_the_page_saves_a_continental_whole_hand(client):
    game_id = start_game(client, variant="continental-rum", players=ABCD)
    page = client.get(reverse("hand_new", args=[game_id])).content.decode()
    assert "data-meld-separators=" in page
    separators = json.dumps(list(MELD_SEPARATORS), ensure_ascii=False).replace('"', "&quot;")
    assert f'data-meld-separators="{separators}"' in page
    assert "The winner&#x27;s whole hand, or his melds" in page
    response = post_hand(client, game_id, {"winner": "0", "melds": HAND})
    assert response.status_code in (200, 302)
    hands = state(game_id)["hands"]
    assert len(hands) == 1 and hands[0]["deltas"] == {"Ann": 9, "Bob": -3, "Cy": -3, "Dan": -3}


@pytest.mark.django_db
def test_the_page_says_why_a_hand_does_not_go_out_next_to_the_field(client):
    game_id = start_game(client, variant="continental-rum", players=ABCD)
    bad = "3H 4H 5H 6H 7H 8H 9H 10H JS QS KS AS KD AD 2D"
    response = post_hand(client, game_id, {"winner": "0", "melds": bad, "save": "1"})
    page = response.content.decode()
    assert response.status_code in (200, 400, 422)
    assert "fit in no meld" in page and 'id="id_melds-error"' in page
    assert state(game_id)["hands"] == []


@pytest.mark.django_db
def test_the_preview_shows_the_arrangement(client):
    game_id = start_game(client, variant="queen-city-rum", players=ABCD + ("Eve",))
    response = client.post(
        reverse("hand_preview", args=[game_id]), {"winner": "0", "melds": "KH QH JH 7S 7D 7C 7H 2C"}
    )
    page = response.content.decode()
    assert "2 of clubs</span></span> is the discard" in page and "232" in page  # 2♣ as a symbol
