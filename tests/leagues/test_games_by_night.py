"""The league's pages say when things were played (issue 35): the games list grouped by night,
each night's date as the language writes it; an as-of page stops at that night in every
section; a page number past the last (however large) is the last page, never a 500."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorekeeper.games.site.templatetags.dates import weekday_date

from .helpers import new_league, penalties, play, when

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    league, token = new_league(min_games=0)
    for day, players in ((3, ["Ann", "Bob"]), (3, ["Cy", "Dee"]), (10, ["Ann", "Cy"])):
        play(league, token, players, penalties(players[0], **{players[1]: 4}), played=when(day))
    play(league, token, ["Bob", "Eve"], penalties("Eve", Bob=2), played=when(17))
    return league


def headings(html: str, within: str) -> list[str]:
    part = html[html.index(f'id="{within}"') :]
    return [" ".join(h.split()) for h in re.findall(r"<h[23]>(.*?)</h[23]>", part, re.S)]


@pytest.mark.parametrize("language", ["en", "de", "ko"])
def test_the_games_list_is_grouped_by_night_with_its_date(league, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    url = reverse("league_games", args=[league.public_id]) + "?season=all"
    html = client.get(url).content.decode()
    with translation.override(language):
        nights = [weekday_date(when(day).date()) for day in (17, 10, 3)]
    assert headings(html, "league-games") == nights
    night = html[html.index('id="night-2026-03-03"') :]
    assert night.count('class="game-link"') == 2


def test_an_as_of_page_stops_at_that_night_in_every_section(league):
    client = Client()
    url = reverse("league", args=[league.public_id])
    html = client.get(url, {"season": "all", "as_of": "2026-03-10"}).content.decode()
    games = html[html.index('id="games-heading"') :]
    assert 'id="night-2026-03-10"' in games and 'id="night-2026-03-03"' in games
    assert 'id="night-2026-03-17"' not in games
    now = client.get(url, {"season": "all"}).content.decode()
    assert 'id="night-2026-03-17"' in now[now.index('id="games-heading"') :]


@pytest.mark.parametrize("page", ["9223372036854775807", "99999999999999999999999", "2"])
def test_a_page_past_the_last_is_the_last_page(league, page):
    client = Client()
    url = reverse("league_games", args=[league.public_id])
    response = client.get(url, {"season": "all", "page": page})
    assert response.status_code == 200
    assert response.content.decode().count('class="game-link"') == 4
    api = client.get(f"/api/v1/leagues/{league.public_id}/games", {"page": page})
    assert api.status_code in (200, 422)  # bounded by the schema, never a 500
