"""The share page on a phone-sized screen, opened at the live test server's address
(localhost or 127.0.0.1): it says the other phones cannot use it and shows where they can, without sideways
scrolling (issue 15 bug 4). Nothing is sent to any other address."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_share_at_a_loopback_address_says_other_phones_cannot_open_it(live_server, phone, shot):
    page = phone()
    page.goto(f"{live_server.url}/games/new/?variant=knock-rummy")
    for i, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f"#id_player-{i}", name)
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    page.goto(page.url + "share/")
    notice = page.locator(".local-address")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Other phones cannot open these links")
    expect(notice).to_contain_text(live_server.url.split("//", 1)[1])  # 127.0.0.1 or localhost
    expect(notice.locator("code.command")).to_have_text("make run HOST=0.0.0.0")
    box = notice.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(page, "share-local-address")
