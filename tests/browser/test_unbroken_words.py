"""A button's word is never broken (issue 33 section 9): Norwegian "Forhåndsvis" broke mid-word
in the hand form's bar at 320 px. In every language, at 320x568 and 390x844, each word of the
bar's buttons ("Preview", "Save hand") sits on one line, and the bar stays on the screen."""

import pytest
from playwright.sync_api import expect

from .conftest import BROWSER_TIMEOUT_MS
from .pages import VIEWPORTS, seeded

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ["en", "cs", "de", "it", "ko", "nb", "ro", "vi"]

BROKEN = """() => {
  const found = [];
  for (const button of document.querySelectorAll(".sticky-actions > button")) {
    const r = button.getBoundingClientRect();
    if (r.right > document.documentElement.clientWidth + 1) found.push("off screen: " + button.textContent.trim());
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g;
      let m;
      while ((m = re.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(q => q.width > 0).map(q => Math.round(q.top)));
        if (tops.size > 1) found.push(m[0]);
      }
    }
  }
  return found;
}"""


@pytest.mark.parametrize("size", ["320x568", "390x844"])
def test_no_word_of_the_hand_forms_buttons_is_broken(live_server, chromium, size):
    games = seeded(live_server.url)
    broken = {}
    for lang in LANGUAGES:
        context = chromium.new_context(viewport=VIEWPORTS[size], locale=lang)
        context.set_default_timeout(BROWSER_TIMEOUT_MS)
        try:
            page = context.new_page()
            page.goto(games["join"][games["knock"]])
            page.wait_for_url(f"**/games/{games['knock']}/")
            page.goto(f"{live_server.url}/games/{games['knock']}/hands/new/")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(page.locator(".sticky-actions button[name=save]")).to_be_visible()
            found = page.evaluate(BROKEN)
            if found:
                broken[lang] = found
        finally:
            context.close()
    assert broken == {}
