"""``python manage.py embed_rules``: embed the rules book's passages, in every language of the
app, into scorekeeper/rules/reference/data/passages-e5.npz (issue 32).

Run it after a rule text or a translation changes (tests/rules/test_passage_vectors.py says
when). Passages already in the file keep their vectors; only new or changed texts are embedded
(about 15 ms each on one core), and vectors no passage uses any more are dropped. ``--check``
only says whether the file is current (exit status 1 when not).
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.games.rulebook.search import book_passages
from scorekeeper.rules.reference import semantic


def passage_texts() -> list[str]:
    """Every passage the search embeds, each once."""
    texts: dict[str, None] = {}
    for places in book_passages().values():
        for title, sentences in places:
            for _i, text in semantic.units(title, sentences):
                texts[text] = None
    return list(texts)


class Command(BaseCommand):
    help = "Embed the rules book's passages for the rule search (sentence embeddings)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--check", action="store_true", help="only check that the file is current"
        )

    def handle(self, *args, check: bool = False, **options):
        texts = passage_texts()
        current = semantic.read_store(semantic.DATA)
        if check:
            if current.digest != semantic.digest(texts):
                raise CommandError(f"{semantic.DATA} is not current: run `{semantic.COMMAND}`")
            self.stdout.write(f"{semantic.DATA.name} is current ({len(texts)} passages)")
            return
        rows = current.rows(texts)
        kept = {
            semantic.key(t): current.floats(r[None])[0]
            for t, r in zip(texts, rows, strict=True)
            if r >= 0
        }
        new = [t for t, r in zip(texts, rows, strict=True) if r < 0]
        started = time.perf_counter()
        if new:
            for text, vector in zip(new, semantic.embed_passages(new), strict=True):
                kept[semantic.key(text)] = vector
        semantic.write_store(semantic.DATA, kept, texts)
        self.stdout.write(
            f"{len(texts)} passages: {len(texts) - len(new)} kept, {len(new)} embedded in "
            f"{time.perf_counter() - started:.1f} s -> {semantic.DATA}"
        )
