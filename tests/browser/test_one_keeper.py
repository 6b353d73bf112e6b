"""One keeper at a time (issue 33 §1-2), in Chromium at 390x844, 320x568 and 844x390, against
the production server (gunicorn's asgi workers, SQLite; tests/browser/served.py):

- two keepers (a shared handover) both open "Enter hand 1"; the first saves; the second's Save
  records nothing, shows both hands and offers "Save mine as hand 2" or "Discard mine";
- a keeper with a hand form open hands the score over: the form's Save then records nothing
  and says why, and the game page no longer offers "Enter hand".
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .pages import VIEWPORTS
from .served import asgi_server, fits, open_phone, start

pytestmark = [pytest.mark.browser]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    with asgi_server(tmp_path_factory.mktemp("one_keeper"), "one_keeper") as server:
        yield server


def handover_link(keeper, *, share: bool) -> str:
    keeper.click("a.button:has-text('Share')")
    keeper.wait_for_url(re.compile(r"/share/$"))
    if share:
        keeper.check("#handover-share")
    keeper.click("#handover-button")
    keeper.wait_for_url(re.compile(r"/handover/$"))
    return keeper.locator("#handover-link").inner_text()


def fill_hand(page, knocker: str, points: tuple[int, int, int]) -> None:
    page.click(f".choices.tiles label:has-text('{knocker}')")
    for i, value in enumerate(points):
        page.fill(f"#id_p{i}-points", str(value))


def open_form(page, game_url: str) -> None:
    page.goto(game_url + "hands/new/")
    expect(page.locator("h1")).to_have_text("Enter hand 1")


def first_saves_hand_1(served, first, second) -> str:
    """Two keepers (a shared handover) both open "Enter hand 1"; the first saves Ann's
    knock. Returns the game's address."""
    game_url = start(first, served.url)
    second.goto(handover_link(first, share=True))
    second.wait_for_url(game_url)
    open_form(first, game_url)
    open_form(second, game_url)
    fill_hand(first, "Ann", (0, 10, 12))
    first.click(".sticky-actions button[name=save]")
    expect(first.locator("#hand-1")).to_be_visible()
    return game_url


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_two_keepers_on_one_enter_hand(served, chromium, size):
    first_context, first = open_phone(chromium, VIEWPORTS[size])
    second_context, second = open_phone(chromium, VIEWPORTS[size])
    try:
        game_url = first_saves_hand_1(served, first, second)
        fill_hand(second, "Bob", (7, 0, 9))
        second.click(".sticky-actions button[name=save]")
        taken = second.locator("#hand-taken")
        expect(taken).to_contain_text("Hand 1 was saved on another phone first")
        expect(taken.locator(".taken-theirs")).to_contain_text("Ann")
        expect(taken.locator(".taken-mine")).to_contain_text("Bob")
        save = second.locator(".sticky-actions button[name=save]")
        expect(save).to_have_text("Save mine as hand 2")
        expect(second.locator("[data-discard-taken]")).to_be_visible()
        fits(second, f"hand-taken-{size}")
        save.click()
        expect(second.locator("#hand-2")).to_be_visible()
        second.goto(game_url)
        expect(second.locator("#hand-1")).to_contain_text("Ann")
        expect(second.locator("#hand-2")).to_contain_text("Bob")
        expect(second.locator("#hand-3")).to_have_count(0)
    finally:
        first_context.close()
        second_context.close()


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_discard_mine_records_nothing(served, chromium, size):
    first_context, first = open_phone(chromium, VIEWPORTS[size])
    second_context, second = open_phone(chromium, VIEWPORTS[size])
    try:
        game_url = first_saves_hand_1(served, first, second)
        fill_hand(second, "Ann", (0, 10, 12))  # the same real hand
        second.click(".sticky-actions button[name=save]")
        expect(second.locator("#hand-taken")).to_be_visible()
        second.click("[data-discard-taken]")
        second.wait_for_url(game_url)
        expect(second.locator("#hand-1")).to_be_visible()
        expect(second.locator("#hand-2")).to_have_count(0)
    finally:
        first_context.close()
        second_context.close()


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_a_handover_with_an_open_form(served, chromium, size):
    old_context, old = open_phone(chromium, VIEWPORTS[size])
    new_context, new = open_phone(chromium, VIEWPORTS[size])
    try:
        game_url = start(old, served.url)
        link = handover_link(old, share=False)
        expect(old.locator("#handover-effect")).to_contain_text("this phone only watches")
        open_form(old, game_url)
        fill_hand(old, "Ann", (0, 10, 12))
        expect(old.locator("#preview")).to_contain_text("Ann")  # the live preview came
        new.goto(link)
        new.wait_for_url(game_url)
        expect(new.locator(".enter-hand")).to_be_visible()

        old.click(".sticky-actions button[name=save]")
        expect(old.locator("main")).to_contain_text(
            "handed the keeping of the score to another phone"
        )
        expect(old.locator("main")).to_contain_text("Nothing from a form still open here was saved")
        fits(old, f"handed-over-{size}")
        old.goto(game_url)
        expect(old.locator("#hand-1")).to_have_count(0)
        expect(old.locator(".enter-hand")).to_have_count(0)
        new.goto(game_url)
        expect(new.locator(".enter-hand")).to_have_text("Enter hand 1")
    finally:
        old_context.close()
        new_context.close()
