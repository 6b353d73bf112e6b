"""A hand played entirely in Vietnamese (Phỏm) and one in Korean (Knock Rummy), at 390x844.

The phone's browser asks for its language (Accept-Language from the context's locale); every
page must come in that language, must not scroll sideways, and no button, label or tab may
clip its text (scrollWidth beyond clientWidth). Screenshots: test-artifacts/screenshots/i18n-*.
"""

import re

import pytest
from playwright.sync_api import expect

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS, VIEWPORT, resync_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Boxes that hold words a person must read whole: none may be narrower than its text.
CLIPPED = """() => Array.from(document.querySelectorAll(
    "button, a.button, .site-nav a, .brand, label, legend, select, th, summary, h1, h2, h3"
  )).filter(e => {
    const style = getComputedStyle(e);
    if (style.display === "inline" || e.closest("[hidden]") || e.closest(".visually-hidden")
        || e.classList.contains("visually-hidden") || e.clientWidth === 0) return false;
    return e.scrollWidth > e.clientWidth + 1;
  }).map(e => e.outerHTML.slice(0, 120))"""

HANGUL = re.compile(r"[\uac00-\ud7a3]")


@pytest.fixture
def phone_in(chromium):
    contexts = []

    def open_phone(locale: str, viewport=VIEWPORT):
        context = chromium.new_context(viewport=viewport, locale=locale)
        context.set_default_timeout(BROWSER_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def check(page, name: str, lang: str, width: int = VIEWPORT["width"]) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"i18n-{name}.png"), full_page=True)
    resync_scroll(page)
    assert page.evaluate("document.documentElement.lang") == lang, name
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{name}: the page scrolls sideways ({scroll}px)"
    clipped = page.evaluate(CLIPPED)
    assert clipped == [], f"{name}: clipped text: {clipped}"


def test_a_phom_hand_in_vietnamese(live_server, phone_in):
    page = phone_in("vi-VN")
    page.goto(live_server.url + "/")
    check(page, "vi-01-home", "vi")
    expect(page.locator("footer select[name=language]")).to_have_value("vi")
    page.click("a.variant-link[href$='variant=phom']")
    for i, name in enumerate(["An", "Bình", "Chi", "Dũng"]):
        page.fill(f"#id_player-{i}", name)
    check(page, "vi-02-start", "vi")
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    game_url = page.url
    check(page, "vi-03-game-new", "vi")

    page.click("a[href$='/hands/new/']")
    page.check("#winner-none")
    for i, points in enumerate([12, 25, 31, 40]):
        page.fill(f"#id_p{i}-points", str(points))
    check(page, "vi-04-hand", "vi")
    page.click(".sticky-actions button.secondary")  # preview, through htmx
    expect(page.locator("#preview")).to_contain_text("An")
    check(page, "vi-05-preview", "vi")
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(game_url)
    expect(page.locator("#hand-1")).to_be_visible()
    check(page, "vi-06-game-after-hand", "vi")
    body = page.inner_text("main")
    for english in ("Next hand", "Scores", "went out", "pays"):
        assert english not in body

    page.goto(live_server.url + "/rules/phom/")
    check(page, "vi-07-rules", "vi")


def test_a_knock_hand_in_korean_then_the_switcher(live_server, phone_in):
    page = phone_in("ko-KR")
    page.goto(live_server.url + "/games/new/?variant=knock-rummy")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#id_player-{i}", name)
    check(page, "ko-01-start", "ko")
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    game_url = page.url
    check(page, "ko-02-game-new", "ko")

    page.click("a[href$='/hands/new/']")
    page.check("#winner-1")
    page.click("#id_p0-cards ~ .picker-toggle")
    expect(page.locator("#id_p0-cards ~ .picker-toggle")).to_have_text("카드 고르기")
    for card in ["KH", "QH", "JH", "2C", "2D", "2S", "9C"]:
        page.click(f"#id_p0-cards-picker button[data-card='{card}']")
    page.fill("#id_p1-points", "5")
    page.fill("#id_p2-points", "15")
    check(page, "ko-03-hand-picker", "ko")
    page.click(".sticky-actions button.secondary")
    expect(page.locator("#preview")).to_contain_text("Bob")
    check(page, "ko-04-preview", "ko")
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(game_url)
    hand = page.locator("#hand-1")
    expect(hand).to_be_visible()
    assert HANGUL.search(hand.inner_text()), "the explanation is not in Korean"
    assert "scores" not in hand.inner_text()
    check(page, "ko-05-game-after-hand", "ko")

    # The footer switcher: picking a language reloads the same page in it (static JS).
    page.select_option("footer select[name=language]", "vi")
    page.wait_for_function("document.documentElement.lang === 'vi'")
    assert page.url == game_url
    check(page, "ko-06-switched-to-vi", "vi")


@pytest.mark.parametrize("lang", ["vi-VN", "ko-KR", "de-DE"])
def test_the_header_and_footer_fit_at_320(live_server, phone_in, lang):
    page = phone_in(lang, viewport={"width": 320, "height": 568})
    page.goto(live_server.url + "/rules/phom/")
    check(page, f"320-{lang}", lang.split("-")[0], width=320)


def test_every_language_fits_the_phone(live_server, phone_in):
    """Each page of a game with a hand, in every language, at 390px: nothing clipped or wide."""
    from django.conf import settings

    page = phone_in("en-US")
    page.goto(live_server.url + "/games/new/?variant=knock-rummy")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#id_player-{i}", name)
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    game_url = page.url
    page.click("a[href$='/hands/new/']")
    page.check("#winner-1")
    for i, points in enumerate([12, 5, 20]):
        page.fill(f"#id_p{i}-points", str(points))
    page.click(".sticky-actions button[name=save]")
    page.wait_for_url(game_url)

    paths = ["/", "/games/new/", game_url, game_url + "hands/new/", game_url + "share/",
             "/rules/knock-rummy/", "/games/mine/"]
    for code, _name in settings.LANGUAGES:
        page.context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": code, "url": live_server.url}]
        )
        for n, path in enumerate(paths):
            page.goto(path if path.startswith("http") else live_server.url + path)
            check(page, f"all-{code}-{n}", code)
