"""A harness per family, in the manner of OpenSpiel's ``random_sim_test`` (issue 36 §5).

For every variant (so every family), a seeded random game of legal hands: each hand is drawn
from the family's entry schema (its role, the seats that enter, what a seat enters, the fields
its table requires) and kept when the engine takes it, until the game ends or 12 hands are in.
The same seed every run, so a failure comes back. Then, for that game:

- the totals are the start plus the sum of the deltas (plus the end-of-game bonuses);
- a zero-sum family's hands each sum to zero (the family's own ``zero_sum`` fact says which);
- scoring hand by hand equals the full replay: each prefix's replay, and the game written
  through the services (which store each hand's result as it comes) read back as stored
  equals its replay;
- every hand's explanation renders in every language of the site, no placeholder left;
- the hand form takes every hand the API takes: the entry shown in the form (as a correction
  shows it) comes back from the form as the same entry.
"""

from __future__ import annotations

import random
import zlib
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation

from scorekeeper.games.scoresheet.forms import HandForm
from scorekeeper.games.scoresheet.selectors import game_state, game_state_replayed
from scorekeeper.games.scoresheet.services import game_create, hand_add
from scorekeeper.i18n import render_message
from scorekeeper.rules import RulesError, all_variants
from scorekeeper.rules.families import family_of
from scorekeeper.rules.game import replay

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
MOST_HANDS = 12
DRAWS_PER_HAND = 40
# A value for each kind of hand-level field a table requires (Oklahoma's upcard: a king).
REQUIRED = {"card": "KH", "flag": False, "number": 0}
LANGUAGES = [code for code, _ in settings.LANGUAGES]


def _seat(rng: random.Random, keys: tuple[str, ...]) -> dict[str, Any]:
    if "points" in keys:
        return {"points": rng.choice([0, rng.randint(0, 15), rng.randint(0, 90)])}
    if "laid" in keys:
        return {"laid": 5 * rng.randint(0, 12), "left": 5 * rng.randint(0, 8)}
    return {}


def _draw(rng: random.Random, variant, players: list[str]) -> dict[str, Any]:
    """One hand shaped by the family's entry schema; the engine decides whether it is legal."""
    family = family_of(variant)
    table = variant.table({}, players=len(players))
    winner = rng.choice(players)
    entry: dict[str, Any] = {}
    if not (family.role_optional and rng.random() < 0.2):
        entry[family.role] = winner
    if family.seats == "all":
        seated = players
    elif family.seats == "winner":
        seated = [winner]
    else:
        seated = [p for p in players if p != winner]
    hands = {name: _seat(rng, family.seat_keys) for name in seated}
    if family.seats == "all" and rng.random() < 0.7 and winner in hands and hands[winner]:
        hands[winner] = {key: 0 for key in hands[winner]}  # the winner often holds nothing
    if any(hands.values()):
        entry["hands"] = hands
    for field in family.fields(table):
        if field.required and field.kind in REQUIRED and field.key not in entry:
            entry[field.key] = REQUIRED[field.kind]
    return entry


def long_game(variant) -> dict[str, Any]:
    """Options that let a game last: its goal (target, hands, games) ten times the default."""
    goal = variant.option(family_of(variant).goal_option(variant))
    if goal is None:
        return {}
    value = max((goal.default or 1) * 10, MOST_HANDS)
    return {goal.slug: min(value, goal.maximum) if goal.maximum is not None else value}


def random_game(variant) -> tuple[dict[str, Any], list[str], list[dict[str, Any]]]:
    """The options, the players and the legal hands of the seeded random game of ``variant``."""
    rng = random.Random(zlib.crc32(variant.slug.encode()))
    options = long_game(variant)
    low, high = variant.players
    players = list(NAMES[: rng.randint(low, min(high, len(NAMES)))])
    hands: list[dict[str, Any]] = []
    for _ in range(MOST_HANDS):
        for _ in range(DRAWS_PER_HAND):
            entry = _draw(rng, variant, players)
            try:
                played = replay(
                    variant=variant, options=options, players=players, results=[*hands, entry]
                )
            except RulesError:
                continue
            hands.append(entry)
            break
        else:
            break  # nothing legal drawn: the game stays as it is
        if played.state.over:
            break
    return options, players, hands


GAMES = {variant.slug: (variant, *random_game(variant)) for variant in all_variants()}


@pytest.fixture(params=list(GAMES), ids=list(GAMES))
def game(request):
    return GAMES[request.param]


def test_every_random_game_has_hands(game):
    variant, _options, _players, hands = game
    assert len(hands) >= 3, f"{variant.slug}: only {len(hands)} legal hands drawn"


def test_totals_are_the_sum_of_the_deltas(game):
    variant, options, players, hands = game
    full = replay(variant=variant, options=options, players=players, results=hands)
    bonus = {p: sum(b.points for b in full.state.bonuses if b.player == p) for p in players}
    for name in players:
        summed = sum(hand.deltas[name] for hand in full.hands)
        assert full.state.totals[name] == full.state.start + summed + bonus[name], name
    assert full.state.running[-1] == {
        p: full.state.totals[p] - bonus[p] for p in players
    }


def test_a_zero_sum_family_pays_between_players(game):
    variant, options, players, hands = game
    if not family_of(variant).zero_sum:
        return  # nothing to hold: the family scores points, not payments
    for hand in replay(variant=variant, options=options, players=players, results=hands).hands:
        assert sum(hand.deltas.values()) == 0, hand.deltas


def test_hand_by_hand_equals_the_full_replay(game):
    variant, options, players, hands = game
    full = replay(variant=variant, options=options, players=players, results=hands)
    for k in range(1, len(hands) + 1):
        prefix = replay(variant=variant, options=options, players=players, results=hands[:k])
        assert prefix.hands[-1] == full.hands[k - 1]
        assert prefix.state.running == full.state.running[:k]


@pytest.mark.django_db
def test_the_stored_game_equals_its_replay(game):
    variant, options, players, hands = game
    stored, _token = game_create(variant=variant.slug, options=options, players=players, dealer=None)
    for entry in hands:
        hand_add(game=stored, entry=entry)
    stored.refresh_from_db()
    full = replay(variant=variant, options=options, players=players, results=hands)
    assert stored.totals == full.state.totals
    assert game_state(game=stored) == game_state_replayed(game=stored)


@pytest.mark.parametrize("language", LANGUAGES)
def test_explanations_render_in_every_language(game, language):
    variant, options, players, hands = game
    played = replay(variant=variant, options=options, players=players, results=hands)
    lines = [line for hand in played.hands for line in hand.explanation]
    lines += [bonus.line for bonus in played.state.bonuses]
    assert lines
    with translation.override(language):
        for line in lines:
            text = render_message(line)
            assert text.strip() and "{" not in text, (line, text)


def _as_post(initial: dict[str, Any]) -> dict[str, str]:
    return {k: ("on" if v is True else str(v)) for k, v in initial.items() if v is not False}


def test_the_hand_form_takes_what_the_api_takes(game):
    variant, options, players, hands = game
    for entry in hands:
        form = HandForm(variant=variant, options=options, players=players)
        bound = HandForm(
            _as_post(form.initial_from_entry(entry)),
            variant=variant,
            options=options,
            players=players,
        )
        assert bound.is_valid(), (entry, bound.errors)
        assert bound.entry() == entry
