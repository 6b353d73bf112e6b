"""The one place engine messages become text: in the active language, with Django's gettext.

The engine (``scorekeeper.rules``) speaks in :class:`~scorekeeper.rules.messages.Message`
values and stores them as ``{"code", "params"}`` dicts; pages, previews and the API all turn
them into words here, so a reader sees them in the language of the request
(``LocaleMiddleware``). English is the source language: with no catalogue for the active
language, the text is exactly the engine's English.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from scorekeeper.particles import attach_particles, for_language, korean
from scorekeeper.rules.messages import N_, Message, as_dict, define, from_dict, render

# An explanation line stored as plain English before results were stored as codes, kept as it
# was when the data migration could not rebuild it (it rebuilds every hand it can replay).
STORED_LINE = define("stored.line", N_("{text}"))


def as_message(value: Message | Mapping[str, Any] | str) -> Message | str:
    """A message from any form it travels in: a Message, its stored dict, or plain text."""
    if isinstance(value, Message | str):
        return value
    if isinstance(value, Mapping) and "code" in value:
        return from_dict({"code": value["code"], "params": value.get("params") or {}})
    return str(value)


def render_message(value: Message | Mapping[str, Any] | str) -> str:
    """The text of a message (or its stored dict) in the active language.

    >>> render_message({"code": "standard.out", "params": {"name": "Ann", "total": 30}})
    'Ann went out and scores 30'
    """
    return for_language(render(as_message(value), gettext, ngettext))


def render_lines(lines: Iterable[Message | Mapping[str, Any] | str]) -> list[str]:
    return [render_message(line) for line in lines]


def message_codes(lines: Iterable[Message | Mapping[str, Any] | str]) -> list[dict[str, Any]]:
    """Lines in their code form ``{"code", "params"}``, for clients that render their own."""
    out = []
    for line in lines:
        message = as_message(line)
        if isinstance(message, str):
            message = STORED_LINE(text=message)
        out.append(as_dict(message))
    return out


def translate_text(text: str) -> str:
    """An ``N_``-marked engine text (a variant's name, summary, rule text) in the active language."""
    return gettext(text) if text else text


# -- cards on a page: suits as symbols ------------------------------------------------------
# The engine speaks in card notation (``7S KS``); a reader should not have to know that S is
# spades (in Czech, S is srdce: hearts). On pages, the cards in a message's card params become
# "7♠ K♠", hearts and diamonds red, each with its name for screen readers. The API and plain
# text keep the notation (clients render their own).

CARD_PARAMS = frozenset({"card", "cards", "meld", "melds", "melded", "discard"})
CARD_TOKEN = re.compile(r"(?<![\w\[])(10|[2-9TJQKA])([SHDC])(?![\w])|(?<=\[)(10|[2-9TJQKA])([SHDC])(?=\])")
SUITS = {
    "S": ("\u2660", N_("spades"), False),
    "H": ("\u2665", N_("hearts"), True),
    "D": ("\u2666", N_("diamonds"), True),
    "C": ("\u2663", N_("clubs"), False),
}


def card_html(rank: str, suit: str) -> str:
    """One card as a page shows it: ``K♥`` (red for hearts and diamonds), read aloud by name."""
    symbol, name, red = SUITS[suit]
    rank = "10" if rank == "T" else rank
    spoken = gettext("%(rank)s of %(suit)s") % {"rank": rank, "suit": gettext(name)}
    return (
        f'<span class="card-name"><span aria-hidden="true">{rank}'
        f'<span class="suit{" suit-red" if red else ""}">{symbol}</span></span>'
        f'<span class="visually-hidden">{escape(spoken)}</span></span>'
    )


def cards_html(text: str) -> SafeString:
    """Card notation in ``text`` with suits as symbols; everything else escaped as it is."""
    out, last = [], 0
    for match in CARD_TOKEN.finditer(text):
        out.append(escape(text[last : match.start()]))
        rank, suit = (match.group(1), match.group(2)) if match.group(1) else match.group(3, 4)
        out.append(card_html(rank, suit))
        last = match.end()
    out.append(escape(text[last:]))
    return mark_safe("".join(out))  # noqa: S308 - every piece above is escaped or our markup


def _marked(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(param, mark) for the card params :func:`render_message_html` replaced by a mark."""
    return [(k, v) for k, v in params.items() if isinstance(v, str) and v.startswith("\ue000")]


def render_message_html(value: Message | Mapping[str, Any] | str) -> SafeString:
    """:func:`render_message` for a page: escaped, with the cards of its card params as symbols.

    >>> str(render_message_html({"code": "entry.holds", "params": {
    ...     "name": "<b>Bo</b>", "cards": "7S", "count": 7}})).count("\u2660")
    1
    """
    message = as_message(value)
    if isinstance(message, str):
        return escape(message)
    params = dict(message.params)
    marks: dict[str, SafeString] = {}
    for key in CARD_PARAMS & params.keys():
        if isinstance(params[key], str) and CARD_TOKEN.search(params[key]):
            mark = f"\ue000{len(marks)}\ue001"  # private-use marks, never in a message
            marks[mark] = cards_html(params[key])
            params[key] = mark
    text = render(Message(message.code, params), gettext, ngettext)
    if korean():  # a particle after a card is chosen by the card's own text (7S을(를) -> 를)
        text = attach_particles(text, marks={m: message.params[k] for k, m in _marked(params)})
    html = str(escape(text))
    for mark, fragment in marks.items():
        html = html.replace(mark, fragment)
    return mark_safe(html)  # noqa: S308 - escaped text with our card markup
