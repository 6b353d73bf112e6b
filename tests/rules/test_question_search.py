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


def _with(word: str, instead: str):
    """The book in a made-up language: English, but ``word`` says ``instead``."""

    def translate(text):
        return render(text).replace(instead, word)

    return translate


def test_a_question_in_another_language_finds_its_places_shown_in_the_pages():
    other = _with("zahodit", "discard")
    answer = ask("call rummy own zahodit", render, "en", elsewhere={"xx": other})
    best = answer.results[0]
    assert best.language == "xx" and best.title == "Call Rummy"
    assert "own zahodit" in best.sentence  # what matched, in the other language
    assert "own discard" in best.text  # the place itself, in the page's


def test_weak_matches_follow_the_language_holding_the_question_and_none_shows_twice():
    other = _with("zahodit", "discard")
    # English holds "first meld" in many places; the made-up language, all three words
    answer = ask("zahodit first meld", render, "en", elsewhere={"xx": other}, limit=200)
    languages = [f.language for f in answer.results]
    assert languages[0] == "xx" and "" in languages  # English's own weak places follow
    assert languages == sorted(languages, reverse=True)
    assert len({id(f.hit) for f in answer.results}) == len(answer.results)


def test_a_question_the_page_answers_is_asked_nowhere_else():
    def never(text):
        raise AssertionError("the other language was read")

    answer = ask("can I call Rummy on my own discard?", render, "en", elsewhere={"xx": never})
    assert answer.results and not any(f.language for f in answer.results)


def test_nothing_in_any_language_still_suggests_the_pages_words():
    answer = ask("jokr", render, "en", elsewhere={"xx": _with("zahodit", "discard")})
    assert answer.results == [] and "joker" in answer.suggestions
