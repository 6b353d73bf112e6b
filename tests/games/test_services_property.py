"""Random sequences of record / correct / delete keep a game equal to a fresh replay."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games.models import Game, Hand
from scorekeeper.games.scoresheet.selectors import game_state, game_state_replayed
from scorekeeper.games.scoresheet.services import GameOver, game_create
from scorekeeper.rules.errors import GameOverError, RulesError
from scorekeeper.rules.game import replay
from tests.writes import hand_correct, hand_delete, hand_record

ABC = ["Ann", "Bob", "Cy"]


@st.composite
def entries(draw) -> dict:
    winner = draw(st.sampled_from(ABC))
    others = [p for p in ABC if p != winner]
    return {"out": winner, "hands": {p: {"points": draw(st.integers(0, 60))} for p in others}}


steps = st.one_of(
    st.tuples(st.just("record"), entries()),
    st.tuples(st.just("correct"), st.integers(0, 7), entries()),
    st.tuples(st.just("delete"), st.integers(0, 7)),
)


def apply(game: Game, step: tuple) -> None:
    kind, *args = step
    if kind == "record":
        hand_record(game=game, entry=args[0])
    elif kind == "correct":
        hand_correct(game=game, number=args[0], entry=args[1])
    else:
        hand_delete(game=game, number=args[0])


def expected_entries(entries_now: list[dict], step: tuple) -> list[dict]:
    kind, *args = step
    if kind == "record":
        return [*entries_now, args[0]]
    index = args[0] - 1
    if kind == "correct":
        return [*entries_now[:index], args[1], *entries_now[index + 1 :]]
    return [*entries_now[:index], *entries_now[index + 1 :]]


def check(game: Game, live_entries: list[dict]) -> None:
    game = Game.objects.get(pk=game.pk)
    live = list(game.hands.filter(deleted_at=None).order_by("number"))
    assert [h.number for h in live] == list(range(1, len(live) + 1))
    assert [h.entry for h in live] == live_entries
    assert game.hand_count == len(live)
    summed = {p: sum(h.result["deltas"][p] for h in live) for p in ABC}
    assert game.totals == summed
    fresh = replay(variant=game.variant, options=game.options, players=ABC, results=live_entries)
    assert game.totals == fresh.state.totals and game.over == fresh.state.over
    assert game_state(game=game) == game_state_replayed(game=game)
    for hand in live:
        assert hand.revisions.order_by("version").last().entry == hand.entry


@pytest.mark.django_db
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(target=st.sampled_from([0, 60, 150, 1000]), sequence=st.lists(steps, max_size=12))
def test_random_sequences_agree_with_a_fresh_replay(target, sequence):
    game, _token = game_create(
        variant="standard-rummy", options={"target": target}, players=ABC, dealer=None
    )
    live_entries: list[dict] = []
    for step in sequence:
        was_over = game.over
        try:
            apply(game, step)
        except GameOver:
            assert step[0] == "record" and was_over
        except Hand.DoesNotExist:
            assert not 1 <= step[1] <= len(live_entries)
        except RulesError:
            # Only a change that would end the game before its last hand may be refused.
            assert step[0] in {"correct", "delete"}
            with pytest.raises(GameOverError):
                replay(
                    variant="standard-rummy",
                    options={"target": target},
                    players=ABC,
                    results=expected_entries(live_entries, step),
                )
        else:
            assert not (step[0] == "record" and was_over)
            live_entries = expected_entries(live_entries, step)
        check(game, live_entries)
