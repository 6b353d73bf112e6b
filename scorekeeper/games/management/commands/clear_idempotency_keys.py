"""Forget expired Idempotency-Keys (older than a day), like ``clearsessions`` for sessions.

Each game forgets its own expired keys whenever it is written to; this clears the rest (games
nobody writes to any more, retried game creations). Run it daily from cron or a timer.
"""

from django.core.management.base import BaseCommand

from scorekeeper.games.scoresheet.idempotency import keys_expire


class Command(BaseCommand):
    help = "Delete Idempotency-Keys older than their time to live (a day)."

    def handle(self, *args, **options):
        removed = keys_expire()
        self.stdout.write(f"{removed} expired idempotency keys removed")
