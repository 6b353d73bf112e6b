from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0004_hand_tallies"),
    ]

    operations = [
        migrations.AddField(
            model_name="leaguegame",
            name="removed",
            field=models.BooleanField(default=False),
        ),
    ]
