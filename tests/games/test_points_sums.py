"""A points field takes a sum ("12+11+7" → 30), read on the server: digits, + and spaces."""

import pytest
from django.urls import reverse

from scorekeeper.games.models import Hand
from scorekeeper.games.scoresheet.sums import parse_sum, shown_sum

from .page_helpers import post_hand, start_game, state


def test_a_sum_is_read_term_by_term_and_never_evaluated():
    assert parse_sum("12+11+7") == (30, None)
    assert parse_sum(" 12 + 11 +7 ") == (30, None)
    assert parse_sum("12*2") == (None, "12*2")
    assert parse_sum("12+x") == (None, "x")
    assert parse_sum("12++3") == (None, "+")
    assert parse_sum("__import__('os')+1") == (None, "__import__('os')")
    assert shown_sum("12+11+7") == "12 + 11 + 7 = 30"
    assert shown_sum("30") == "" and shown_sum(None) == ""


@pytest.mark.django_db
def test_the_page_form_saves_a_sum_as_its_result(client):
    game_id = start_game(client)  # Knock Rummy, three players
    response = post_hand(client, game_id, {"winner": "0", "p0-points": "0", "p1-points": "12+11+7", "p2-points": "5"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert len(state(game_id)["hands"]) == 1
    assert Hand.objects.get().entry["hands"]["Bob"] == {"points": 30}


@pytest.mark.django_db
def test_a_bad_term_names_the_field_and_the_token_and_saves_nothing(client):
    game_id = start_game(client)
    response = post_hand(client, game_id, {"winner": "0", "p0-points": "0", "p1-points": "12+1x+7", "p2-points": "5"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "“1x” is not a number; type numbers and + only." in html
    assert 'value="12+1x+7"' in html  # kept as typed
    assert state(game_id)["hands"] == []


@pytest.mark.django_db
def test_the_preview_shows_the_sum_as_typed_and_its_result(client):
    game_id = start_game(client)
    response = client.post(
        reverse("hand_preview", args=[game_id]),
        {"winner": "0", "p0-points": "0", "p1-points": "12+11+7", "p2-points": "5"},
    )
    html = response.content.decode()
    assert 'value="12+11+7"' in html
    assert "12 + 11 + 7 = 30" in html
    assert 'inputmode="tel"' in html  # a keypad with + on phones


@pytest.mark.django_db
def test_rummy_500_the_player_who_went_out_may_leave_left_blank(client):
    game_id = start_game(client, variant="rummy-500", players=("Ann", "Bob"))
    data = {"winner": "0", "p0-laid": "40", "p1-laid": "10", "p1-left": "15"}
    response = post_hand(client, game_id, data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert Hand.objects.get().entry["hands"]["Ann"] == {"laid": 40, "left": 0}


@pytest.mark.django_db
def test_rummy_500_a_player_who_did_not_go_out_still_gives_left(client):
    game_id = start_game(client, variant="rummy-500", players=("Ann", "Bob"))
    data = {"winner": "0", "p0-laid": "40", "p1-laid": "10"}
    response = post_hand(client, game_id, data)
    assert response.status_code == 200
    assert Hand.objects.count() == 0


@pytest.mark.django_db
def test_gin_on_the_page_the_knocker_gives_his_melds_and_unmatched_cards(client):
    game_id = start_game(client, variant="gin-rummy", players=("Ann", "Bob"))
    page = client.get(reverse("hand_new", args=[game_id])).content.decode()
    assert 'name="p0-melds"' in page and "data-melds" in page  # with the card picker
    data = {
        "winner": "0",
        "p0-melds": "AH 2H 3H / 4S 5S 6S / 9C 9D 9H",
        "p0-cards": "2C",
        "p1-cards": "KS KD QC JC 10H 8D 7C 5D 4C 3D",
    }
    response = post_hand(client, game_id, data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    ann = Hand.objects.get().entry["hands"]["Ann"]
    assert ann == {"cards": "2C", "melds": ["AH 2H 3H", "4S 5S 6S", "9C 9D 9H"]}
    edit = client.get(reverse("hand_edit", args=[game_id, 1])).content.decode()
    assert "AH 2H 3H / 4S 5S 6S / 9C 9D 9H" in edit  # shown back in its field


@pytest.mark.django_db
def test_gin_a_knocker_s_short_melds_are_refused_next_to_the_field(client):
    game_id = start_game(client, variant="gin-rummy", players=("Ann", "Bob"))
    data = {"winner": "0", "p0-melds": "AH 2H 3H", "p0-cards": "2C", "p1-points": "30"}
    response = post_hand(client, game_id, data)
    assert response.status_code == 200
    assert Hand.objects.count() == 0
