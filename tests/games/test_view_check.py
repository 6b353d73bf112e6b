"""/check: every kind of check, valid and invalid, as a plain GET form (no JavaScript)."""

import pytest
from django.urls import reverse
from django.utils.http import urlencode

from .page_helpers import start_game


def get(client, **params):
    response = client.get(f"{reverse('check')}?{urlencode(params)}")
    assert response.status_code == 200
    return response.content.decode()


def test_empty_form_works_without_javascript(client):
    html = get(client)
    assert '<form method="get" action="/check"' in html
    assert 'name="cards"' in html and 'name="variant"' in html
    assert "Answer" not in html
    assert 'style="' not in html and "onclick" not in html


def test_meld_valid_shows_reading_and_value(client):
    html = get(client, kind="meld", variant="german-rummy", cards="JK 7H 8H")
    assert "Valid run" in html
    assert "7H 8H [9H]" in html
    assert "Worth 24 towards a first meld" in html
    assert 'class="cardface h wild"' in html


def test_meld_invalid_says_why_and_links_the_rule(client):
    html = get(client, kind="meld", variant="standard-rummy", cards="QD KD AD")
    assert "Not valid" in html
    assert "the ace is low only here" in html
    assert 'href="/rules/standard-rummy/#melds"' in html


def test_meld_check_honours_house_rules(client):
    html = get(
        client,
        kind="meld",
        variant="standard-rummy",
        cards="KD AD 2D 3D",
        **{"opt-around-the-corner": "on"},
    )
    assert "Valid run" in html and "KD AD 2D 3D" in html


def test_opening_met_and_not_met(client):
    met = get(client, kind="opening", variant="german-rummy", cards="QH KH AH / AS AH AD")
    assert "64 meets the first-meld minimum of 40." in met
    short = get(client, kind="opening", variant="german-rummy", cards="JK 5H 6H")
    assert "18 is 22 short of the first-meld minimum of 40." in short
    named = get(client, kind="opening", variant="german-rummy", cards="JK=4H 5H 6H")
    assert "15 is 25 short" in named
    caloochi = get(client, kind="opening", variant="caloochi", cards="JK QS KS")
    assert "31 is 20 short of the first-meld minimum of 51." in caloochi


def test_opening_is_not_offered_where_there_is_none(client):
    html = get(client, kind="opening", variant="knock-rummy", cards="AS 2S 3S")
    assert "Select a valid choice" in html
    assert 'value="opening"' not in html


@pytest.mark.parametrize(
    ("variant", "cards", "answer"),
    [
        (
            "continental-rum",
            "3H 4H 5H 6H 7H 8H 9S 10S JS 5C 6C 7C 10D JD QD 2S",
            "Yes: 15 cards melded (3-3-3-3-3) and 2S discarded.",
        ),
        (
            "nowrang",
            "10S JS QS KS QH KH AH 5D 6D 7D",
            "Yes: all 10 cards melded (4-3-3), no discard.",
        ),
        (
            "queen-city-rum",
            "KH QH JH 7S 7D 7C 7H 2C",
            "Yes: 7 cards melded (4-3) and 2C discarded.",
        ),
        ("phom", "AH 2H 3H 4H 5S 5D 5C 9C 10C JC", "Yes: all 10 cards melded (4-3-3), no discard."),
        ("rummy-complete", "7H 8H 9H QS QD QC 4C", "Yes: 6 cards melded (3-3) and 4C discarded."),
        (
            "nowrang",
            "AH 2H 3H 10S JS QS KS 5D 6D 7D",
            "No: going out in Nowrang takes one 4-card and two 3-card sequences",
        ),
    ],
)
def test_going_out(client, variant, cards, answer):
    html = get(client, kind="going-out", variant=variant, cards=cards)
    assert answer in html


def test_going_out_with_melds_and_a_discard(client):
    html = get(
        client,
        kind="going-out",
        variant="queen-city-rum",
        cards="KH QH JH / 7S 7D 7C",
        discard="2C",
    )
    assert "No: going out in Queen City Rum takes all 8 cards melded, or 7 and a discard" in html


def test_deadwood(client):
    html = get(
        client, kind="deadwood", variant="knock-rummy", cards="AS 2S 3S 7H 7D 7C JH QH KH 4D"
    )
    assert "Deadwood: 4 points" in html
    html = get(client, kind="deadwood", variant="boat-house-rum", cards="QD KD AD 2D 5C")
    assert "Deadwood: 5 points" in html


