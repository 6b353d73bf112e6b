"""Preview: the engine's scores and explanation before saving; errors inline; nothing saved."""

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.i18n import cards_html

from .page_helpers import HTMX, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def preview(client, game_id, data, **extra):
    return client.post(reverse("hand_preview", args=[game_id]), data, **extra)


def test_preview_shows_scores_and_explanation_and_saves_nothing(client):
    game_id = start_game(client)
    data = {"winner": "0", "p0-points": 5, "p1-points": 12, "p2-cards": "KH QH 2C 4S 5S 6S 7S"}
    response = preview(client, game_id, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="preview"' in html
    assert 'Ann <strong class="positive">+24</strong>' in html
    # Suits as symbols on the page (issue 15 bug 8): the notation stays in the engine.
    assert f"Cy melds {cards_html('4S 5S 6S 7S')}; unmatched {cards_html('QH KH 2C')} = 22" in html
    assert '4<span class="suit">♠</span>' in html and 'Q<span class="suit suit-red">♥</span>' in html
    assert "Nothing is saved yet" in html
    assert state(game_id)["hands"] == []
    # What was typed stays in the form.
    assert ">KH QH 2C 4S 5S 6S 7S</textarea>" in html


def test_htmx_preview_returns_the_form_fragment(client):
    game_id = start_game(client)
    response = preview(client, game_id, knock_hand(0, 5, 12, 20), **HTMX)
    html = response.content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<form id="hand-form"')
    assert "Ann scores 22" in html


def test_bad_card_is_shown_next_to_its_field(client):
    game_id = start_game(client)
    data = {"winner": "0", "p0-points": 5, "p1-cards": "KH 1H", "p2-points": 20}
    html = preview(client, game_id, data, **HTMX).content.decode()
    # No scores: the live preview says why instead (issue 33 §9), naming the player and token.
    said = html[html.index('id="preview"') : html.index("</section>", html.index('id="preview"'))]
    assert "No preview yet:" in said and "Bob, cards:" in said and "1H" in said
    assert "scores" not in said
    assert 'id="id_p1-cards-error"' in html
    assert "&#x27;1H&#x27; is not a card (card 2)" in html
    # The error sits in Bob's row, after his cards field.
    bob = html.index('data-seat="1"')
    cy = html.index('data-seat="2"')
    assert bob < html.index("is not a card", bob) < cy
    # ...and the summary on top names the player and the token.
    assert "Bob, cards: &#x27;1H&#x27; is not a card (card 2)" in html


def test_missing_entry_is_shown_in_that_players_row(client):
    game_id = start_game(client)
    html = preview(
        client, game_id, {"winner": "0", "p0-points": 5, "p2-points": 3}
    ).content.decode()
    bob = html.index('data-seat="1"')
    assert (
        bob
        < html.index("give Bob&#x27;s points, cards, hand or melds", bob)
        < html.index('data-seat="2"')
    )


def test_missing_winner_is_shown_at_the_winner_choice(client):
    game_id = start_game(client)
    html = preview(client, game_id, {"p0-points": 5}).content.decode()
    assert "Choose who knocked." in html


def test_points_and_cards_together_are_refused(client):
    game_id = start_game(client)
    data = knock_hand(0, 5, 12, 20) | {"p1-cards": "KH"}
    html = preview(client, game_id, data).content.decode()
    assert "Give the points or the cards, not both." in html


def test_too_many_copies_across_players_is_explained(client):
    game_id = start_game(client)
    # Knock: a whole hand of 7 cards each (3 players).
    data = {
        "winner": "0",
        "p0-cards": "7H 2C 3C 4C 9D 10D JD",
        "p1-cards": "7H 2S 3S 4S 9H 10H JH",
        "p2-points": 3,
    }
    html = preview(client, game_id, data).content.decode()
    assert "7H" in html and "deck holds it once" in html


@pytest.mark.parametrize(
    ("variant", "players", "options", "data", "expected"),
    [
        # RULES example 14: Block Rummy, blocked hand.
        (
            "block-rummy",
            ["Ann", "Bob", "Cy"],
            {},
            {"winner": "blocked", "p0-points": 5, "p1-points": 12, "p2-points": 30},
            'Ann <strong class="positive">+32</strong>',
        ),
        # Example 11: Rummy hidden doubles.
        (
            "standard-rummy",
            ["Ann", "Bob", "Cy"],
            {"rummy-hidden": True},
            {"winner": "0", "rummy": "on", "p1-cards": "KH 7S 2D", "p2-cards": "AS AD 9C"},
            'Ann <strong class="positive">+60</strong>',
        ),
        # Example 37: Cy goes ù with 9 cards.
        (
            "phom",
            ["Ann", "Bob", "Cy", "Dan"],
            {},
            {"winner": "2", "u_cards": "9"},
            'Cy <strong class="positive">+18</strong>',
        ),
        # Example 39: fed three discards by Bob, who pays for everyone.
        (
            "phom",
            ["Ann", "Bob", "Cy", "Dan"],
            {"feeding-penalties": True},
            {"winner": "2", "u_cards": "9", "fed": "on"},
            'Bob <strong class="negative">\u221218</strong>',
        ),
        # Example 29: Continental melds with one joker.
        (
            "continental-rum",
            ["Ann", "Bob", "Cy", "Dan"],
            {},
            {"winner": "0", "melds": "5H 6H 7H 8H 9H / JS QS KS AS / 2D 3D JK / 9C 10C JC"},
            'Ann <strong class="positive">+9</strong>',
        ),
        # Example 34: Queen City, five players.
        (
            "queen-city-rum",
            ["Ann", "Bob", "Cy", "Dan", "Eve"],
            {},
            {"winner": "0", "melds": "KH QH JH / 7S 7D 7C 7H"},
            'Ann <strong class="positive">+232</strong>',
        ),
        # Example 42: Nowrang.
        (
            "nowrang",
            ["Ann", "Bob"],
            {},
            {"winner": "0", "melds": "10S JS QS KS / QH KH AH / 5D 6D 7D"},
            'Ann <strong class="positive">+1</strong>',
        ),
    ],
)
def test_each_variant_form_scores_through_the_engine(
    client, variant, players, options, data, expected
):
    game_id = start_game(client, variant, players, options=options, dealer=players[-1])
    html = preview(client, game_id, data).content.decode()
    assert expected in html, html[html.find('id="hand-form"') :]


def test_phom_eaten_discards_become_payments(client):
    # Example 40: no ù, totals as in 36, and Bob took two of Ann's discards.
    game_id = start_game(
        client, "phom", ["Ann", "Bob", "Cy", "Dan"], options={"feeding-penalties": True}
    )
    data = {"winner": "none", "p0-points": 9, "p1-points": 9, "p2-points": 22, "p3-points": 30}
    data["p1-eats"] = 2
    html = preview(client, game_id, data).content.decode()
    assert 'Ann <strong class="positive">+4</strong>' in html
    assert 'Bob <strong class="positive">+1</strong>' in html


def test_preview_of_a_correction_uses_that_hands_dealer(client):
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy", "Dan"], dealer="Dan")
    tie = {"winner": "none", "p0-points": 9, "p1-points": 9, "p2-points": 22, "p3-points": 30}
    post_hand(client, game_id, tie)  # Dan dealt: Ann wins the tie
    post_hand(client, game_id, tie)  # Ann dealt: Bob is first in play order
    html = preview(client, game_id, tie | {"number": "1"}).content.decode()
    assert "Ann ties Bob for the lowest trash (9) and wins the tie by playing earlier" in html


def test_viewer_is_forbidden(client):
    game_id = start_game(client)
    response = preview(Client(), game_id, knock_hand(0, 5, 12, 20))
    assert response.status_code == 403


def test_the_preview_of_a_hand_that_ends_the_game_says_so_with_the_bonuses(client):
    """Issue 25: a Gin hand that takes Ann past 100 previewed as any other hand; the page only
    learnt of the game bonus, the box bonuses and the shutout once saved."""
    game_id = start_game(client, "gin-rummy", ["Ann", "Bob"])
    html = preview(client, game_id, knock_hand(0, 0, 115)).content.decode()
    assert "This hand ends the game." in html
    assert "Winner: Ann" in html
    ends = html[html.index('class="preview-ends"'):html.index('class="preview-after')]
    assert ends.count("<li>") >= 2  # the game bonus and the box bonus at least
    assert state(game_id)["hands"] == []
    # A hand that does not end the game says nothing of the kind.
    html = preview(client, game_id, knock_hand(0, 5, 12)).content.decode()
    assert "This hand ends the game." not in html
