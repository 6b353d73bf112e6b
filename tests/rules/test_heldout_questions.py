"""Issue 32: the held-out table questions and their reserve are well formed and answerable.

Not a hit-rate test (bench/search_heldout.py measures that): this checks the files themselves,
so a typo in a place or a pattern cannot turn a question into a miss nobody could ever hit:
- 20 held-out and 5 reserve questions in each of the app's eight languages, none repeated and
  none of them in the tuning sets;
- every place is an anchor of that variant's rules page (``*#anchor``: of some page);
- every game a question is asked from starts through the API with its house rules;
- for a question asked without a game, the rules page in the question's language states the
  answer at one of its places (the pattern matches that place's text), so a passage that
  answers exists.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.benches import bench_module

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "rules" / "data"


@pytest.fixture(scope="module")
def bench():
    with bench_module("search_heldout") as module:
        yield module


@pytest.fixture(scope="module")
def sets(bench):
    return {
        "held-out": bench.load(DATA / "heldout_questions.txt"),
        "reserve": bench.load(DATA / "heldout_reserve.txt"),
    }


def _places(page: str) -> dict[str, str]:
    """A rules page's anchors, each with the text up to the next anchor (tags dropped)."""
    page = page.split('id="glossary"')[0]
    parts = re.split(r'<[^>]*\bid="([^"]+)"[^>]*>', page)
    out: dict[str, str] = {}
    for anchor, body in zip(parts[1::2], parts[2::2], strict=True):
        anchor = anchor.removesuffix("-heading")
        text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))
        out[anchor] = f"{out.get(anchor, '')} {text}"
    return out


@pytest.fixture
def pages(client):
    variants = [v["slug"] for v in client.get("/api/v1/variants").json()]
    cache: dict[tuple[str, str], dict[str, str]] = {}

    def page(variant: str, language: str) -> dict[str, str]:
        if (variant, language) not in cache:
            response = client.get(f"/rules/{variant}/", HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200, variant
            assert f'lang="{language}"' in response.content.decode()[:300]
            cache[variant, language] = _places(response.content.decode())
        return cache[variant, language]

    page.variants = variants
    return page


def test_twenty_held_out_and_five_reserve_questions_in_every_language(bench, sets):
    for name, least in (("held-out", 20), ("reserve", 5)):
        counts = {code: sum(q.language == code for q in sets[name]) for code in bench.LANGUAGES}
        assert all(count >= least for count in counts.values()), (name, counts)
        assert {q.language for q in sets[name]} == set(bench.LANGUAGES), name
    asked_from_a_game = {
        code: sum(q.game is not None and q.language == code for q in sets["held-out"])
        for code in bench.LANGUAGES
    }
    assert all(count >= 3 for count in asked_from_a_game.values()), asked_from_a_game


def test_no_question_is_asked_twice_or_also_tuned_on(sets):
    held, reserve = sets["held-out"], sets["reserve"]
    texts = [q.text.casefold() for q in held + reserve]
    assert len(texts) == len(set(texts)), "a question is written twice"
    tuning = set()
    for name in ("table_questions.txt", "table_questions_unseen.txt"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                tuning.add(line.split("|", 2)[2].strip().casefold())
    # the fresh tuning set is written in the held-out format (language | game | places | ...)
    for name in ("table_questions_fresh.txt", "table_questions_fresh2.txt"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                tuning.add(line.split("|", 4)[3].strip().casefold())
    assert not set(texts) & tuning


@pytest.mark.django_db
def test_every_place_is_an_anchor_of_its_rules_page(sets, pages):
    anchors = {v: set(pages(v, "en")) for v in pages.variants}
    anywhere = set().union(*anchors.values())
    for question in sets["held-out"] + sets["reserve"]:
        for place in question.places:
            variant, _, anchor = place.partition("#")
            assert anchor in (anywhere if variant == "*" else anchors.get(variant, ())), (
                question.line,
                place,
            )
        if question.game is not None:
            assert question.game.variant in anchors, question.line


@pytest.mark.django_db
def test_every_game_a_question_is_asked_from_starts_with_its_house_rules(bench, sets, client):
    games = {q.game for q in sets["held-out"] + sets["reserve"] if q.game is not None}
    assert len(games) >= 20
    for game in games:
        count = bench.PLAYERS.get(game.variant, 3)
        response = client.post(
            "/api/v1/games",
            {
                "variant": game.variant,
                "options": dict(game.options),
                "players": ["A", "B", "C"][:count],
            },
            content_type="application/json",
        )
        assert response.status_code == 201, (str(game), response.content)


@pytest.mark.django_db
def test_the_rules_page_states_every_answer_at_one_of_its_places(sets, pages):
    """For a question asked without a game, some place of the page in its language matches."""
    unanswerable = []
    for question in sets["held-out"] + sets["reserve"]:
        if question.game is not None:
            continue  # the table's number, which the book's page does not state
        texts = []
        for place in question.places:
            variant, _, anchor = place.partition("#")
            variants = pages.variants if variant == "*" else [variant]
            texts += [pages(v, question.language).get(anchor, "") for v in variants]
        if not any(question.pattern.search(text) for text in texts):
            unanswerable.append((question.line, question.language, question.text))
    assert not unanswerable


def test_the_bench_counts_a_result_only_when_its_passage_states_the_answer(bench):
    (question,) = bench.load_lines(
        ["nb | gin-rummy:knock-limit=7 | gin-rummy#option-knock-limit *#play | banke? | \\b7\\b"]
    )
    assert question.game == bench.Game("gin-rummy", (("knock-limit", 7),))
    limit = {"variant": "gin-rummy", "rule": "option-knock-limit", "title": "Bankegrense"}
    assert bench.answers({**limit, "text": "Her: 7 (boka: 10)."}, question)
    assert not bench.answers({**limit, "text": "Standard: 10."}, question)  # right place, no 7
    assert bench.answers({"variant": "knock-rummy", "rule": "play", "text": "7"}, question)
    assert not bench.answers({"variant": "gin-rummy", "rule": "scoring", "text": "7"}, question)