def test_deal(client):
    html = get(client, kind="deal", variant="continental-rum", players=7)
    assert "3 packs of 52 and 3 jokers: 159 cards" in html
    assert "15 cards" in html and "54" in html
    html = get(client, kind="deal", variant="phom", players=4)
    assert "gets one more and starts by discarding" in html
    bad = get(client, kind="deal", variant="phom", players=9)
    assert "Phỏm is for 2 to 4 players, not 9" in bad


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"kind": "meld", "variant": "standard-rummy", "cards": "1H 2H 3H"},
            "&#x27;1H&#x27; is not a card",
        ),
        ({"kind": "meld", "variant": "standard-rummy", "cards": "7H 7H 8H"}, "7H"),
        ({"kind": "meld", "variant": "standard-rummy", "cards": ""}, "Give the cards to check"),
        ({"kind": "deadwood", "variant": "caloochi", "cards": "AS " * 20}, "at most 18"),
        ({"kind": "meld", "variant": "standard-rummy", "cards": "7H " * 300}, "at most 500"),
        ({"kind": "nonsense", "variant": "standard-rummy", "cards": "7H"}, "Select a valid choice"),
        ({"kind": "deal", "variant": "standard-rummy", "players": "many"}, "Enter a whole number"),
    ],
)
def test_bad_input_is_a_clear_message_never_a_500(client, params, message):
    html = get(client, **params)
    assert message in html
    assert "Nothing could be checked" in html


def test_unknown_variant_falls_back_to_the_default(client):
    html = get(client, kind="meld", variant="no-such-game", cards="7H 8H 9H")
    assert "Valid run" in html


def test_option_of_another_variant_is_ignored(client):
    html = get(
        client, kind="meld", variant="german-rummy", cards="7H 8H 9H", **{"opt-call-rummy": "on"}
    )
    assert "Valid run" in html


def test_the_answer_url_is_shareable(client):
    params = {"kind": "meld", "variant": "german-rummy", "cards": "JK 7H 8H"}
    html = get(client, **params)
    assert "7H 8H [9H]" in html
    assert "Share this answer" in html


@pytest.mark.django_db
def test_opened_from_a_game_preselects_variant_and_house_rules(client):
    game_id = start_game(client, "standard-rummy", options={"around-the-corner": True})
    html = get(client, game=game_id)
    assert '<option value="standard-rummy" selected>' in html
    assert 'name="opt-around-the-corner" id="id_opt-around-the-corner" checked' in html
    assert f'name="game" value="{game_id}"' in html
    html = get(
        client,
        game=game_id,
        kind="meld",
        cards="KD AD 2D",
        variant="standard-rummy",
        **{"opt-around-the-corner": "on"},
    )
    assert "Valid run" in html


@pytest.mark.django_db
def test_deal_from_a_game_names_dealer_and_first_player(client):
    game_id = start_game(client, "phom", ("Ann", "Bob", "Cy", "Dan"), dealer="Dan")
    html = get(client, game=game_id, kind="deal")
    assert "Ann gets one more and starts by discarding" in html
    assert "Dan" in html


@pytest.mark.django_db
def test_unknown_game_is_ignored(client):
    assert "Checker" in get(client, game="nope")


NASTY = [
    "JK=JK 5H",
    "7H=8H 8H 9H",
    "/ / /",
    "JK JK JK JK JK JK JK",
    "AS,AS;AS|AS",
    "\u202e7H",
    "🃏 🃏 5H 6H",
]


@pytest.mark.parametrize(
    "variant",
    ["standard-rummy", "continental-rum", "german-rummy", "phom", "nowrang", "knock-rummy"],
)
@pytest.mark.parametrize("kind", ["meld", "opening", "going-out", "deadwood", "deal"])
def test_nothing_sent_makes_a_500(client, variant, kind):
    for cards in NASTY:
        response = client.get(
            reverse("check"),
            {"kind": kind, "variant": variant, "cards": cards, "discard": cards, "players": "3"},
        )
        assert response.status_code == 200, (kind, variant, cards)


def test_no_first_meld_value_for_games_without_a_first_meld(client):
    html = get(client, kind="meld", variant="standard-rummy", cards="7H 8H 9H")
    assert "Valid run" in html
    assert "towards a first meld" not in html
    assert "if left in a hand" in html
    assert "towards a first meld" in get(
        client, kind="meld", variant="german-rummy", cards="7H 8H 9H"
    )


def test_a_house_rule_the_new_game_lacks_is_named_not_dropped(client):
    html = get(
        client,
        kind="meld",
        variant="german-rummy",
        cards="QD KD AD",
        **{"opt-around-the-corner": "on"},
    )
    assert 'id="dropped-options"' in html and "Around the corner" in html


def test_choosing_another_game_redraws_its_boxes_without_checking(client):
    html = get(client, kind="meld", variant="standard-rummy", cards="QD KD AD", redraw="1")
    assert "Answer" not in html and "QD KD AD</textarea>" in html
    assert 'name="opt-around-the-corner"' in html
    assert 'data-redraw="1"' in html and "js/check.js" in html
