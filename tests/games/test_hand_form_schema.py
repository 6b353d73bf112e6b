"""The hand form is generated from the family's entry schema: fields, round trip, errors."""

import pytest
from django.urls import reverse

from scorekeeper.games.scoresheet.forms import NOBODY, HandForm
from scorekeeper.games.scoresheet.services import game_create
from scorekeeper.rules import RulesError, all_variants
from scorekeeper.rules.errors import ResultError
from scorekeeper.rules.families import family_of
from tests.writes import hand_record

from .page_helpers import post_hand, start_game, state


def _players(variant):
    return ["Ann", "Bob", "Cy"][: variant.players[1]] if variant.players[1] >= 3 else ["Ann", "Bob"]


def _all_on(variant):
    return {o.slug: True for o in variant.options if o.type == "bool"}


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.slug)
@pytest.mark.parametrize("on", [False, True], ids=["defaults", "all-switches-on"])
def test_the_form_has_exactly_the_schemas_fields(variant, on):
    options = _all_on(variant) if on else {}
    players = _players(variant)
    form = HandForm(variant=variant, options=options, players=players)
    family = family_of(variant)
    table = variant.table(options, players=len(players))
    expected = {"winner"}
    for extra in family.fields(table):
        if extra.kind in ("eats", "order"):  # asked once per seat: a count, a place
            expected |= {f"p{i}-{extra.form_name}" for i in range(len(players))}
        else:
            expected.add(extra.form_name)
    if family.seats == "winner":
        expected.add("melds")
        if "points" in family.seat_keys:
            expected.add("points")
    else:
        if variant.going_out is not None:
            expected.add("melds")  # the winner's whole hand, checked as he goes out
        seat_map = family.seat_map(variant)
        # one map: every key a seat may enter is some field's, and each field is the family's
        read = {key for sf in seat_map for key in sf.keys_read}
        assert set(family.seat_keys) <= read, family.seat_keys
        assert {sf.key for sf in seat_map} <= set(family.seat_keys)
        for i in range(len(players)):
            expected |= {f"p{i}-{sf.name}" for sf in seat_map}
            # a field sorting another's aces remembers that the page asked (Rummy 500)
            expected |= {f"p{i}-{sf.name}-asked" for sf in seat_map if sf.aces_of}
    assert set(form.fields) == expected
    assert str(form.fields["winner"].label)  # a label from the schema, rendered


ENTRIES = [
    (
        "rummy-500",
        {},
        {
            "out": "Ann",
            "hands": {
                "Ann": {"melds": ["AS 2S 3S", "KH KD KC"]},
                "Bob": {"laid": 30, "left": 20},
                "Cy": {"layoffs": "4S", "cards": "9S 9D 4C"},
            },
        },
    ),
    ("gin-rummy", {}, {"void": True}),
    (
        "gin-rummy",
        {},
        {
            "knocker": "Ann",
            "hands": {"Ann": {"points": 5}, "Bob": {"hand": "8H 9H 5C 5D 2C 3D 6S 8C 9D 10S"}},
        },
    ),
    (
        "standard-rummy",
        {},
        {"out": "Bob", "hands": {"Ann": {"points": 5}, "Cy": {"cards": "KH 2C"}}},
    ),
    (
        "standard-rummy",
        {"rummy-hidden": True},
        {"out": "Ann", "rummy": True, "hands": {"Bob": {"points": 5}, "Cy": {"points": 0}}},
    ),
    (
        "block-rummy",
        {},
        {
            "blocked": True,
            "hands": {"Ann": {"points": 5}, "Bob": {"points": 3}, "Cy": {"points": 9}},
        },
    ),
    (
        "knock-rummy",
        {},
        {
            "knocker": "Cy",
            "hands": {
                "Ann": {"points": 5},
                "Bob": {"hand": "AS 2S 3S 7H 9D JC KC"},
                "Cy": {"points": 2},
            },
        },
    ),
    (
        "continental-rum",
        {"quick-meld-bonus": True, "deuces-wild": True, "special-bonuses": True},
        {"out": "Ann", "draws": 1, "jokers": 2, "wild_deuces": 1, "same_suit": True},
    ),
    (
        "continental-rum",
        {},
        {
            "out": "Bob",
            "hands": {"Bob": {"melds": ["3H 4H 5H 6H 7H", "8S 9S 10S JS", "2C 3C 4C", "QD KD AD"]}},
        },
    ),
    ("queen-city-rum", {}, {"out": "Bob", "hands": {"Bob": {"points": 40}}}),
    ("phom", {"feeding-penalties": True}, {"u": "Bob", "u_cards": 10, "fed_by": "Ann"}),
    (
        "phom",
        {"feeding-penalties": True},
        {
            "hands": {
                "Ann": {"points": 5, "mom": True},
                "Bob": {"points": 7},
                "Cy": {"hand": "AS 2S 3S 7H 9D JC KC 5D 8C"},
            },
            "eats": [{"from": "Ann", "to": "Bob"}, {"from": "Ann", "to": "Bob"}],
        },
    ),
    ("german-rummy", {}, {"out": "Ann", "hands": {"Bob": {"points": 5}, "Cy": {"points": 0}}}),
    (
        "nowrang",
        {},
        {"out": "Bob", "hands": {"Bob": {"melds": ["3H 4H 5H 6H", "8S 9S 10S", "2C 3C 4C"]}}},
    ),
]


