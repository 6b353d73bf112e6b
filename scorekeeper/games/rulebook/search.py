"""The rules search as the page (``/rules/search``) and the API (``GET /api/v1/rules/search``)
both call it: the question checked, then asked of the book in every language of the app
(:func:`scorekeeper.rules.reference.questions.ask`), answered in the page's language.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from scorekeeper.i18n import render_message, translate_text
from scorekeeper.rules import get_variant
from scorekeeper.rules.reference import semantic
from scorekeeper.rules.reference.questions import (
    MODES,
    Answer,
    Found,
    ask,
    at_table,
    numbers_in_force,
    passages,
)
from scorekeeper.rules.reference.questions import _book as book_in

from ..models import Game

MAX_QUERY = 300  # characters, as API.md says
LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


class BadQuestion(ValueError):
    """A question the search refuses: the message says why, ``field`` which input (``q`` or
    ``lang``), ``code`` what kind of error (the API's error code)."""

    def __init__(self, message: str, *, field: str = "q", code: str = "bad_query"):
        super().__init__(message)
        self.field = field
        self.code = code


def clean_question(text: str | None) -> str:
    """The question with its spaces tidied, or :class:`BadQuestion`: empty, longer than
    ``MAX_QUERY`` characters, or holding characters no one types (control characters, NUL,
    lone surrogates, the replacement character of bytes that were not UTF-8)."""
    text = (text or "").strip()
    if not text:
        raise BadQuestion(gettext("type a question or a few words to look up"), code="empty_query")
    if len(text) > MAX_QUERY:
        raise BadQuestion(
            gettext("a question holds at most %(most)s characters, got %(count)s")
            % {"most": MAX_QUERY, "count": len(text)},
            code="query_too_long",
        )
    for position, char in enumerate(text, start=1):
        if char in "\t\n\r":
            continue
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Cn") or char == "\ufffd":
            raise BadQuestion(
                gettext("character %(position)s (%(code)s) cannot be part of a question")
                % {"position": position, "code": f"U+{ord(char):04X}"},
                code="bad_character",
            )
    return " ".join(text.split())


def clean_language(code: str | None) -> str:
    """One of the app's languages (``cs``, ``de``...; ``cs-CZ`` reads as ``cs``); empty means
    the request's."""
    if not code:
        return (translation.get_language() or "en").split("-")[0]
    base = code.strip().lower().split("-")[0]
    if base not in LANGUAGES:
        raise BadQuestion(
            gettext("%(code)s is not a language of the app; use one of %(codes)s")
            % {"code": code[:20], "codes": ", ".join(LANGUAGES)},
            field="lang",
            code="bad_language",
        )
    return base


@dataclass(frozen=True)
class Search:
    query: str
    language: str
    answer: Answer
    # for each result of the game asked from (by its position): the numbers its table set
    # away from the book's that the place states, as a sentence in the page's language
    in_force: dict[int, str] = field(default_factory=dict)

    def results(self) -> list[tuple[Found, str]]:
        """(result, what the table plays instead of the book's numbers, or "")."""
        return [(f, self.in_force.get(n, "")) for n, f in enumerate(self.answer.results)]


def search_rules(*, query: str, language: str, game: Game | None = None, limit: int = 30) -> Search:
    """The places answering ``query`` (already cleaned), best first, shown in ``language``.
    ``game``: the game asked from: its variant's places come first unless the question names
    another game, and they say the numbers its house rules set ("at this table: Opening
    minimum 40 (the book: 51)")."""
    table = None
    if game is not None:
        variant = get_variant(game.variant)
        table = variant.table(game.options, players=game.seats.count() or None)
    others = {code: say_in(code) for code in LANGUAGES if code != language}
    translate = say_in(language)
    answer = ask(
        query,
        translate,
        language,
        limit=limit,
        elsewhere=others,
        variant=table.variant.slug if table is not None else None,
        mode=search_mode(),
    )
    in_force: dict[int, str] = {}
    if table is not None:
        # the table's variant's places say its numbers in their own sentences; a place
        # stating a book's number in words of its own gets the table's beside it
        answer, restated = at_table(answer, table, translate, language, query)
        with translation.override(language):
            for n, found in enumerate(answer.results):
                if n in restated:
                    continue
                numbers = numbers_in_force(found, table, translate, language)
                if numbers:
                    facts = "; ".join(
                        gettext("%(name)s %(value)s (the book: %(book)s)")
                        % {"name": translate(x.name), "value": x.value, "book": x.book}
                        for x in numbers
                    )
                    in_force[n] = gettext("At this table: %(facts)s.") % {"facts": facts}
    return Search(query, language, answer, in_force)


def _say(text: Any) -> str:
    return translate_text(text) if isinstance(text, str) else render_message(text)


@functools.cache
def say_in(language: str) -> Callable[[Any], str]:
    """The book's texts rendered in ``language`` whatever the request's: one function per
    language, so the search keeps one index per language (it caches by language and
    function)."""

    def say(text: Any) -> str:
        with translation.override(language):
            return _say(text)

    return say


def search_mode() -> str:
    """``settings.RULES_SEARCH_MODE``: fused (the default), lexical or semantic."""
    mode = getattr(settings, "RULES_SEARCH_MODE", "fused")
    return mode if mode in MODES else "fused"


def book_passages() -> dict[str, list[tuple[str, list[str]]]]:
    """Every language's book as the model reads it: {language: [(title, sentences)]}."""
    return {code: passages(book_in(say_in(code), code).entries) for code in LANGUAGES}


def warm() -> None:
    """Build every language's index and load the model and the passages' vectors now, so that
    the first question after a start is answered as fast as any (the servers' entry points,
    scorekeeper/asgi.py and wsgi.py, call it before taking requests)."""
    for code in LANGUAGES:
        book_in(say_in(code), code)
    if search_mode() != "lexical" and semantic.available():
        semantic.embed_query("query")  # the engine's first call allocates its buffers


def shown_passage(*, game: Game, variant: str, rule: str, question: str) -> str | None:
    """The passage the rule search shows for ``question`` at ``rule`` (asked from this game, in
    the active language), with what it says of this table's numbers: what the table read when
    it kept the ruling. None when the search does not show that place for the question."""
    if not isinstance(question, str) or not isinstance(rule, str):
        return None  # the ruling's own checks name the field
    try:
        query = clean_question(question)
    except BadQuestion:
        return None
    found = search_rules(query=query, language=clean_language(None), game=game)
    for hit, in_force in found.results():
        slug = hit.variant.slug if hit.variant is not None else variant
        if slug == variant and hit.anchor == rule:
            shown = hit.answer or hit.sentence or hit.text
            return " ".join(part for part in (shown, in_force) if part)
    return None
