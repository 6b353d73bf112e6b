"""Every worked example on every rules page is computed by the engine when the page is drawn:
change the engine and the page changes."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.rules import all_variants, get_variant
from scorekeeper.rules.reference import book, worked_examples

from .page_helpers import start_game


def page(client, slug):
    return client.get(reverse("rules", args=[slug])).content.decode()


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.slug)
def test_every_example_on_the_page_comes_from_the_engine(client, variant, monkeypatch):
    """Wrap the engine so that every hand it scores gives the winners 1000 more: each scored
    example on the page must show it; each checked example shows a doctored total."""
    before = page(client, variant.slug)
    real_score, real_check = book.score_hand, book.check_melds

    def doctored_score(**kwargs):
        result = real_score(**kwargs)
        deltas = {p: d + (1000 if p in result.winners else 0) for p, d in result.deltas.items()}
        return type(result)(**{**result.__dict__, "deltas": deltas})

    def doctored_check(melds, table):
        report = real_check(melds, table)
        return type(report)(**{**report.__dict__, "total": report.total + 5000})

    monkeypatch.setattr(book, "score_hand", doctored_score)
    monkeypatch.setattr(book, "check_melds", doctored_check)
    after = page(client, variant.slug)
    assert before != after
    worked = worked_examples(variant)
    scored = [w for w in worked if w.result is not None]
    checked = [w for w in worked if w.report is not None]
    for w in scored:  # computed through the doctored engine: winners are 1000 up
        for winner in w.result.winners:
            shown = f'{winner} <strong class="positive">+{w.result.deltas[winner]}<'
            assert w.result.deltas[winner] >= 1000 - 10
            assert shown in after, (w.example.title, w.result.deltas)
            assert shown not in before
    for w in checked:
        assert f"Total towards a first meld: {w.report.total}." in after
        assert f"Total towards a first meld: {w.report.total}." not in before


def game_rules_page(client, slug, players, options):
    game_id = start_game(client, slug, players, options=options)
    return client.get(reverse("game_rules", args=[game_id])).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("slug", "players", "option", "value"),
    [
        ("knock-rummy", ("Ann", "Bob", "Cy"), "rum-bonus", 30),
        ("phom", ("Ann", "Bob", "Cy", "Dan"), "mom-chips", 5),
        ("continental-rum", ("Ann", "Bob", "Cy", "Dan"), "joker-fee", 3),
        ("caloochi", ("Ann", "Bob", "Cy"), "initial-meld", 40),
    ],
)
def test_a_house_rule_number_is_shown_on_the_games_rules_page(client, slug, players, option, value):
    variant = get_variant(slug)
    name = str(variant.option(option).name)
    html = game_rules_page(client, slug, players, {option: value})
    shown = html[html.index(escape(name)) :][:400]
    assert str(value) in shown, shown
    default = game_rules_page(client, slug, players, {})
    assert str(variant.option(option).default) in default[default.index(escape(name)) :][:400]
