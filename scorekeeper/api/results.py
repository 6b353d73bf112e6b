"""The OpenAPI description of a hand's ``result`` and a table's ``options``, per family and
per variant, generated from the engine's entry schemas.

The routes read ``result`` and ``options`` as plain objects and the engine validates them
(:meth:`~scorekeeper.rules.families.Family.check_entry`, :meth:`Variant.table`), so the page
and the API refuse the same things with the same messages. This module describes exactly what
the engine accepts, from the same schema, so ``/api/v1/openapi.json`` documents every variant:

* ``ScoreIn`` and ``TableIn`` become unions discriminated by ``variant``: each variant's options
  (types, bounds) and, for ``ScoreIn``, its family's result;
* a game's hand (``HandIn``/``CorrectionIn``) takes any family's result (the game fixes which).
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model

from scorekeeper.games.scoresheet.entry_kinds import SEAT_KINDS, kind_of
from scorekeeper.rules import Variant, all_variants, get_variant
from scorekeeper.rules.families import FAMILIES, SEAT_KEYS, Family
from scorekeeper.rules.scoring.setup import MAX_NAME
from scorekeeper.rules.text import name_pattern

REF = "#/components/schemas/{model}"
STRICT = ConfigDict(extra="forbid")


def _title(family: Family) -> str:
    return type(family).__name__


@cache
def _seat_model(family: Family) -> type[BaseModel]:
    """A seat's entry: each key the family reads, typed by its kind (the engine's SEAT_KEYS)."""
    fields: dict[str, Any] = {}
    for key in family.seat_keys:
        seat_key = SEAT_KEYS[key]
        described = {"description": seat_key.description} if seat_key.description else {}
        fields[key] = (
            SEAT_KINDS[seat_key.kind].api_type() | None,
            Field(None, **described),
        )
    return create_model(f"{_title(family)}Seat", __config__=STRICT, **fields)


def result_model(slug: str, variant: str | None = None) -> type[BaseModel]:
    """The ``result`` of a hand of family ``slug`` as the engine reads it: for ``variant``
    exactly (its void flag, the extras its options switch on), or for any of the family's
    variants. Variants whose results read alike share one model, named after the family."""
    family = FAMILIES[slug]
    members = [v for v in all_variants() if v.family == slug]
    chosen = members if variant is None else [get_variant(variant)]
    spec = _result_spec(family, chosen)
    if spec == _result_spec(family, members[:1]):
        name = f"{_title(family)}Result"
    elif variant is None:
        name = f"{_title(family)}AnyResult"
    else:
        name = _model_name(chosen[0], "Result")
    return _result_model(slug, name, spec)


def _result_spec(family: Family, variants: list[Variant]) -> tuple[tuple[str, ...], ...]:
    """(the void-like flags, the extras' keys) any of ``variants`` reads."""
    blocked = sorted({key for v in variants if (key := family.blocked_for(v))})
    extras = [e.key for e in family.extras if any(e.used_by(v) for v in variants)]
    return tuple(blocked), tuple(extras)


@cache
def _result_model(slug: str, name: str, spec) -> type[BaseModel]:
    family = FAMILIES[slug]
    blocked, extras = spec
    role_required = not (family.role_optional or blocked)
    fields: dict[str, Any] = {
        family.role: (
            str if role_required else str | None,
            Field(... if role_required else None, description=family.role_label),
        )
    }
    for key in blocked:
        fields[key] = (bool | None, Field(None, description=family.blocked_label))
    for extra in family.extras:
        if extra.key not in extras:
            continue
        note = f" (only with the option '{extra.option}')" if extra.option else ""
        kind = kind_of(extra)
        fields[extra.key] = (
            kind.api_type(extra) | None,
            Field(None, description=(kind.api_doc(extra) + note).strip()),
        )
    whose = {
        "others": "every player but the winner",
        "all": "every player",
        "winner": "the winner only",
    }
    fields["hands"] = (
        (dict[str, _seat_model(family)]) | None,
        Field(None, description=f"entries by player name: {whose[family.seats]}"),
    )
    return create_model(name, __config__=STRICT, **fields)


def _options_model(variant: Variant) -> type[BaseModel]:
    fields: dict[str, Any] = {}
    for option in variant.options:
        kind = (
            bool if option.type == "bool" else Annotated[int, Field(ge=option.low, le=option.high)]
        )
        # left out for its default; never null (the engine refuses an option sent as null)
        fields[option.slug] = (
            kind,
            Field(None, description=option.name, json_schema_extra=_no_default),
        )
    return create_model(_model_name(variant, "Options"), __config__=STRICT, **fields)


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def _model_name(variant: Variant, suffix: str) -> str:
    return "".join(part.capitalize() for part in variant.slug.split("-")) + suffix


def _table_model(variant: Variant, *, scored: bool) -> type[BaseModel]:
    fields: dict[str, Any] = {
        "variant": (Literal[variant.slug], ...),
        "options": (_options_model(variant) | None, None),
        "players": (
            Annotated[
                list[
                    Annotated[
                        str,
                        # the engine checks the characters (and answers which one and where);
                        # the document states the same rule
                        Field(
                            min_length=1,
                            max_length=MAX_NAME,
                            pattern=r"\S",
                            json_schema_extra={"pattern": name_pattern()},
                        ),
                    ]
                ],
                Field(
                    min_length=variant.players[0],
                    max_length=variant.players[1],
                    json_schema_extra={"uniqueItems": True},  # two seats never share a name
                ),
            ],
            ...,
        ),
        "dealer": (str | None, None),
    }
    if scored:
        fields["result"] = (result_model(variant.family, variant.slug), ...)
    else:  # POST /games: a game may join a league (with the league's token)
        fields["league"] = (str | None, None)
        fields["ranked"] = (bool, True)
    suffix = "ScoreIn" if scored else "TableIn"
    return create_model(_model_name(variant, suffix), __config__=STRICT, **fields)


def _union(models: list[type[BaseModel]], discriminator: str | None) -> dict[str, Any]:
    union = Annotated[
        _union_of(models), Field(discriminator=discriminator) if discriminator else Field()
    ]
    return TypeAdapter(union).json_schema(ref_template=REF)


def _union_of(models: list[type[BaseModel]]) -> Any:
    from typing import Union

    return Union[tuple(models)]  # noqa: UP007


@cache
def _generated() -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, Any]]:
    """The schemas made once per process: extra components, the two table bodies, the result."""
    components: dict[str, Any] = {}
    bodies: dict[str, dict[str, Any]] = {}
    for name, scored in (("ScoreIn", True), ("TableIn", False)):
        generated = _union([_table_model(v, scored=scored) for v in all_variants()], "variant")
        components.update(generated.pop("$defs", {}))
        bodies[name] = {**generated, "title": name}
    results = _union([result_model(slug) for slug in FAMILIES], None)
    components.update(results.pop("$defs", {}))
    result = {
        **results,
        "title": "Result",
        "description": "the hand as entered, in the shape of the game's family",
    }
    return components, bodies, result


