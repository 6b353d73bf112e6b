"""One grant model for every kind of right (issue 24 section 5): the games' edit grants move
from ``EditGrant`` (a row per session and game) to ``Grant`` (a row per session, kind and public
id), which the leagues' organiser grants share. Every row is copied, its HMAC unchanged (it was
made from the game's public id and token hash, which the new row names), so no phone loses its
right to keep score; backwards, the game rows are copied back, and the league organisers' rows
go back into their sessions' "leagues" lists, where the code before kept them."""

import django.db.models.deletion
from django.db import migrations, models

BATCH = 1000


def edit_grants_to_grants(apps, schema_editor):
    EditGrant = apps.get_model("games", "EditGrant")
    Grant = apps.get_model("games", "Grant")
    rows = EditGrant.objects.values_list("session_id", "game__public_id", "grant", "seen")
    batch = []
    for session_id, public_id, grant, seen in rows.iterator(chunk_size=BATCH):
        batch.append(
            Grant(session_id=session_id, kind="game", public_id=public_id, grant=grant, seen=seen)
        )
        if len(batch) >= BATCH:
            Grant.objects.bulk_create(batch, ignore_conflicts=True)
            batch = []
    Grant.objects.bulk_create(batch, ignore_conflicts=True)


def grants_to_edit_grants(apps, schema_editor):
    EditGrant = apps.get_model("games", "EditGrant")
    Game = apps.get_model("games", "Game")
    Grant = apps.get_model("games", "Grant")
    rows = Grant.objects.filter(kind="game").values_list("session_id", "public_id", "grant", "seen")
    batch = []
    for session_id, public_id, grant, seen in rows.iterator(chunk_size=BATCH):
        batch.append((session_id, public_id, grant, seen))
        if len(batch) >= BATCH:
            _copy_back(EditGrant, Game, batch)
            batch = []
    _copy_back(EditGrant, Game, batch)
    _leagues_back_to_sessions(apps)


def _leagues_back_to_sessions(apps):
    """An organiser grant row becomes its session's ``{"grant", "seen"}`` entry again."""
    from django.contrib.sessions.backends.db import SessionStore

    Session = apps.get_model("sessions", "Session")
    Grant = apps.get_model("games", "Grant")
    held = {}
    rows = Grant.objects.filter(kind="league").values_list("session_id", "public_id", "grant", "seen")
    for session_id, public_id, grant, seen in rows.iterator(chunk_size=BATCH):
        held.setdefault(session_id, {})[public_id] = {"grant": grant, "seen": seen.isoformat()}
    store = SessionStore()
    keys = list(held)
    for start in range(0, len(keys), BATCH):
        for session in Session.objects.filter(session_key__in=keys[start : start + BATCH]):
            data = store.decode(session.session_data)
            leagues = data.get("leagues")
            leagues = dict(leagues) if isinstance(leagues, dict) else {}
            for public_id, entry in held[session.session_key].items():
                listed = leagues.get(public_id)
                seen = listed.get("seen", "") if isinstance(listed, dict) else ""
                leagues[public_id] = {"grant": entry["grant"], "seen": max(seen, entry["seen"])}
            data["leagues"] = leagues
            session.session_data = store.encode(data)
            session.save(update_fields=["session_data"])


def _copy_back(EditGrant, Game, batch):
    games = dict(
        Game.objects.filter(public_id__in={row[1] for row in batch}).values_list("public_id", "pk")
    )
    EditGrant.objects.bulk_create(
        [
            EditGrant(session_id=session_id, game_id=games[public_id], grant=grant, seen=seen)
            for session_id, public_id, grant, seen in batch
            if public_id in games  # a grant for a game that is gone has nothing to point at
        ],
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0011_game_ruling_count"),
        ("sessions", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="Grant",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(max_length=16)),
                ("public_id", models.CharField(max_length=16)),
                ("grant", models.CharField(max_length=64)),
                ("seen", models.DateTimeField()),
                ("session", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to="sessions.session")),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("session", "kind", "public_id"), name="grant_unique")
                ],
            },
        ),
        migrations.RunPython(edit_grants_to_grants, grants_to_edit_grants),
        migrations.DeleteModel(name="EditGrant"),
    ]
