"""GET /api/v1/rules/search (API.md "Rule search", issue 23): a question in any language,
answered from the whole book in the asked language; the page and the API agree; bad input is a
400 in the API's error shape, never a 500."""

from __future__ import annotations

import pytest

from scorekeeper.games.scoresheet.services import game_create

pytestmark = pytest.mark.django_db

URL = "/api/v1/rules/search"
FIELDS = {"variant", "rule", "title", "text", "matched_in", "url", "score"}


def ask(client, status: int = 200, **params):
    response = client.get(URL, params)
    assert response.status_code == status, response.content
    return response.json()


def assert_error(body: dict, field: str, code: str) -> dict:
    error = body["error"]
    assert error["field"] == field and error["code"] == code, error
    assert error["message"].startswith(f"{field}: "), error
    return error


def test_the_contract_shape_best_first_at_most_ten(client):
    body = ask(client, q="can I call Rummy on my own discard?", lang="en")
    assert body["query"] == "can I call Rummy on my own discard?" and body["lang"] == "en"
    results = body["results"]
    assert 1 <= len(results) <= 10
    assert all(set(r) == FIELDS for r in results)
    scores = [r["score"] for r in results]
    assert scores == sorted(scores, reverse=True)  # no game named: best first
    best = results[0]
    assert best["rule"] == "option-call-rummy" and best["title"] == "Call Rummy"
    assert best["url"] == f"/rules/{best['variant']}/#option-call-rummy"
    assert "own discard" in best["text"] and best["matched_in"] == "en"


def test_a_czech_question_is_answered_in_english_from_the_czech_book(client):
    body = ask(client, q="kolik karet se rozdává v ginu?", lang="en")
    best = body["results"][0]
    assert (best["variant"], best["rule"], best["matched_in"]) == ("gin-rummy", "deal", "cs")
    assert best["text"] == "each gets 10 cards and the deal alternates between them."


def test_the_answer_is_in_lang_whatever_the_question(client):
    body = ask(client, q="how many cards does each player get in gin rummy?", lang="ko")
    best = body["results"][0]
    assert (best["variant"], best["rule"], best["matched_in"]) == ("gin-rummy", "deal", "en")
    assert "10장" in best["text"]  # the Korean sentence


