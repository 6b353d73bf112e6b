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


# -- issue 23: a ranked search that takes a question ---------------------------------------

from scorekeeper.rules.reference.questions import games_named  # noqa: E402


@pytest.mark.parametrize(
    ("language", "question", "kept"),
    [
        ("en", "how many cards do I need?", ["card"]),
        ("cs", "kolik karet musím mít?", terms("karet", "cs")),
        ("de", "wie viele Karten braucht man zum Auslegen?", terms("Karten Auslegen", "de")),
        ("it", "quante carte servono?", terms("carte", "it")),
        ("ro", "câte cărți trebuie să am?", terms("cărți", "ro")),
        ("nb", "hvor mange kort må jeg ha?", terms("kort", "nb")),
        ("vi", "mấy lá thì được?", ["la"]),  # "là" (is) goes, "lá" (a card) stays
    ],
)
def test_question_and_small_words_of_each_language_are_dropped(language, question, kept):
    assert terms(question, language) == kept


def test_italian_elisions_and_korean_endings_leave_the_word():
    assert terms("l'apertura dell'asso", "it") == terms("apertura asso", "it")
    assert terms("조커가", "ko") == terms("조커", "ko") == ["조커"]
    assert terms("러미에서는", "ko") == terms("러미", "ko")


def test_players_phrases_become_the_books_words():
    assert terms("can I throw away my last card?", "en") == terms("discard last card", "en")
    assert terms("put down", "en") == terms("meld", "en")
    assert terms("opening", "en") == terms("first meld", "en")
    assert terms("Rauskommen", "de") == terms("Erstauslage", "de")


def test_card_runs_read_alike_however_typed():
    for typed in ("Q K A", "QKA", "Q-K-A", "q-k-a", "J-Q-K-A"):
        assert "run_qka" in terms(typed, "en"), typed
    assert "run_ka2" in terms("is K A 2 a run?", "en")


@pytest.mark.parametrize(
    ("question", "slug"),
    [
        ("진 러미에서 노크는?", "gin-rummy"),
        ("Kaluki first meld", "caloochi"),
        ("kaloochi", "caloochi"),
        ("칼루키 조커", "caloochi"),
        ("Tá Lả chia mấy lá?", "phom"),
        ("ta la", "phom"),
        ("Klopf-Rommé Unterbieten", "knock-rummy"),
        ("remi cu bătaie", "knock-rummy"),
        ("Banke-rummy", "knock-rummy"),
        ("kolik karet v ginu?", "gin-rummy"),
        ("Gin-Rommé", "gin-rummy"),
        ("독일 러미 첫 등록", "german-rummy"),
        ("Rommé", "german-rummy"),
        ("v německém rummy", "german-rummy"),
        ("500 Rum", "rummy-500"),
        ("러미 500", "rummy-500"),
        ("Continentalu", "continental-rum"),
        ("remi blocat", "block-rummy"),
    ],
)
def test_a_game_is_named_in_any_language_and_script(question, slug):
    assert games_named(question)[0] == [slug]


def test_phom_is_a_game_unless_another_is_named():
    """In Vietnamese "phỏm" is also a meld: with another game named it stays a word."""
    assert games_named("phỏm dọc là gì?") == (["phom"], "phỏm dọc là gì?")
    named, rest = games_named("trong gin, gửi bài vào phỏm được không?")
    assert named == ["gin-rummy"] and "phỏm" in rest
    # "gin" names the game and is also a word of its rules (a hand melded whole): it stays
    assert games_named("Gin Rummy: lay off after a gin?") == (
        ["gin-rummy"],
        ": lay off after a gin?",
    )


def test_any_word_of_the_question_can_match_and_places_are_ranked():
    """Not a filter: a question holding words the book never says still finds its places."""
    answer = ask("blorfy zonk discard pile", render, "en")
    assert answer.results and answer.results[0].score >= answer.results[-1].score


def test_a_game_named_ranks_its_places_first():
    answer = ask("is K-A-2 a run in Continental?", render, "en")
    assert answer.games == ("continental-rum",)
    assert answer.results[0].variant.slug == "continental-rum"
    assert answer.results[0].anchor == "dispute-5"


