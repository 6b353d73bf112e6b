"""The keeper's Save answered in place (issue 25 §1): with htmx, the answer is the game page's
<main> (and its title) holding the new scoreboard, nothing of the page the form shares with it
(head, header, footer), in a bounded number of queries that does not grow with the game;
without JavaScript, a redirect to the game page as before."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from .page_helpers import HTMX, knock_hand, post_hand, start_game, state

pytestmark = pytest.mark.django_db

# The Save's queries (SQLite, no league): the session, the game and its lock, the key, the
# hands, the write, then the page's reads (hands, revisions, seats). 24 on 2026-12-02.
SAVE_QUERIES = 24


def saved_in_place(client, game_id, points):
    response = post_hand(client, game_id, knock_hand(0, *points), **HTMX)
    assert response.status_code == 200
    return response, response.content.decode()


def test_the_answer_is_the_game_pages_main_with_the_new_scoreboard(client):
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 5, 12, 20))
    response, html = saved_in_place(client, game_id, (4, 10, 15))

    assert response["HX-Retarget"] == "main" and response["HX-Reswap"] == "outerHTML"
    assert response["HX-Replace-Url"] == reverse("game", args=[game_id])
    assert response["Cache-Control"] == "no-store"
    # Only what differs from the form's page: its title and its <main>, nothing around them.
    assert html.lstrip().startswith("<title>Knock Rummy · Ann, Bob, Cy · ")
    assert html.count("<main") == 1 and html.rstrip().endswith("</main>")
    for shared in ("<head>", "<body", "site-header", "site-footer", "<script"):
        assert shared not in html
    # The new scoreboard: both hands, the new totals, the next hand to enter, the message.
    assert 'id="hand-2"' in html and 'id="hand-1"' in html
    totals = dict(state(game_id)["totals"])
    for name, total in totals.items():
        row = re.search(rf'data-name="{name}">.*?data-saved="([^"]+)"', html, re.S)
        assert row is not None
        assert row.group(1).replace("\u2212", "-").lstrip("+") == str(total)
    assert "Enter hand 3" in html and "Hand 2 saved." in html
    # The same <main> as the page the redirect leads to (bar the message, read once).
    page = client.get(reverse("game", args=[game_id])).content.decode()
    main = page[page.index("<main") : page.index("</main>") + len("</main>")]
    assert 'id="hand-2"' in main and main.count('class="hand"') == html.count('class="hand"')


def test_without_javascript_the_save_still_redirects_to_the_game_page(client):
    game_id = start_game(client)
    response = post_hand(client, game_id, knock_hand(0, 4, 10, 15))
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[game_id]) + "#scoreboard"
    page = client.get(response["Location"]).content.decode()
    assert 'id="hand-1"' in page and "Hand 1 saved." in page and "<head>" in page


def test_the_save_takes_a_bounded_number_of_queries_whatever_the_game_holds(client):
    game_id = start_game(client, options={"target": 1000})
    counts = []
    for n in range(1, 9):
        with CaptureQueriesContext(connection) as queries:
            _, html = saved_in_place(client, game_id, (4, 10 + n, 15))
        assert f'id="hand-{n}"' in html
        counts.append(len(queries))
    assert max(counts) <= SAVE_QUERIES, counts
    assert counts[-1] == counts[1], counts  # the eighth hand costs what the second did


def test_htmx_restoring_a_history_entry_it_did_not_keep_gets_the_whole_page(client):
    """Back to the entry the Save replaced: htmx keeps no copy of the form (hx-history=false),
    so it asks the server, which answers the whole game page, not the scoreboard fragment."""
    game_id = start_game(client)
    saved_in_place(client, game_id, (4, 10, 15))
    url = reverse("game", args=[game_id])
    restore = client.get(url, **HTMX, HTTP_HX_HISTORY_RESTORE_REQUEST="true").content.decode()
    assert restore.lstrip().lower().startswith("<!doctype html>") and "site-footer" in restore
    assert 'id="hand-1"' in restore
    fragment = client.get(url, **HTMX).content.decode()  # the live scoreboard's own request
    assert "<!doctype" not in fragment.lower() and 'id="hand-1"' in fragment
