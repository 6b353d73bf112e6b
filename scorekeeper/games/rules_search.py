"""The rules search as the page (``/rules/search``) and the API (``GET /api/v1/rules/search``)
both call it: the question checked, then asked of the book in every language of the app
(:func:`scorekeeper.rules.reference.questions.ask`), answered in the page's language.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from scorekeeper.i18n import render_message, translate_text
from scorekeeper.rules import get_variant
from scorekeeper.rules.errors import UnknownVariantError
from scorekeeper.rules.reference.questions import Answer, ask

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
        raise BadQuestion(
            gettext("type a question or a few words to look up"), code="empty_query"
        )
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


def search_rules(
    *, query: str, language: str, variant: str | None = None, limit: int = 30
) -> Search:
    """The places answering ``query`` (already cleaned), best first, shown in ``language``;
    ``variant``: the game asked from (its places first unless the question names another)."""
    if variant is not None:
        try:
            variant = get_variant(variant).slug
        except UnknownVariantError:
            variant = None
    others = {code: say_in(code) for code in LANGUAGES if code != language}
    answer = ask(query, say_in(language), language, limit=limit, elsewhere=others, variant=variant)
    return Search(query, language, answer)


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
