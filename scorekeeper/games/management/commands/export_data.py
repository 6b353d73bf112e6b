"""``manage.py export_data [--output FILE]``: every game, hand and revision (and league) as JSON."""

import json

from django.core.management.base import BaseCommand

from scorekeeper.dataport import export_all


class Command(BaseCommand):
    help = "Write all games (hands with every revision) and leagues as one JSON document."

    def add_arguments(self, parser):
        parser.add_argument("--output", "-o", help="file to write (default: standard output)")

    def handle(self, *args, output=None, **options):
        document = export_all()
        text = json.dumps(document, ensure_ascii=False, indent=1)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
            counts = {k: len(v) for k, v in document.items() if isinstance(v, list)}
            self.stderr.write(f"exported {counts} to {output}")
        else:
            self.stdout.write(text)
