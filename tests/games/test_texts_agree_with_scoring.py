"""Issue 23 §4: texts that contradicted the scoring. Each answer is derived here from the engine
(or the table's options) and compared with the text the pages show."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from scorekeeper.i18n import translate_text
from scorekeeper.rules import best_arrangement, get_variant, score_hand
from scorekeeper.rules.families.knock import UNDERCUT_CODES
from scorekeeper.rules.reference import Origin, check_going_out, glossary, sections
from scorekeeper.rules.reference.glossary import BY_KEY

from .page_helpers import start_game

# Pages are drawn under PostgreSQL's request deadline, which may touch the database.
pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]


def page_text(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


def _counts(variant: str, knocker: int, other: int):
    return score_hand(
        variant=variant,
        players=["Ann", "Bob"],
        result={"knocker": "Ann", "hands": {"Ann": {"points": knocker}, "Bob": {"points": other}}},
    )


# -- the glossary's undercut --------------------------------------------------------------------


def test_undercut_glossary_agrees_with_both_games_in_every_language():
    gin_tie = _counts("gin-rummy", 8, 8)
    knock_tie = _counts("knock-rummy", 8, 8)
    gin_tie_is_undercut = any(line.code in UNDERCUT_CODES for line in gin_tie.explanation)
    knock_tie_is_undercut = any(line.code in UNDERCUT_CODES for line in knock_tie.explanation)
    assert gin_tie_is_undercut and not knock_tie_is_undercut
    # The two games pay different undercut bonuses, so a text for both may state neither.
    bonuses = {
        get_variant(slug).table().options["undercut-bonus"] for slug in ("gin-rummy", "knock-rummy")
    }
    assert bonuses == {10, 25}
    text = BY_KEY["undercut"].text
    assert "tie" in text and "Gin Rummy" in text
    for code in LANGUAGES:
        with translation.override(code):
            shown = translate_text(text)
        assert not re.search(r"\d", shown), (code, shown)


@pytest.mark.parametrize("key", ["undercut", "rum-bonus", "initial-meld", "mom"])
def test_glossary_states_no_house_rule_number(key):
    """A table may change these numbers; the glossary, shared by every game, states none."""
    for code in LANGUAGES:
        with translation.override(code):
            assert not re.search(r"\d", translate_text(BY_KEY[key].text)), code


# -- where Gin Rummy's and Rummy 500's texts come from -----------------------------------------


@pytest.mark.parametrize("slug", ["gin-rummy", "rummy-500"])
def test_games_beyond_the_source_are_marked_as_commonly_published(client, slug):
    variant = get_variant(slug)
    origins = {p.origin for s in sections(variant) for p in s.paras}
    assert Origin.SOURCE not in origins and Origin.COMMON in origins
    text = page_text(client, reverse("rules", args=[slug]))
    assert "From the source" not in text and "As commonly published" in text


def test_a_game_of_the_source_keeps_its_mark(client):
    text = page_text(client, reverse("rules", args=["knock-rummy"]))
    assert "From the source" in text


# -- "Must the last card be discarded?" follows the table's Mandatory discard -------------------


def _answer(text: str, question: str) -> str:
    after = text.split(question, 1)[1]
    return " ".join(after.split())[:160]


@pytest.mark.django_db
@pytest.mark.parametrize("mandatory", [False, True])
def test_last_card_answer_follows_mandatory_discard(client, mandatory):
    options = {"mandatory-discard": True} if mandatory else {}
    table = get_variant("standard-rummy").table(options)
    goes_out_without_discard = check_going_out("7H 8H 9H", table).valid
    assert goes_out_without_discard is not mandatory
    game_id = start_game(client, "standard-rummy", options=options)
    text = page_text(client, reverse("game_rules", args=[game_id]))
    answer = _answer(text, "Must the last card be discarded?")
    expected = "At this table: No" if goes_out_without_discard else "At this table: Yes"
    assert answer.startswith(expected), answer


@pytest.mark.django_db
def test_checker_refuses_going_out_without_a_discard_under_mandatory_discard(client):
    table = get_variant("standard-rummy").table({"mandatory-discard": True})
    assert not check_going_out("7H 8H 9H", table).valid
    assert check_going_out("7H 8H 9H 4C", table).valid
    data = client.post(
        "/api/v1/melds/check",
        {"variant": "standard-rummy", "options": {"mandatory-discard": True},
         "melds": ["7H 8H 9H"], "going_out": True},
        content_type="application/json",
    ).json()
    assert data["going_out"]["valid"] is False


# -- Knock Rummy: nobody lays off on the knocker's melds (RULES.md 4) ---------------------------


def test_knock_rummy_says_nobody_lays_off_as_the_engine_scores(client):
    bob = "4S 8H 9H 5C 5D 2C 3D 6S 8C 9D"  # 4S would extend Ann's AS 2S 3S
    result = score_hand(
        variant="knock-rummy",
        players=["Ann", "Bob"],
        result={"knocker": "Ann", "hands": {
            "Ann": {"hand": "AS 2S 3S 7H 7D 7C JH QH KH 4D"}, "Bob": {"hand": bob}}},
    )
    assert result.players["Bob"].count == best_arrangement(bob, "knock-rummy").count
    assert not any("lay" in line.code for line in result.explanation)
    text = page_text(client, reverse("rules", args=["knock-rummy"]))
    assert "Nobody lays off in Knock Rummy: the others may not add cards to the knocker's melds" in " ".join(text.split())
    assert any(t.key == "lay-off" for t in glossary(get_variant("gin-rummy")))
