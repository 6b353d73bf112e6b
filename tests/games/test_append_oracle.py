"""An appended hand is scored from the game's stored state, not by replaying the game (issue 33
§6): the full replay stays the oracle. For every variant (so every family), seeded random games
of appended hands, with a correction or a deletion now and then (the full path) and a dealer
the table named now and then, must equal a fresh replay of their entries after every write."""

import random

import pytest

from scorekeeper.api.links import example_entry
from scorekeeper.games.models import Game
from scorekeeper.games.scoresheet.selectors import game_players, game_state, game_state_replayed
from scorekeeper.games.scoresheet.services import (
    game_create,
    hand_add,
    hand_correction,
    hand_deletion,
)
from scorekeeper.rules import RulesError
from scorekeeper.rules.families import FAMILIES
from scorekeeper.rules.game import play_on, replay
from scorekeeper.rules.variants import all_variants

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cy", "Dan", "Eve", "Flo"]
VARIANTS = [variant.slug for variant in all_variants()]


def next_entry(game: Game, rng: random.Random) -> dict | None:
    """A hand this game takes next, with a seat chosen at random in the winning role."""
    players = list(game_players(game=game))
    variant = next(v for v in all_variants() if v.slug == game.variant)
    table = variant.table(game.options, players=len(players))
    shift = rng.randrange(len(players))
    turned = players[shift:] + players[:shift]

    def fits(entry: dict) -> None:
        play_on(
            variant=game.variant,
            options=game.options,
            players=players,
            dealer=game.dealer,
            totals=game.totals,
            played=game.hand_count,
            next_dealer=game.next_dealer,
            result=entry,
        )

    return example_entry(family=FAMILIES[variant.family], players=turned, fits=fits, table=table)


def assert_as_replayed(game: Game) -> None:
    game = Game.objects.get(pk=game.pk)
    state = game_state(game=game)
    assert state == game_state_replayed(game=game)
    live = list(game.hands.filter(deleted_at=None).order_by("number"))
    fresh = replay(
        variant=game.variant,
        options=game.options,
        players=state["players"],
        dealer=game.dealer,
        results=[h.entry for h in live],
        dealers=[h.dealer for h in live],
    )
    assert game.totals == fresh.state.totals
    assert (game.over, game.winners) == (fresh.state.over, fresh.state.winners)
    assert game.next_dealer == fresh.state.dealer and game.hand_count == len(live)


SHORT = [v.slug for v in all_variants() if any(o.slug in ("target", "hands") for o in v.options)]


def short_options(slug: str) -> dict:
    """A game that ends within a few hands: the end (and its bonuses) comes by appending."""
    variant = next(v for v in all_variants() if v.slug == slug)
    slugs = {o.slug for o in variant.options}
    return {"target": 15} if "target" in slugs else {"hands": 3}


@pytest.mark.parametrize(
    ("slug", "short"),
    [(slug, False) for slug in VARIANTS] + [(slug, True) for slug in SHORT],
)
def test_appending_equals_the_replay(slug, short):
    rng = random.Random(f"33-6:{slug}:{short}")
    variant = next(v for v in all_variants() if v.slug == slug)
    seats = rng.randint(variant.players[0], min(variant.players[1], len(NAMES)))
    options = short_options(slug) if short else {}
    game, _token = game_create(variant=slug, options=options, players=NAMES[:seats], dealer=None)
    appended = 0
    for _step in range(14):
        game = Game.objects.get(pk=game.pk)
        if game.over:
            break
        roll = rng.random()
        if game.hand_count >= 2 and roll < 0.15:
            hand_deletion(game=game, number=rng.randint(1, game.hand_count))
        elif game.hand_count >= 2 and roll < 0.3:
            entry = next_entry(game, rng)
            if entry is not None:
                try:
                    hand_correction(game=game, number=rng.randint(1, game.hand_count), entry=entry)
                except RulesError:
                    pass  # a correction that would end the game early: refused, nothing changed
        else:
            entry = next_entry(game, rng)
            if entry is None:
                break
            players = list(game_players(game=game))
            dealer = rng.choice(players) if rng.random() < 0.3 else None
            hand_add(game=game, entry=entry, dealer=dealer, number=game.hand_count + 1)
            appended += 1
        assert_as_replayed(game)
    assert appended >= 1, f"{slug}: no hand could be appended"
    if short and slug not in ("knock-rummy", "rummy-500"):  # these two score slowly
        # The end (and its bonuses, as Gin Rummy's) came by appending or by the full path.
        assert Game.objects.get(pk=game.pk).over
