"""/rules/search?q=: every rule, glossary entry and question, accents and case ignored."""

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


def test_very_long_query_is_cut_not_refused(client):
    assert client.get(reverse("rules_search"), {"q": "a" * 5000}).status_code == 200


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
