"""Reading text out of a JSON body: NFC-normalised, and never a lone surrogate.

JSON can carry a lone surrogate (``"B\\ud800"``): half of a UTF-16 pair, not a character. No
database can store it and no page can show it, so the API refuses it as bad input (400, naming
the field) before any router sees the body. Every other string, and every key, is put in Unicode
normal form C, so a name typed on two keyboards is one name.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext

from scorekeeper.jsondepth import MAX_DEPTH
from scorekeeper.rules.text import lone_surrogate

from .errors import ApiError, JsonObjectParser, dotted, with_field


class TextJsonParser(JsonObjectParser):
    """The API's JSON object parser, with every string checked and normalised."""

    def parse_body(self, request: HttpRequest) -> dict:
        return clean_text(super().parse_body(request))


def clean_text(data: Any) -> Any:
    """``data`` with every string NFC-normalised; :class:`ApiError` on a lone surrogate.

    >>> clean_text({"players": ["Zoe\\u0301"]}) == {"players": ["Zo\\u00e9"]}
    True
    >>> clean_text({"result": {"hands": {"Bob": {"cards": "KH" + chr(0xD800)}}}})
    Traceback (most recent call last):
    ...
    scorekeeper.api.errors.ApiError: result.hands.Bob.cards: U+D800 is half of a character (a lone surrogate), not text (character 3)
    """
    root: dict[str, Any] = {"": data}
    pending: list[tuple[Any, tuple[Any, ...]]] = [(root, ())]
    while pending:  # a loop, not recursion: JSON may nest deeply
        container, path = pending.pop()
        if len(path) >= MAX_DEPTH:  # refused here, before anything recurses into it
            field = dotted(path) or "body"
            raise ApiError(
                with_field(
                    field,
                    gettext("nested more than %(n)s levels deep; no request needs that")
                    % {"n": MAX_DEPTH},
                ),
                code="bad_json",
                field=field,
            )
        items = container.items() if isinstance(container, dict) else enumerate(container)
        replaced: list[tuple[Any, Any, Any]] = []
        for key, value in items:
            here = (*path, key) if path or key != "" else ()
            new_key = _text(key, here, is_key=True) if isinstance(key, str) else key
            if isinstance(value, str):
                value = _text(value, here)
            elif isinstance(value, dict | list):
                pending.append((value, here))
            if new_key != key or value is not container[key]:
                replaced.append((key, new_key, value))
        for key, new_key, value in replaced:
            if isinstance(container, dict) and new_key != key:
                del container[key]
            container[new_key] = value
    return root[""]


def _text(value: str, path: tuple[Any, ...], *, is_key: bool = False) -> str:
    position = lone_surrogate(value)
    if position is not None:
        # A bad key is named by the object that holds it; the key itself cannot be shown.
        field = dotted(path[:-1] if is_key else path) or "body"
        if is_key:
            why = gettext(
                "U+{code} is half of a character (a lone surrogate), not text (in a key, "
                "character {position})"
            )
        else:
            why = gettext(
                "U+{code} is half of a character (a lone surrogate), not text (character "
                "{position})"
            )
        code = f"{ord(value[position - 1]):04X}"
        raise ApiError(
            f"{field}: " + why.format(code=code, position=position),
            code="bad_text",
            field=field,
        )
    return unicodedata.normalize("NFC", value)
