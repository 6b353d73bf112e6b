"""The keeper's eyes (issue 33 section 4), server side: the scoreboard carries the latest hand
beside the totals and the sentence the live region says; the hand this phone just saved is
marked; the live region is in every page from the start; without JavaScript the Save leads to
the scoreboard's anchor."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorekeeper.games.site.templatetags.numbers import delta, scores_line, signed

from .page_helpers import HTMX, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db


def _announce(html: str) -> str:
    found = re.search(r'data-announce="([^"]*)"', html)
    assert found is not None
    return found.group(1)


def test_the_saved_hand_is_said_and_shown_beside_the_totals(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 0, 5, 12))
    html = post_hand(client, game_id, knock_hand(1, 20, 0, 7), **HTMX).content.decode()

    played = state(game_id)
    deltas = played["hands"][-1]["deltas"]
    totals = played["totals"]

    def shown(value):
        return f"{value:+d}".replace("-", "\u2212") if value else "0"

    expected = ", ".join(
        f"{name} {shown(deltas[name])} ({str(totals[name]).replace('-', chr(0x2212))})"
        for name in ("Ann", "Bob", "Cy")
    )
    assert _announce(html) == f"Hand 2 saved: {expected}"
    # Each player's change in hand 2 beside the total, marked as this phone's save.
    cells = re.findall(r'<td class="num last-hand[^"]*">([^<]*)</td>', html)
    assert cells == [shown(deltas[name]) for name in ("Ann", "Bob", "Cy")]
    assert 'class="scoreboard just-saved"' in html
    assert 'class="hand just-saved" id="hand-2"' in html
    assert 'class="hand" id="hand-1"' in html
    # The table itself is never a live region (only the game-over box, which says itself).
    table = html[html.index('<section class="totals') : html.index("</section>", html.index('<section class="totals'))]
    assert "aria-live" not in table


def test_a_viewer_gets_the_sentence_but_no_mark_of_a_save(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 0, 5, 12))
    viewer = Client()
    html = viewer.get(reverse("game", args=[game_id])).content.decode()
    assert _announce(html) == "Hand 1 saved: Ann +67 (67), Bob 0 (0), Cy 0 (0)"
    assert "just-saved" not in html
    # The live region is there from the start, empty, polite, outside <main>.
    region = re.search(r'<div id="announcer"[^>]*></div>', html)
    assert region is not None and 'aria-live="polite"' in region.group(0)
    assert html.index('id="announcer"') < html.index("<main")


def test_a_correction_of_the_latest_hand_is_said_as_a_correction(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 0, 5, 12))
    etag = state(game_id)["hands"][0]["etag"]
    data = {**knock_hand(0, 0, 6, 12), "number": 1, "etag": etag}
    client.post(reverse("hand_update", args=[game_id, 1]), data)
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert _announce(html) == "Hand 1 corrected: Ann +68 (68), Bob 0 (0), Cy 0 (0)"


def test_no_hands_nothing_to_say(client):
    game_id = start_game(client)
    html = client.get(reverse("game", args=[game_id])).content.decode()
    assert "data-announce" not in html and "last-hand" not in html


def test_without_javascript_the_save_leads_to_the_scoreboard(client):
    game_id = start_game(client)
    response = post_hand(client, game_id, knock_hand(0, 0, 5, 12))
    assert response["Location"] == reverse("game", args=[game_id]) + "#scoreboard"
    assert 'id="scoreboard"' in client.get(response["Location"]).content.decode()


def test_the_sentence_writes_numbers_as_the_pages_do():
    """The same formats as the totals on the page (the language's, a true minus)."""
    with translation.override("de"):
        line = scores_line([("Ann", 1250, 12500), ("Bob", -1250, -300), ("Cy", 0, None)])
        assert line == f"Ann {delta(1250)} ({signed(12500)}), Bob {delta(-1250)} ({signed(-300)})"
    assert "\u22121250 (\u2212300)" in line and "-" not in line
    with translation.override("en"):
        assert scores_line([("Ann", 0, 5)]) == "Ann 0 (5)"
