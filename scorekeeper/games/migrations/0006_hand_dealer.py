"""Each hand records who dealt it (RULES.md 1: the dealer of a hand is a fact of the table).

Until now a hand's dealer was derived from the hands before it on every write, and stored in
its cached result; that derived dealer is what every table saw, so it becomes the recorded one.
"""

from django.db import migrations, models


def record_dealers(apps, schema_editor):
    Hand = apps.get_model("games", "Hand")
    batch = []
    for hand in Hand.objects.only("pk", "result").iterator(chunk_size=500):
        dealer = (hand.result or {}).get("dealer") if isinstance(hand.result, dict) else None
        if isinstance(dealer, str) and dealer:
            hand.dealer = dealer[:40]
            batch.append(hand)
        if len(batch) >= 500:
            Hand.objects.bulk_update(batch, ["dealer"])
            batch = []
    if batch:
        Hand.objects.bulk_update(batch, ["dealer"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_revision_consequences_rematch"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="dealer",
            field=models.CharField(blank=True, max_length=40),
        ),
        migrations.RunPython(record_dealers, migrations.RunPython.noop),
    ]
