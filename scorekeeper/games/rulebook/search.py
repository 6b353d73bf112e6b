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
from scorekeeper.rules.reference.questions import Answer, Found, ask, numbers_in_force

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
    )
    in_force: dict[int, str] = {}
    if table is not None:
        with translation.override(language):
            for n, found in enumerate(answer.results):
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
