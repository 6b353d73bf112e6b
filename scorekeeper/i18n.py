"""The one place engine messages become text: in the active language, with Django's gettext.

The engine (``scorekeeper.rules``) speaks in :class:`~scorekeeper.rules.messages.Message`
values and stores them as ``{"code", "params"}`` dicts; pages, previews and the API all turn
them into words here, so a reader sees them in the language of the request
(``LocaleMiddleware``). English is the source language: with no catalogue for the active
language, the text is exactly the engine's English.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

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
    return render(as_message(value), gettext, ngettext)


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
