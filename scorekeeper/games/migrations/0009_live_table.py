import django.db.models.deletion
from django.db import migrations, models

import scorekeeper.games.models


def give_codes(apps, schema_editor):
    """Every game from before join codes gets one (unique, drawn until free)."""
    Game = apps.get_model("games", "Game")
    taken = set(Game.objects.exclude(code=None).values_list("code", flat=True))
    for game in Game.objects.filter(code=None).only("pk").iterator():
        code = scorekeeper.games.models.new_join_code()
        while code in taken:
            code = scorekeeper.games.models.new_join_code()
        taken.add(code)
        Game.objects.filter(pk=game.pk).update(code=code)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0007_edit_grants"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="game",
            name="code",
            field=models.CharField(max_length=6, null=True),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="game",
            name="code",
            field=models.CharField(
                default=scorekeeper.games.models.new_join_code, max_length=6, null=True, unique=True
            ),
        ),
        migrations.CreateModel(
            name="Handover",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("secret_hash", models.CharField(max_length=64, unique=True)),
                ("expires", models.DateTimeField()),
                ("used", models.DateTimeField(blank=True, null=True)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="handovers", to="games.game")),
            ],
        ),
    ]
