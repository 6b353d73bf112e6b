"""The TV view (issue 33 section 5): ``?view=table`` on a room's screen, 1920x1080 and
1280x720, in two languages: big totals (32 px or more) with the grid of hands beside them
filling the screen, every total on screen at game end (the game-over box beside them, not
above), the latest correction and ruling shown, AA contrast for every text, the wake lock
asked for again when the page is shown again, and a lost connection marked."""

import re
from contextlib import contextmanager

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from scorekeeper.games.table.seats import ruling_record
from tests.games.page_helpers import game, knock_hand, post_hand, start_game, state

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"1920x1080": {"width": 1920, "height": 1080}, "1280x720": {"width": 1280, "height": 720}}
PLAYERS = ["Petr", "Jana", "Ola Nordmann", "Ioana"]


def _played(over: bool) -> str:
    """A Knock Rummy night of four: hands until someone passes 100 (or one short of it), a
    correction of hand 2 and a ruling kept."""
    client = Client()
    game_id = start_game(client, "knock-rummy", PLAYERS)
    n = 0
    while True:
        knocker = n % 4
        points = [1 if i == knocker else 4 + (i + n) % 3 for i in range(4)]
        totals = state(game_id)["totals"]
        if not over and max(totals.values(), default=0) + 12 >= 100:
            break
        post_hand(client, game_id, knock_hand(knocker, *points))
        n += 1
        if state(game_id)["over"]:
            break
    etag = state(game_id)["hands"][1]["etag"]
    corrected = client.post(
        reverse("hand_update", args=[game_id, 2]),
        {**knock_hand(1, 4, 1, 4, 5), "number": 2, "etag": etag},
    )
    assert corrected.status_code == 302, corrected.content.decode()[:3000]
    ruling_record(game=game(game_id), question="May Ola knock with 10?", variant=None,
                  rule="glance")
    return game_id


MEASURE = """() => {
  const W = window.innerWidth, H = window.innerHeight;
  const box = el => { const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width}; };
  const totals = [...document.querySelectorAll("table.scoreboard td.total")].map(td => ({
    ...box(td), px: parseFloat(getComputedStyle(td).fontSize)}));
  const grid = document.querySelector(".running-section");
  const visible = el => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  return {W, H, scroll: document.documentElement.scrollHeight, totals,
          board: box(document.querySelector("section.totals")),
          grid: visible(grid) ? box(grid) : null,
          over: visible(document.querySelector(".game-over")) ? box(document.querySelector(".game-over")) : null,
          news: visible(document.querySelector(".table-news")) ? box(document.querySelector(".table-news")) : null,
          ruling: visible(document.querySelector(".rulings")) ? box(document.querySelector(".rulings")) : null,
          lastRow: (() => { const rows = document.querySelectorAll(".running tbody tr");
                            return rows.length ? box(rows[rows.length - 1]) : null; })()};
}"""


@contextmanager
def _tv(chromium, base: str, size: str, game_id: str, lang: str = "en", init: str | None = None):
    """The game in table mode on a screen of ``size``, in ``lang``."""
    context = chromium.new_context(viewport=TV[size], locale=lang)
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        if init:
            page.add_init_script(init)
        page.goto(f"{base}/games/{game_id}/?view=table")
        expect(page.locator("body.table-mode")).to_have_count(1)
        yield context, page
    finally:
        context.close()


