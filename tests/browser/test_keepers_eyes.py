"""The keeper's eyes after Save (issue 33 section 4): at 390x844, 320x568 and landscape, with
and without JavaScript, the totals and the saved hand (its change beside each total) are on the
screen, the saved hand is marked, the next Tab (or the focus) is "Enter hand", and the live
region that was in the page from the start says "Hand n saved: ..."; a watching phone says at
most one sentence every few seconds, the latest."""

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from tests.games.page_helpers import knock_hand, post_hand, start_game

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS
from .pages import VIEWPORTS, seeded

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ON_SCREEN = """() => {
  const screen = window.innerHeight;
  const box = sel => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {top: Math.round(r.top), bottom: Math.round(r.bottom)};
  };
  const cells = [...document.querySelectorAll("table.scoreboard td.last-hand")].map(td => {
    const r = td.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= screen && r.width > 0;
  });
  return {screen, totals: box("table.scoreboard"), cells,
          focused: document.activeElement ? document.activeElement.className : ""};
}"""


def _save_a_hand(page, n: int) -> None:
    page.click(".enter-hand")
    page.wait_for_url(re.compile(r"/hands/new/$"))
    page.click(".choices.tiles label >> nth=0")
    for i in range(3):
        page.fill(f"#id_p{i}-points", str(5 + 7 * i))
    page.locator(".sticky-actions button[name=save]").scroll_into_view_if_needed()
    page.click(".sticky-actions button[name=save]")
    expect(page.locator(f"#hand-{n}")).to_be_attached()


def _totals_in_view(found: dict, where: str) -> None:
    totals = found["totals"]
    assert totals is not None, where
    assert 0 <= totals["top"] and totals["bottom"] <= found["screen"], (where, found)
    assert found["cells"] and all(found["cells"]), (where, found)


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_after_save_the_totals_and_the_saved_hand_are_on_screen(live_server, chromium, size):
    games = seeded(live_server.url)
    context = chromium.new_context(viewport=VIEWPORTS[size])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(games["join"][games["knock"]])
        page.wait_for_url(f"**/games/{games['knock']}/")
        expect(page.locator("#announcer")).to_have_text("")  # there from the start, silent
        _save_a_hand(page, 3)
        expect(page.locator("#announcer")).to_have_text(re.compile(r"^Hand 3 saved: Annabelle"))
        expect(page.locator("#hand-3.just-saved")).to_have_count(1)
        expect(page.locator("table.scoreboard.just-saved")).to_have_count(1)
        expect(page.locator(".enter-hand")).to_be_focused()
        expect(page.locator(".enter-hand")).to_be_in_viewport()
        found = page.evaluate(ON_SCREEN)
        _totals_in_view(found, f"{size} with JavaScript")
        # Nothing but the region speaks: the table itself is no live region.
        assert page.locator("#scoreboard [aria-live]:not(.game-over)").count() == 0
        folder = SCREENSHOTS / "keepers-eyes"
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"saved-{size}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_without_javascript_the_save_lands_on_the_totals(live_server, chromium, size):
    games = seeded(live_server.url)
    joining = chromium.new_context(viewport=VIEWPORTS[size])
    joining.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:  # the edit link posts its secret from script; the phone then keeps its session
        page = joining.new_page()
        page.goto(games["join"][games["knock"]])
        page.wait_for_url(f"**/games/{games['knock']}/")
        session = joining.storage_state()
    finally:
        joining.close()
    context = chromium.new_context(
        viewport=VIEWPORTS[size], java_script_enabled=False, storage_state=session
    )
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/games/{games['knock']}/hands/new/")
        page.click(".choices.tiles label >> nth=0")
        for i in range(3):
            page.fill(f"#id_p{i}-points", str(5 + 7 * i))
        page.click(".sticky-actions button[name=save]")
        page.wait_for_url(re.compile(r"#scoreboard$"))
        expect(page.locator("#hand-3.just-saved")).to_have_count(1)
        found = page.evaluate(ON_SCREEN)
        _totals_in_view(found, f"{size} without JavaScript")
        page.keyboard.press("Tab")  # from the anchor, the next thing to do
        expect(page.locator(".enter-hand")).to_be_focused()
    finally:
        context.close()


WATCH_REGION = """() => {
  window.__said = [];
  const region = document.getElementById("announcer");
  new MutationObserver(() => {
    if (region.textContent) window.__said.push([performance.now(), region.textContent]);
  }).observe(region, {childList: true, characterData: true, subtree: true});
}"""


# A scoreboard redrawn by the poll or the stream, as htmx puts it in: the same element with
# the server's sentence for hand n (the sentence itself is tested in
# tests/games/test_view_keepers_eyes.py).
REDRAW = """n => {
  const old = document.getElementById("scoreboard");
  const board = old.cloneNode(true);
  board.dataset.latest = String(n);
  board.dataset.announce = "Hand " + n + " saved: Ann \u2212" + n + " (" + (100 - n) + ")";
  old.replaceWith(board);
  board.dispatchEvent(new CustomEvent("htmx:load", {bubbles: true}));
}"""


def test_a_watching_phone_says_at_most_one_sentence_every_few_seconds(live_server, chromium):
    client = Client()
    game_id = start_game(client)
    post_hand(client, game_id, knock_hand(0, 0, 5, 9))
    context = chromium.new_context(viewport=VIEWPORTS["390x844"])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/games/{game_id}/")
        expect(page.locator("#scoreboard[data-latest='1']")).to_have_count(1)
        page.evaluate(WATCH_REGION)
        for n in (2, 3, 4):  # three hands in quick succession
            page.evaluate(REDRAW, n)
        expect(page.locator("#announcer")).to_have_text(re.compile(r"^Hand 4 saved: "))
        said = page.evaluate("window.__said")
        texts = [text for _, text in said]
        assert texts[0].startswith("Hand 2 saved") and texts[-1].startswith("Hand 4 saved")
        assert not any(text.startswith("Hand 3") for text in texts), texts  # kept the latest
        gaps = [b[0] - a[0] for a, b in zip(said, said[1:], strict=False)]
        assert gaps and all(gap >= 4500 for gap in gaps), gaps
        # The same scoreboard again (a poll that found nothing new) says nothing more.
        page.evaluate(REDRAW, 4)
        assert page.evaluate("window.__said.length") == len(said)
    finally:
        context.close()
