"""Dates and times as each language writes them (scorekeeper/formats, games/site/templatetags/dates.py).

A game night's heading was a fixed English pattern in every language ("neděle 22 listopad 2026",
"일요일 22 11월 2026", "Domenica 22 Novembre 2026"); each language now has its own.
"""

import datetime as dt

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from tests.leagues.helpers import new_league, penalties, play

SUNDAY = dt.date(2026, 11, 22)
AFTERNOON = dt.datetime(2026, 11, 22, 14, 5, tzinfo=dt.UTC)

NIGHTS = {
    "en": "Sunday 22 November 2026",
    "it": "domenica 22 novembre 2026",
    "ro": "duminică, 22 noiembrie 2026",
    "ko": "2026년 11월 22일 일요일",
    "nb": "søndag 22. november 2026",
    "cs": "neděle 22. listopadu 2026",
    "vi": "Chủ nhật, ngày 22 tháng 11 năm 2026",
    "de": "Sonntag, 22. November 2026",
}
DAYS = {
    "en": "22 Nov 2026", "it": "22 novembre 2026", "ro": "22 noiembrie 2026",
    "ko": "2026년 11월 22일", "nb": "22. november 2026", "cs": "22. listopadu 2026",
    "vi": "22 tháng 11 năm 2026", "de": "22. November 2026",
}


def render(source: str, lang: str, **context) -> str:
    with translation.override(lang):
        return Template("{% load dates %}" + source).render(Context(context))


@pytest.mark.parametrize("lang", sorted(NIGHTS))
def test_a_game_night_and_a_day_read_as_the_language_writes_them(lang):
    assert render("{{ d|weekday_date }}", lang, d=SUNDAY) == NIGHTS[lang]
    assert render("{{ d|day }}", lang, d=SUNDAY) == DAYS[lang]


def test_a_clock_time_follows_the_language():
    assert render("{{ t|clock }}", "de", t=AFTERNOON) == "14:05"
    assert render("{{ t|clock }}", "ko", t=AFTERNOON) == "오후 2:05"


def test_czech_day_and_month_take_the_genitive():
    assert render("{{ d|day_month }}", "cs", d=SUNDAY) == "22. listopadu"


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["cs", "ko", "de"])
def test_the_league_page_heads_each_game_night_in_the_page_language(client, lang):
    league, token = new_league()
    played = dt.datetime(2026, 11, 22, 20, 0, tzinfo=dt.UTC)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=10), played=played)
    client.cookies["django_language"] = lang
    html = client.get(reverse("league", args=[league.public_id]) + "?season=all").content.decode()
    assert NIGHTS[lang] in html