def _as_post(initial):
    return {k: ("on" if v is True else str(v)) for k, v in initial.items() if v is not False}


@pytest.mark.parametrize(
    ("slug", "options", "entry"), ENTRIES, ids=lambda x: x if isinstance(x, str) else ""
)
def test_an_entry_goes_into_the_form_and_comes_back_the_same(slug, options, entry):
    from scorekeeper.rules import get_variant

    variant = get_variant(slug)
    players = _players(variant)
    form = HandForm(variant=variant, options=options, players=players)
    data = _as_post(form.initial_from_entry(entry))
    bound = HandForm(data, variant=variant, options=options, players=players)
    assert bound.is_valid(), bound.errors
    assert bound.entry() == entry


@pytest.mark.parametrize(
    ("slug", "options", "where", "field"),
    [
        ("knock-rummy", {}, "result.knocker", "winner"),
        ("knock-rummy", {}, "result.hands.Bob.hand", "p1-cards"),
        ("knock-rummy", {}, "result.hands.Cy.points", "p2-points"),
        ("knock-rummy", {}, "result.hands.Cy", 2),
        ("knock-rummy", {}, "result.hands", None),
        ("phom", {"feeding-penalties": True}, "result.fed_by", "fed"),
        ("phom", {}, "result.u_cards", "u_cards"),
        ("phom", {}, "result.hands.Ann.mom", "p0-mom"),
        ("continental-rum", {"quick-meld-bonus": True}, "result.draws", "draws"),
        ("continental-rum", {}, "result.hands.Ann.melds[2]", "melds"),
        ("queen-city-rum", {}, "result.hands.Ann.points", "points"),
        ("block-rummy", {}, "result.blocked", "winner"),
        ("standard-rummy", {"rummy-hidden": True}, "result.rummy", "rummy"),
        ("standard-rummy", {}, "players", None),
    ],
)
def test_an_engine_error_lands_on_its_field(slug, options, where, field):
    from scorekeeper.rules import get_variant

    form = HandForm({}, variant=get_variant(slug), options=options, players=["Ann", "Bob", "Cy"])
    assert form._field_for(where) == field
    form.is_valid()
    form.add_rules_error(ResultError("something is wrong", where))
    if field is None:
        assert "something is wrong" in form.non_field_errors()
    elif isinstance(field, int):
        assert form.seat_errors(field) == ["something is wrong"]
    else:
        assert "something is wrong" in form.errors[field]


