"""Migration 0006 stores today's dealers as recorded (issue 15 bug 3): each hand's dealer is
the one its cached result showed the table, live hands and deleted ones alike."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_todays_dealers_become_the_recorded_ones():
    from django.utils import timezone

    old = _migrate([("games", "0005_revision_consequences_rematch")])
    Game, Seat, Hand = (old.get_model("games", m) for m in ("Game", "Seat", "Hand"))
    game = Game.objects.create(variant="knock-rummy", options={}, dealer="Cy", token_hash="x" * 64)
    for position, name in enumerate(["Ann", "Bob", "Cy"]):
        Seat.objects.create(game=game, position=position, name=name)
    shown = ["Cy", "Ann", "Bob"]
    for number, dealer in enumerate(shown, start=1):
        Hand.objects.create(
            game=game, number=number, entry={}, result={"dealer": dealer}, totals={}
        )
    gone = Hand.objects.create(
        game=game, number=2, entry={}, result={"dealer": "Bob"}, totals={},
        deleted_at=timezone.now(),
    )
    odd = Hand.objects.create(game=game, number=9, entry={}, result={}, totals={},
                              deleted_at=timezone.now())

    try:
        new = _migrate([("games", "0006_hand_dealer")])
        Hand = new.get_model("games", "Hand")
        live = Hand.objects.filter(deleted_at__isnull=True).order_by("number")
        assert [hand.dealer for hand in live] == shown
        assert Hand.objects.get(pk=gone.pk).dealer == "Bob"
        assert Hand.objects.get(pk=odd.pk).dealer == ""  # nothing was shown: nothing recorded
    finally:
        _migrate(_latest())
