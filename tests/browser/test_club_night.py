"""Issue 34 in a real browser. The organiser's flow on a phone at 390x844: create a club night
(newcomers typed in, the variant's house rules, rounds), draw, print the table cards (A6, as
printed), follow the grid while the tables play and approve the round. The room screen at
1920x1080 in English and German, and at 1280x720: the seating while the round is drawn and not started, then
the standings and table states, read from across the room (big type, nothing cut off)."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.games.models import Game
from scorekeeper.leagues.models import Night, NightTable
from scorekeeper.leagues.nights import round_draw
from tests.leagues.helpers import new_league
from tests.writes import hand_record

from .conftest import BROWSER_TIMEOUT_MS, SCREENSHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EIGHT = ["Ann", "Bob", "Cy", "Dũng", "Eve", "Frode", "Gianluca", "Hal"]


def play_round(night: Night) -> None:
    """Every table of the night's open round plays its one hand (as its keeper would)."""
    for table in NightTable.objects.filter(round__night=night, round__approved__isnull=True):
        game = Game.objects.get(pk=table.league_game.game_id)
        names = list(game.seats.values_list("name", flat=True))
        hand_record(game=game, entry={"out": names[0], "hands": {n: {"points": 12} for n in names[1:]}})


def test_organiser_runs_a_night_from_a_phone(live_server, phone, shot):
    base = live_server.url
    organiser = phone()
    organiser.goto(base + "/leagues/new/")
    organiser.fill("#id_name", "Thursday club")
    organiser.check("input[name=variants][value=german-rummy]")
    organiser.click(".sticky-actions button")
    organiser.wait_for_url(re.compile(r"/leagues/[\w-]+/share/$"))
    league_id = organiser.url.rstrip("/").split("/")[-2]

    organiser.goto(f"{base}/leagues/{league_id}/")
    organiser.click("text=New club night")
    organiser.wait_for_url(re.compile(r"/nights/new/$"))
    organiser.fill("#id_newcomers", "\n".join(EIGHT))
    organiser.fill("input[name=opt-hands]", "1")
    organiser.fill("#id_rounds", "2")
    shot(organiser, "night-01-new")
    organiser.click(".sticky-actions button")
    organiser.wait_for_url(re.compile(r"/nights/\d+/$"))
    night = Night.objects.get(league__public_id=league_id)
    assert len(night.players) == 8 and night.options == {"hands": 1}
    shot(organiser, "night-02-ready")

    organiser.click("text=Draw round 1")
    cards = organiser.locator(".table-card")
    expect(cards).to_have_count(2)
    expect(cards.first.locator(".badge")).to_have_text("waiting")
    shot(organiser, "night-03-drawn")

    # The table cards, as the printer gets them: one A6 card a page, each with its QR code.
    organiser.click("text=Print table cards (A6)")
    organiser.wait_for_url(re.compile(r"/cards/\?size=a6$"))
    organiser.emulate_media(media="print")
    printed = organiser.locator(".table-print-card")
    expect(printed).to_have_count(2)
    expect(printed.first.locator(".card-qr svg")).to_be_visible()
    expect(organiser.locator(".no-print")).to_be_hidden()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    organiser.screenshot(path=str(SCREENSHOTS / "night-04-cards-print.png"), full_page=True)
    pdf = organiser.pdf(prefer_css_page_size=True)
    assert pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page ") + pdf.count(b"/Type/Page") >= 2
    organiser.emulate_media(media="screen")
    organiser.go_back()

    # The tables play; the grid follows without a reload, then the round is approved.
    play_round(night)
    expect(organiser.locator(".table-card .badge.state-finished")).to_have_count(
        2, timeout=BROWSER_TIMEOUT_MS
    )
    shot(organiser, "night-05-finished")
    organiser.click("text=Approve round 1")
    expect(organiser.locator(".messages")).to_contain_text("Round 1 is approved")
    expect(organiser.locator("text=Draw round 2")).to_be_visible()
    expect(organiser.locator(".night-standings tbody tr")).to_have_count(8)
    shot(organiser, "night-06-approved")


@pytest.mark.parametrize(
    ("language", "player", "width", "height"),
    [("en", "Player", 1920, 1080), ("de", "Spieler", 1920, 1080), ("en", "Player", 1280, 720)],
)
def test_room_screen(live_server, chromium, language, player, width, height):
    league, token = new_league(name="Thursday club")
    from scorekeeper.leagues.nights import night_create

    night = night_create(
        league=league,
        token=token,
        played_on="2026-12-03",
        variant="german-rummy",
        options={"hands": 1},
        players=EIGHT,
        rounds=3,
        hide_last_rounds=1,
    )
    round_draw(league=league, token=token, night=night, seed=34)
    context = chromium.new_context(viewport={"width": width, "height": height}, locale=language)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/leagues/{league.public_id}/nights/{night.pk}/screen/")
        assert page.get_attribute("html", "lang") == language
        # Drawn, not started: the seating, every name readable from across the room.
        tables = page.locator(".screen-tables.seating > li")
        expect(tables).to_have_count(2)
        for name in EIGHT:
            expect(page.locator(".screen-tables.seating", has_text=name)).to_be_visible()
        size = page.locator(".screen").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= width / 60, size  # 32 px on 1920, 24 px on 1280: read across a room
        page.screenshot(path=str(SCREENSHOTS / f"night-screen-seating-{language}-{width}.png"))
        fits = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        assert page.evaluate(fits)
        # The round starts: the screen turns to the standings and the tables' states by itself.
        play_round(night)
        standings = page.locator(".night-standings")
        expect(standings).to_be_visible(timeout=BROWSER_TIMEOUT_MS)
        expect(standings.locator("thead")).to_contain_text(player)
        expect(page.locator(".screen-tables.states > li")).to_have_count(2)
        bottom = standings.evaluate("e => e.getBoundingClientRect().bottom")
        assert bottom <= height, bottom  # eight players fit one screen
        assert page.evaluate(fits)
        page.screenshot(path=str(SCREENSHOTS / f"night-screen-standings-{language}-{width}.png"))
    finally:
        context.close()


def test_room_screen_holds_forty_players_at_ten_tables(live_server, chromium):
    from scorekeeper.leagues.nights import night_create

    league, token = new_league(name="Big club")
    forty = [f"Player {n:02d}" for n in range(40)]
    night = night_create(
        league=league,
        token=token,
        played_on="2026-12-03",
        variant="caloochi",
        options={"target": 100000},
        players=forty,
        rounds=3,
    )
    round_draw(league=league, token=token, night=night, seed=40)
    play_round(night)
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/leagues/{league.public_id}/nights/{night.pk}/screen/")
        names = page.locator(".screen-standings-columns > li")
        expect(names).to_have_count(40)
        expect(page.locator(".screen-tables.states > li")).to_have_count(10)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "night-screen-forty.png"))
        fits = (
            "document.documentElement.scrollHeight <= window.innerHeight"
            " && document.documentElement.scrollWidth <= window.innerWidth"
        )
        assert page.evaluate(fits), page.evaluate("document.documentElement.scrollHeight")
    finally:
        context.close()
