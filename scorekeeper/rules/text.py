"""Which characters a name may not hold: one definition for every layer that takes a name.

A player's name (the engine, :func:`scorekeeper.rules.scoring.setup.player_name`), a league's,
a season's (:mod:`scorekeeper.leagues.services`), the pages' forms (through those two) and the
API's document (:func:`name_pattern`, the JSON-schema pattern of a player's name) all read
:func:`refused`. A name may not hold a control character, an invisible one (format characters:
zero-width, bidirectional marks, overrides and isolates, the soft hyphen, tags...), a line or
paragraph separator, a character that Unicode files as a letter although it renders as nothing
(the Hangul fillers, the Braille blank...), or a lone surrogate (half of a UTF-16 pair, not a
character): any of them would let two names look the same, or break storage. Tabs and line
breaks typed or pasted into a name are not refused: they become a space.

>>> check_name_characters("Ann Lee")
>>> check_name_characters("Ann\\u202eeeL", "name")
Traceback (most recent call last):
...
scorekeeper.rules.text.NameCharacterError: a name may not hold the invisible or control character U+202E (RIGHT-TO-LEFT OVERRIDE), character 4
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any

from .errors import ResultError
from .messages import N_, NP_, define

# Control (Cc), format (Cf: zero-width, bidi marks, overrides and isolates, soft hyphen, tags),
# and the line and paragraph separators. Lone surrogates (Cs) are refused with a message of
# their own. Tabs and line breaks (SPACING) are only collapsed to a space.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
# Characters that render as nothing although Unicode does not file them as format characters.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u180e\u2800")
SPACING = frozenset("\t\n\r\x0b\x0c")  # typed or pasted line breaks and tabs: become spaces
SURROGATES = range(0xD800, 0xE000)  # halves of UTF-16 pairs: a lone one is no character
_SURROGATE = re.compile("[\ud800-\udfff]")

NAME_CHARACTER = define(
    "setup.name.character",
    N_(
        "a name may not hold the invisible or control character U+{code} ({what}), character {position}"
    ),
)
NAME_SURROGATE = define(
    "setup.name.surrogate",
    N_(
        "a name may not hold U+{code}, half of a character (a lone surrogate), character {position}"
    ),
)


def refused(char: str) -> bool:
    """Is ``char`` one that no name may hold?

    >>> [refused(c) for c in "a \\t\\u00e9\\u200b\\u202e\\u3164"]
    [False, False, False, False, True, True, True]
    >>> refused(chr(0xD800)), refused("\\U000E0041")  # a lone surrogate, a tag character
    (True, True)
    """
    category = unicodedata.category(char)
    return (
        category == "Cs"
        or (category in REFUSED_CATEGORIES and char not in SPACING)
        or char in INVISIBLE
    )


class NameCharacterError(ResultError):
    """A name holding a character no name may hold (:func:`refused`): ``char`` is that
    character and ``position`` its place in the name (from 1); the message names its code
    point, its Unicode name (``CONTROL`` for a control character, which has none) and the
    position, or says it is half of a character (a lone surrogate).

    >>> err = NameCharacterError("\\x00", 3)
    >>> err.message
    Message(code='setup.name.character', params={'code': '0000', 'what': 'CONTROL', 'position': 3})
    >>> NameCharacterError(chr(0xDC00), 1).message.code
    'setup.name.surrogate'
    """

    def __init__(self, char: str, position: int, field: str | None = None):
        self.char, self.position = char, position
        code = f"{ord(char):04X}"
        if ord(char) in SURROGATES:
            message = NAME_SURROGATE(code=code, position=position)
        else:
            what = unicodedata.name(char, "") or "CONTROL"
            message = NAME_CHARACTER(code=code, what=what, position=position)
        super().__init__(message, field)


def check_name_characters(text: str, field: str | None = None) -> None:
    """Raise :class:`NameCharacterError` (for ``field``) at the first character of ``text``
    that no name may hold; positions count from 1 in ``text`` as given.

    >>> check_name_characters("B" + chr(0xD800), "players[0]")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.text.NameCharacterError: a name may not hold U+D800, half of a character (a lone surrogate), character 2
    """
    for position, char in enumerate(text, start=1):
        if refused(char):
            raise NameCharacterError(char, position, field)


def lone_surrogate(text: str) -> int | None:
    """The place (from 1) of the first lone surrogate in ``text``, or None: any text, not
    only a name, for no database can store one (the API's parser and the games' storage ask).

    >>> lone_surrogate("KH" + chr(0xD800)), lone_surrogate("KH \U0001f0cf")
    (3, None)
    """
    found = _SURROGATE.search(text)
    return None if found is None else found.start() + 1


# -- any text a table stores: one check for the games, the live table and the leagues -------------

TEXT_EXPECTED = define("text.expected", N_("expected text"))
TEXT_EMPTY = define("text.empty", N_("this may not be empty"))
TEXT_NUL = define("text.nul", N_("text may not contain NUL characters"))
TEXT_SURROGATE = define(
    "text.surrogate",
    N_("U+{code} is half of a character (a lone surrogate), not text (character {position})"),
)
TEXT_TOO_LONG = define(
    "text.too_long",
    NP_("at most {limit} character, got {count}", "at most {limit} characters, got {count}"),
    count="limit",
)


def check_storable(text: str, field: str | None = None) -> None:
    """Refuse text no database can store: a NUL character (PostgreSQL) or a lone surrogate
    (half of a UTF-16 pair, which neither SQLite nor PostgreSQL can encode).

    >>> check_storable("Ann")
    >>> check_storable("B\\x00b", "note")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.ResultError: text may not contain NUL characters
    >>> check_storable("B" + chr(0xDC00))
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.ResultError: U+DC00 is half of a character (a lone surrogate), not text (character 2)
    """
    if "\x00" in text:
        raise ResultError(TEXT_NUL(), field)
    position = lone_surrogate(text)
    if position is not None:
        code = f"{ord(text[position - 1]):04X}"
        raise ResultError(TEXT_SURROGATE(code=code, position=position), field)


def check_storable_data(value: Any, field: str) -> None:
    """:func:`check_storable` on every string of ``value`` (JSON data: keys too), naming the
    place (``result.hands.Bob.cards``). A loop, not recursion: the JSON may nest deeply."""
    pending = [(value, field)]
    while pending:
        item, where = pending.pop()
        if isinstance(item, str):
            check_storable(item, where)
        elif isinstance(item, dict):
            for key, inner in item.items():
                check_storable(str(key), where)
                pending.append((inner, f"{where}.{key}"))
        elif isinstance(item, list):
            pending.extend((inner, f"{where}[{i}]") for i, inner in enumerate(item))


def check_length(text: str, field: str | None, limit: int) -> None:
    """Refuse text longer than ``limit`` characters, saying both numbers."""
    if len(text) > limit:
        raise ResultError(TEXT_TOO_LONG(limit=limit, count=len(text)), field)


def plain_text(
    value: Any, field: str, *, limit: int, required: bool = True, fold: bool = False
) -> str:
    """A short text a person typed (a league's name, a ruling's reason): a string, storable,
    trimmed (``fold``: NFC with single spaces), not empty when ``required``, at most ``limit``
    characters. ``None`` is the empty text.

    >>> plain_text("  Friday  night ", "name", limit=40, fold=True)
    'Friday night'
    >>> plain_text(" ", "name", limit=40)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.ResultError: this may not be empty
    >>> plain_text(7, "name", limit=40)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.ResultError: expected text
    """
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise ResultError(TEXT_EXPECTED(), field)
    check_storable(value, field)
    text = " ".join(unicodedata.normalize("NFC", value).split()) if fold else value.strip()
    if required and not text:
        raise ResultError(TEXT_EMPTY(), field)
    check_length(text, field, limit)
    return text


@cache
def name_pattern() -> str:
    """A regular expression for a name as :func:`check_name_characters` takes it, with
    something visible in it: the JSON-schema ``pattern`` of a player's name in the API's
    document. It names every character :func:`refused` refuses, in every plane.

    Characters of the Basic Multilingual Plane are written ``\\uXXXX``, which Python's ``re``,
    ECMA-262 and Rust's regex (jsonschema-rs, schemathesis) all read; the few above it (format
    characters such as the tags) are written as themselves, which the three read as one code
    point each. Lone surrogates are not named: they are no characters, so an engine that reads
    code points (ECMA-262 with the u flag, Rust's) cannot compile a class holding them, and a
    pattern it cannot compile is dropped whole (a generator then drew names with control
    characters). The API refuses a lone surrogate in any string before a name is read.

    >>> import re
    >>> pattern = re.compile(name_pattern())
    >>> [bool(pattern.match(name)) for name in ("Ann", "Ann\\u200b", " ", "B\\U000E0041")]
    [True, False, False, False]
    """
    codes = [c for c in range(0x110000) if c not in SURROGATES and refused(chr(c))]
    ranges: list[list[int]] = []
    for code in codes:
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])

    def one(code: int) -> str:
        return f"\\u{code:04x}" if code <= 0xFFFF else chr(code)

    cls = "".join(one(low) if low == high else f"{one(low)}-{one(high)}" for low, high in ranges)
    return f"^[^{cls}]*[^{cls}\\s][^{cls}]*$"
