"""Player names: one reading for the pages and the API (issue 11 bug 2, issue 10 bug 7)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import RulesError, score_hand
from scorekeeper.rules.scoring import setup_table
from scorekeeper.rules.scoring.setup import check_names, player_name

SURROGATE = chr(0xD800)


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("Ann", "Ann"),
        ("  Ann  ", "Ann"),
        ("Ann \t  Lee", "Ann Lee"),
        ("Ann\u00a0Lee", "Ann Lee"),  # a no-break space looks like a space: it is one
        ("Zoe\u0301", "Zo\u00e9"),  # NFC: e + combining acute is é
        ("Nguyễn", "Nguyễn"),
        ("김민준", "김민준"),
    ],
)
def test_names_are_trimmed_and_nfc_normalised(raw, expected):
    assert player_name(raw) == expected


@pytest.mark.parametrize(
    "raw, code",
    [
        ("Ann\u200b", "200B"),  # zero width space
        ("An\u200dn", "200D"),  # zero width joiner
        ("\ufeffAnn", "FEFF"),  # byte order mark
        ("Ann\u202e", "202E"),  # right-to-left override
        ("Ann\u2066", "2066"),  # left-to-right isolate
        ("Ann\u200e", "200E"),  # left-to-right mark
        ("An\u00adn", "00AD"),  # soft hyphen
        ("Ann\x07", "0007"),  # bell
        ("Ann\x1b[31m", "001B"),  # escape
        ("Ann\u2028Lee", "2028"),  # line separator
        ("Ann\u3164", "3164"),  # Hangul filler, blank although a letter
    ],
)
def test_invisible_and_control_characters_are_refused(raw, code):
    with pytest.raises(RulesError) as caught:
        player_name(raw, "players[1]")
    assert f"U+{code}" in str(caught.value)
    assert caught.value.field == "players[1]"
    assert caught.value.message.code == "setup.name.character"


def test_lone_surrogate_is_refused():
    with pytest.raises(RulesError) as caught:
        player_name("B" + SURROGATE, "players[0]")
    assert "lone surrogate" in str(caught.value)
    assert caught.value.message.code == "setup.name.surrogate"


def test_a_name_that_only_differs_by_an_invisible_character_cannot_sit_down():
    with pytest.raises(RulesError) as caught:
        setup_table(variant="knock-rummy", options=None, players=["Ann", "Ann\u200b", "Bob"])
    assert caught.value.field == "players[1]"


@pytest.mark.parametrize(
    "players, field, code",
    [
        (["Ann", "ann"], "players[1]", "setup.name.too_close"),
        (["Ann", "ANN "], "players[1]", "setup.name.too_close"),
        (["Bob", "Ann", "Ann"], "players[2]", "setup.seated_twice"),
        (["Zo\u00e9", "Zoe\u0301"], "players[1]", "setup.seated_twice"),  # equal after NFC
        (["Straße", "STRASSE"], "players[1]", "setup.name.too_close"),  # casefold
    ],
)
def test_names_alike_but_for_case_are_one_name(players, field, code):
    with pytest.raises(RulesError) as caught:
        check_names(players)
    assert caught.value.field == field
    assert caught.value.message.code == code
    assert "players" not in str(caught.value)  # no "needs at least 2 players" tacked on


def test_dealer_is_read_like_a_name():
    _table, names, dealer = setup_table(
        variant="knock-rummy", options=None, players=["Zoe\u0301", "Bob"], dealer=" Zoe\u0301 "
    )
    assert names == ("Zo\u00e9", "Bob")
    assert dealer == "Zo\u00e9"


def test_scoring_uses_the_normalised_names():
    hand = score_hand(
        variant="standard-rummy",
        players=["Zoe\u0301", "Bob"],
        result={"out": "Zo\u00e9", "hands": {"Bob": {"points": 5}}},
    )
    assert hand.deltas == {"Zo\u00e9": 5, "Bob": 0}


@given(st.text(max_size=60))
def test_any_text_is_a_name_or_a_rules_error(text):
    try:
        name = player_name(text)
    except RulesError:
        return
    assert 1 <= len(name) <= 40
    assert name == name.strip()
    assert player_name(name) == name  # reading a name twice changes nothing
    name.encode("utf-8")  # storable
