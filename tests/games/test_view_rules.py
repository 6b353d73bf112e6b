"""The rules page of each variant: facts, rule sections, decisions, and an anchor per option."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.rules import all_variants


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.slug)
def test_rules_page_shows_sections_decisions_and_options(client, variant):
    response = client.get(reverse("rules", args=[variant.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    assert escape(variant.name) in html
    for heading, _text in variant.rules:
        assert escape(heading) in html
    for decision in variant.decisions:
        assert escape(decision) in html
    for option in variant.options:
        assert f'id="option-{option.slug}"' in html
        assert escape(option.summary) in html
    assert f'href="/games/new/?variant={variant.slug}"' in html


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
