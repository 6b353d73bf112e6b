"""Messages: every code renders with every placeholder filled; nothing raises plain text."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

import scorekeeper.rules  # noqa: F401  (defines every engine message)
import scorekeeper.rules.game  # noqa: F401
from scorekeeper.rules.errors import RulesError
from scorekeeper.rules.messages import (
    CATALOGUE,
    N_,
    Message,
    Plural,
    as_dict,
    define,
    from_dict,
    render,
)

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "scorekeeper" / "rules"
# Web-layer modules that raise engine errors too.
RAISERS = [*sorted(ENGINE.rglob("*.py")), ROOT / "scorekeeper" / "games" / "scoresheet" / "services.py"]


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _placeholders_of(message_type) -> set[str]:
    return set().union(*(_placeholders(t) for t in _templates(message_type)))


def _templates(message_type) -> list[str]:
    template = message_type.template
    return list(template) if isinstance(template, Plural) else [template]


def _sample(message_type, n: int) -> dict:
    names = set().union(*(_placeholders(t) for t in _templates(message_type)))
    params = {name: f"<{name}>" for name in names}
    if message_type.count:
        params[message_type.count] = n
    return params


ENGINE_CODES = sorted(code for code in CATALOGUE if not code.startswith("doc."))


def test_the_catalogue_holds_the_engine_messages():
    assert len(ENGINE_CODES) > 100
    assert {"card.not_a_card_at", "meld.illegal", "knock.undercut", "phom.ate"} <= set(CATALOGUE)


@pytest.mark.parametrize("code", ENGINE_CODES)
def test_every_code_renders_every_placeholder(code):
    message_type = CATALOGUE[code]
    for n in (1, 2) if message_type.count else (1,):
        params = _sample(message_type, n)
        text = render(message_type(**params))
        for name, value in params.items():
            if name == message_type.count and (
                n == 1 or f"{{{name}}}" not in str(message_type.template)
            ):
                continue  # a singular may spell the one out ("once"); a count may stay unsaid
            assert str(value) in text, (code, name, text)
        # Issue 24: this compared the text with its braces doubled, which hides every
        # placeholder, so it could not fail. No "{name}" of the template may be left over.
        leftover = {name for name in _placeholders_of(message_type) if f"{{{name}}}" in text}
        assert not leftover, (code, leftover, text)
        # The stored form survives a round trip and renders the same.
        assert render(from_dict(as_dict(message_type(**params)))) == text


@pytest.mark.parametrize("code", [c for c in ENGINE_CODES if CATALOGUE[c].count])
def test_plural_codes_use_both_forms(code):
    message_type = CATALOGUE[code]
    one = render(message_type(**_sample(message_type, 1)))
    two = render(message_type(**_sample(message_type, 2)))
    assert one != two


@pytest.mark.parametrize(
    ("message", "english"),
    [
        (
            CATALOGUE["deck.too_many_copies"](card="7H", count=2, allowed=1),
            "'7H' appears 2 times but the deck holds it once",
        ),
        (
            CATALOGUE["deck.too_many_copies_where"](
                card="7H", count=3, allowed=2, where=CATALOGUE["deck.where.hand"]()
            ),
            "'7H' appears 3 times but the deck holds it 2 times in this hand",
        ),
        (
            CATALOGUE["knock.undercut"](
                names=CATALOGUE["names.and"](first="Bob", last="Cy"),
                winners=2,
                knocker="Ann",
                bonus=10,
            ),
            "Bob and Cy undercut Ann: bonus 10, and Ann loses 10",
        ),
        (
            CATALOGUE["continental.pays_sum"](
                name="Ann",
                pay=5,
                parts=CATALOGUE["continental.plus"](
                    left=1, right=CATALOGUE["continental.part.jokers"](fee=2, n=2)
                ),
            ),
            "Each player pays Ann 1 + 2 × 2 jokers = 5",
        ),
        (
            CATALOGUE["phom.expected_eats"](),
            'expected a list such as [{"from": "Ann", "to": "Bob"}]',
        ),
        (
            CATALOGUE["players.range"](variant="Gin", low=2, high=4, count=6),
            "Gin is for 2 to 4 players, not 6",
        ),
    ],
)
def test_nested_and_plural_messages_read_as_before(message, english):
    assert render(message) == english


def test_a_translated_template_and_param():
    french = {
        "{variant} is for {low} to {high} players, not {count}": "{variant} : de {low} à "
        "{high} joueurs, pas {count}",
        "Gin": "Le gin",
    }
    message = CATALOGUE["players.range"](variant="Gin", low=2, high=4, count=6)
    assert render(message, gettext=lambda s: french.get(s, s)) == "Le gin : de 2 à 4 joueurs, pas 6"


def test_an_unknown_code_renders_as_itself():
    assert render(Message("gone.code", {"x": 1})) == "gone.code"


def test_defining_a_code_twice_with_another_template_is_refused():
    define("doc.twice", N_("one"))
    define("doc.twice", N_("one"))  # the same again is fine (a module imported twice)
    with pytest.raises(ValueError, match="defined twice"):
        define("doc.twice", N_("two"))


def test_errors_carry_a_message_and_their_field_separately():
    from scorekeeper.rules import score_hand

    with pytest.raises(RulesError) as caught:
        score_hand(variant="standard-rummy", options={"target": -5}, players=["A", "B"], result={})
    err = caught.value
    assert err.field == "options.target"
    assert err.message.code == "value.at_least"
    assert "options.target" not in str(err)


# -- no plain text: every raise of an engine error builds a defined message ------------------

ERROR_NAMES = {
    "RulesError",
    "ResultError",
    "InvalidOptionError",
    "IllegalMeldError",
    "InvalidCardError",
    "TooManyCopiesError",
    "UnknownVariantError",
    "GameOverError",
}
# The argument that holds the message, by error class (the others take values, not text).
MESSAGE_ARG = {"RulesError": 0, "ResultError": 0, "InvalidOptionError": 1, "IllegalMeldError": 1}


def _is_text(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str":
        return True
    return False


def plain_text_raises(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", None))
        if name not in MESSAGE_ARG:
            continue
        index = MESSAGE_ARG[name]
        args = list(node.args)
        if len(args) > index and _is_text(args[index]):
            found.append(f"{path}:{node.lineno} {name}")
    return found


def test_the_plain_text_check_finds_plain_text(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        'raise ResultError(f"bad {x}", "result")\n'
        'raise InvalidOptionError("target", "too big")\n'
        'raise ResultError(BAD(x=x), "result")\n'
    )
    assert len(plain_text_raises(sample)) == 2


def test_no_engine_module_raises_plain_text():
    found = [hit for path in RAISERS for hit in plain_text_raises(path)]
    assert found == [], "raise with a defined message instead:\n" + "\n".join(found)


def test_no_explanation_line_is_plain_text():
    from scorekeeper.rules import score_hand

    hand = score_hand(
        variant="knock-rummy",
        players=["Ann", "Bob", "Cy"],
        result={
            "knocker": "Ann",
            "hands": {
                "Ann": {"points": 9},
                "Bob": {"hand": "AS 2S 3S 4D 5D 6D 4C"},
                "Cy": {"cards": "KH 7S 2D"},
            },
        },
    )
    assert all(isinstance(line, Message) for line in hand.explanation)
    assert [line.code for line in hand.explanation] == [
        "knock.knocked",
        "entry.hand_melds",
        "entry.holds",
        "knock.difference",
        "knock.difference",
        "knock.undercut",
        "score.scores",
    ]


def test_plain_text_still_works_in_transition():
    # Other branches may still raise with text until they move to codes; it must not break.
    err = RulesError("something went wrong", "result.out")
    assert err.message.code == "text"
    assert str(err) == "something went wrong"
    assert err.field == "result.out"
