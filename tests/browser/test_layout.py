"""Every page at the three reference sizes: no sideways scrolling, screenshots for a look."""

import pytest

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS
from .pages import OVERFLOW, VIEWPORTS, page_urls, seeded

STICKY_BAR = """() => {
  const bar = document.querySelector(".sticky-actions");
  if (!bar) return null;
  const r = bar.getBoundingClientRect();
  return {bottom: Math.round(r.bottom), right: Math.round(r.right), height: Math.round(r.height),
          screen: window.innerHeight, width: document.documentElement.clientWidth};
}"""

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_no_page_scrolls_sideways(live_server, chromium, size):
    games = seeded(live_server.url)
    context = chromium.new_context(viewport=VIEWPORTS[size])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    folder = SCREENSHOTS / "layout" / size
    folder.mkdir(parents=True, exist_ok=True)
    problems, bars = [], []
    try:
        page = context.new_page()
        for url in games["join"].values():
            page.goto(url)  # this phone may keep score in every game
        for name, path in page_urls(games).items():
            response = page.goto(live_server.url + path)
            assert response.status == 200, (name, response.status)
            page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
            found = page.evaluate(OVERFLOW)
            if found["scroll"] > found["width"] or found["bad"]:
                problems.append((name, found))
            bar = page.evaluate(STICKY_BAR)
            if bar is not None:
                # The Preview/Save bar: on screen, whole, and slim (not a quarter of it).
                page.screenshot(path=str(folder / f"{name}-screen.png"))
                if bar["bottom"] > bar["screen"] + 1 or bar["right"] > bar["width"] + 1:
                    bars.append(f"{size} {name}: the bar is off screen {bar}")
                if bar["height"] > 0.2 * bar["screen"]:
                    bars.append(f"{size} {name}: the bar takes {bar['height']}px of {bar['screen']}")
    finally:
        context.close()
    assert not bars, bars
    assert not problems, "\n".join(
        f"{size} {name}: scrollWidth {found['scroll']}, past the edge: {found['bad'][:3]}"
        for name, found in problems
    )
