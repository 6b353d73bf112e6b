"""Issue 23 §2: every number a rules text states that a table may change (RULES.md 1, "House
rules that are numbers") is the table's, with the book's beside it where they differ: on a
game's rules page (prose, decisions, settled disputes, At a glance), and in the API."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.urls import reverse

from scorekeeper.rules import all_variants, get_variant
from scorekeeper.rules.reference import assumptions, disputes, guide_for, sections
from scorekeeper.rules.reference.book import HEADING_SECTION
from scorekeeper.rules.reference.numbers import PLACEHOLDER, fill_numbers, numbers_in
from scorekeeper.rules.variants.parameters import house_numbers

from .page_helpers import start_game

# Pages are drawn under PostgreSQL's request deadline, which may touch the database.
pytestmark = pytest.mark.django_db

NUMBERED = [v for v in all_variants() if house_numbers(v)]


def odd_numbers(variant) -> dict[str, int]:
    """A value for each house-rule number no text states by chance (and under the cap)."""
    named = {slug for text in every_text(variant) for slug in numbers_in(text)}
    numbers = [o for o in variant.options if o.type == "int" and o.slug in named]
    numbers += [o for o in house_numbers(variant) if o not in numbers]
    return {o.slug: 400 + 7 * i for i, o in enumerate(numbers)}


def every_text(variant) -> list[str]:
    """Every rule text of the variant as written (templates, placeholders unfilled)."""
    guide = guide_for(variant)
    texts = [text for _heading, text in variant.rules] + list(variant.decisions)
    texts += [p.text for paras in guide.sections.values() for p in paras]
    texts += [p.text for paras in guide.core.values() for p in paras]
    texts += [t for d in guide.disputes for t in (d.question, d.answer)]
    return [t for t in texts if isinstance(t, str)]


def page_text(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html_lib.unescape(re.sub(r"<[^>]+>", "", response.content.decode()))


def test_every_house_number_is_named_by_some_rule_text():
    """Each house-rule number of a variant appears in its texts as a placeholder, never only
    typed: a text that states the number states the table's."""
    only_in_its_option_line = {"big-gin-bonus"}  # no rule text speaks of big gin's bonus
    for variant in NUMBERED:
        named = {slug for text in every_text(variant) for slug in numbers_in(text)}
        for option in house_numbers(variant):
            if option.slug not in only_in_its_option_line:
                assert option.slug in named, (variant.slug, option.slug)


@pytest.mark.parametrize("variant", NUMBERED, ids=lambda v: v.slug)
def test_filled_texts_state_the_tables_numbers(variant):
    numbers = odd_numbers(variant)
    table = variant.table(numbers, players=variant.players[0])
    book = variant.table({}, players=variant.players[0]).options
    rendered = [str(p.text) for s in sections(variant, table) for p in s.paras]
    rendered += [str(p.text) for p in assumptions(variant, table)]
    rendered += [str(t) for d in disputes(variant, table) for t in (d.question, d.answer)]
    for text in rendered:
        assert not PLACEHOLDER.search(text), text
    for text in every_text(variant):
        for slug in numbers_in(text):
            beside = f"{numbers[slug]} (at this table; the book says {book[slug]})"
            assert beside in str(fill_numbers(text, table)), (slug, text)


@pytest.mark.django_db
@pytest.mark.parametrize("variant", NUMBERED, ids=lambda v: v.slug)
def test_game_rules_page_shows_the_tables_numbers(client, variant):
    numbers = odd_numbers(variant)
    players = ("Ann", "Bob", "Cy", "Dan")[: max(2, min(3, variant.players[1]))]
    game_id = start_game(client, variant.slug, players=players, options=numbers)
    text = page_text(client, reverse("game_rules", args=[game_id]))
    book = get_variant(variant.slug).table({}, players=len(players)).options
    assert "{" not in text.split("Glossary")[0]  # no placeholder left
    # the variant's texts about its house rules stand on its own page; a game's lists the
    # house rules in force, each with its value
    house = {text for heading, text in variant.rules if HEADING_SECTION.get(heading) == "house-rules"}
    stated = {slug for t in every_text(variant) if t not in house for slug in numbers_in(t)}
    for slug in stated:
        assert f"{numbers[slug]} (at this table; the book says {book[slug]})" in text, slug


@pytest.mark.django_db
def test_caloochi_at_forty_never_says_fifty_one_as_the_rule(client):
    game_id = start_game(client, "caloochi", players=("Ann", "Bob"), options={"initial-meld": 40})
    text = page_text(client, reverse("game_rules", args=[game_id]))
    assert "At least 40 points (at this table; the book says 51)" in text  # At a glance
    assert "worth 40 (at this table; the book says 51) or more" in text  # Melds
    assert "towards the 40 (at this table; the book says 51)?" in text  # In case of dispute
    assert "worth 51 or more" not in text and "towards the 51?" not in text


@pytest.mark.django_db
def test_phom_chips_and_gin_bonuses_are_the_tables(client):
    phom = start_game(client, "phom", players=("Ann", "Bob", "Cy"),
                      options={"u-chips": 5, "mom-chips": 3})
    text = page_text(client, reverse("game_rules", args=[phom]))
    assert "pays 5 (at this table; the book says 6) chips" in text
    assert "(móm) pays 3 (at this table; the book says 4)" in text
    assert "pays 6 chips" not in text and "pays 4," not in text
    gin = start_game(client, "gin-rummy", players=("Ann", "Bob"),
                     options={"gin-bonus": 20, "undercut-bonus": 10, "knock-limit": 8})
    text = page_text(client, reverse("game_rules", args=[gin]))
    assert "plus 10 (at this table; the book says 25). Gin scores" in text
    assert "plus 20 (at this table; the book says 25) and is never undercut" in text
    assert "count 8 (at this table; the book says 10) or less" in text
    assert "plus 25" not in text


@pytest.mark.django_db
def test_default_numbers_read_plainly_on_the_variant_page(client):
    text = page_text(client, reverse("rules", args=["caloochi"]))
    assert "worth 51 or more" in text and "the book says" not in text


@pytest.mark.parametrize("variant", NUMBERED, ids=lambda v: v.slug)
def test_api_rule_texts_carry_the_numbers_not_placeholders(client, variant):
    data = client.get(f"/api/v1/variants/{variant.slug}").json()
    texts = [r["text"] for r in data["rules"]] + data["decisions"]
    assert not any(PLACEHOLDER.search(t) for t in texts)
    book = variant.table({}, players=variant.players[0]).options
    for raw, shown in zip(
        [t for _h, t in variant.rules] + list(variant.decisions), texts, strict=True
    ):
        for slug in numbers_in(raw):
            assert str(book[slug]) in shown
