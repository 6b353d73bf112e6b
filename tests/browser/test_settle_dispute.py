"""Settling the German opening dispute from a game's hand form, on a phone, in under ten taps.

Bob lays JK 5H 6H and says it is worth 18; Ann says a joker with no name counts as the 4, 15.
The scorekeeper opens the checker from the hand form (the game's variant and house rules come
along), picks the cards and gets the answer with the rule it rests on.
"""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_german_opening_dispute_in_under_ten_taps(live_server, phone, shot):
    base = live_server.url
    page = phone()

    # Set up (not counted): a German Rummy game for three, then its hand form.
    page.goto(base + "/games/new/?variant=german-rummy")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#id_player-{i}", name)
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    page.click("text=Enter hand 1")
    expect(page.locator(".house-rules-line")).to_contain_text("House rules:")
    shot(page, "dispute-01-hand-form")

    taps = 0

    def tap(selector):
        nonlocal taps
        page.click(selector)
        taps += 1

    tap(".house-rules-line >> text=Check a meld or a hand")
    page.wait_for_url(re.compile(r"/check\?game="))
    expect(page.locator("select[name=variant]")).to_have_value("german-rummy")
    tap("input[name=kind][value=opening]")
    tap("#id_cards ~ .picker-toggle")
    for card in ["JK", "5H", "6H"]:
        tap(f"#id_cards-picker button[data-card='{card}']")
    expect(page.locator("#id_cards")).to_have_value("JK 5H 6H")
    shot(page, "dispute-02-checker")
    tap(".sticky-actions button")
    page.wait_for_url(re.compile(r"kind=opening"))

    result = page.locator("#result")
    expect(result).to_contain_text("5H 6H [7H]")
    expect(result).to_contain_text("Worth 18 towards a first meld")
    expect(result).to_contain_text("18 is 22 short of the first-meld minimum of 40.")
    expect(result.locator("a[href='/rules/german-rummy/#melds']")).to_be_visible()
    assert taps < 10, taps
    assert "cards=JK+5H+6H" in page.url  # the answer can be shared as it is
    shot(page, "dispute-03-answer")

    # The rule it rests on, one tap away.
    page.click("#result >> text=The first-meld rule")
    expect(page.locator("#melds")).to_contain_text("40")
    shot(page, "dispute-04-rule")


def test_rules_pages_at_phone_size(live_server, phone, shot):
    page = phone()
    page.goto(live_server.url + "/rules/knock-rummy/")
    expect(page.locator("#disputes")).to_contain_text("undercut")
    shot(page, "rules-knock")
    page.goto(live_server.url + "/rules/search?q=mom")
    # the best five places; the rest fold behind "Show N more places"
    expect(page.locator(".search-hits").first).to_contain_text("Móm")
    shot(page, "rules-search")
    page.goto(
        live_server.url
        + "/check?kind=going-out&variant=continental-rum&cards=3H+4H+5H+6H+7H+8H+9S+10S+JS+5C+6C+7C+10D+JD+QD+2S"
    )
    expect(page.locator("#result")).to_contain_text("3-3-3-3-3")
    shot(page, "check-continental")


@pytest.mark.parametrize("size", [(320, 568), (844, 390)], ids=["small", "landscape"])
def test_checker_and_rules_fit_small_and_landscape_screens(live_server, chromium, size):
    width, height = size
    context = chromium.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        for path in (
            "/check?kind=opening&variant=german-rummy&cards=JK+5H+6H+%2F+QH+KH+AH",
            "/rules/phom/",
            "/rules/",
        ):
            page.goto(live_server.url + path)
            # The page's own content (the site header is the layout's business).
            right = page.evaluate(
                "Math.max(...Array.from(document.querySelectorAll('main *'))"
                ".filter(e => !e.closest('.table-scroll'))"
                ".map(e => e.getBoundingClientRect().right))"
            )
            assert right <= width + 0.5, f"{path} overflows at {width}px ({right}px)"
            name = path.strip("/").replace("/", "-").split("?")[0] or "rules"
            page.screenshot(
                path=f"test-artifacts/screenshots/{name}-{width}x{height}.png", full_page=True
            )
    finally:
        context.close()


def test_choosing_another_game_redraws_its_house_rules(live_server, phone):
    page = phone()
    page.goto(live_server.url + "/check?kind=meld&variant=standard-rummy&cards=QD+KD+AD")
    expect(page.locator("details.check-settings")).to_have_attribute("open", "")
    page.check("input[name=opt-around-the-corner]")
    page.select_option("select[name=variant]", "german-rummy")
    page.wait_for_url(re.compile(r"variant=german-rummy"))
    expect(page.locator("#dropped-options")).to_contain_text("Around the corner")
    assert page.locator("input[name=opt-around-the-corner]").count() == 0
    expect(page.locator("textarea[name=cards]")).to_have_value("QD KD AD")
