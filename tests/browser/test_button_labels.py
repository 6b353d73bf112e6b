"""Button labels on the smallest phone (320x568), in every language.

A label may wrap once, never to a third line, and never spill out of its button or off the
screen. The pages are the ones a table and an organiser meet, with the buttons that are only
there after an action (the undo bar after a new hand, a correction and a deletion; the league
organiser's buttons), in a browser holding the session of the phone that made them.
Screenshots: test-artifacts/screenshots/labels-<lang>-<page>.png.
"""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import resolve, reverse

from tests.games.page_helpers import knock_hand, post_hand, start_game

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS, resync_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALLEST = {"width": 320, "height": 568}

# Every visible button label: how many lines its text takes, and whether it is cut or wide.
# Lines are counted from the boxes of the label's text (Ranges over its text nodes), so a tall
# button with one line of text counts one, and a tile of name, badge and hint counts its lines.
LABELS = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const seen = document.querySelectorAll(
    "button, a.button, input[type=submit], input[type=button], .picker-toggle");
  for (const e of seen) {
    if (e.closest("[hidden], .visually-hidden, noscript, template")) continue;
    const style = getComputedStyle(e);
    const box = e.getBoundingClientRect();
    if (style.display === "none" || style.visibility === "hidden" || box.width === 0) continue;
    let text, lines;
    if (e.tagName === "INPUT") {
      text = e.value;
      lines = 1;
    } else {
      text = e.innerText.trim().replace(/\\s+/g, " ");
      if (!text) continue;
      const bottoms = [];
      const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.width < 1 || r.height < 1) continue;
          if (!bottoms.some(b => Math.abs(b - r.bottom) < 4)) bottoms.push(r.bottom);
        }
      }
      lines = bottoms.length;
    }
    const cut = e.scrollWidth > e.clientWidth + 1;
    const off = box.right > width + 1 || box.left < -1;
    out.push({text: text, lines: lines, cut: cut, off: off});
  }
  return out;
}"""


def seed(live_url: str) -> tuple[dict[str, str], str]:
    """Games and a league in the states that show every kind of button; the pages to visit
    and the session cookie of the phone that did it all (it may edit and organise)."""
    client = Client()
    players = ["Annabelle-Marie", "Bob", "Cyrano de Bergerac"]
    recorded = start_game(client, "knock-rummy", players)
    post_hand(client, recorded, knock_hand(0, 9, 15, 20))  # undo: remove hand 1
    corrected = start_game(client, "knock-rummy", players)
    post_hand(client, corrected, knock_hand(0, 9, 15, 20))
    post_hand(client, corrected, knock_hand(1, 30, 3, 12))
    client.post(reverse("hand_update", args=[corrected, 1]), knock_hand(0, 9, 25, 20))
    deleted = start_game(client, "knock-rummy", players)
    post_hand(client, deleted, knock_hand(0, 9, 15, 20))
    post_hand(client, deleted, knock_hand(1, 30, 3, 12))
    client.post(reverse("hand_delete", args=[deleted, 2]))
    phom = start_game(client, "phom", ["Ann", "Bob", "Cy", "Dan"], dealer="Dan")
    post_hand(client, phom, {"winner": "none", "p0-points": 15, "p1-points": 9,
                             "p2-points": 22, "p3-points": 30, "p3-mom": "on"})

    answer = client.post(reverse("league_new"), {"name": "Thursday club", "description": "",
                                                 "min_games": 0})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    league = resolve(answer["Location"]).kwargs["league_id"]
    data = {"variant": "german-rummy", "seats": 2, "action": "create", "ranked": "on",
            "player-0": "Ann", "player-1": "Bob", "opt-hands": 1}
    answer = client.post(reverse("league_game_new", args=[league]), data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    league_game = resolve(answer["Location"]).kwargs["game_id"]
    client.post(reverse("hand_create", args=[league_game]), {"winner": "0", "p1-points": 4})

    pages = {
        "home": "/",
        "start": "/games/new/",
        "start-phom": "/games/new/?variant=phom",
        "mine": "/games/mine/",
        "undo-recorded": f"/games/{recorded}/",
        "undo-corrected": f"/games/{corrected}/",
        "undo-deleted": f"/games/{deleted}/",
        "game-phom": f"/games/{phom}/",
        "hand-knock": f"/games/{recorded}/hands/new/",
        "hand-phom": f"/games/{phom}/hands/new/",
        "hand-correct": f"/games/{corrected}/hands/1/edit/",
        "delete-question": f"/games/{corrected}/hands/2/delete/",
        "share": f"/games/{recorded}/share/",
        "rules": "/rules/knock-rummy/",
        "check": "/check",
        "league": f"/leagues/{league}/",
        "league-import": f"/leagues/{league}/import/",
    }
    for path in pages.values():
        assert client.get(path).status_code == 200, path
    return pages, client.cookies[settings.SESSION_COOKIE_NAME].value


# Labels that only appear after an action: the test fails if a page stops showing them.
MUST_SHOW = {
    "undo-recorded": "Undo: remove hand %(n)s",
    "undo-corrected": "Undo the correction of hand %(n)s",
    "undo-deleted": "Undo: bring back hand %(n)s",
    "league": "Make friendly",
    "league-import": "Check (dry run)",
    "share": "Copy the edit link",
}
NUMBERS = {"undo-recorded": 1, "undo-corrected": 1, "undo-deleted": 2}


def expected_label(code: str, page: str) -> str:
    from django.utils import translation

    with translation.override(code):
        text = translation.gettext(MUST_SHOW[page])
    if page in NUMBERS:
        text = text % {"n": NUMBERS[page]}
    return re.sub(r"\s+", " ", text)


def test_no_button_label_wraps_to_a_third_line_at_320_in_any_language(live_server, chromium):
    pages, session = seed(live_server.url)
    context = chromium.new_context(viewport=SMALLEST, locale="en-US")
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    try:
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session,
                              "url": live_server.url}])
        page = context.new_page()
        for code, _name in settings.LANGUAGES:
            context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": code,
                                  "url": live_server.url}])
            for name, path in pages.items():
                page.goto(live_server.url + path)
                page.wait_for_function(f"document.documentElement.lang === '{code}'")
                if name == "share":  # share.js shows the copy button where copying works
                    page.wait_for_selector("#copy-edit-link:not([hidden])", state="attached")
                page.screenshot(path=str(SCREENSHOTS / f"labels-{code}-{name}.png"),
                                full_page=True)
                resync_scroll(page)
                labels = page.evaluate(LABELS)
                if name in MUST_SHOW:
                    wanted = expected_label(code, name)
                    assert wanted in [label["text"] for label in labels], (code, name, wanted)
                for label in labels:
                    if label["lines"] > 2 or label["cut"] or label["off"]:
                        problems.append((code, name, label))
    finally:
        context.close()
    assert problems == [], "\n".join(map(str, problems))
