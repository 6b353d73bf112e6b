"""Rule texts whose numbers are a table's house rules (RULES.md 1, "House rules that are
numbers"): written once, with a placeholder, and filled from the table.

A rule text (a variant's rules and decisions, a guide's paragraphs and disputes) names a
number a table may change by its option's slug, with ``_`` for ``-``: ``{initial_meld}``,
``{undercut_bonus}``, ``{u_chips}``. :func:`fill_numbers` gives the text as a
:class:`~scorekeeper.rules.messages.Message` that renders (in any language) with the table's
numbers; where the table's number differs from the book's, the book's stands beside it:

>>> from scorekeeper.rules import get_variant
>>> caloochi = get_variant("caloochi")
>>> text = next(text for _, text in caloochi.rules if "{initial_meld}" in text)
>>> def worth(text):
...     return text[text.index("worth"):][:60]
>>> worth(text)
'worth {initial_meld} or more, each joker counting as the car'
>>> worth(str(fill_numbers(text, caloochi)))
'worth 51 or more, each joker counting as the card it represe'
>>> worth(str(fill_numbers(text, caloochi.table({"initial-meld": 40}))))
'worth 40 (at this table; the book says 51) or more, each jok'

A text without placeholders is returned as it is (an ``N_`` text the pages translate).
"""

from __future__ import annotations

import re
from typing import Any

from ..messages import N_, define
from ..variants import Table, Variant

PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")

BESIDE_BOOK = define(
    "rules.number.beside_book", N_("{value} (at this table; the book says {book})")
)


def _table(rules: Variant | Table) -> Table:
    return rules if isinstance(rules, Table) else rules.table({}, players=rules.players[0])


def numbers_in(text: str) -> list[str]:
    """The option slugs a rule text names, in order.

    >>> numbers_in("plus {undercut_bonus}; {rum_bonus} per opponent")
    ['undercut-bonus', 'rum-bonus']
    """
    if not isinstance(text, str):
        return []  # a message with its own parameters (a card's values) names no house number
    return [key.replace("_", "-") for key in PLACEHOLDER.findall(text)]


def table_numbers(rules: Variant | Table) -> dict[str, Any]:
    """Every number option of ``rules`` as a rule text's parameter: the table's value, or
    the value with the book's beside it where the two differ."""
    table = _table(rules)
    book = table.variant.table({}, players=table.players).options
    out: dict[str, Any] = {}
    for option in table.variant.options:
        if option.type != "int":
            continue
        value, usual = table.options[option.slug], book.get(option.slug)
        key = option.slug.replace("-", "_")
        out[key] = value if value == usual else BESIDE_BOOK(value=value, book=usual)
    return out


def fill_numbers(text: Any, rules: Variant | Table) -> Any:
    """``text`` with the numbers of ``rules`` (a variant: its defaults; a table: its house
    rules): a Message when it names any, else ``text`` unchanged (a Message stays one)."""
    if not isinstance(text, str) or not PLACEHOLDER.search(text):
        return text
    params = table_numbers(rules)
    missing = [key for key in PLACEHOLDER.findall(text) if key not in params]
    if missing:  # a text naming a number its variant lacks is a bug the book test finds
        raise KeyError(f"{_table(rules).variant.slug}: no number option {missing} in {text!r}")
    return rule_text(text)(**{k: params[k] for k in set(PLACEHOLDER.findall(text))})


def rule_text(text: str):
    """The message type of one rule text with placeholders (its code is the text itself:
    rule texts are never stored)."""
    return define(f"rules.text:{text}", text)


__all__ = ["BESIDE_BOOK", "fill_numbers", "numbers_in", "table_numbers"]
