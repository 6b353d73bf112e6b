"""The game page is a scoreboard: at 320x568, 390x844 and 844x390 the totals, who deals next
and "Enter hand" are on the first screen, for Knock (3 long names), Phỏm (4) and Continental
(6); table mode shows the totals in big numbers; the wake lock is asked for."""

import pytest
from playwright.sync_api import expect

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS
from .pages import VIEWPORTS, seeded

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST_SCREEN = """() => {
  const screen = window.innerHeight;
  const bottom = sel => {
    const el = document.querySelector(sel);
    return el ? Math.round(el.getBoundingClientRect().bottom) : null;
  };
  return {screen, totals: bottom("table.scoreboard"), deal: bottom(".next-deal"),
          enter: bottom(".enter-hand"), scrollY: window.scrollY};
}"""


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_totals_dealer_and_enter_hand_fit_the_first_screen(live_server, chromium, size):
    games = seeded(live_server.url)
    context = chromium.new_context(viewport=VIEWPORTS[size])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    folder = SCREENSHOTS / "scoreboard"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        page = context.new_page()
        misses = []
        for name in ("knock", "phom", "cont"):
            page.goto(games["join"][games[name]])  # this phone keeps score
            page.wait_for_url(f"**/games/{games[name]}/")
            expect(page.locator(".enter-hand")).to_be_visible()
            page.screenshot(path=str(folder / f"{name}-{size}.png"))
            found = page.evaluate(FIRST_SCREEN)
            for part in ("totals", "deal", "enter"):
                if found[part] is None or found[part] > found["screen"]:
                    misses.append(f"{size} {name}: {part} ends at {found[part]} of {found['screen']}")
            # Every total is a big number a glance can read.
            size_px = page.evaluate(
                "parseFloat(getComputedStyle(document.querySelector('td.total')).fontSize)"
            )
            assert size_px >= 24, (name, size_px)
        assert not misses, misses
    finally:
        context.close()


@pytest.mark.parametrize("size", ["390x844", "844x390"])
def test_table_mode_shows_big_totals_for_viewers_too(live_server, chromium, size):
    games = seeded(live_server.url)
    context = chromium.new_context(viewport=VIEWPORTS[size])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/games/{games['phom']}/")  # a viewer: no edit rights
        page.click("text=Table mode: big numbers")
        expect(page.locator("body.table-mode")).to_have_count(1)
        expect(page.locator(".site-header")).to_be_hidden()
        expect(page.locator("section.hands, #hands-heading")).to_be_hidden()
        page.screenshot(path=str(SCREENSHOTS / "scoreboard" / f"table-mode-{size}.png"))
        px = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('td.total')).fontSize)"
        )
        assert px >= 40, px
        bottom = page.evaluate(
            "Math.max(...[...document.querySelectorAll('td.total')].map("
            "e => e.getBoundingClientRect().bottom))"
        )
        assert bottom <= VIEWPORTS[size]["height"], bottom  # all four totals without scrolling
        page.click("text=Leave table mode")
        expect(page.locator("body.table-mode")).to_have_count(0)
    finally:
        context.close()


def test_the_game_page_asks_to_keep_the_screen_on(live_server, chromium):
    games = seeded(live_server.url)
    context = chromium.new_context(viewport=VIEWPORTS["390x844"])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.add_init_script(
            """(() => {
              window.__wakeRequests = 0;
              const sentinel = () => { const t = new EventTarget();
                t.release = () => Promise.resolve(); return t; };
              Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
                request: () => { window.__wakeRequests += 1; return Promise.resolve(sentinel()); }
              }});
            })()"""
        )
        page.goto(f"{live_server.url}/games/{games['knock']}/")
        page.wait_for_function("window.__wakeRequests === 1")
        expect(page.locator("html[data-wake-lock=on]")).to_have_count(1)
        page.goto(f"{live_server.url}/rules/")  # not a game page: nothing asked
        page.wait_for_load_state("load")
        assert page.evaluate("window.__wakeRequests") == 0
    finally:
        context.close()


def test_print_is_a_clean_score_sheet_with_a_qr_code(live_server, chromium):
    games = seeded(live_server.url)
    context = chromium.new_context(viewport=VIEWPORTS["390x844"])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(games["join"][games["knock"]])
        page.wait_for_url(f"**/games/{games['knock']}/")
        expect(page.locator(".print-qr")).to_be_hidden()  # on screen: no QR code
        expect(page.locator(".print-sheet")).to_be_visible()
        page.emulate_media(media="print")
        expect(page.locator(".print-qr svg")).to_be_visible()
        expect(page.locator(".print-qr")).to_contain_text(f"/games/{games['knock']}/")
        for hidden in (".enter-hand", ".site-header", ".export-links", ".hands .button-row"):
            expect(page.locator(hidden).first).to_be_hidden()
        expect(page.locator("table.running")).to_be_visible()
        page.screenshot(path=str(SCREENSHOTS / "scoreboard" / "print.png"), full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_points_follow_one_another_and_preview_themselves(live_server, chromium, size):
    games = seeded(live_server.url)
    context = chromium.new_context(viewport=VIEWPORTS[size])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(games["join"][games["knock"]])
        page.wait_for_url(f"**/games/{games['knock']}/")
        page.click(".enter-hand")
        page.wait_for_load_state("load")  # the form's scripts have run
        page.click("label:has(#winner-0)")
        expect(page.locator("#id_p0-points")).to_be_focused()
        page.keyboard.type("4")
        page.keyboard.press("Enter")
        expect(page.locator("#id_p1-points")).to_be_focused()
        page.keyboard.type("10")
        page.keyboard.press("Enter")
        expect(page.locator("#id_p2-points")).to_be_focused()
        page.keyboard.type("15")
        # The server's preview comes by itself, with the totals after the hand.
        expect(page.locator("#preview")).to_contain_text("Annabelle-Marie scores")
        expect(page.locator("#preview .preview-after")).to_contain_text("Totals after it:")
        # Card-picker keys are at least 44 by 44 px.
        page.click("#hand-form .picker-toggle >> nth=0")
        sizes = page.locator(".picker:not([hidden]) button.pcard").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })"
        )
        assert sizes and min(w for w, _ in sizes) >= 44 and min(h for _, h in sizes) >= 44, sizes[:3]
    finally:
        context.close()

