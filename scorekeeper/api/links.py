"""OpenAPI links: how the answer of one operation feeds the next (issue 16 item 7).

A game made by ``POST /games`` answers with its id, its token and its players; the links say
where those go: the game's path, the ``Authorization`` header, and the names a hand is written
with. A client (or schemathesis' stateful phase) following them writes hands that the server
takes. The hand bodies are built here per family from the engine's entry schema and checked
against the engine when the document is built, so a family whose entry changes keeps links
that hold, and a family added tomorrow gets its own; families whose entries read alike share
one link.

A written hand (the answer to a hand write) leads on to another hand, the first hand's
correction and deletion (with its etag as ``If-Match``) and its history: its own ``result``
fits its game whatever the family, and the token is the write's own ``Authorization`` header
(``$request.header.Authorization``).

What links cannot say: which of a new game's hand links fits it. A runtime expression copies
a value out of the answer; the game's family, which decides the body's shape, is named by
nothing it can point at. So a new game offers one hand link per kind of table, and a client
picks the one for its variant and players (``description`` names them). And one pair of links
that fits every table: ``GetExampleHand`` asks the game for a hand it takes
(``GET /games/{id}/hands/example``, built by :func:`example_entry` and checked by replaying the
game's hands with it), and ``RecordExampleHand`` writes that hand.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from scorekeeper.rules import RulesError, all_variants
from scorekeeper.rules.families import FAMILIES, Family, score_hand

PREFIX = "/api/v1"
GAME = "$response.body#/id"
BEARER = "Bearer {$response.body#/token}"
MOST_SEATS = 4  # links for games of 2, 3 and 4 players: the tables seen most

# What a seat may enter, tried in this order; the first the engine scores is linked.
SEAT_TRIES: tuple[dict[str, Any], ...] = ({"points": 5}, {"laid": 10, "left": 0}, {"points": 0})


def _player(i: int) -> str:
    return f"$response.body#/state/players/{i}"


def _seated(family: Family, seats: int) -> list[int]:
    if family.seats == "all":
        return list(range(seats))
    if family.seats == "winner":
        return [0]
    return list(range(1, seats))


def _tries(family: Family, seats: int):
    """Entries for a table of ``seats``, seat ``i`` named ``i``: the role to the first seat."""
    for seat in SEAT_TRIES:
        if set(seat) <= set(family.seat_keys):
            hands = {i: dict(seat) for i in _seated(family, seats)}
            yield {family.role: 0, "hands": hands}
            if family.role_optional:
                yield {"hands": {i: dict(seat) for i in range(seats)}}
    yield {family.role: 0}


def _named(entry: dict[str, Any], name) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in entry.items():
        if key == "hands":
            out[key] = {name(i): dict(seat) for i, seat in value.items()}
        elif isinstance(value, int) and not isinstance(value, bool) and key == next(iter(entry)):
            out[key] = name(value)
        else:
            out[key] = value
    return out


@cache
def hand_bodies() -> tuple[tuple[str, int, str, dict[str, Any]], ...]:
    """(family, seats, a variant it was checked with, the entry with link expressions for
    names) for every family and table size the engine scores with a simple entry."""
    found = []
    for slug, family in FAMILIES.items():
        variants = [v for v in all_variants() if v.family == slug]
        for seats in range(2, MOST_SEATS + 1):
            variant = next((v for v in variants if v.players[0] <= seats <= v.players[1]), None)
            if variant is None:
                continue
            players = [f"P{i}" for i in range(seats)]
            for entry in _tries(family, seats):
                try:
                    score_hand(
                        variant=variant,
                        players=players,
                        result=_named(entry, players.__getitem__),
                    )
                except RulesError:
                    continue
                found.append((slug, seats, variant.slug, _named(entry, _player)))
                break
    return tuple(found)


# A value of each kind of hand-level field, for the fields a table requires: Oklahoma's upcard
# (a king: the knock limit stays 10, and no spade to double the hand).
SAMPLE_FIELDS = {"card": "KH", "flag": False, "number": 0}


def example_entry(
    *, family: Family, players: list[str], fits: Any, table: Any = None
) -> dict[str, Any] | None:
    """A simple entry for a table of ``players`` of ``family`` (the first seat in the role,
    each counted seat a few points, and a sample of each field ``table`` requires), the first
    of :func:`_tries` that ``fits(entry)`` takes (a function raising RulesError for an entry
    the table refuses); None if none fits."""
    extras = {}
    if table is not None:
        extras = {
            f.key: SAMPLE_FIELDS[f.kind]
            for f in family.fields(table)
            if f.required and f.kind in SAMPLE_FIELDS
        }
    for entry in _tries(family, len(players)):
        named = {**_named(entry, players.__getitem__), **extras}
        try:
            fits(named)
        except RulesError:
            continue
        return named
    return None


def _title(slug: str) -> str:
    return "".join(part.capitalize() for part in slug.replace("_", "-").split("-"))


def _seats_text(seats: list[int]) -> str:
    if len(seats) == 1:
        return f"{seats[0]} players"
    return f"{', '.join(map(str, seats[:-1]))} or {seats[-1]} players"


@cache
def hand_links() -> dict[str, dict[str, Any]]:
    """One link per distinct hand body: {name: {"entry", "tables": {family: [seats]}}}.

    Families (and table sizes) whose entry reads alike share a link: a client or fuzzer that
    picks a link among those a new game offers finds the right one more often, and the
    document says once what is the same."""
    grouped: dict[str, dict[str, Any]] = {}
    for family, seats, _variant, entry in hand_bodies():
        key = json.dumps(entry, sort_keys=True)
        group = grouped.setdefault(key, {"entry": entry, "tables": {}})
        group["tables"].setdefault(family, []).append(seats)
    links = {}
    for group in grouped.values():
        tables = group["tables"]
        sizes = sorted({n for seats in tables.values() for n in seats})
        name = "Record" + "".join(_title(family) for family in tables) + "Hand"
        if len(sizes) == 1:
            name += f"Of{sizes[0]}"
        links[name] = group
    return links


def link_name(family: str, seats: int) -> str:
    """The link a new game of ``family`` and ``seats`` players follows to write a hand."""
    return next(
        name for name, link in hand_links().items() if seats in link["tables"].get(family, ())
    )


def _responses(schema: dict[str, Any], path: str, method: str, status: int = 201):
    operation = schema.get("paths", {}).get(PREFIX + path, {}).get(method)
    if operation is None:
        return None
    responses = operation.get("responses", {})
    return responses.get(status) or responses.get(str(status))


def _operation_id(schema: dict[str, Any], path: str, method: str) -> str:
    return schema["paths"][PREFIX + path][method]["operationId"]


def _optional_id(schema: dict[str, Any], path: str, method: str) -> str | None:
    try:
        return _operation_id(schema, path, method)
    except KeyError:
        return None


def add_links(schema: dict[str, Any]) -> dict[str, Any]:
    """Put the links into an OpenAPI document (operations it lacks get none)."""
    try:
        record = _operation_id(schema, "/games/{public_id}/hands", "post")
        correct = _operation_id(schema, "/games/{public_id}/hands/{n}", "put")
        delete = _operation_id(schema, "/games/{public_id}/hands/{n}", "delete")
        get_game = _operation_id(schema, "/games/{public_id}", "get")
        history = _operation_id(schema, "/games/{public_id}/hands/{n}/history", "get")
    except KeyError:
        return schema
    created = _responses(schema, "/games", "post")
    example = _optional_id(schema, "/games/{public_id}/hands/example", "get")
    if created is not None:
        links = created.setdefault("links", {})
        links["GetGame"] = {"operationId": get_game, "parameters": {"path.public_id": GAME}}
        if example is not None:
            # Whatever table was made (any variant, any number of players), this pair of links
            # fills it: the game's own example hand, then that hand written.
            links["GetExampleHand"] = {
                "operationId": example,
                "parameters": {"path.public_id": GAME, "header.Authorization": BEARER},
                "description": "a hand this new game takes, whatever its variant and players",
            }
    exampled = _responses(schema, "/games/{public_id}/hands/example", "get", 200)
    if exampled is not None:
        exampled.setdefault("links", {})["RecordExampleHand"] = {
            "operationId": record,
            "parameters": {
                "path.public_id": "$request.path.public_id",
                "header.Authorization": "$request.header.Authorization",
            },
            "requestBody": {"result": "$response.body#/result"},
            "x-schemathesis": {"merge_body": False},
            "description": "the example written as the game's next hand",
        }
        for name, link in hand_links().items():
            tables = ", ".join(
                f"{family} ({_seats_text(seats)})" for family, seats in link["tables"].items()
            )
            links[name] = {
                "operationId": record,
                "parameters": {"path.public_id": GAME, "header.Authorization": BEARER},
                "requestBody": {"result": link["entry"]},
                # the whole body, not merged into a generated one (whose extra fields the
                # family would refuse)
                "x-schemathesis": {"merge_body": False},
                "description": f"the first hand of a new game, with the game's names: {tables}",
            }
    # A written hand leads to its next one, its correction, its deletion and its history:
    # the hand's own result fits its game whatever the family, and the token is the one the
    # write was sent with.
    token = {"header.Authorization": "$request.header.Authorization"}
    first = "$response.body#/hands/0"
    state = {"path.public_id": "$response.body#/id"}
    after_write = {
        "RecordAnotherHand": {
            "operationId": record,
            "parameters": {**state, **token},
            "requestBody": {"result": f"{first}/result"},
            "x-schemathesis": {"merge_body": False},
            "description": "another hand of this game (unless it is over), entered as its first",
        },
        "CorrectFirstHand": {
            "operationId": correct,
            "parameters": {
                **state,
                **token,
                "path.n": f"{first}/n",
                "header.If-Match": f"{first}/etag",
            },
            "requestBody": {"result": f"{first}/result"},
            "x-schemathesis": {"merge_body": False},
            "description": "the first hand corrected, while it is still the version answered",
        },
        "DeleteFirstHand": {
            "operationId": delete,
            "parameters": {
                **state,
                **token,
                "path.n": f"{first}/n",
                "header.If-Match": f"{first}/etag",
            },
            "description": "the first hand deleted, while it is still the version answered",
        },
        "FirstHandHistory": {
            "operationId": history,
            "parameters": {**state, "path.n": f"{first}/n"},
        },
    }
    for path, method, status in (
        ("/games/{public_id}/hands", "post", 201),
        ("/games/{public_id}/hands", "post", 200),
        ("/games/{public_id}/hands/{n}", "put", 200),
    ):
        written = _responses(schema, path, method, status)
        if written is not None:
            written.setdefault("links", {}).update(copy.deepcopy(after_write))
    _league_links(schema)
    return schema


def _league_links(schema: dict[str, Any]) -> None:
    created = _responses(schema, "/leagues", "post")
    try:
        get_league = _operation_id(schema, "/leagues/{public_id}", "get")
        standings = _operation_id(schema, "/leagues/{public_id}/standings", "get")
        season = _operation_id(schema, "/leagues/{public_id}/seasons", "post")
    except KeyError:
        return
    if created is None:
        return
    league = {"path.public_id": GAME}
    created.setdefault("links", {}).update(
        {
            "GetLeague": {"operationId": get_league, "parameters": league},
            "GetStandings": {"operationId": standings, "parameters": league},
            "AddSeason": {
                "operationId": season,
                "parameters": {**league, "header.Authorization": BEARER},
            },
        }
    )
