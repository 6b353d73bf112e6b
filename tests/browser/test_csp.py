"""The Content-Security-Policy in a real browser: no page, script or fragment swap is blocked."""

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_no_csp_violation_through_a_game(live_server, phone):
    page = phone()
    violations = []
    page.on(
        "console",
        lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    page.on("pageerror", lambda err: violations.append(str(err)))
    base = live_server.url
    page.goto(base + "/games/new/?variant=knock-rummy")
    page.fill("#id_player-0", "Ann")
    page.fill("#id_player-1", "Bob")
    page.click(".sticky-actions button")
    page.wait_for_url(re.compile(r"/games/[\w-]+/$"))
    game_url = page.url
    page.goto(game_url + "hands/new/")
    page.check("#winner-0")
    page.click("#id_p0-cards ~ .picker-toggle")  # the card picker script
    page.wait_for_load_state("networkidle")
    page.goto(game_url + "share/")
    page.goto(base + "/rules/knock-rummy/")
    page.goto(base + "/api/v1/docs")
    page.wait_for_load_state("networkidle")
    page.goto(game_url)
    page.wait_for_load_state("networkidle")  # every script and style of the page has run
    assert violations == []
