"""The API's documented result schema and the engine's entry check agree at every edge."""

import pytest
from pydantic import ValidationError

from scorekeeper.api.results import result_model
from scorekeeper.rules import RulesError, all_variants
from scorekeeper.rules.families import FAMILIES, MAX_POINTS, family_of

ABC = ("Ann", "Bob", "Cy")


def _table(family_slug):
    variant = next(v for v in all_variants() if v.family == family_slug)
    options = {o.slug: True for o in variant.options if o.type == "bool"}
    return variant.table(options, players=3 if variant.players[1] >= 3 else 2)


def _players(table):
    return ABC[: table.players]


def _both(family_slug, entry) -> tuple[bool, bool]:
    """(the schema takes it, the engine's check takes it)"""
    table = _table(family_slug)
    try:
        result_model(family_slug, table.variant.slug).model_validate(entry, strict=True)
        schema_ok = True
    except ValidationError:
        schema_ok = False
    try:
        family_of(table.variant).check_entry(table, _players(table), entry)
        engine_ok = True
    except RulesError:
        engine_ok = False
    return schema_ok, engine_ok


CASES = []
for slug, family in FAMILIES.items():
    base = {family.role: "Ann"}
    # A seat whose entry the family reads: the winner's alone, or another player's where only
    # the others' cards count (the winner's entry is refused there, issue 27).
    seat = "Bob" if family.seats == "others" else "Ann"
    CASES.append((slug, {**base, "surprise": 1}, False))
    CASES.append((slug, {**base, "hands": {seat: {"surprise": 1}}}, False))
    if "points" in family.seat_keys:
        CASES.append((slug, {**base, "hands": {seat: {"points": MAX_POINTS}}}, True))
        CASES.append((slug, {**base, "hands": {seat: {"points": MAX_POINTS + 1}}}, False))
    if "cards" in family.seat_keys:
        CASES.append((slug, {**base, "hands": {seat: {"cards": "K" * 500}}}, True))
        CASES.append((slug, {**base, "hands": {seat: {"cards": "K" * 501}}}, False))
    for extra in family.extras:
        if extra.option and _table(slug).variant.option(extra.option) is None:
            continue  # the family's first variant does not offer it
        if extra.kind in ("number", "choice"):
            CASES.append((slug, {**base, extra.key: extra.maximum}, True))
            CASES.append((slug, {**base, extra.key: extra.maximum + 1}, False))
            CASES.append((slug, {**base, extra.key: "1"}, False))
        elif extra.kind == "flag":
            CASES.append((slug, {**base, extra.key: True}, True))
            CASES.append((slug, {**base, extra.key: "yes"}, False))
        elif extra.kind == "eats":
            CASES.append((slug, {**base, extra.key: [{"from": "Cy", "to": "Ann"}]}, True))
            CASES.append((slug, {**base, extra.key: [{"from": "Cy", "to": "Ann", "n": 1}]}, False))


@pytest.mark.parametrize(("slug", "entry", "taken"), CASES, ids=lambda x: str(x)[:40])
def test_schema_and_engine_agree(slug, entry, taken):
    assert _both(slug, entry) == (taken, taken)