def document(schema: dict[str, Any]) -> dict[str, Any]:
    """Put the per-variant request bodies into an OpenAPI schema made by ninja."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    extra, bodies, result = _generated()
    components.update(copy.deepcopy(extra))
    for name, body in bodies.items():
        if name in components:
            components[name] = copy.deepcopy(body)
    hand_result = any_family_result(copy.deepcopy(result), components)
    for name in ("HandIn", "CorrectionIn"):
        prop = components.get(name, {}).get("properties", {})
        if "result" in prop:
            prop["result"] = copy.deepcopy(hand_result)
    return schema


# -- a game's hand: one result schema for every family ----------------------------------------
#
# A game's hand (HandIn, CorrectionIn) may be of any family; the game, not the body, says which.
# An anyOf of the families' results is ambiguous (several read {"out", "hands"}), and a client
# generated from it picks the first branch that fits and drops the fields of the others
# (Knock's knocker, Phỏm's u, u_cards and order, Continental's jokers). So the hand's result is
# ONE object schema: the union of every family's fields, each with its own bounds, nested seat
# entries merged the same way. It is built from the generated family schemas, so a new family
# flows into it by itself; the server still checks the entry against the game's own family.


def _resolve(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def merge_schemas(schemas: list[dict[str, Any]], components: dict[str, Any]) -> dict[str, Any]:
    """One JSON schema accepting what any of ``schemas`` accepts, objects merged field by field."""
    nullable = False
    branches: list[dict[str, Any]] = []
    for schema in schemas:
        schema = _resolve(schema, components)
        parts = (
            schema.get("anyOf", [schema])
            if set(schema) <= {"anyOf", "default", "description", "title"}
            else [schema]
        )
        for part in parts:
            part = _resolve(part, components)
            if part.get("type") == "null":
                nullable = True
            else:
                branches.append(part)
    description = next((s.get("description") for s in schemas if s.get("description")), None)
    if branches and all(b.get("type") == "object" and "properties" in b for b in branches):
        keys: list[str] = []
        for branch in branches:
            keys += [k for k in branch["properties"] if k not in keys]
        merged: dict[str, Any] = {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                key: merge_schemas(
                    [b["properties"][key] for b in branches if key in b["properties"]], components
                )
                for key in keys
            },
        }
        required = set.intersection(*(set(b.get("required", [])) for b in branches))
        if required:
            merged["required"] = sorted(required)
    elif branches and all(
        b.get("type") == "object" and isinstance(b.get("additionalProperties"), dict)
        for b in branches
    ):
        merged = {
            "type": "object",
            "additionalProperties": merge_schemas(
                [b["additionalProperties"] for b in branches], components
            ),
        }
    else:
        distinct: list[dict[str, Any]] = []
        for branch in branches:
            plain = {k: v for k, v in branch.items() if k not in ("description", "title")}
            if plain not in distinct:
                distinct.append(plain)
        merged = distinct[0] if len(distinct) == 1 else {"anyOf": distinct}
    if nullable:
        merged = {"anyOf": [merged, {"type": "null"}]}
    if description:
        merged["description"] = description
    return merged


def any_family_result(result: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    merged = merge_schemas([result], components)
    merged.pop("description", None)
    return {
        **merged,
        "title": "Result",
        "description": (
            "the hand as entered, in the shape of the game's family: every family's fields are"
            " listed, the game's family says which it reads (a field it does not use is a 400)"
        ),
    }
