"""One text check for the games, the live table and the leagues (issue 36 §4): the same refusal,
under the same message code, whichever app stores the text."""

from __future__ import annotations

import pytest

from scorekeeper.games.scoresheet.services import game_create, hand_add
from scorekeeper.games.table.seats import ruling_record
from scorekeeper.leagues.services import league_create
from scorekeeper.rules import score_hand
from scorekeeper.rules.errors import ResultError
from scorekeeper.rules.families import MAX_TEXT

pytestmark = pytest.mark.django_db

NUL = "Fri\x00day"
SURROGATE = "Fri" + chr(0xD800) + "day"


def _game():
    game, _token = game_create(
        variant="standard-rummy", options=None, players=["Ann", "Bob"], dealer=None
    )
    return game


def _refusals(text: str) -> dict[str, tuple[str, str | None]]:
    """Where each app refuses ``text``: the message code and the field."""
    writes = {
        "hand": lambda: hand_add(
            game=_game(), entry={"out": "Ann", "hands": {"Bob": {"cards": text}}}
        ),
        "hand key": lambda: hand_add(game=_game(), entry={"out": "Ann", "hands": {text: {}}}),
        "ruling": lambda: ruling_record(
            game=_game(), question=text, variant=None, rule="glance"
        ),
        "league": lambda: league_create(name="Friday", description=text),
    }
    found = {}
    for where, write in writes.items():
        with pytest.raises(ResultError) as caught:
            write()
        found[where] = (caught.value.message.code, caught.value.field)
    return found


def test_a_nul_is_refused_under_one_code_everywhere():
    assert _refusals(NUL) == {
        "hand": ("text.nul", "result.hands.Bob.cards"),
        "hand key": ("text.nul", "result.hands"),
        "ruling": ("text.nul", "question"),
        "league": ("text.nul", "description"),
    }


def test_a_lone_surrogate_is_refused_under_one_code_everywhere():
    # The leagues took one until this check was shared: no database can store it.
    found = _refusals(SURROGATE)
    assert {code for code, _ in found.values()} == {"text.surrogate"}


def test_too_long_is_one_message_for_an_entry_a_ruling_and_a_league():
    with pytest.raises(ResultError) as entry:
        score_hand(
            variant="standard-rummy",
            players=["Ann", "Bob"],
            result={"out": "Ann", "hands": {"Bob": {"cards": "KS " * MAX_TEXT}}},
        )
    with pytest.raises(ResultError) as ruling:
        ruling_record(game=_game(), question="x" * 301, variant=None, rule="glance")
    with pytest.raises(ResultError) as league:
        league_create(name="Friday", description="x" * 2001)
    codes = {err.value.message.code for err in (entry, ruling, league)}
    assert codes == {"text.too_long"}
    assert str(league.value) == "at most 2000 characters, got 2001"