def test_a_game_asked_from_comes_first_unless_the_question_names_another():
    asked = ask("what does a joker cost left in a hand?", render, "en", variant="caloochi")
    assert asked.results[0].variant.slug == "caloochi"
    named = ask("Rommé: what does a joker cost?", render, "en", variant="caloochi")
    assert named.results[0].variant.slug == "german-rummy"


def test_one_rule_shared_by_games_shows_once():
    answer = ask("can I call Rummy on my own discard?", render, "en")
    texts = [(f.title, f.text) for f in answer.results]
    assert len(texts) == len(set(texts))


def test_a_question_naming_only_a_game_gets_its_summary():
    answer = ask("Kaluki", render, "en")
    assert [(f.variant.slug, f.anchor) for f in answer.results] == [("caloochi", "glance")]


def test_an_answer_is_never_just_yes_or_no():
    answer = ask("may the defender lay off after a gin?", render, "en")
    best = answer.results[0]
    assert best.answer.startswith("No: against gin the defender counts all his deadwood")


@pytest.mark.parametrize(
    ("question", "slug"),
    [
        ("hvor mye teller et ess i båthus rum?", "boat-house-rum"),
        ("må man kaste til slutt i vanlig rummy?", "standard-rummy"),
        ("hvor mange poeng for første utlegg i tysk rommé?", "german-rummy"),
        ("quante carte nel ramino completo?", "rummy-complete"),
        ("blocco ramino: il mazzo è finito", "block-rummy"),
        ("doppio rum jolly", "double-rum"),
        ("rom dublu", "double-rum"),
        ("dvojitý rum kolik balíčků", "double-rum"),
        ("kast ned rummy", "throw-down-rummy"),
        ("퀸 도시 럼 목표 점수", "queen-city-rum"),
        ("rum continentale", "continental-rum"),
        ("německá rummy žolík", "german-rummy"),
    ],
)
def test_local_names_from_the_seeds_name_their_variant_without_a_game(question, slug):
    """Issue 32: the names players use locally (the seed pages' own names) map to their
    variant when no game is asked from, and its places come first."""
    from scorekeeper.games.rulebook.search import search_rules

    assert games_named(question)[0] == [slug]
    answer = search_rules(query=question, language="en").answer
    assert answer.games == (slug,) and answer.results[0].variant.slug == slug


def _search(question: str, language: str = "en"):
    from scorekeeper.games.rulebook.search import search_rules

    return search_rules(query=question, language=language).answer.results


@pytest.mark.parametrize(
    ("question", "slug", "stated"),
    [
        ("oklahoma gin: what is the gin bonus?", "oklahoma-gin", "25"),
        ("oklahoma gin target score", "oklahoma-gin", "150"),
        ("rummy complete what score do we play to", "rummy-complete", "200"),
    ],
)
def test_a_derived_variants_own_place_comes_first_and_states_its_number(question, slug, stated):
    """Issue 32 §3: Oklahoma Gin's places before Gin Rummy's, and Oklahoma Gin's target of
    150 and Rummy Complete's 200 among the first three (they appeared nowhere in the top 10)."""
    results = _search(question)
    assert results[0].variant.slug == slug
    assert any(f.variant.slug == slug and stated in f.answer for f in results[:3])


def test_an_option_place_states_the_books_value_and_is_shown_whole():
    """Phỏm's no-lay-off house rule is not shown as if it were the rule."""
    found = next(f for f in _search("phom can I lay off") if f.anchor == "option-no-lay-off")
    assert found.answer.endswith("The book plays without it; a table may switch it on.")
    knock = next(f for f in _search("gin knock limit") if f.anchor == "option-knock-limit")
    assert "The book's value: 10." in knock.answer


def test_the_sentence_that_answers_is_shown_never_one_cut_short():
    from scorekeeper.games.rulebook.search import LANGUAGES, book_in, say_in

    for code in LANGUAGES:
        for entry in book_in(say_in(code), code).entries:
            for sentence, _terms in entry.sentences:
                assert not sentence.rstrip().endswith((":", ";", ",", "(")), (code, sentence)
                assert sentence.count("(") <= sentence.count(")"), (code, sentence)
    # the sentence that answers, not the rule's first: "never on one's own discard"
    found = _search("Can I call Rummy when I threw that card away myself?")[:3]
    assert any("own discard" in f.answer for f in found)