@pytest.mark.django_db
def test_a_short_whole_hand_is_refused_on_the_page_next_to_its_field(client):
    game_id = start_game(client)  # Knock Rummy, three players: 7 cards each
    data = {"winner": "0", "p0-points": 5, "p1-cards": "AS 2S 3S", "p2-points": 9}
    response = post_hand(client, game_id, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Bob&#x27;s whole hand holds 7 cards at the end of this hand, not 3" in html
    assert 'id="id_p1-cards-error"' in html or "has-error" in html
    assert state(game_id)["hands"] == []


@pytest.mark.django_db
def test_an_unused_field_is_never_stored_and_the_correct_page_works(client):
    game_id = start_game(client, variant="nowrang", players=("Ann", "Bob"))
    from scorekeeper.games.models import Game

    game = Game.objects.get(public_id=game_id)
    with pytest.raises(RulesError) as caught:
        hand_record(game=game, entry={"out": "Ann", "eats": True})
    assert caught.value.field == "result.eats"
    assert state(game_id)["hands"] == []
    hand_record(game=game, entry={"out": "Ann"})
    response = client.get(reverse("hand_edit", args=[game_id, 1]))
    assert response.status_code == 200


@pytest.mark.django_db
def test_game_create_refuses_a_huge_option():
    with pytest.raises(RulesError) as caught:
        game_create(
            variant="knock-rummy", options={"target": 10**400}, players=["A", "B"], dealer=None
        )
    assert caught.value.field == "options.target"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "players", "legacy"),
    [
        (
            "nowrang",
            ("Ann", "Bob"),
            {"out": "Ann", "eats": True, "hands": {"Ann": {"melds": "7H"}}},
        ),
        ("phom", ("Ann", "Bob", "Cy"), {"u": "Ann", "u_cards": 9, "eats": True}),
        (
            "rummy-complete",
            ("Ann", "Bob", "Cy"),
            {"out": "Ann", "hands": {"Bob": {"melds": [1], "cards": 5}}},
        ),
    ],
)
def test_the_correct_page_survives_an_entry_stored_before_the_schema(
    client, variant, players, legacy
):
    from scorekeeper.games.models import Game, Hand

    game_id = start_game(client, variant=variant, players=players)
    game = Game.objects.get(public_id=game_id)
    first = {"out": "Ann"} if variant != "phom" else {"u": "Ann", "u_cards": 9}
    if variant == "rummy-complete":
        first["hands"] = {"Bob": {"points": 1}, "Cy": {"points": 2}}
    hand_record(game=game, entry=first)
    Hand.objects.filter(game=game, number=1).update(entry=legacy)
    game.refresh_from_db()
    response = client.get(reverse("hand_edit", args=[game_id, 1]))
    assert response.status_code == 200


def _form_data(form, kind):
    """Form data a table would type for ``form``, filling the seat map's fields of ``kind``
    (``number``: every number, and a flag beside one; ``cards``: the card and meld fields)."""
    family = form.family
    winner = NOBODY if family.role_optional else "0"
    data = {"winner": winner}
    if "melds" in form.fields and kind == "cards":
        if form.whole_hand_out and not form.winner_only:
            data["melds"] = "AS 2S 3S KH KD KC"  # a whole hand, as one list of cards
        else:
            data["melds"] = "AS 2S 3S / KH KD KC"
    if "points" in form.fields and kind == "number":
        data["points"] = 17
    for i in range(len(form.players)):
        if form.skips_winner and str(i) == winner:
            continue
        for seat_field in form.seat_map:
            name = f"p{i}-{seat_field.name}"
            if kind == "number" and seat_field.kind == "number":
                data[name] = 5 + i
            elif kind == "number" and seat_field.kind == "flag" and i == 1:
                data[name] = True
            elif kind == "cards" and seat_field.kind == "cards":
                data[name] = "4H 9C"
            elif kind == "cards" and seat_field.kind == "melds":
                data[name] = "QH JH 10H / 7C 7D 7S"
    return data


@pytest.mark.parametrize("variant", all_variants(), ids=lambda v: v.slug)
@pytest.mark.parametrize("kind", ["number", "cards"])
def test_form_data_becomes_an_entry_and_comes_back_the_same(variant, kind):
    """For every variant, from the seat map alone: what is typed, read into an entry, shows
    back in the form as it was typed."""
    players = _players(variant)
    form = HandForm(variant=variant, options={}, players=players)
    data = _form_data(form, kind)
    bound = HandForm(_as_post(data), variant=variant, options={}, players=players)
    assert bound.is_valid(), bound.errors
    entry = bound.entry()
    if len(data) > 1:  # (a winner-only family without a value field types no number)
        assert entry.get("hands"), entry  # the seats' (or the winner's) fields were read
    back = HandForm(variant=variant, options={}, players=players).initial_from_entry(entry)
    assert _as_post(back) == _as_post(data)
