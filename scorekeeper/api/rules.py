"""The rules search (API.md "Rule search"): a question in any of the app's languages, answered
from the whole rules book; the same service as the page ``/rules/search``."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from ninja import Router, Schema

from scorekeeper.games.models import Game
from scorekeeper.games.rulebook.search import (
    BadQuestion,
    clean_language,
    clean_question,
    search_rules,
)
from scorekeeper.games.scoresheet.selectors import game_get

from .errors import ApiError, ErrorOut, with_field

router = Router(tags=["rules"])

MAX_RESULTS = 10


class RuleFoundOut(Schema):
    variant: str | None  # the variant's slug; null for a glossary entry
    rule: str  # the place's anchor on its rules page: melds, dispute-3, option-call-rummy...
    title: str
    text: str  # the sentence that answers, in lang
    matched_in: str  # the language whose text of the book the question matched
    url: str
    score: float


class RuleSearchOut(Schema):
    query: str
    lang: str
    results: list[RuleFoundOut]


@router.get(
    "/rules/search",
    response={200: RuleSearchOut, 400: ErrorOut, 404: ErrorOut},
    summary="Settle a dispute: the rules that answer a question, best first",
)
def rules_search(
    request: HttpRequest, q: str | None = None, lang: str | None = None, game: str | None = None
):
    """``q``: the question as typed (at most 300 characters), in any of the app's languages;
    ``lang``: the language of the answer (default: the request's); ``game``: a game's id, whose
    variant's places come first unless the question names another game. At most 10 results."""
    try:
        language = clean_language(lang)
        query = clean_question(q)
    except BadQuestion as err:
        raise ApiError(with_field(err.field, str(err)), code=err.code, field=err.field) from None
    asked_from = _game(game) if game else None
    found = search_rules(query=query, language=language, game=asked_from, limit=MAX_RESULTS)
    with translation.override(language):
        results = [
            {
                "variant": f.variant.slug if f.variant else None,
                "rule": f.anchor,
                "title": f.title,
                # the sentence that answers, and what the game's table plays instead of the
                # book's numbers it states
                "text": " ".join(part for part in (f.answer or f.text, in_force) if part),
                "matched_in": f.language or language,
                "url": _url(f),
                "score": f.score,
            }
            for f, in_force in found.results()[:MAX_RESULTS]
        ]
    return {"query": query, "lang": language, "results": results}


def _game(public_id: str) -> Game:
    try:
        if len(public_id) > 40:
            raise Game.DoesNotExist
        return game_get(public_id=public_id)
    except Game.DoesNotExist:
        raise Http404(gettext("no game %(id)s") % {"id": repr(public_id[:40])}) from None


def _url(found) -> str:
    if found.variant is None:
        return f"{reverse('rules_index')}#{found.anchor}"
    return f"{reverse('rules', args=[found.variant.slug])}#{found.anchor}"
