"""Numbers as each language writes them: percentages ("43 %" in Czech, German, Norwegian), the
true minus in the rules pages' worked examples, the handover's expiry through |clock."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorekeeper.games.site.templatetags.numbers import percent
from scorekeeper.rules import all_variants
from tests.games.page_helpers import start_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "share", "decimals", "text"),
    [
        ("en", 0.4349, 0, "43%"), ("cs", 0.4349, 0, "43\u00a0%"), ("de", 1, 0, "100\u00a0%"),
        ("nb", 0.5, 0, "50\u00a0%"), ("ko", 0.43, 0, "43%"), ("it", 0.12345, 1, "12,3%"),
        ("de", 0.12345, 1, "12,3\u00a0%"), ("en", -0.25, 0, "\u221225%"),
    ],
)
def test_a_percentage_as_the_language_writes_it(language, share, decimals, text):
    with translation.override(language):
        assert percent(share, decimals) == text
    assert percent(None) is None and percent("–") == "–"


def test_worked_examples_print_a_true_minus():
    """Every rules page with a worked example that loses points prints "−6", never "-6"."""
    negatives = 0
    for variant in all_variants():
        page = Client().get(reverse("rules", args=[variant.slug])).content.decode()
        deltas = re.findall(r'<strong class="negative">([^<]*)</strong>', page)
        assert not [d for d in deltas if d.startswith("-")], variant.slug
        negatives += len(deltas)
    assert negatives > 0  # the check saw some


def test_the_handover_expiry_is_a_time_as_every_other():
    client = Client(HTTP_ACCEPT_LANGUAGE="ko")
    game_id = start_game(client)
    page = client.post(reverse("game_handover", args=[game_id])).content.decode()
    assert re.search(r"(오전|오후) \d{1,2}:\d{2}까지", page), "the expiry in Korean reads 오전/오후"
