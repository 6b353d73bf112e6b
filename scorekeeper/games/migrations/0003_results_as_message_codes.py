"""Stored results speak in message codes: rebuild every stored result from its entry.

Before this migration ``Hand.result`` and ``HandRevision.result`` held the explanation as English
lines; now they hold ``{"code", "params"}`` messages, rendered in the reader's language. Entries
are the source of truth, so each result is scored again by the engine: the live hands of a game
by replaying them in order (as every write does), deleted hands and earlier versions with the
dealer they were scored with. A result the engine can no longer score (none is expected) keeps
its numbers, and its English lines become ``stored.line`` messages: nothing is lost.

Backwards, the lines are rendered to English again.
"""

from django.db import migrations

from scorekeeper.i18n import STORED_LINE
from scorekeeper.rules import score_hand
from scorekeeper.rules.game import replay
from scorekeeper.rules.messages import as_dict, from_dict, render


def _in_codes(result) -> bool:
    lines = result.get("explanation") or []
    return all(isinstance(line, dict) for line in lines)


def _kept(result: dict) -> dict:
    lines = [as_dict(STORED_LINE(text=str(line))) for line in result.get("explanation") or []]
    return {**result, "explanation": lines}


def _rescored(game, players, result: dict, entry) -> dict:
    try:
        fresh = score_hand(
            variant=game.variant,
            options=game.options,
            players=players,
            dealer=result.get("dealer"),
            result=entry,
        ).as_dict()
    except (ValueError, TypeError, KeyError):  # RulesError is a ValueError
        return _kept(result)
    return fresh


def forwards(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Hand = apps.get_model("games", "Hand")
    HandRevision = apps.get_model("games", "HandRevision")
    for game in Game.objects.order_by("pk").iterator(chunk_size=200):
        players = list(game.seats.order_by("position").values_list("name", flat=True))
        hands = list(Hand.objects.filter(game=game).order_by("number", "pk"))
        live = [h for h in hands if h.deleted_at is None]
        try:
            played = replay(
                variant=game.variant,
                options=game.options,
                players=players,
                dealer=game.dealer,
                results=[h.entry for h in live],
            ).hands
            replayed = {h.pk: r.as_dict() for h, r in zip(live, played, strict=True)}
        except (ValueError, TypeError, KeyError):  # RulesError is a ValueError
            replayed = {}
        for hand in hands:
            if _in_codes(hand.result):
                continue
            fresh = replayed.get(hand.pk)
            hand.result = fresh or _rescored(game, players, hand.result, hand.entry)
            hand.save(update_fields=["result"])
        revisions = HandRevision.objects.filter(hand__game=game).order_by("pk")
        for revision in revisions.iterator(chunk_size=500):
            if _in_codes(revision.result):
                continue
            revision.result = _rescored(game, players, revision.result, revision.entry)
            revision.save(update_fields=["result"])


def _english(result: dict) -> dict:
    lines = result.get("explanation") or []
    return {
        **result,
        "explanation": [
            render(from_dict(line)) if isinstance(line, dict) else line for line in lines
        ],
    }


def backwards(apps, schema_editor):
    for model in ("Hand", "HandRevision"):
        Model = apps.get_model("games", model)
        for row in Model.objects.order_by("pk").iterator(chunk_size=500):
            row.result = _english(row.result)
            row.save(update_fields=["result"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_hand_revision_restored"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
