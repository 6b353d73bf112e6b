import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_missing_migrations():
    # A model change without its migration would break the next deploy's migrate.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


# -- 0003: stored results become message codes, rebuilt from the entries ----------------------

OLD_ENGLISH = ["Bob counts 19", "Cy counts 11", "Ann went out and scores 30"]


def _migrate(target):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state(target).apps


@pytest.fixture
def back_to_latest():
    """A test that migrates back leaves the database as it found it, every app at its latest
    migration (a partial migrate forward left games 0004 on unapplied, and the transactional
    tests that ran next in the same process met a table without ``rematch_of_id``)."""
    yield
    call_command("migrate", verbosity=0)


@pytest.mark.django_db(transaction=True)
def test_results_are_rebuilt_as_codes_by_replay_and_nothing_is_lost(back_to_latest):
    from django.utils import timezone

    old = _migrate(("games", "0002_hand_revision_restored"))
    Game, Seat = old.get_model("games", "Game"), old.get_model("games", "Seat")
    Hand, HandRevision = old.get_model("games", "Hand"), old.get_model("games", "HandRevision")
    game = Game.objects.create(
        variant="standard-rummy", options={}, dealer="Cy", token_hash="x" * 64
    )
    for position, name in enumerate(["Ann", "Bob", "Cy"]):
        Seat.objects.create(game=game, position=position, name=name)
    entry = {"out": "Ann", "hands": {"Bob": {"points": 19}, "Cy": {"points": 11}}}
    english = {
        "variant": "standard-rummy",
        "dealer": "Cy",
        "winners": ["Ann"],
        "deltas": {"Ann": 30, "Bob": 0, "Cy": 0},
        "transfers": [],
        "players": {},
        "explanation": OLD_ENGLISH,
    }
    live = Hand.objects.create(game=game, number=1, entry=entry, result=english, totals={})
    HandRevision.objects.create(
        hand=live, version=1, action="recorded", number=1, entry=entry, result=english
    )
    # A deleted hand whose entry no longer scores keeps its lines, as stored text messages.
    broken = {"out": "Nobody"}
    gone = Hand.objects.create(
        game=game,
        number=2,
        entry=broken,
        result={**english, "explanation": ["Somebody said something"]},
        totals={},
        deleted_at=timezone.now(),
    )

    new = _migrate(("games", "0003_results_as_message_codes"))
    Hand, HandRevision = new.get_model("games", "Hand"), new.get_model("games", "HandRevision")
    live = Hand.objects.get(pk=live.pk)
    codes = [line["code"] for line in live.result["explanation"]]
    assert codes == ["entry.counts", "entry.counts", "standard.out"]
    assert live.result["explanation"][2]["params"] == {"name": "Ann", "total": 30}
    assert live.result["deltas"] == {"Ann": 30, "Bob": 0, "Cy": 0}
    assert live.result["dealer"] == "Cy"
    revision = HandRevision.objects.get(hand=live)
    assert revision.result == live.result
    gone = Hand.objects.get(pk=gone.pk)
    assert gone.result["explanation"] == [
        {"code": "stored.line", "params": {"text": "Somebody said something"}}
    ]
    assert gone.result["deltas"] == english["deltas"]

    from scorekeeper.i18n import render_lines

    assert render_lines(live.result["explanation"]) == OLD_ENGLISH

    # Backwards gives the English lines again.
    back = _migrate(("games", "0002_hand_revision_restored"))
    Hand = back.get_model("games", "Hand")
    assert Hand.objects.get(pk=live.pk).result["explanation"] == OLD_ENGLISH
    _migrate(("games", "0003_results_as_message_codes"))
