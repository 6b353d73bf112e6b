"""What a table misses on small screens and with assistive technology (issue 25 §4):

- the grid of totals after every hand fits four players at 320 px, and where it cannot fit
  it shows a cue on the side that has more and scrolls from the keyboard;
- the flash messages keep list markup (role="status" on a wrapper: on the list it orphaned the
  items, axe's "listitem", serious);
- the Gin hand form's "Nobody: the hand is void ..." choice takes a whole row instead of
  wrapping to ten lines in a half-width tile in German.
"""

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.games.page_helpers import edit_link, post_hand, start_game

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS
from .pages import VIEWPORTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GRID = """() => {
  const wrap = document.querySelector(".running-section .table-wrap");
  return {scroll: wrap.scrollWidth, width: wrap.clientWidth, tabindex: wrap.getAttribute("tabindex"),
          role: wrap.getAttribute("role"), label: wrap.getAttribute("aria-labelledby"),
          cue: getComputedStyle(wrap).backgroundImage};
}"""

ORPHANS = """() => Array.from(document.querySelectorAll("li")).filter(li => {
  const list = li.parentElement;
  return !list || !["UL", "OL", "MENU"].includes(list.tagName) || list.hasAttribute("role");
}).map(li => li.outerHTML.slice(0, 80))"""


def keeper_page(chromium, live_url, client, game_id, size, lang="en"):
    context = chromium.new_context(viewport=VIEWPORTS[size])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    context.add_cookies([{"name": "django_language", "value": lang, "url": live_url}])
    page = context.new_page()
    page.goto(edit_link(client, game_id).replace("http://testserver", live_url, 1))
    page.wait_for_url(f"**/games/{game_id}/")
    return context, page


def test_four_players_totals_fit_320_and_a_wider_grid_scrolls_from_the_keyboard(live_server, chromium):
    client = Client()
    four = start_game(client, "phom", ["Annabel", "Bobby", "Cyrus", "Danny"])
    for _ in range(4):
        post_hand(client, four, {"winner": "none", "p0-points": 15, "p1-points": 9,
                                 "p2-points": 22, "p3-points": 30, "p3-mom": "on"})
    six = start_game(client, "continental-rum", ["Ann", "Bob", "Cy", "Dan", "Eve", "Fay"])
    for _ in range(3):
        post_hand(client, six, {"winner": "0", "jokers": 1})
    context, page = keeper_page(chromium, live_server.url, client, four, "320x568")
    try:
        grid = page.evaluate(GRID)
        assert grid["scroll"] <= grid["width"], grid  # every player's column on the screen
        assert (grid["tabindex"], grid["role"], grid["label"]) == ("0", "region", "running-heading")
        page.goto(f"{live_server.url}/games/{six}/")
        # Six players fit 320 px too; a narrower box stands for a table that cannot fit.
        page.evaluate("document.querySelector('.running-section .table-wrap').style.width = '160px'")
        grid = page.evaluate(GRID)
        assert grid["scroll"] > grid["width"], grid
        assert "gradient" in grid["cue"], grid  # ... and shows a shadow where there is more
        (SCREENSHOTS / "table").mkdir(parents=True, exist_ok=True)
        page.locator(".running-section").screenshot(path=str(SCREENSHOTS / "table" / "six-320.png"))
        wrap = page.locator(".running-section .table-wrap")
        wrap.focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("End")
        page.wait_for_function(
            "() => document.querySelector('.running-section .table-wrap').scrollLeft > 0")
    finally:
        context.close()


def test_messages_keep_list_markup(live_server, chromium):
    client = Client()
    game_id = start_game(client, "knock-rummy", ["Ann", "Bob"])
    context, page = keeper_page(chromium, live_server.url, client, game_id, "390x844")
    try:
        page.goto(f"{live_server.url}/games/{game_id}/hands/new/")
        page.locator("input[name=winner][value='0']").check()
        page.locator("input[name='p0-points']").fill("5")
        page.locator("input[name='p1-points']").fill("12")
        page.click(".sticky-actions button[name=save]")
        page.wait_for_url(f"**/games/{game_id}/", wait_until="commit")
        page.wait_for_load_state()
        expect(page.locator(".messages li")).to_have_count(1)
        assert page.locator(".messages[role=status] > ul > li").count() == 1
        assert page.evaluate(ORPHANS) == []
    finally:
        context.close()


def test_gin_void_choice_takes_a_whole_row_in_german(live_server, chromium):
    client = Client()
    game_id = start_game(client, "gin-rummy", ["Ann", "Bob"])
    context, page = keeper_page(chromium, live_server.url, client, game_id, "390x844", "de")
    try:
        page.goto(f"{live_server.url}/games/{game_id}/hands/new/")
        void = page.locator("label.choice.whole-row")
        expect(void).to_contain_text("Niemand")
        box = void.bounding_box()
        tiles = page.locator(".choices.tiles").bounding_box()
        assert box["width"] >= tiles["width"] - 2, (box, tiles)
        line = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('label.choice.whole-row')).lineHeight)")
        assert box["height"] <= 3 * line + 30, (box, line)  # two lines at most, with padding
    finally:
        context.close()


def test_the_printed_sheet_holds_every_hand_and_the_ledger_but_no_screen_help(live_server, chromium):
    """The printed sheet dropped the folded earlier hands and the Phỏm ledger, and printed the
    rematch help."""
    client = Client()
    game_id = start_game(client, "phom", ["Ann", "Bob", "Cy"], dealer="Cy")
    for _ in range(6):
        post_hand(client, game_id, {"winner": "none", "p0-points": 15, "p1-points": 9,
                                    "p2-points": 22})
    context, page = keeper_page(chromium, live_server.url, client, game_id, "390x844")
    try:
        older = page.locator("details.older-hands .hand").first
        ledger = page.locator("details.ledger-details table")
        expect(older).to_be_hidden()  # folded on the screen
        page.emulate_media(media="print")
        expect(older).to_be_visible()
        expect(ledger).to_be_visible()
        for hidden in page.locator(".screen-only").all():
            expect(hidden).to_be_hidden()
    finally:
        context.close()


def test_table_mode_fills_a_tv_with_the_grid_beside_the_totals(live_server, chromium):
    """A 1920x1080 TV: totals as large as the screen allows, the grid of hands beside them, a
    full-screen button, no controls."""
    client = Client()
    game_id = start_game(client, "phom", ["Annabel", "Bobby", "Cyrus", "Danny"])
    for _ in range(4):
        post_hand(client, game_id, {"winner": "none", "p0-points": 15, "p1-points": 9,
                                    "p2-points": 22, "p3-points": 30, "p3-mom": "on"})
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/games/{game_id}/?view=table")
        totals = page.locator("section.totals")
        grid = page.locator(".running-section")
        expect(grid).to_be_visible()
        assert grid.bounding_box()["x"] >= totals.bounding_box()["x"] + totals.bounding_box()["width"]
        size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('td.total')).fontSize)")
        assert size >= 120, size  # readable from across a room
        assert totals.bounding_box()["height"] <= 1080  # four players fit the screen
        expect(page.locator(".full-screen")).to_be_visible()
        expect(page.locator(".enter-hand")).to_have_count(0)  # a viewer: and no controls at all
        assert page.locator("#scoreboard button:visible, #scoreboard a.button:visible").count() == 0
        (SCREENSHOTS / "table").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "table" / "tv-1920.png"))
    finally:
        context.close()
