"""Writers posting to one game at the same moment, against the real database.

On PostgreSQL the game row lock serialises them; on SQLite (whose in-memory test database
answers "locked" rather than waiting) the services retry. Either way every hand gets its own
number and a request_id posted by several clients is recorded once.
"""

import threading

import pytest
from django.db import connection

from scorekeeper.games.models import Game, Hand
from scorekeeper.games.scoresheet.selectors import game_state, game_state_replayed
from scorekeeper.games.scoresheet.services import game_create
from tests.writes import hand_correct, hand_delete, hand_record

ABC = ["Ann", "Bob", "Cy"]
THREADS = 6
POSTS = 4


def entry(points: int) -> dict:
    return {"out": "Ann", "hands": {"Bob": {"points": points}, "Cy": {"points": 0}}}


def run_together(workers) -> None:
    """Start every worker at once; re-raise the first error any of them hit."""
    barrier = threading.Barrier(len(workers))
    errors = []

    def run(work):
        try:
            barrier.wait()
            work()
        except Exception as error:  # reported below, on the test's thread
            errors.append(error)
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=run, args=(work,)) for work in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors


def new_game() -> Game:
    game, _token = game_create(
        variant="standard-rummy", options={"target": 100_000}, players=ABC, dealer=None
    )
    return game


@pytest.mark.django_db(transaction=True)
def test_simultaneous_posts_get_distinct_numbers_and_a_shared_request_id_counts_once():
    game = new_game()

    def poster(thread: int):
        mine = Game.objects.get(pk=game.pk)  # read here: the threads only run services

        def work():
            for post in range(POSTS):
                hand_record(
                    game=mine, entry=entry(thread * 10 + post), request_id=f"{thread}-{post}"
                )
            hand_record(game=mine, entry=entry(999), request_id="everyone")

        return work

    run_together([poster(t) for t in range(THREADS)])

    hands = list(Hand.objects.filter(game=game).order_by("number"))
    expected = THREADS * POSTS + 1
    assert [h.number for h in hands] == list(range(1, expected + 1))
    assert sorted(h.request_id for h in hands) == sorted(
        [f"{t}-{p}" for t in range(THREADS) for p in range(POSTS)] + ["everyone"]
    )
    game.refresh_from_db()
    assert game.hand_count == expected
    assert game.totals["Ann"] == sum(t * 10 + p for t in range(THREADS) for p in range(POSTS)) + 999
    assert game_state(game=game) == game_state_replayed(game=game)


@pytest.mark.django_db(transaction=True)
def test_corrections_racing_new_hands_leave_a_consistent_game():
    game = new_game()
    hand_record(game=game, entry=entry(1))

    def poster():
        mine = Game.objects.get(pk=game.pk)  # read here: the threads only run services
        return lambda: [hand_record(game=mine, entry=entry(post)) for post in range(POSTS)]

    def corrector():
        mine = Game.objects.get(pk=game.pk)
        return lambda: [
            hand_correct(game=mine, number=1, entry=entry(100 + p)) for p in range(POSTS)
        ]

    run_together([poster(), poster(), corrector(), corrector()])

    game.refresh_from_db()
    assert game.hand_count == 1 + 2 * POSTS
    numbers = list(Hand.objects.filter(game=game).values_list("number", flat=True))
    assert sorted(numbers) == list(range(1, game.hand_count + 1))
    assert Hand.objects.get(game=game, number=1).revisions.count() == 1 + 2 * POSTS
    assert game_state(game=game) == game_state_replayed(game=game)


@pytest.mark.django_db(transaction=True)
def test_a_delete_retried_by_several_clients_at_once_deletes_one_hand():
    from scorekeeper.games.scoresheet.idempotency import request_fingerprint, write_once

    game = new_game()
    for points in (1, 2, 3):
        hand_record(game=game, entry=entry(points))
    answers = []
    copies = [Game.objects.get(pk=game.pk) for _ in range(THREADS)]  # read before the race

    def retry():
        mine = copies.pop()

        def write():
            hand_delete(game=mine, number=1)
            return 200, {"deleted": 1}

        outcome = write_once(
            game=mine, key="same", request=request_fingerprint("DELETE", 1), write=write
        )
        answers.append(outcome)

    run_together([retry] * THREADS)
    assert [h.entry["hands"]["Bob"]["points"] for h in game.hands.filter(deleted_at=None)] == [2, 3]
    assert sum(not a.replayed for a in answers) == 1
    assert all(a.body == {"deleted": 1} for a in answers)


@pytest.mark.django_db(transaction=True)
def test_a_game_created_by_several_retries_at_once_is_created_once():
    from scorekeeper.games.scoresheet.idempotency import request_fingerprint, write_once

    ids = []

    def retry():
        def write():
            game = new_game()
            return 201, {"id": game.public_id}

        outcome = write_once(
            game=None, key="create", request=request_fingerprint("POST"), write=write
        )
        ids.append(outcome.body["id"])

    run_together([retry] * THREADS)
    assert len(set(ids)) == 1
    assert Game.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_confirmation_racing_a_correction_never_counts_for_the_corrected_result():
    """Issue 33 §3: Bob confirms the hand his phone shows while the keeper corrects it, at the
    same moment, round after round. Whichever takes the game's lock first, the corrected hand
    is never confirmed: a confirmation first is cleared by the correction; a correction first
    makes the confirmation (naming the old etag) a HandChanged, recording nothing."""
    from scorekeeper.games.scoresheet.locking import HandChanged
    from scorekeeper.games.scoresheet.services import hand_add, hand_correction
    from scorekeeper.games.table.seats import confirmation_status, hand_confirm, seat_claim

    game = new_game()
    seat_claim(game=game, player="Bob")
    outcomes = []
    for round_ in range(20):
        hand = hand_add(game=Game.objects.get(pk=game.pk), entry=entry(round_ + 1)).hand
        seen, number = hand.etag, hand.number
        said = {}
        # Read here: the threads only run services (which retry a locked SQLite).
        bobs, keepers = Game.objects.get(pk=game.pk), Game.objects.get(pk=game.pk)

        def confirm(mine=bobs, number=number, seen=seen, said=said):
            try:
                hand_confirm(game=mine, number=number, player="Bob", if_match=seen)
                said["confirm"] = "recorded"
            except HandChanged:
                said["confirm"] = "refused"

        def correct(points=round_ + 50, mine=keepers, number=number):
            hand_correction(game=mine, number=number, entry=entry(points))

        run_together([confirm, correct])
        outcomes.append(said["confirm"])
        stored = Hand.objects.get(game=game, number=number, deleted_at__isnull=True)
        assert stored.entry == entry(round_ + 50)
        assert "Bob" not in stored.checks
        game.refresh_from_db()
        state = game_state(game=game)
        assert state["hands"][number - 1]["confirmed"] == []
        assert confirmation_status(game=game) == (False, False)
    assert set(outcomes) <= {"recorded", "refused"}
