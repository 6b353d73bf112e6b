"""/rules/search?q=: every rule, glossary entry and question, accents and case ignored."""

import pytest
from django.urls import reverse


def search(client, q, path="/rules/search"):
    response = client.get(path, {"q": q})
    assert response.status_code == 200
    return response.content.decode()


def test_mom_finds_mom_with_its_accent(client):
    html = search(client, "mom")
    assert "Móm" in html
    assert 'href="/rules/phom/#' in html


def test_accented_query_finds_plain_text(client):
    assert "Rommé" in search(client, "ROMMÉ")
    assert "German Rummy" in search(client, "romme")


def test_undercut_finds_the_knock_rules_and_the_glossary(client):
    html = search(client, "undercut")
    assert "/rules/knock-rummy/#dispute-" in html
    assert "Undercut" in html


def test_trailing_slash_works_too(client):
    assert "Móm" in search(client, "mom", "/rules/search/")


def test_no_query_and_no_hits(client):
    html = search(client, "")
    assert 'name="q"' in html and "places found" not in html
    assert "Nothing in the rules mentions" in search(client, "xyzzy")


def test_query_is_escaped(client):
    html = search(client, "<script>alert(1)</script>")
    assert "<script>alert(1)</script>" not in html


def test_very_long_query_is_refused_with_a_message(client):
    """Issue 23: a question holds at most 300 characters; longer is a clear 400, never cut
    without a word."""
    response = client.get(reverse("rules_search"), {"q": "a" * 5000})
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="search-error"' in page and "at most 300 characters, got 5000" in page
    assert client.get(reverse("rules_search"), {"q": "a" * 300}).status_code == 200


def test_odd_characters_are_refused_with_a_message(client):
    response = client.get(reverse("rules_search"), {"q": "gin\x00knock"})
    assert response.status_code == 400
    assert "U+0000" in response.content.decode()


def test_every_rules_page_has_a_search_box(client):
    html = client.get(reverse("rules", args=["phom"])).content.decode()
    assert 'action="/rules/search"' in html


def test_questions_in_czech_find_call_rummy(client):
    page = client.get(
        "/rules/search",
        {"q": "Můžu volat rummy na vlastní odhozenou kartu?"},
        HTTP_ACCEPT_LANGUAGE="cs",
    ).content.decode()
    first = page[page.index('class="search-hits"') :]
    first = first[: first.index("</li>")]
    assert "Rummy" in first and "<mark>" in first


def test_a_question_shows_the_sentence_that_matched(client):
    page = client.get("/rules/search", {"q": "who gets the tenth card in Phỏm?"}).content.decode()
    first = page[page.index('class="search-hits"') :]
    first = first[: first.index("</li>")]
    assert "10th card" in first and "<mark>" in first


def test_nothing_found_suggests_words(client):
    page = client.get("/rules/search", {"q": "jokr"}).content.decode()
    assert 'id="suggestions"' in page and "joker" in page


def test_the_czech_question_shows_the_sentence_that_answers_it(client):
    """Of two sentences matching as many of the question's words, the one with the rarer
    words shows: "never on one's own discard", not the opening "a discard may be laid off"."""
    page = client.get(
        "/rules/search",
        {"q": "Můžu volat rummy na vlastní odhozenou kartu?"},
        HTTP_ACCEPT_LANGUAGE="cs",
    ).content.decode()
    first = page[page.index('class="search-hits"') :]
    first = first[: first.index("</li>")]
    assert "nikdy na vlastní odhozenou kartu" in first


def test_the_english_question_still_shows_the_own_discard_sentence(client):
    page = client.get(
        "/rules/search", {"q": "can I call Rummy on my own discard?"}
    ).content.decode()
    first = page[page.index('class="search-hits"') :]
    first = first[: first.index("</li>")]
    assert "never on one&#x27;s own discard" in first or "never on one's own discard" in first


def _hits(page):
    block = page[page.index('class="search-hits"') :]
    return block[: block.index("</ol>")].split("<li>")[1:]


def test_a_czech_question_on_an_english_page_finds_its_rule_shown_in_english(client):
    """A mixed table types in its own languages: the page's language finds nothing in the
    Czech question, the Czech book finds Call Rummy, shown in English with what matched."""
    page = client.get(
        "/rules/search", {"q": "Můžu volat rummy na vlastní odhozenou kartu?"}
    ).content.decode()
    first = _hits(page)[0]
    assert "· Call Rummy</a>" in first and "#option-call-rummy" in first
    assert "never on one&#x27;s own discard" in first  # the rule in the page's language
    assert "matched in Čeština:" in first
    assert '<mark lang="cs">' in first and "vlastní odhozenou kartu" in first


