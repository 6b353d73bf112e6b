"""In a real Chromium: the edit link's secret never reaches the server in a URL, with or
without JavaScript; a double tap on Delete deletes one hand (issue 11 bugs 4 and 6)."""

import json
import re

import pytest
from playwright.sync_api import expect

from .conftest import ARGS, VIEWPORT  # noqa: F401  (the same phone the other tests use)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def new_game(page, base: str) -> str:
    page.goto(base + "/games/new/?variant=knock-rummy")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#id_player-{i}", name)
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    return page.url


def test_the_edit_link_joins_without_its_secret_in_any_request(live_server, phone, shot):
    keeper = phone()
    game_url = new_game(keeper, live_server.url)
    keeper.goto(game_url + "share/")
    expect(keeper.locator("#copy-edit-link")).to_be_visible()
    shot(keeper, "safe-01-share")
    link = keeper.locator("#edit-link").get_attribute("href")
    secret = link.partition("#")[2]
    assert secret

    other = phone()
    sent: list[str] = []
    other.on("request", lambda r: sent.append(r.url + " " + (r.post_data or "")))
    other.goto(link)
    other.wait_for_url(game_url)
    expect(other.locator(".messages")).to_contain_text("You can now enter and correct hands")
    assert "#" not in other.url
    assert not [url for url in sent if secret in url.split(" ")[0]]  # only ever in a POST body
    assert any(secret in body for body in sent)
    expect(other.locator("text=Enter hand 1")).to_be_visible()


def test_the_edit_link_works_without_javascript(live_server, phone, chromium, shot):
    keeper = phone()
    game_url = new_game(keeper, live_server.url)
    keeper.goto(game_url + "share/")
    link = keeper.locator("#edit-link").get_attribute("href")

    context = chromium.new_context(viewport=VIEWPORT, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(link)
        shot(page, "safe-02-join-without-javascript")
        page.fill("#join-token", link)  # the whole link pasted
        page.click("#join-form button[type=submit]")
        page.wait_for_url(game_url)
        expect(page.locator("text=Enter hand 1")).to_be_visible()
    finally:
        context.close()


def test_a_double_tap_on_delete_deletes_one_hand(live_server, phone):
    keeper = phone()
    game_url = new_game(keeper, live_server.url)
    for knocker in range(3):
        keeper.goto(game_url + "hands/new/")
        keeper.check(f"#winner-{knocker}")
        for i in range(3):
            keeper.fill(f"#id_p{i}-points", "3" if i == knocker else "20")
        keeper.click(".sticky-actions button[name=save]")
        keeper.wait_for_url(game_url)
    # Delete asks first on its own page; a double tap on its button deletes one hand.
    keeper.locator("a:has-text('Delete hand 1')").click()
    keeper.locator("button:has-text('Delete hand 1')").dblclick()
    expect(keeper.locator(".messages")).to_contain_text("Hand 1")
    keeper.wait_for_load_state("networkidle")  # the second tap's request answered too
    api = live_server.url + "/api/v1" + game_url.removeprefix(live_server.url).rstrip("/")
    state = json.loads(keeper.request.get(api).text())
    assert [h["result"]["knocker"] for h in state["hands"]] == ["Bob", "Cy"]
