"""One definition of the characters a name may not hold (scorekeeper.rules.text, issue 24
section 5): the check every layer calls and the pattern the API's document states agree on
every code point, and the engine's player names and the leagues' names refuse the same."""

import re
import sys
import unicodedata

import pytest

from scorekeeper.rules.errors import ResultError
from scorekeeper.rules.scoring.setup import player_name
from scorekeeper.rules.text import (
    SURROGATES,
    NameCharacterError,
    check_name_characters,
    name_pattern,
    refused,
)

CODE_POINTS = [c for c in range(sys.maxunicode + 1) if c not in SURROGATES]


def _check_refuses(text: str) -> bool:
    try:
        check_name_characters(text)
    except NameCharacterError:
        return True
    return False


def test_the_pattern_refuses_exactly_what_the_check_refuses_on_every_code_point():
    pattern = re.compile(name_pattern())
    disagree = [
        f"U+{code:04X}"
        for code in CODE_POINTS
        if (pattern.fullmatch(f"a{chr(code)}b") is None) != _check_refuses(f"a{chr(code)}b")
    ]
    assert not disagree, disagree[:20]
    # Not vacuous: both sides refuse something in and beyond the Basic Multilingual Plane.
    refused_codes = [code for code in CODE_POINTS if refused(chr(code))]
    assert 0x200B in refused_codes and 0xE0041 in refused_codes and 0x41 not in refused_codes


def test_alone_a_character_makes_a_name_exactly_when_the_pattern_says():
    """The pattern also asks for something visible: a name of one character is taken by the
    engine exactly when the pattern takes it (spaces alone are no name)."""
    pattern = re.compile(name_pattern())
    disagree = []
    for code in CODE_POINTS:
        try:
            player_name(chr(code))
            taken = True
        except ResultError:
            taken = False
        if taken != (pattern.fullmatch(chr(code)) is not None):
            disagree.append(f"U+{code:04X}")
    assert not disagree, disagree[:20]


@pytest.mark.parametrize(
    ("char", "code", "params"),
    [
        ("\u202e", "setup.name.character", {"what": "RIGHT-TO-LEFT OVERRIDE"}),
        ("\x07", "setup.name.character", {"what": "CONTROL"}),
        ("\u3164", "setup.name.character", {"what": "HANGUL FILLER"}),
        ("\U000e0041", "setup.name.character", {"what": "TAG LATIN CAPITAL LETTER A"}),
        ("\ud800", "setup.name.surrogate", {}),
    ],
)
def test_the_error_names_the_character_and_its_place(char, code, params):
    with pytest.raises(NameCharacterError) as caught:
        check_name_characters(f"Ann{char}", "players[2]")
    err = caught.value
    assert (err.char, err.position, err.field) == (char, 4, "players[2]")
    assert err.message.code == code
    assert err.message.params == {"code": f"{ord(char):04X}", "position": 4, **params}
    assert isinstance(err, ResultError)  # the API answers it as every name error: 400


def test_tabs_and_line_breaks_are_spaces_not_refused():
    for char in "\t\n\r\x0b\x0c":
        check_name_characters(f"Ann{char}Lee")
        assert player_name(f"Ann{char}Lee") == "Ann Lee"
    assert unicodedata.category("\x0b") == "Cc"  # a control character all the same