def test_an_english_question_on_a_czech_page_is_answered_in_czech(client):
    page = client.get(
        "/rules/search",
        {"q": "can I call Rummy on my own discard?"},
        HTTP_ACCEPT_LANGUAGE="cs",
    ).content.decode()
    first = _hits(page)[0]
    assert "nikdy na vlastní odhozenou kartu" in first
    assert "nalezeno v jazyce English:" in first and '<mark lang="en">' in first  # in Czech


def test_weak_matches_in_the_page_language_give_way_to_the_language_holding_the_question(
    client,
):
    """'Phỏm Karte 10' on an English page: English holds Phỏm and 10 but not "Karte"; German
    holds all three, so its places come first (here they take in English's own), none twice."""
    page = client.get("/rules/search", {"q": "Phỏm Karte 10"}).content.decode()
    hits = _hits(page)
    marked = ["matched in Deutsch:" in hit for hit in hits]
    assert marked[0] and marked == sorted(marked, reverse=True)
    # "10 Karten" (Ù with 10 cards) and "10. Karte" (the 10th card) both hold the words
    assert any("Who gets the 10th card and plays first?" in hit for hit in hits[:2])
    assert len(set(hits)) == len(hits)


def test_a_question_the_page_language_answers_is_not_asked_elsewhere(client):
    page = client.get("/rules/search", {"q": "can I call Rummy on my own discard?"})
    assert "matched in" not in page.content.decode()


def test_every_language_reads_the_book_place_for_place():
    """A place found in one language is shown in another by its position in the book: each
    language's n-th place is the same rule, term or question."""
    from django.conf import settings

    from scorekeeper.games.rulebook.views import _say_in
    from scorekeeper.rules.reference.questions import _book

    def places(code):
        return [
            (e.hit.kind, e.hit.variant, e.hit.anchor) for e in _book(_say_in(code), code).entries
        ]

    english = places("en")
    for code, _name in settings.LANGUAGES:
        assert places(code) == english, code


def _caloochi_game():
    from scorekeeper.games.scoresheet.services import game_create

    game, _token = game_create(
        variant="caloochi", options=None, players=["Ann", "Bob"], dealer=None
    )
    return game


@pytest.mark.django_db
def test_a_games_pages_ask_about_that_game(client):
    """Issue 23: the game page and its rules page carry a question box for that game."""
    game = _caloochi_game()
    for url in (f"/games/{game.public_id}/", f"/games/{game.public_id}/rules/"):
        page = client.get(url).content.decode()
        assert "Ask about this game" in page, url
        assert f'name="game" value="{game.public_id}"' in page, url


@pytest.mark.django_db
def test_asked_from_a_game_its_variant_comes_first(client):
    game = _caloochi_game()
    question = "what does a joker cost left in a hand?"
    page = client.get("/rules/search", {"q": question, "game": game.public_id}).content.decode()
    assert 'id="asked-from"' in page and "Caloochi" in page
    assert 'href="/rules/caloochi/#dispute-5"' in _hits(page)[0]
    assert f'name="game" value="{game.public_id}"' in page  # the next question asks it too
    # an unknown game is no game
    page = client.get("/rules/search", {"q": question, "game": "nope"})
    assert page.status_code == 200 and 'id="asked-from"' not in page.content.decode()


def test_an_empty_question_shows_the_form_without_an_error(client):
    page = client.get("/rules/search", {"q": "   "}).content.decode()
    assert 'name="q"' in page and 'id="search-error"' not in page


@pytest.mark.django_db
def test_asked_from_a_game_the_page_states_its_tables_numbers(client):
    from scorekeeper.games.scoresheet.services import game_create

    game, _token = game_create(
        variant="caloochi", options={"initial-meld": 40}, players=["Ann", "Bob"], dealer=None
    )
    page = client.get(
        "/rules/search", {"q": "first meld minimum", "game": game.public_id}
    ).content.decode()
    assert 'class="small in-force">At this table: Opening minimum 40 (the book: 51).' in page


def test_the_best_five_places_show_and_the_rest_fold_away(client):
    """Up to 30 places, each with its own "Record this ruling" from a game: on a phone the list
    ran for screens. The first five show; the rest wait behind one summary, in order."""
    import re

    html = search(client, "knock")
    found = int(re.search(r"(\d+) places found", html).group(1))
    assert found > 5
    shown, _, folded = html.partition('<details class="more-hits">')
    assert shown.count("<li>") == 5
    assert f"Show {found - 5} more places" in folded
    assert '<ol class="search-hits" start="6">' in folded
    assert folded.count("<li>") == found - 5
    # Three places only: nothing folds.
    few = search(client, "móm")
    if int(re.search(r"(\d+) places? found", few).group(1)) <= 5:
        assert "more-hits" not in few


def test_the_summary_counts_in_the_pages_language(client):
    html = client.get("/rules/search", {"q": "knock"}, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    summary = html[html.index('<details class="more-hits">') :].split("</summary>")[0]
    assert "Zobrazit" in summary and "dalš" in summary, summary
