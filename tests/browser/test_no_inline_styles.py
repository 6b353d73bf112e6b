"""No style attribute ever trips the Content-Security-Policy (issue 33 section 9): about one
violation per saved hand came from htmx settling a swapped element's empty ``style=""`` (left by
the browser on an element whose inline style was set and cleared) onto the new one, which the
policy refuses. htmx settles classes and sizes only (base.html's htmx-config); a keeper who
saves hands in place and a viewer whose scoreboard is redrawn see no violation, and no page
the server draws holds a style attribute (tests/web/test_no_style_attributes.py)."""

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.games.page_helpers import knock_hand, post_hand, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LISTEN = """() => {
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", e =>
    window.__violations.push(e.violatedDirective + " " + (e.sample || "")));
}"""

ASK_UNTIL = """n => {
  const board = document.getElementById("scoreboard");
  if (board.dataset.latest === String(n)) return true;
  board.dispatchEvent(new CustomEvent("rt-visible"));
  return false;
}"""


def test_a_keeper_saving_in_place_trips_no_policy(live_server, phone):
    page = phone()
    page.add_init_script(f"({LISTEN})()")
    page.goto(live_server.url + "/games/new/?variant=knock-rummy")
    page.fill("#id_player-0", "Ann")
    page.fill("#id_player-1", "Bob")
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    for n in (1, 2, 3):
        page.click(".enter-hand")
        page.wait_for_url(re.compile(r"/hands/new/$"))
        page.click(".choices.tiles label >> nth=0")
        page.fill("#id_p0-points", "0")
        page.fill("#id_p1-points", str(4 + n))
        expect(page.locator("#preview h2")).to_be_visible()  # the live preview swapped in
        page.click(".sticky-actions button[name=save]")
        expect(page.locator(f"#hand-{n}")).to_be_attached()
        # The browser leaves style="" where a script set an inline style and cleared it.
        page.evaluate("() => { const b = document.getElementById('scoreboard');"
                      " b.style.opacity = '0.5'; b.style.opacity = ''; }")
        assert page.evaluate("() => window.__violations") == [], n
    assert page.evaluate("() => document.querySelectorAll('[style]:not([style=\"\"])').length") == 0


def test_a_viewer_whose_scoreboard_is_redrawn_trips_no_policy(live_server, chromium):
    client = Client()
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 0, 5, 9))
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.add_init_script(f"({LISTEN})()")
        page.goto(f"{live_server.url}/games/{game_id}/")
        page.evaluate("() => { const b = document.getElementById('scoreboard');"
                      " b.style.opacity = '0.5'; b.style.opacity = ''; }")
        assert page.evaluate("() => document.getElementById('scoreboard').getAttribute('style')") == ""
        post_hand(client, game_id, knock_hand(1, 6, 0, 9))
        page.wait_for_function(ASK_UNTIL, arg=2, polling=100)
        assert page.evaluate("() => window.__violations") == []
    finally:
        context.close()
