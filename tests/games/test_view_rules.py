"""The rules page of each variant: the common skeleton with a table of contents, every rule
text, the app's decisions, every house rule, worked examples, disputes and the glossary."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.rules import all_variants
from scorekeeper.rules.reference import fill_numbers, guide_for


def shown(text, variant) -> str:
    """A rule text as the page shows it: its house-rule numbers the variant's own."""
    return escape(str(fill_numbers(text, variant)))

SKELETON = (
    "glance",
    "deal",
    "play",
    "melds",
    "going-out",
    "scoring",
    "end",
    "house-rules",
    "assumptions",
    "disputes",
    "glossary",
)


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.slug)
def test_rules_page_follows_the_skeleton(client, variant):
    response = client.get(reverse("rules", args=[variant.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    assert escape(variant.name) in html
    positions = [
        html.index(f'<section id="{anchor}"') if anchor != "glance" else html.index('id="glance"')
        for anchor in SKELETON
    ]
    assert positions == sorted(positions), "sections out of order"
    for anchor in SKELETON:
        assert f'href="#{anchor}"' in html, f"no table-of-contents link to #{anchor}"
    for _heading, text in variant.rules:
        assert shown(text, variant) in html
    for decision in variant.decisions:
        assert shown(decision, variant) in html
    for option in variant.options:
        assert f'id="option-{option.slug}"' in html
        assert escape(option.summary) in html
    assert f'href="/games/new/?variant={variant.slug}"' in html
    assert "Cats at Cards" in html
    assert 'style="' not in html and "onclick" not in html


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.slug)
def test_rules_page_has_disputes_examples_and_glossary(client, variant):
    html = client.get(reverse("rules", args=[variant.slug])).content.decode()
    guide = guide_for(variant)
    for n, dispute in enumerate(guide.disputes, start=1):
        assert f'id="dispute-{n}"' in html
        assert shown(dispute.question, variant) in html
        assert f'href="#{dispute.section}"' in html
    links = re.findall(r'href="(/check\?[^"]+)"', html)
    assert len([d for d in guide.disputes if d.check]) <= len(links)
    assert html.count('class="worked-example"') >= 2
    assert 'id="glossary"' in html


def test_rules_page_marks_origins(client):
    html = client.get(reverse("rules", args=["standard-rummy"])).content.decode()
    assert "origin-common" in html and "As commonly published" in html
    assert "origin-decision" in html
    html = client.get(reverse("rules", args=["knock-rummy"])).content.decode()
    assert "origin-source" in html


def test_cards_are_drawn_as_faces_with_suit_colours(client):
    html = client.get(reverse("rules", args=["boat-house-rum"])).content.decode()
    assert 'class="cardface d"' in html and 'class="cardface s"' in html
    assert "♦" in html


def test_undercut_is_findable_on_the_knock_page(client):
    html = client.get(reverse("rules", args=["knock-rummy"])).content.decode()
    assert "undercut" in html.lower()


def test_rules_page_gives_deal_and_deck(client):
    html = client.get(reverse("rules", args=["continental-rum"])).content.decode()
    assert "2–12 players: 15 cards each" in html
    assert "2 packs of 52 and 2 jokers" in html  # 2-5 players
    assert "4 packs of 52 and 4 jokers" in html  # 9-12 players
    html = client.get(reverse("rules", args=["knock-rummy"])).content.decode()
    assert "3–4 players: 7 cards each" in html
    assert "1 pack of 52, no jokers" in html


def test_unknown_variant_is_404(client):
    assert client.get("/rules/no-such-game/").status_code == 404


def test_comparison_lists_every_variant(client):
    html = client.get(reverse("rules_index")).content.decode()
    for variant in all_variants():
        assert f'href="{reverse("rules", args=[variant.slug])}"' in html
    assert "Runs only" in html and "51" in html and "40" in html
