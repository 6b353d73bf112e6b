"""The standings are a real table: no stylesheet rule may lay its rows or cells out as a grid or
flex box, or the headings stop sitting over their numbers (issue 17, bug 1)."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from .helpers import new_league, penalties, play, when

pytestmark = pytest.mark.django_db

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "app.css"


def _rules(text: str):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    # Flatten @media blocks: their inner rules apply as well.
    for selectors, body in re.findall(r"([^{}@]+)\{([^{}]*)\}", text):
        yield [s.strip() for s in selectors.split(",")], body


def _table_classes(page: str) -> set[str]:
    table = re.search(r'<table[^>]*id="standings".*?</table>', page, flags=re.S).group(0)
    classes = set()
    for attr in re.findall(r'class="([^"]*)"', table):
        classes.update(attr.split())
    return classes


def test_no_grid_or_flex_rule_reaches_the_league_table(client):
    league, token = new_league(min_games=1)
    play(league, token, ["Ann", "Bob"], penalties("Ann", Bob=10), played=when(1))
    page = client.get(reverse("league", args=[league.public_id])).content.decode()
    classes = _table_classes(page)
    assert "league-table" in classes
    offending = []
    for selectors, body in _rules(CSS.read_text()):
        if not re.search(r"display\s*:\s*(inline-)?(grid|flex)", body):
            continue
        for selector in selectors:
            # The last compound of the selector: the element the rule lays out.
            last = re.split(r"[\s>+~]+", selector.strip())[-1]
            element = re.match(r"[a-z]*", last).group(0)
            needed = set(re.findall(r"\.([\w-]+)", last))
            if needed and needed <= classes and element in {"", "table", "tr", "td", "th"}:
                offending.append(selector)
    assert offending == []