def test_lang_defaults_to_the_requests_language(client):
    response = client.get(URL, {"q": "Erstauslage Rommé"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200 and response.json()["lang"] == "de"


def test_a_games_variant_comes_first(client):
    game, _token = game_create(
        variant="caloochi", options=None, players=["Ann", "Bob"], dealer=None
    )
    body = ask(client, q="what does a joker cost left in a hand?", lang="en", game=game.public_id)
    assert body["results"][0]["variant"] == "caloochi"
    assert body["results"][0]["rule"] == "dispute-5"
    # a game named in the question still comes first
    named = ask(client, q="Rommé: what does a joker cost?", lang="en", game=game.public_id)
    assert named["results"][0]["variant"] == "german-rummy"


def test_an_unknown_game_is_a_404_in_the_error_shape(client):
    body = ask(client, 404, q="joker", game="no-such-game")
    assert body["error"]["code"] == "not_found"


def test_the_page_and_the_api_give_the_same_first_place(client):
    for question, language in [
        ("darf man beim ersten Auslegen schon anlegen?", "de"),
        ("bài phỏm chia mấy lá mỗi người?", "vi"),
        ("my friend knocked with 7 and I had 7 too, who gets the points?", "en"),
    ]:
        best = ask(client, q=question, lang=language)["results"][0]
        page = client.get("/rules/search", {"q": question}, HTTP_ACCEPT_LANGUAGE=language)
        html = page.content.decode()
        first = html[html.index('class="search-hits"') :]
        first = first[: first.index("</li>")]
        assert f'href="{best["url"]}"' in first, (question, best["url"])


@pytest.mark.parametrize(
    ("params", "field", "code"),
    [
        ({}, "q", "empty_query"),
        ({"q": ""}, "q", "empty_query"),
        ({"q": "   "}, "q", "empty_query"),
        ({"q": "x" * 301}, "q", "query_too_long"),
        ({"q": "gin\x00knock"}, "q", "bad_character"),
        ({"q": "gin\x07knock"}, "q", "bad_character"),
        ({"q": "gin\x1bknock"}, "q", "bad_character"),
        ({"q": "gin", "lang": "xx"}, "lang", "bad_language"),
        ({"q": "gin", "lang": "x" * 500}, "lang", "bad_language"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(client, params, field, code):
    assert_error(ask(client, 400, **params), field, code)


def test_300_characters_are_fine(client):
    assert ask(client, q=("gin knock limit " * 20)[:300])["results"]


@pytest.mark.parametrize("raw", ["%ED%A0%80abc", "%FF%FEabc", "abc%ED%B0%80", "%C0%80"])
def test_bytes_that_are_not_utf8_and_lone_surrogates_are_a_400(client, raw):
    response = client.get(f"{URL}?q={raw}")
    assert response.status_code == 400, response.content
    assert_error(response.json(), "q", "bad_character")


@pytest.mark.parametrize(
    "question",
    [
        "\u200b\u200b",  # zero-width spaces only
        "🂡🂱 joker?",
        "ｇｉｎ ｒｕｍｍｙ",  # full-width letters
        "e\u0301 combining",
        "\u202egin",  # right-to-left override
        "'; DROP TABLE games_game; --",
        "*" * 300,
        "진" * 300,
    ],
)
def test_odd_unicode_is_never_a_500(client, question):  # a lone surrogate: the test below
    response = client.get(URL, {"q": question})
    assert response.status_code in (200, 400), response.content
    body = response.json()
    assert "results" in body or body["error"]["field"] == "q"


def test_a_lone_surrogate_in_the_text_itself_is_refused():
    """A surrogate cannot travel in a URL (it arrives as bytes that are not UTF-8, above); a
    caller handing the service a string holding one is refused the same way."""
    from scorekeeper.games.rulebook.search import BadQuestion, clean_question

    with pytest.raises(BadQuestion) as refused:
        clean_question("gin \ud800 knock")
    assert refused.value.code == "bad_character" and "U+D800" in str(refused.value)


def test_asked_from_a_game_the_text_states_the_numbers_of_its_table(client):
    """API.md: with game, the text states the numbers in force at that table (an initial
    meld of 40 where the table set it), beside the book's."""
    game, _token = game_create(
        variant="caloochi", options={"initial-meld": 40}, players=["Ann", "Bob"], dealer=None
    )
    question = "how many points does my first meld need?"
    body = ask(client, q=question, lang="en", game=game.public_id)
    stated = [r for r in body["results"] if "At this table" in r["text"]]
    assert stated and all(r["variant"] == "caloochi" for r in stated)
    assert "At this table: Opening minimum 40 (the book: 51)." in stated[0]["text"]
    # without the game, or at a table playing the book's number, nothing is added
    assert not any("At this table" in r["text"] for r in ask(client, q=question)["results"])
    plain, _token = game_create(variant="caloochi", options=None, players=["A", "B"], dealer=None)
    body = ask(client, q=question, lang="en", game=plain.public_id)
    assert not any("At this table" in r["text"] for r in body["results"])


def test_the_numbers_of_the_table_are_said_in_lang(client):
    game, _token = game_create(
        variant="caloochi", options={"initial-meld": 40}, players=["Ann", "Bob"], dealer=None
    )
    body = ask(client, q="Erstauslage wie viele Punkte?", lang="de", game=game.public_id)
    stated = [r["text"] for r in body["results"] if "An diesem Tisch" in r["text"]]
    assert stated and "40" in stated[0] and "51" in stated[0]
