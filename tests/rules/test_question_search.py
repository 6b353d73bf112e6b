"""Rule lookups that take questions (issue 17): the examples of the issue are tests."""

import pytest

from scorekeeper.rules.reference.book import render
from scorekeeper.rules.reference.questions import ask, terms


def test_call_rummy_on_ones_own_discard():
    answer = ask("can I call Rummy on my own discard?", render, "en")
    best = answer.results[0]
    assert best.title == "Call Rummy"
    assert any("own discard" in f.sentence for f in answer.results[:3])


def test_who_gets_the_tenth_card_in_phom():
    best = ask("who gets the tenth card in Phỏm?", render, "en").results[0]
    assert best.kind == "question" and best.variant.slug == "phom"
    assert "10th card" in best.title


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10th", ["10"]),
        ("tenth", ["10"]),
        ("TENTH", ["10"]),
        ("the 1st", ["1"]),
    ],
)
def test_numbers_and_their_words(text, expected):
    assert terms(text, "en") == expected


def test_other_languages_fold_stem_and_drop_small_words():
    assert terms("desátou kartu", "cs") == ["10", "kart"]
    assert terms("die zehnte Karte", "de") == ["10", terms("Karte", "de")[0]]
    assert terms("lá bài thứ mười", "vi")[-1] == "10"
    assert terms("카드를", "ko") == ["카드"]


def test_no_result_suggests_the_nearest_words():
    answer = ask("jokr", render, "en")
    assert answer.results == [] and "joker" in answer.suggestions


def test_the_call_rummy_text_gives_the_whole_rule():
    from scorekeeper.rules.variants.common import CALL_RUMMY

    text = render(CALL_RUMMY.summary)
    for part in (
        "before the next player draws",
        "own discard",
        "final discard",
        "nearest clockwise",
    ):
        assert part in text


def test_the_package_search_stays_the_function():
    import scorekeeper.rules.reference as reference
    import scorekeeper.rules.reference.questions  # noqa: F401

    assert callable(reference.search)
