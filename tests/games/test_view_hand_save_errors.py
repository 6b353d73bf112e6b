"""A refused Save reads like a refused Preview: in place, the summary naming player and token."""

import pytest
from django.urls import reverse

from .page_helpers import HTMX, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def test_refused_save_with_htmx_answers_the_form_in_place(client):
    game_id = start_game(client)
    data = {"winner": "0", "p0-points": 5, "p1-cards": "KH 7X", "p2-points": 20}
    response = post_hand(client, game_id, data, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<form id="hand-form"')  # the fragment, swapped in place
    assert "HX-Redirect" not in response
    summary = html[html.index('id="error-summary"') : html.index("</div>", html.index('id="error-summary"'))]
    assert 'href="#id_p1-cards"' in summary
    assert "Bob, cards: &#x27;7X&#x27; is not a card (card 2)" in summary
    assert 'id="id_p1-cards-error"' in html
    assert state(game_id)["hands"] == []


def test_refused_save_without_javascript_names_player_and_token_on_top(client):
    game_id = start_game(client)
    data = {"winner": "0", "p0-points": 5, "p1-cards": "KH 7X", "p2-points": 20}
    html = post_hand(client, game_id, data).content.decode()
    top = html.index("Nothing was saved")
    assert top < html.index("Bob, cards: &#x27;7X&#x27; is not a card (card 2)") < html.index(
        'data-seat="0"'
    )


def test_a_seat_without_entry_is_named_in_the_summary(client):
    game_id = start_game(client)
    html = post_hand(client, game_id, {"winner": "0", "p0-points": 5, "p2-points": 3}).content.decode()
    summary = html[html.index('id="error-summary"') :]
    assert "Bob: give Bob&#x27;s points, cards, hand or melds" in summary[:2000]


def test_accepted_save_with_htmx_answers_the_game_page_in_place(client):
    """No redirect and reload: the game page comes in the answer and takes the form's <main>,
    its address pushed to the history (issue 25 §1, the keeper's scoreboard in place)."""
    game_id = start_game(client)
    data = {"winner": "0", "p0-points": 5, "p1-points": 12, "p2-points": 20}
    response = post_hand(client, game_id, data, **HTMX)
    assert response.status_code == 200
    assert "HX-Redirect" not in response
    assert response["HX-Replace-Url"] == reverse("game", args=[game_id])
    assert response["HX-Retarget"] == "main" and response["HX-Reselect"] == "main"
    html = response.content.decode()
    assert 'id="scoreboard"' in html and "Hand 1 saved." in html
    assert len(state(game_id)["hands"]) == 1


def test_correction_refused_in_place_too(client):
    game_id = start_game(client)
    post_hand(client, game_id, {"winner": "0", "p0-points": 5, "p1-points": 12, "p2-points": 20})
    response = client.post(
        reverse("hand_update", args=[game_id, 1]),
        {"winner": "0", "p0-points": 5, "p1-cards": "1X", "p2-points": 20},
        **HTMX,
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<form id="hand-form"')
    assert "Bob, cards: &#x27;1X&#x27; is not a card" in html
