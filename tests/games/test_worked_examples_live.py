"""Every worked example on every rules page is computed by the engine when the page is drawn:
change the engine and the page changes."""

import pytest
from django.urls import reverse

from scorekeeper.rules import all_variants
from scorekeeper.rules.reference import book, worked_examples
from scorekeeper.rules.scoring import continental, knock, phom


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


def test_knock_rum_bonus_value_changes_the_page(client, monkeypatch):
    assert "+82<" in page(client, "knock-rummy")
    monkeypatch.setattr(knock, "RUM_BONUS", 30)
    html = page(client, "knock-rummy")
    assert "+82<" not in html and "+92<" in html


def test_phom_mom_chips_change_the_page(client, monkeypatch):
    assert 'Dan <strong class="negative">-4<' in page(client, "phom")
    monkeypatch.setattr(phom, "MOM_CHIPS", 5)
    assert 'Dan <strong class="negative">-5<' in page(client, "phom")


def test_continental_joker_fee_changes_the_page(client, monkeypatch):
    assert 'Ann <strong class="positive">+9<' in page(client, "continental-rum")
    monkeypatch.setattr(continental, "JOKER_FEE", 3)
    assert 'Ann <strong class="positive">+12<' in page(client, "continental-rum")
