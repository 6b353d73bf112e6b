"""``manage.py import_data FILE [--commit]``: check an export through the engine, then load it.

Without ``--commit`` this is a dry run: everything is validated and written inside one
transaction, then rolled back, and the counts are printed. With ``--commit`` the same run is
kept. Any error stops the import with the item it is about, and nothing is written.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.dataport import ImportRefused, import_all


class Command(BaseCommand):
    help = "Validate an export_data document through the engine (dry run), or load it (--commit)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="an export_data JSON file ('-' for standard input)")
        parser.add_argument(
            "--commit", action="store_true", help="keep the import (default: dry run only)"
        )

    def handle(self, *args, file, commit=False, **options):
        try:
            if file == "-":
                import sys

                document = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    document = json.load(handle)
        except (OSError, ValueError) as err:
            raise CommandError(f"cannot read {file}: {err}") from None
        try:
            counts = import_all(document, commit=commit)
        except ImportRefused as err:
            raise CommandError(f"nothing imported: {err}") from None
        summary = ", ".join(f"{n} {what}" for what, n in counts.items())
        if commit:
            self.stdout.write(f"imported {summary}")
        else:
            self.stdout.write(f"dry run: {summary} would be imported; run again with --commit")