def _contrast_problems(page) -> list[str]:
    """axe-core's colour-contrast check (WCAG AA) of what the page shows."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"runOnly": {"type": "rule", "values": ["color-contrast"]}})
    return [
        f"{v['id']}: {node['target']} {node.get('failureSummary', '')[:160]}"
        for v in results.response["violations"]
        for node in v["nodes"]
    ]


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("size", list(TV))
@pytest.mark.parametrize("over", [False, True], ids=["playing", "over"])
def test_the_tv_fills_the_screen_with_every_total(live_server, chromium, size, lang, over):
    game_id = _played(over)
    folder = SCREENSHOTS / "tv"
    folder.mkdir(parents=True, exist_ok=True)
    with _tv(chromium, live_server.url, size, game_id, lang) as (_context, page):
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.screenshot(path=str(folder / f"{'over' if over else 'playing'}-{size}-{lang}.png"))
        m = page.evaluate(MEASURE)
        where = f"{size} {lang} {'over' if over else 'playing'}"
        assert m["scroll"] <= m["H"], (where, "the page scrolls", m["scroll"])
        assert len(m["totals"]) == 4
        for total in m["totals"]:  # every total on the screen, big enough across a room
            assert total["top"] >= 0 and total["bottom"] <= m["H"], (where, total)
            assert total["px"] >= 32, (where, total)
        # The grid of hands beside the totals, down to the bottom of the screen, its latest
        # hand in view: no empty half.
        grid, board = m["grid"], m["board"]
        assert grid is not None, where
        assert grid["left"] >= board["right"] and grid["width"] >= 0.35 * m["W"], (where, m)
        assert board["width"] >= 0.4 * m["W"], (where, board)
        assert grid["bottom"] >= 0.85 * m["H"], (where, grid)
        last = m["lastRow"]
        assert last is not None and last["bottom"] <= grid["bottom"] + 1, (where, last, grid)
        hands = len(state(game_id)["hands"])
        expect(page.locator(".running tbody tr").last.locator("th")).to_have_text(str(hands))
        # The latest correction and ruling, shown to the room.
        assert m["news"] is not None and m["news"]["bottom"] <= m["H"], (where, m["news"])
        expect(page.locator(".table-news")).to_contain_text("2")
        assert m["ruling"] is not None and m["ruling"]["bottom"] <= m["H"], (where, m["ruling"])
        expect(page.locator(".rulings")).to_contain_text("May Ola knock with 10?")
        if over:  # the end of the game beside the totals, not above them
            assert m["over"] is not None and m["over"]["left"] >= board["right"], (where, m)
            assert m["over"]["bottom"] <= m["H"], (where, m["over"])
        assert _contrast_problems(page) == [], where


WAKE = """(() => {
  window.__wakeRequests = 0;
  window.__shown = "visible";
  Object.defineProperty(document, "visibilityState", {configurable: true,
    get: () => window.__shown});
  Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
    request: () => {
      window.__wakeRequests += 1;
      const sentinel = new EventTarget();
      sentinel.release = () => Promise.resolve();  // a browser that says nothing on release
      return Promise.resolve(sentinel);
    }
  }});
})()"""

TURN = """state => {
  window.__shown = state;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_the_tv_asks_for_the_wake_lock_again_when_shown_again(live_server, chromium):
    with _tv(chromium, live_server.url, "1280x720", _played(False), init=WAKE) as (_context, page):
        page.wait_for_function("window.__wakeRequests === 1")
        page.evaluate(TURN, "hidden")
        page.evaluate(TURN, "visible")
        page.wait_for_function("window.__wakeRequests === 2")
        expect(page.locator("html[data-wake-lock=on]")).to_have_count(1)


def test_a_lost_connection_is_marked_on_the_tv(live_server, chromium):
    with _tv(chromium, live_server.url, "1920x1080", _played(False)) as (context, page):
        lost = page.locator(".connection-lost")
        expect(lost).to_be_hidden()
        # The server goes away while the network stays: the next poll fails.
        game_page = re.compile(r"/games/[\w-]+/(\?.*)?$")
        page.route(game_page, lambda route: route.abort())
        page.evaluate("document.getElementById('scoreboard').dispatchEvent("
                      "new CustomEvent('rt-visible'))")
        expect(lost).to_be_visible()
        expect(page.locator("html[data-connection=lost]")).to_have_count(1)
        assert lost.bounding_box()["y"] < 200  # at the top, not under the fold
        page.screenshot(path=str(SCREENSHOTS / "tv" / "connection-lost-1920x1080.png"))
        page.unroute(game_page)
        page.evaluate("document.getElementById('scoreboard').dispatchEvent("
                      "new CustomEvent('rt-visible'))")
        expect(lost).to_be_hidden()
        # The phone's network gone: marked too.
        context.set_offline(True)
        expect(lost).to_be_visible()


EIGHT = ["Annabelle-Marie", "Bob", "Cyrano de Bergerac", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.mark.parametrize("size", list(TV))
def test_eight_players_fit_the_tv_with_their_grid(live_server, chromium, size):
    client = Client()
    game_id = start_game(client, "continental-rum", EIGHT)
    for k in range(6):
        post_hand(client, game_id, {"winner": str(k % 8), "jokers": 1})
    with _tv(chromium, live_server.url, size, game_id) as (_context, page):
        page.screenshot(path=str(SCREENSHOTS / "tv" / f"eight-{size}.png"))
        m = page.evaluate(MEASURE)
        assert m["scroll"] <= m["H"] and len(m["totals"]) == 8
        assert all(t["bottom"] <= m["H"] and t["px"] >= 32 for t in m["totals"]), m["totals"]
        wrap = page.evaluate(
            "(() => { const w = document.querySelector('.running-section .table-wrap');"
            " return [w.scrollWidth, w.clientWidth, w.getBoundingClientRect().height,"
            " document.querySelector('table.running').getBoundingClientRect().height]; })()"
        )
        assert wrap[0] <= wrap[1] + 1, wrap  # every player's column in view
        assert wrap[2] <= wrap[3] + 4, wrap  # no empty box above a short grid
